"""Engine benchmark: complete random games of each mode, rounds and views per second.

Run with ``make bench`` or ``python bench/engine_bench.py [--seconds S]``. The
random policy reads ``game.choice`` directly so that rounds per second measure
the rules engine alone; views per second are measured separately, by building
every seat's view after every action of the same kind of games.
Goal (issue 2): at least 5,000 complete 6-player odyssey rounds per second on one core.
"""

from __future__ import annotations

import argparse
import platform
import random
import time

from dixit.engine import Game, Phase, Vote, view
from dixit.engine.actions import HandIn, Tell

CASES = [
    ("odyssey", 3),
    ("odyssey", 6),
    ("odyssey", 12),
    ("classic", 5),
    ("party", 8),
    ("team", 8),
]
DECK = [f"card-{i:03d}" for i in range(1, 101)]


def play(game: Game, rng: random.Random) -> None:
    """Random legal moves straight from ``game.choice``, until the game ends."""
    while True:
        phase = game.phase
        if phase is Phase.GAME_OVER:
            return
        if phase is Phase.REVEAL:
            game.next_round()
            continue
        for name in game.waiting_for():
            choice = game.choice(name)
            if choice is None:
                continue  # a team's partner after the other partner handed in
            cards = choice.cards
            if choice.kind == "tell":
                game.tell(name, "a clue", rng.choice(cards) if cards else None)
            elif choice.kind == "hand_in":
                game.hand_in(name, rng.sample(cards, choice.min_cards))
            else:
                count = 2 if choice.max_cards == 2 and rng.random() < 0.5 else 1
                red = rng.choice(choice.red_cards) if choice.red_cards else None
                game.apply(Vote(name, tuple(rng.sample(cards, count)), red))


def new_game(variant: str, players: int, seed: int) -> Game:
    rng = random.Random(seed)
    deck = DECK[:]
    rng.shuffle(deck)
    names = [f"p{i}" for i in range(players)]
    return Game(variant, names, deck, seed=seed)


def bench_rounds(variant: str, players: int, seconds: float) -> tuple[int, int, float]:
    rng = random.Random(1)
    games = rounds = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds:
        game = new_game(variant, players, games)
        play(game, rng)
        games += 1
        rounds += game.round_number
        elapsed = time.perf_counter() - start
    return games, rounds, elapsed


def bench_views(variant: str, players: int, seconds: float) -> tuple[int, float]:
    """Every seat's view and a spectator's, after every action of random games."""
    rng = random.Random(2)
    views = 0
    spent = 0.0
    seed = 0
    while spent < seconds:
        game = new_game(variant, players, seed)
        seed += 1
        while not game.finished and spent < seconds:
            if game.phase is Phase.REVEAL:
                game.next_round()
            name = game.waiting_for()[0]
            choice = game.choice(name)
            if choice is None:
                name = game.waiting_for()[-1]
                choice = game.choice(name)
            assert choice is not None
            if choice.kind == "tell":
                game.apply(Tell(name, "a clue", rng.choice(choice.cards) if choice.cards else None))
            elif choice.kind == "hand_in":
                game.apply(HandIn(name, tuple(rng.sample(choice.cards, choice.min_cards))))
            else:
                red = rng.choice(choice.red_cards) if choice.red_cards else None
                game.apply(Vote(name, (rng.choice(choice.cards),), red))
            start = time.perf_counter()
            for seat_name in (None, *game.players):
                view(game, seat_name)
            spent += time.perf_counter() - start
            views += players + 1
    return views, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement")
    args = parser.parse_args()
    print(f"python {platform.python_version()} on {platform.machine()}, one core")
    print(f"{'mode':<9}{'players':>8}{'games':>8}{'rounds':>9}{'rounds/s':>11}{'views/s':>10}")
    for variant, players in CASES:
        games, rounds, elapsed = bench_rounds(variant, players, args.seconds)
        views, spent = bench_views(variant, players, args.seconds / 2)
        print(
            f"{variant:<9}{players:>8}{games:>8}{rounds:>9}"
            f"{rounds / elapsed:>11,.0f}{views / spent:>10,.0f}"
        )


if __name__ == "__main__":
    main()
