"""Small decks built on the fly, good and malicious."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageDraw

from dixit.decks import minimum_deck_size

SMALLEST = minimum_deck_size()


def picture(seed: int, size: tuple[int, int] = (200, 300), fmt: str = "PNG") -> bytes:
    """A distinct little picture: coloured shapes from a seed."""
    rng = random.Random(seed)
    image = Image.new("RGB", size, tuple(rng.randrange(256) for _ in range(3)))
    draw = ImageDraw.Draw(image)
    for _ in range(6):
        x, y = rng.randrange(size[0]), rng.randrange(size[1])
        r = rng.randrange(10, 60)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()


MakeDeck = Callable[..., Path]


@pytest.fixture
def make_folder(tmp_path: Path) -> MakeDeck:
    """A folder deck of ``n`` pictures, with or without a deck.json."""

    def make(
        n: int = SMALLEST,
        name: str = "holiday",
        manifest: dict[str, Any] | None = None,
        fmt: str = "PNG",
        size: tuple[int, int] = (200, 300),
    ) -> Path:
        root = tmp_path / name
        root.mkdir()
        suffix = {"PNG": "png", "JPEG": "jpg", "WEBP": "webp"}[fmt]
        for i in range(n):
            (root / f"pic-{i:03d}.{suffix}").write_bytes(picture(i, size, fmt))
        if manifest is not None:
            (root / "deck.json").write_text(json.dumps(manifest), encoding="utf-8")
        return root

    return make


def manifest_for(n: int, suffix: str = "png", deck_id: str = "holiday") -> dict[str, Any]:
    return {
        "format": "dixit-deck/1",
        "id": deck_id,
        "name": "Holiday snaps",
        "licence": "CC0-1.0",
        "attribution": "The test suite",
        "cards": [
            {
                "id": f"snap-{i:03d}",
                "file": f"pic-{i:03d}.{suffix}",
                "title": f"Snap {i}",
                "description": f"Coloured circles number {i}.",
                "tags": ["circles", "colour"],
            }
            for i in range(n)
        ],
    }
