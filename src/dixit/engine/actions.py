"""The actions a seat can take, and parsing them from plain data.

Actions name players and cards by their ids, never by board position: board
positions are a matter of display.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import MalformedError

__all__ = ["Action", "HandIn", "Tell", "Vote", "action_from_dict", "action_to_dict"]


@dataclass(frozen=True, slots=True)
class Tell:
    """The storyteller's clue, with their card (no card in ``party``: the clue comes first)."""

    player: str
    clue: str
    card: str | None = None


@dataclass(frozen=True, slots=True)
class HandIn:
    """Cards handed in face down (two each in the 3-player game)."""

    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Vote:
    """A secret vote: one card, or two with 7+ players; ``red`` is the party storyteller's token."""

    player: str
    cards: tuple[str, ...]
    red: str | None = None


Action = Tell | HandIn | Vote


def _text(data: Mapping[str, Any], key: str, what: str, *, optional: bool = False) -> Any:
    value = data.get(key)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise MalformedError(f"{what}: {key!r} must be a string, not {value!r}")
    return value


def _cards(data: Mapping[str, Any], what: str) -> tuple[str, ...]:
    cards = data.get("cards")
    if isinstance(cards, str):
        return (cards,)
    if not isinstance(cards, list | tuple) or not all(isinstance(c, str) for c in cards):
        raise MalformedError(f"{what}: 'cards' must be a list of card ids, not {cards!r}")
    return tuple(cards)


def action_from_dict(data: object) -> Action:
    """Parse ``{"type": "tell"|"hand_in"|"vote", "player": ..., ...}`` into an action."""
    if not isinstance(data, Mapping):
        raise MalformedError(f"an action must be an object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == "tell":
        return Tell(
            player=_text(data, "player", "tell"),
            clue=_text(data, "clue", "tell"),
            card=_text(data, "card", "tell", optional=True),
        )
    if kind == "hand_in":
        return HandIn(player=_text(data, "player", "hand_in"), cards=_cards(data, "hand_in"))
    if kind == "vote":
        return Vote(
            player=_text(data, "player", "vote"),
            cards=_cards(data, "vote"),
            red=_text(data, "red", "vote", optional=True),
        )
    raise MalformedError(f"unknown action type {kind!r} (expected 'tell', 'hand_in' or 'vote')")


def action_to_dict(action: Action) -> dict[str, Any]:
    """The plain-data form that :func:`action_from_dict` reads back."""
    if isinstance(action, Tell):
        out: dict[str, Any] = {"type": "tell", "player": action.player, "clue": action.clue}
        if action.card is not None:
            out["card"] = action.card
        return out
    if isinstance(action, HandIn):
        return {"type": "hand_in", "player": action.player, "cards": list(action.cards)}
    out = {"type": "vote", "player": action.player, "cards": list(action.cards)}
    if action.red is not None:
        out["red"] = action.red
    return out
