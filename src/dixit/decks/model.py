"""Decks and cards as data, and the ``dixit-deck/1`` manifest (``deck.json``).

A deck on disk is a folder holding ``deck.json`` and the images it names::

    {
      "format": "dixit-deck/1",
      "id": "dream", "name": "Dream deck",
      "licence": "CC0-1.0", "attribution": "Ada and friends",
      "cards": [
        {"id": "dream-001", "file": "cards/dream-001.webp",
         "title": "The Long Wait", "description": "A clock ...", "tags": ["clock", "time"]}
      ]
    }

``title``, ``description`` and ``tags`` are optional for each card. Decks kept in a
library also record a ``thumbnail`` file per card.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from dixit.engine import VARIANTS, get_variant

from .errors import DeckError

__all__ = [
    "DECK_FORMAT",
    "MANIFEST",
    "Card",
    "Deck",
    "minimum_deck_size",
    "parse_manifest",
    "slugify",
]

DECK_FORMAT = "dixit-deck/1"
MANIFEST = "deck.json"

ID_PATTERN = re.compile(r"^[a-z0-9](?:[a-z0-9._-]{0,62}[a-z0-9])?$")
MAX_TITLE = 120
MAX_DESCRIPTION = 1000
MAX_TAGS = 40
MAX_TAG = 60
MAX_NAME = 120
MAX_TEXT = 2000


def slugify(text: str, fallback: str = "deck") -> str:
    """A lower-case id made of letters, digits and dashes (``"My Deck!"`` -> ``my-deck``)."""
    slug = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:64].strip("-")
    return slug or fallback


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a stable id, its picture, and the words the AI players read."""

    id: str
    image: Path
    thumbnail: Path | None = None
    title: str = ""
    description: str = ""
    tags: tuple[str, ...] = ()

    def to_dict(self, root: Path) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "file": _relative(self.image, root)}
        if self.thumbnail is not None:
            data["thumbnail"] = _relative(self.thumbnail, root)
        if self.title:
            data["title"] = self.title
        if self.description:
            data["description"] = self.description
        if self.tags:
            data["tags"] = list(self.tags)
        return data


@dataclass(frozen=True, slots=True)
class Deck:
    """A named set of cards kept in one folder (``root``)."""

    id: str
    name: str
    root: Path
    cards: tuple[Card, ...]
    licence: str = ""
    attribution: str = ""
    _by_id: dict[str, Card] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_id.update((card.id, card) for card in self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def card_ids(self) -> list[str]:
        return [card.id for card in self.cards]

    def card(self, card_id: str) -> Card:
        try:
            return self._by_id[card_id]
        except KeyError:
            raise DeckError(f"deck {self.id} has no card {card_id}") from None

    def supports(self, variant: str, players: int) -> bool:
        """Whether the deck holds enough cards for this mode and player count."""
        return len(self.cards) >= get_variant(variant).deck_size(players)

    def check_size(self, variant: str, players: int) -> None:
        """Raise :class:`DeckError` when the deck is too small (RULES.md, "Deck size")."""
        need = get_variant(variant).deck_size(players)
        if len(self.cards) < need:
            raise DeckError(
                f"deck {self.id} has {len(self.cards)} cards; {variant} with {players} "
                f"players needs at least {need}"
            )

    def to_manifest(self) -> dict[str, Any]:
        return {
            "format": DECK_FORMAT,
            "id": self.id,
            "name": self.name,
            "licence": self.licence,
            "attribution": self.attribution,
            "cards": [card.to_dict(self.root) for card in self.cards],
        }

    def write_manifest(self) -> None:
        text = json.dumps(self.to_manifest(), indent=2, ensure_ascii=False) + "\n"
        (self.root / MANIFEST).write_text(text, encoding="utf-8")

    def summary(self) -> dict[str, Any]:
        """What a lobby shows about a deck."""
        return {
            "id": self.id,
            "name": self.name,
            "cards": len(self.cards),
            "licence": self.licence,
            "attribution": self.attribution,
        }


def minimum_deck_size(variant: str | None = None, players: int | None = None) -> int:
    """The fewest cards a deck needs for a mode and player count.

    Without a player count, the smallest table of the mode; without a mode, the
    smallest game of any mode (a deck smaller than that can never be played).
    """
    names = [variant] if variant is not None else sorted(VARIANTS)
    sizes: list[int] = []
    for name in names:
        rules = get_variant(name)
        if players is None:
            sizes.extend(rules.deck_size(count) for count in rules.player_counts)
        elif players in rules.player_counts:
            sizes.append(rules.deck_size(players))
        elif variant is not None:
            raise DeckError(
                f"{name} is played by {_counts(rules.player_counts)} players, not {players}"
            )
    if not sizes:
        raise DeckError(f"no mode is played by {players} players")
    return min(sizes)


def _counts(counts: Sequence[int]) -> str:
    return ", ".join(str(c) for c in counts)


def _relative(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


# -- reading a manifest -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One card as a manifest lists it, before its image is checked."""

    id: str
    file: str
    title: str = ""
    description: str = ""
    tags: tuple[str, ...] = ()
    thumbnail: str | None = None


@dataclass(frozen=True, slots=True)
class Manifest:
    id: str
    name: str
    licence: str
    attribution: str
    cards: tuple[CardEntry, ...]


def parse_manifest(data: Any, where: str = MANIFEST) -> Manifest:
    """Check a decoded ``deck.json``; every fault names ``where`` and the card."""
    if not isinstance(data, Mapping):
        raise DeckError(f"{where}: expected a JSON object")
    if data.get("format") != DECK_FORMAT:
        raise DeckError(f"{where}: format must be {DECK_FORMAT!r}, not {data.get('format')!r}")
    deck_id = _text(data, "id", where, MAX_NAME, required=True)
    if not ID_PATTERN.match(deck_id):
        raise DeckError(f"{where}: deck id {deck_id!r} must be lower-case letters, digits, dashes")
    name = _text(data, "name", where, MAX_NAME) or deck_id
    licence = _text(data, "licence", where, MAX_TEXT) or _text(data, "license", where, MAX_TEXT)
    attribution = _text(data, "attribution", where, MAX_TEXT)
    raw_cards = data.get("cards")
    if not isinstance(raw_cards, list) or not raw_cards:
        raise DeckError(f"{where}: cards must be a non-empty list")
    cards: list[CardEntry] = []
    seen_ids: set[str] = set()
    seen_files: set[str] = set()
    for index, raw in enumerate(raw_cards):
        at = f"{where}: card {index + 1}"
        if not isinstance(raw, Mapping):
            raise DeckError(f"{at}: expected an object")
        card_id = _text(raw, "id", at, 64, required=True)
        if not ID_PATTERN.match(card_id):
            raise DeckError(f"{at}: card id {card_id!r} must be lower-case letters, digits, dashes")
        if card_id in seen_ids:
            raise DeckError(f"{at}: card id {card_id} is used twice")
        seen_ids.add(card_id)
        file = _relative_file(_text(raw, "file", f"{at} ({card_id})", 255, required=True), at)
        if file in seen_files:
            raise DeckError(f"{at} ({card_id}): file {file} is used by two cards")
        seen_files.add(file)
        thumbnail = raw.get("thumbnail")
        if thumbnail is not None:
            if not isinstance(thumbnail, str):
                raise DeckError(f"{at} ({card_id}): thumbnail must be a string")
            thumbnail = _relative_file(thumbnail, at)
        cards.append(
            CardEntry(
                id=card_id,
                file=file,
                title=_text(raw, "title", f"{at} ({card_id})", MAX_TITLE),
                description=_text(raw, "description", f"{at} ({card_id})", MAX_DESCRIPTION),
                tags=_tags(raw.get("tags"), f"{at} ({card_id})"),
                thumbnail=thumbnail,
            )
        )
    return Manifest(deck_id, name, licence, attribution, tuple(cards))


def _text(data: Mapping[str, Any], key: str, where: str, limit: int, required: bool = False) -> str:
    value = data.get(key)
    if value is None:
        if required:
            raise DeckError(f"{where}: {key} is missing")
        return ""
    if not isinstance(value, str):
        raise DeckError(f"{where}: {key} must be a string")
    value = " ".join(value.split())
    if required and not value:
        raise DeckError(f"{where}: {key} is empty")
    if len(value) > limit:
        raise DeckError(f"{where}: {key} is longer than {limit} characters")
    return value


def _tags(value: Any, where: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(tag, str) for tag in value):
        raise DeckError(f"{where}: tags must be a list of strings")
    if len(value) > MAX_TAGS:
        raise DeckError(f"{where}: more than {MAX_TAGS} tags")
    tags: list[str] = []
    for tag in value:
        tag = " ".join(tag.split()).lower()
        if len(tag) > MAX_TAG:
            raise DeckError(f"{where}: tag {tag[:20]!r}... is longer than {MAX_TAG} characters")
        if tag and tag not in tags:
            tags.append(tag)
    return tuple(tags)


def _relative_file(name: str, where: str) -> str:
    """A file name inside the deck folder, or an error if it could escape it."""
    if "\\" in name or "\x00" in name or re.match(r"^[A-Za-z]:", name):
        raise DeckError(f"{where}: file name {name!r} is not a plain relative path")
    path = PurePosixPath(name)
    if path.is_absolute() or ".." in path.parts or not path.parts:
        raise DeckError(f"{where}: file {name!r} lies outside the deck folder")
    return path.as_posix()
