"""A contact sheet: every card of a deck on one PNG, with its id, to review at a glance."""

from __future__ import annotations

import math
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from .images import THUMB_SIZE
from .model import Deck

__all__ = ["contact_sheet"]

BACKGROUND = (28, 26, 34)
INK = (230, 226, 240)


def contact_sheet(deck: Deck, columns: int = 10, scale: float = 0.75) -> Image.Image:
    """The deck's cards in a grid, each labelled with its id (and title when it has one)."""
    cell_w = round(THUMB_SIZE[0] * scale)
    cell_h = round(THUMB_SIZE[1] * scale)
    gap, label = 10, 30
    columns = max(1, min(columns, len(deck.cards)))
    rows = max(1, math.ceil(len(deck.cards) / columns))
    header = 44
    sheet = Image.new(
        "RGB",
        (gap + columns * (cell_w + gap), header + rows * (cell_h + label + gap) + gap),
        BACKGROUND,
    )
    draw = ImageDraw.Draw(sheet)
    title_font = ImageFont.load_default(20)
    font = ImageFont.load_default(11)
    draw.text((gap, 12), f"{deck.name} ({deck.id}): {len(deck.cards)} cards", INK, title_font)
    for index, card in enumerate(deck.cards):
        x = gap + (index % columns) * (cell_w + gap)
        y = header + (index // columns) * (cell_h + label + gap)
        with Image.open(card.thumbnail or card.image) as picture:
            tile = picture.convert("RGB").resize((cell_w, cell_h), Image.Resampling.LANCZOS)
        sheet.paste(tile, (x, y))
        draw.text((x, y + cell_h + 2), card.id, INK, font)
        if card.title:
            draw.text((x, y + cell_h + 15), _fit(draw, card.title, font, cell_w), INK, font)
    return sheet


def _fit(
    draw: ImageDraw.ImageDraw,
    text: str,
    font: ImageFont.ImageFont | ImageFont.FreeTypeFont,
    width: int,
) -> str:
    if draw.textlength(text, font=font) <= width:
        return text
    while text and draw.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def write_contact_sheet(deck: Deck, out: Path, columns: int = 10) -> Path:
    contact_sheet(deck, columns).save(out, "PNG", optimize=True)
    return out
