"""Helpers shared by the engine tests: stacked decks and a full game driver."""

from __future__ import annotations

import random
from collections.abc import Callable

from dixit.bots import RandomPlayer
from dixit.engine import Game, Phase, get_variant, view

NAMES = ("ann", "bob", "cyd", "dan", "eve", "fay", "gus", "hal", "ida", "jon", "kim", "lea")


def deck_of(size: int) -> list[str]:
    return [f"c{i:03d}" for i in range(size)]


def new_game(variant: str, players: int, *, extra: int = 20, **kwargs: object) -> Game:
    """A game whose deck is stacked: seat s is dealt cards s*h .. s*h+h-1."""
    size = get_variant(variant).deck_size(players) + extra
    options = dict(kwargs.pop("options", {}) or {})  # type: ignore[call-overload]
    options.setdefault("first_storyteller", NAMES[0])
    return Game(variant, NAMES[:players], deck_of(size), options=options, **kwargs)  # type: ignore[arg-type]


def play_to_end(
    game: Game,
    rng: random.Random,
    after_each: Callable[[Game], None] | None = None,
    max_rounds: int = 400,
) -> None:
    """Random players act in a random order until the game is over."""
    bots = {name: RandomPlayer(rng) for name in game.players}
    while not game.finished:
        assert game.round_number <= max_rounds, "the game never ended"
        if game.phase is Phase.REVEAL:
            game.next_round()
            if after_each:
                after_each(game)
            continue
        waiting = game.waiting_for()
        name = rng.choice(waiting)
        action = bots[name].act(view(game, name))
        assert action is not None, f"{name} is waited for but has no choice"
        game.apply(action)
        if after_each:
            after_each(game)
