"""How long importing a 100-card deck of 2000x3000 JPEGs takes (the goal: under 30 s).

    .venv/bin/python bench/deck_import_bench.py [--cards 100] [--workers N]

The pictures are made first (not timed): smooth gradients with shapes and noise,
so they decode like photographs rather than flat colour.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from PIL import Image, ImageDraw, ImageFilter

from dixit.decks import DeckLibrary, ImportOptions


def make_photo(seed: int, path: Path, size: tuple[int, int] = (2000, 3000)) -> None:
    rng = random.Random(seed)
    small = Image.new(
        "RGB", (size[0] // 8, size[1] // 8), tuple(rng.randrange(256) for _ in range(3))
    )
    draw = ImageDraw.Draw(small)
    for _ in range(30):
        x, y = rng.randrange(small.width), rng.randrange(small.height)
        r = rng.randrange(5, 80)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in range(3)))
    image = small.filter(ImageFilter.GaussianBlur(3)).resize(size, Image.Resampling.BICUBIC)
    noise = Image.frombytes("L", size, rng.randbytes(size[0] * size[1])).convert("RGB")
    image = Image.blend(image, noise, 0.08)
    image.save(path, "JPEG", quality=88)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--cards", type=int, default=100)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "photos"
        folder.mkdir()
        started = time.perf_counter()
        for i in range(args.cards):
            make_photo(i, folder / f"photo-{i:03d}.jpg")
        size = sum(p.stat().st_size for p in folder.iterdir())
        print(
            f"made {args.cards} JPEGs of 2000x3000 ({size / 1e6:.0f} MB) "
            f"in {time.perf_counter() - started:.1f}s"
        )
        library = DeckLibrary(Path(scratch) / "data")
        started = time.perf_counter()
        deck = library.import_path(folder, ImportOptions(workers=args.workers))
        elapsed = time.perf_counter() - started
        print(
            f"imported {len(deck)} cards in {elapsed:.1f}s "
            f"({elapsed / len(deck) * 1000:.0f} ms a card) on {os.cpu_count()} cores"
        )


if __name__ == "__main__":
    main()
