"""Reading untrusted pictures safely, and turning them into card images.

Every picture is checked from its header before a single pixel is decoded:
its format must be PNG, JPEG or WebP (SVG is refused: it can carry scripts) and
its pixel count must stay under a limit (a small file can claim a huge canvas).
Cards are then cropped or letterboxed to 2:3 and stored as WebP, with a thumbnail.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image, ImageOps

from .errors import DeckError

__all__ = [
    "CARD_SIZE",
    "THUMB_SIZE",
    "Fit",
    "ImageLimits",
    "hamming",
    "normalize",
    "open_picture",
    "perceptual_hash",
    "sniff_svg",
]

#: full card image (about 1000 px tall, as the client asks)
CARD_SIZE = (680, 1020)
#: thumbnail for hands and boards
THUMB_SIZE = (220, 330)
CARD_QUALITY = 82
THUMB_QUALITY = 78
ACCEPTED_FORMATS = frozenset({"PNG", "JPEG", "WEBP"})
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".webp"})

Fit = Literal["crop", "letterbox"]


@dataclass(frozen=True, slots=True)
class ImageLimits:
    """How large an untrusted deck and its pictures may be."""

    #: one picture file, in bytes
    max_file_bytes: int = 30 * 1024 * 1024
    #: one picture's width x height, checked before decoding
    max_pixels: int = 50_000_000
    #: smallest side, in pixels, for a picture to be worth a card
    min_side: int = 64
    #: a zip archive on disk, in bytes
    max_archive_bytes: int = 1024 * 1024 * 1024
    #: all files of a deck once unpacked, in bytes
    max_total_bytes: int = 2 * 1024 * 1024 * 1024
    #: entries in a zip archive or files in a folder
    max_files: int = 2000
    #: deck.json and the .txt descriptions, in bytes
    max_text_bytes: int = 1024 * 1024


def sniff_svg(data: bytes) -> bool:
    """Whether the bytes look like SVG (or gzip, as in .svgz) rather than a bitmap."""
    head = data[:1024].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith((b"<?xml", b"<svg", b"<!doctype svg", b"\x1f\x8b")) or b"<svg" in head


def open_picture(data: bytes, where: str, limits: ImageLimits) -> Image.Image:
    """Decode one untrusted picture, or raise :class:`DeckError` naming ``where``."""
    if len(data) > limits.max_file_bytes:
        raise DeckError(
            f"{where}: file is {_mb(len(data))}, over the {_mb(limits.max_file_bytes)} limit"
        )
    if sniff_svg(data):
        raise DeckError(f"{where}: SVG images are not accepted (they can carry scripts)")
    with warnings.catch_warnings():
        # Pillow warns, then errors, on huge canvases: the limit below is ours.
        warnings.simplefilter("ignore", Image.DecompressionBombWarning)
        try:
            image = Image.open(io.BytesIO(data), formats=sorted(ACCEPTED_FORMATS))
        except Image.DecompressionBombError:
            raise DeckError(
                f"{where}: image is too many pixels to decode, over the {limits.max_pixels:,} limit"
            ) from None
        except (OSError, SyntaxError, ValueError):
            raise DeckError(f"{where}: not a PNG, JPEG or WebP image") from None
    width, height = image.size
    if width * height > limits.max_pixels:
        raise DeckError(
            f"{where}: image is {width}x{height} pixels, over the limit of "
            f"{limits.max_pixels:,} pixels"
        )
    if min(width, height) < limits.min_side:
        raise DeckError(f"{where}: image is {width}x{height}, too small for a card")
    if image.format == "JPEG":
        # Decode at a reduced scale when the picture is far larger than a card:
        # several times faster, and the result is resized anyway.
        image.draft("RGB", CARD_SIZE)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image.load()
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as error:
        raise DeckError(f"{where}: the image data is damaged ({error})") from None
    if getattr(image, "is_animated", False):
        image.seek(0)
    return image


def _mb(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def _rgb(image: Image.Image) -> Image.Image:
    image = ImageOps.exif_transpose(image) or image
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        backdrop = Image.new("RGBA", rgba.size, (24, 22, 30, 255))
        return Image.alpha_composite(backdrop, rgba).convert("RGB")
    return image.convert("RGB")


def normalize(image: Image.Image, fit: Fit = "crop") -> Image.Image:
    """The picture as a 2:3 card at :data:`CARD_SIZE`.

    ``crop`` fills the card and trims what overflows (centred); ``letterbox`` keeps
    the whole picture and fills the margins with a blurred, darkened copy of it.
    """
    rgb = _rgb(image)
    if fit == "crop":
        return ImageOps.fit(rgb, CARD_SIZE, Image.Resampling.LANCZOS, centering=(0.5, 0.5))
    from PIL import ImageEnhance, ImageFilter

    backdrop = ImageOps.fit(rgb, (CARD_SIZE[0] // 8, CARD_SIZE[1] // 8), Image.Resampling.BILINEAR)
    backdrop = backdrop.filter(ImageFilter.GaussianBlur(3)).resize(CARD_SIZE)
    backdrop = ImageEnhance.Brightness(backdrop).enhance(0.55)
    inner = ImageOps.contain(rgb, CARD_SIZE, Image.Resampling.LANCZOS)
    backdrop.paste(inner, ((CARD_SIZE[0] - inner.width) // 2, (CARD_SIZE[1] - inner.height) // 2))
    return backdrop


def save_card(card: Image.Image, image_path: Path, thumb_path: Path) -> None:
    """Write a normalized card and its thumbnail as WebP."""
    card.save(image_path, "WEBP", quality=CARD_QUALITY, method=4)
    thumbnail(card).save(thumb_path, "WEBP", quality=THUMB_QUALITY, method=4)


def thumbnail(card: Image.Image) -> Image.Image:
    return card.resize(THUMB_SIZE, Image.Resampling.LANCZOS, reducing_gap=2.0)


def perceptual_hash(image: Image.Image, size: int = 16) -> int:
    """A difference hash: one bit per horizontally adjacent pair of a tiny grey copy.

    Two pictures that look alike have hashes a few bits apart; unrelated ones
    about half the ``size * size`` bits apart.
    """
    grey = image.convert("L").resize((size + 1, size), Image.Resampling.BOX)
    pixels = grey.tobytes()
    bits = 0
    for row in range(size):
        for col in range(size):
            left = pixels[row * (size + 1) + col]
            right = pixels[row * (size + 1) + col + 1]
            bits = (bits << 1) | (left > right)
    return bits


def hamming(a: int, b: int) -> int:
    return (a ^ b).bit_count()
