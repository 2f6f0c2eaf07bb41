"""The decks a table can play with, as the server needs them.

The server asks little of a deck: its card ids (to deal), and for the HTTP API
each card's title, description, tags and image files. :class:`DeckCatalog` is
that interface. :class:`LibraryDecks` serves it from :mod:`dixit.decks` (the
default deck shipped in the package and the decks imported into the data
folder); :class:`PlainDecks` is a catalog of numbered cards without pictures,
for load benchmarks that want no deck on disk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

__all__ = ["CardInfo", "DeckCatalog", "DeckInfo", "LibraryDecks", "PlainDecks"]


@dataclass(frozen=True, slots=True)
class CardInfo:
    id: str
    title: str = ""
    description: str = ""
    tags: tuple[str, ...] = ()
    image: Path | None = None
    thumbnail: Path | None = None


@dataclass(frozen=True, slots=True)
class DeckInfo:
    id: str
    title: str
    cards: tuple[CardInfo, ...]
    default: bool = False
    by_id: dict[str, CardInfo] = field(default_factory=dict, compare=False, repr=False)

    def card(self, card_id: str) -> CardInfo | None:
        if not self.by_id:
            self.by_id.update((card.id, card) for card in self.cards)
        return self.by_id.get(card_id)


class DeckCatalog(Protocol):
    def decks(self) -> list[DeckInfo]: ...

    def get(self, deck_id: str) -> DeckInfo | None: ...

    def default_id(self) -> str: ...


class PlainDecks:
    """One deck of ``size`` numbered cards (``card-001`` ...), without pictures."""

    def __init__(self, size: int = 120) -> None:
        cards = tuple(CardInfo(f"card-{i:03d}", f"Card {i}") for i in range(1, size + 1))
        self._deck = DeckInfo("plain", f"Numbered cards ({size})", cards, default=True)

    def decks(self) -> list[DeckInfo]:
        return [self._deck]

    def get(self, deck_id: str) -> DeckInfo | None:
        return self._deck if deck_id == self._deck.id else None

    def default_id(self) -> str:
        return self._deck.id


class LibraryDecks:
    """The deck library of a data folder, seen through :class:`DeckCatalog`."""

    def __init__(self, data_dir: Path) -> None:
        from dixit.decks.library import DEFAULT_DECK_ID, DeckLibrary

        self.library = DeckLibrary(data_dir)
        self._default = DEFAULT_DECK_ID
        self._seen: dict[str, tuple[object, DeckInfo]] = {}

    def _info(self, deck: object) -> DeckInfo:
        from dixit.decks.model import Deck

        assert isinstance(deck, Deck)
        seen = self._seen.get(deck.id)
        if seen is not None and seen[0] is deck:
            return seen[1]
        cards = tuple(
            CardInfo(c.id, c.title, c.description, c.tags, c.image, c.thumbnail) for c in deck.cards
        )
        info = DeckInfo(deck.id, deck.name, cards, default=deck.id == self._default)
        self._seen[deck.id] = (deck, info)
        return info

    def decks(self) -> list[DeckInfo]:
        from dixit.decks.errors import DeckError

        found = []
        for deck_id in self.library.ids():
            try:
                found.append(self._info(self.library.get(deck_id)))
            except DeckError:  # a broken folder does not hide the other decks
                continue
        return found

    def get(self, deck_id: str) -> DeckInfo | None:
        from dixit.decks.errors import DeckError

        try:
            return self._info(self.library.get(deck_id))
        except DeckError:
            return None

    def default_id(self) -> str:
        return self._default
