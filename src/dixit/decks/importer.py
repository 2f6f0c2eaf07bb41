"""Checking an untrusted deck and turning it into normalized cards.

:func:`read_deck` does all the checking and image work in memory and writes
nothing; the library writes the result only when every card passed, so a bad
deck imports nothing. The slow part (decoding, resizing, encoding) runs on a
thread pool: Pillow releases the GIL while it works on pixels.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from .errors import DeckError
from .images import (
    CARD_QUALITY,
    IMAGE_SUFFIXES,
    THUMB_QUALITY,
    Fit,
    ImageLimits,
    normalize,
    open_picture,
    thumbnail,
)
from .model import (
    ID_PATTERN,
    MANIFEST,
    MAX_DESCRIPTION,
    CardEntry,
    Manifest,
    minimum_deck_size,
    parse_manifest,
    slugify,
)
from .sources import DeckSource, open_source

__all__ = ["ImportOptions", "PreparedCard", "PreparedDeck", "read_deck"]

REFUSED_SUFFIXES = {".svg": "SVG", ".svgz": "SVG"}


@dataclass(frozen=True, slots=True)
class ImportOptions:
    """How to check and normalize a deck.

    ``variant``/``players``: the deck must be big enough for that game (RULES.md,
    "Deck size"); without them, for the smallest game of any mode.
    """

    variant: str | None = None
    players: int | None = None
    fit: Fit = "crop"
    deck_id: str | None = None
    name: str | None = None
    limits: ImageLimits = field(default_factory=ImageLimits)
    workers: int | None = None


@dataclass(frozen=True, slots=True)
class PreparedCard:
    id: str
    source: str
    title: str
    description: str
    tags: tuple[str, ...]
    sha256: str
    #: WebP bytes of the card and its thumbnail; empty when only validating
    image: bytes = b""
    thumb: bytes = b""


@dataclass(frozen=True, slots=True)
class PreparedDeck:
    id: str
    name: str
    licence: str
    attribution: str
    cards: tuple[PreparedCard, ...]
    source: str


def read_deck(
    path: Path, options: ImportOptions | None = None, encode: bool = True
) -> PreparedDeck:
    """Check the deck at ``path`` and (if ``encode``) prepare its normalized images."""
    options = options or ImportOptions()
    limits = options.limits
    source = open_source(path, limits)
    try:
        manifest = _manifest(source, path, options)
        _check_count(manifest, source, options)
        cards = _prepare_cards(source, manifest, options, encode)
    finally:
        source.close()
    return PreparedDeck(
        id=manifest.id,
        name=manifest.name,
        licence=manifest.licence,
        attribution=manifest.attribution,
        cards=tuple(cards),
        source=str(path),
    )


def _read_text(source: DeckSource, name: str, limits: ImageLimits) -> str:
    data = source.read(name, limits.max_text_bytes)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckError(f"{source.where(name)}: not UTF-8 text") from None


def _manifest(source: DeckSource, path: Path, options: ImportOptions) -> Manifest:
    if MANIFEST in source.sizes:
        text = _read_text(source, MANIFEST, options.limits)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise DeckError(
                f"{source.where(MANIFEST)}: not JSON: {error.msg} at line {error.lineno}"
            ) from None
        manifest = parse_manifest(data, source.where(MANIFEST))
        for entry in manifest.cards:
            if entry.file not in source.sizes:
                raise DeckError(
                    f"{source.where(entry.file)}: card {entry.id} names a file that is not there"
                )
            _check_suffix(source, entry.file)
    else:
        manifest = _manifest_from_files(source, path, options)
    deck_id = options.deck_id or manifest.id
    if not ID_PATTERN.match(deck_id):
        raise DeckError(f"deck id {deck_id!r} must be lower-case letters, digits and dashes")
    return Manifest(
        id=deck_id,
        name=options.name or manifest.name,
        licence=manifest.licence,
        attribution=manifest.attribution,
        cards=manifest.cards,
    )


def _check_suffix(source: DeckSource, name: str) -> None:
    suffix = PurePosixPath(name).suffix.lower()
    if suffix in REFUSED_SUFFIXES:
        raise DeckError(
            f"{source.where(name)}: SVG images are not accepted (they can carry scripts)"
        )
    if suffix not in IMAGE_SUFFIXES:
        raise DeckError(
            f"{source.where(name)}: not an image (a card must be a PNG, JPEG or WebP file)"
        )


def _manifest_from_files(source: DeckSource, path: Path, options: ImportOptions) -> Manifest:
    """Every picture is a card; ``cat.txt`` beside ``cat.png`` is its description."""
    stem = path.name[: -len(".zip")] if path.name.lower().endswith(".zip") else path.name
    deck_id = options.deck_id or slugify(stem)
    pictures: list[str] = []
    texts: dict[str, str] = {}
    for name in sorted(source.sizes):
        suffix = PurePosixPath(name).suffix.lower()
        if suffix == ".txt":
            texts[name[: -len(suffix)]] = name
        elif suffix in IMAGE_SUFFIXES:
            pictures.append(name)
        elif PurePosixPath(name).name.lower().startswith(("readme", "license", "licence")):
            continue
        else:
            _check_suffix(source, name)
    if not pictures:
        raise DeckError(f"{source.label}: no PNG, JPEG or WebP pictures and no {MANIFEST}")
    cards: list[CardEntry] = []
    used: set[str] = set()
    for name in pictures:
        base = PurePosixPath(name).with_suffix("").as_posix()
        card_id = _unique(f"{deck_id}-{slugify(base.replace('/', '-'), 'card')}", used)
        description = ""
        if base in texts:
            description = " ".join(_read_text(source, texts[base], options.limits).split())
            if len(description) > MAX_DESCRIPTION:
                raise DeckError(
                    f"{source.where(texts[base])}: description is longer than "
                    f"{MAX_DESCRIPTION} characters"
                )
        title = PurePosixPath(base).name.replace("_", " ").replace("-", " ").strip()
        cards.append(
            CardEntry(
                id=card_id, file=name, title=title[:1].upper() + title[1:], description=description
            )
        )
    return Manifest(
        id=deck_id, name=options.name or stem, licence="", attribution="", cards=tuple(cards)
    )


def _unique(card_id: str, used: set[str]) -> str:
    card_id = card_id[:60].strip("-._")
    candidate, n = card_id, 2
    while candidate in used:
        candidate, n = f"{card_id}-{n}", n + 1
    used.add(candidate)
    return candidate


def _check_count(manifest: Manifest, source: DeckSource, options: ImportOptions) -> None:
    need = minimum_deck_size(options.variant, options.players)
    have = len(manifest.cards)
    if have < need:
        if options.variant is not None and options.players is not None:
            game = f"{options.variant} with {options.players} players"
        elif options.variant is not None:
            game = f"the smallest game of {options.variant}"
        else:
            game = "the smallest game of any mode"
        raise DeckError(f"{source.label}: {have} cards is too few; {game} needs at least {need}")


def _prepare_cards(
    source: DeckSource, manifest: Manifest, options: ImportOptions, encode: bool
) -> list[PreparedCard]:
    limits = options.limits

    def work(entry: CardEntry) -> PreparedCard:
        # Each worker reads its own file, so memory holds only a few pictures at once.
        data = source.read(entry.file, limits.max_file_bytes)
        image = open_picture(data, source.where(entry.file), limits)
        card_bytes = thumb_bytes = b""
        if encode:
            card = normalize(image, options.fit)
            card_bytes = _webp(card.save, CARD_QUALITY)
            thumb_bytes = _webp(thumbnail(card).save, THUMB_QUALITY)
        image.close()
        return PreparedCard(
            id=entry.id,
            source=entry.file,
            title=entry.title,
            description=entry.description,
            tags=entry.tags,
            sha256=hashlib.sha256(data).hexdigest(),
            image=card_bytes,
            thumb=thumb_bytes,
        )

    workers = options.workers or min(4, os.cpu_count() or 2)
    with ThreadPoolExecutor(max_workers=workers) as pool:
        # map() yields in order and re-raises the first failing card's error.
        cards = list(pool.map(work, manifest.cards))
    first_with: dict[str, str] = {}
    for card in cards:
        if card.sha256 in first_with:
            raise DeckError(
                f"{source.where(card.source)}: the same picture as "
                f"{source.where(first_with[card.sha256])}"
            )
        first_with[card.sha256] = card.source
    return cards


def _webp(save: Callable[..., None], quality: int) -> bytes:
    buffer = io.BytesIO()
    save(buffer, "WEBP", quality=quality, method=4)
    return buffer.getvalue()
