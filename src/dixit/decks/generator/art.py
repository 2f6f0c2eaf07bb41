"""The vendored source artwork: Fluent Emoji SVGs rendered with resvg, cached by size."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path
from typing import Any

import resvg_py
from PIL import Image

ARTWORK_DIR = Path(__file__).resolve().parent.parent / "artwork" / "fluent"

__all__ = ["ARTWORK_DIR", "emoji_info", "icon", "icon_path"]


def icon_path(name: str) -> Path:
    return ARTWORK_DIR / f"{name}.svg"


@functools.lru_cache(maxsize=512)
def _render(name: str, width: int, height: int) -> Image.Image:
    svg = icon_path(name).read_text(encoding="utf-8")
    png = resvg_py.svg_to_bytes(svg_string=svg, width=width, height=height)
    image = Image.open(io.BytesIO(bytes(png)))
    image.load()
    return image.convert("RGBA")


def icon(name: str, height: int, flip: bool = False) -> Image.Image:
    """The artwork ``name`` rendered ``height`` pixels tall, trimmed to its visible pixels."""
    side = max(8, round(height * 1.0))
    image = _render(name, side, side)
    box = image.getchannel("A").point(lambda a: 255 if a > 8 else 0).getbbox()
    if box is not None:
        image = image.crop(box)
    # The trimmed picture is then scaled so that its visible height is ``height``.
    scale = height / image.height
    if abs(scale - 1) > 0.02:
        exact = _render(name, max(8, round(side * scale)), max(8, round(side * scale)))
        box = exact.getchannel("A").point(lambda a: 255 if a > 8 else 0).getbbox()
        image = exact.crop(box) if box is not None else exact
    if flip:
        image = image.transpose(Image.Transpose.FLIP_LEFT_RIGHT)
    return image


@functools.lru_cache(maxsize=1)
def _emoji_table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ARTWORK_DIR / "emojibase.json").read_text("utf-8"))
    return data


def emoji_info(name: str) -> dict[str, Any]:
    """emojibase's label and tags for an artwork (empty when it has none)."""
    info: dict[str, Any] = _emoji_table().get(name, {})
    return info
