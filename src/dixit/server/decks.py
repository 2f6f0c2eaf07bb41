"""The decks a table can play with, as the server needs them.

The server asks little of a deck: its card ids (to deal), and for the HTTP API
each card's title, description, tags and image files. :class:`DeckCatalog` is
that interface. :class:`PlainDecks` is a built-in catalog of numbered cards
without pictures, used when no deck library is installed in the data folder
(and by tests, which need only ids).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

__all__ = ["CardInfo", "DeckCatalog", "DeckInfo", "PlainDecks"]


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
