"""The random player: a legal move chosen at random from what its seat may see.

It fills seats until the thoughtful AI players land, drives random
playthroughs in tests and benchmarks, and shows the bot interface: a bot reads
a seat's view (never the raw game) and answers with an action, or ``None``
when nothing is asked of it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from dixit.engine import Action, HandIn, Tell, Vote

CLUES = (
    "lost at sea",
    "hush",
    "time flies",
    "dream",
    "the long way home",
    "almost",
    "under the surface",
    "a promise",
    "too late",
    "sunday",
    "echo",
    "the other side",
)


class RandomPlayer:
    """Chooses uniformly among the legal choices offered in a view."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self.rng = rng or random.Random()

    def act(self, seat_view: Mapping[str, Any]) -> Action | None:
        choice = seat_view.get("choice")
        player = seat_view.get("you")
        if not choice or not isinstance(player, str):
            return None
        rng = self.rng
        cards: list[str] = list(choice["cards"])
        kind = choice["kind"]
        if kind == "tell":
            card = rng.choice(cards) if choice["max_cards"] else None
            return Tell(player, rng.choice(CLUES), card)
        if kind == "hand_in":
            return HandIn(player, tuple(rng.sample(cards, choice["min_cards"])))
        count = rng.randint(choice["min_cards"], min(choice["max_cards"], len(cards)))
        red_cards = choice.get("red_cards") or []
        red = rng.choice(red_cards) if red_cards else None
        return Vote(player, tuple(rng.sample(cards, count)), red)
