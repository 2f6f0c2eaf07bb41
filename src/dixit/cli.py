"""The ``dixit`` command line: replay and score records, play a demo game.

Errors in the input (a bad record, an illegal round) end the command with exit
status 2 and a one-line message on standard error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO

from dixit.engine import VARIANTS, DixitError, Game, Phase, replay_summary, score_round, view

EXIT_BAD_INPUT = 2


def _read_json(path: str) -> Any:
    if path == "-":
        text = sys.stdin.read()
        where = "standard input"
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except OSError as error:
            raise DixitError(f"cannot read {path}: {error.strerror}") from error
        where = path
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise DixitError(
            f"{where} is not JSON: {error.msg} at line {error.lineno} column {error.colno}"
        ) from error


def _print_json(data: Any, out: TextIO) -> None:
    out.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def cmd_replay(args: argparse.Namespace) -> int:
    _print_json(replay_summary(_read_json(args.file)), sys.stdout)
    return 0


def cmd_score(args: argparse.Namespace) -> int:
    data = _read_json(args.file)
    if isinstance(data, list):
        results: list[dict[str, Any]] = []
        for index, spec in enumerate(data):
            try:
                results.append({"points": score_round(spec)})
            except DixitError as error:
                raise DixitError(f"round {index + 1} of the list: {error}") from error
        _print_json(results, sys.stdout)
    else:
        _print_json({"points": score_round(data)}, sys.stdout)
    return 0


def cmd_demo(args: argparse.Namespace) -> int:
    """Random players play one game; the story of it is printed."""
    from dixit.bots import RandomPlayer

    variant = VARIANTS[args.variant]
    players = args.players or variant.player_counts[min(1, len(variant.player_counts) - 1)]
    names = [f"player-{i + 1}" for i in range(players)]
    rng = random.Random(args.seed)
    deck = [f"card-{i:03d}" for i in range(1, 101)]
    rng.shuffle(deck)
    game = Game(args.variant, names, deck, seed=args.seed)
    bots = {name: RandomPlayer(random.Random(f"{args.seed}/{name}")) for name in names}
    out = sys.stdout
    out.write(f"{variant.title}, {players} players, seed {args.seed}\n")
    while not game.finished:
        if game.phase is Phase.REVEAL:
            game.next_round()
        for name in game.waiting_for():
            action = bots[name].act(view(game, name))
            if action is not None:
                game.apply(action)
        if game.phase in (Phase.REVEAL, Phase.GAME_OVER) and game.history:
            result = game.history[-1]
            if result.number == game.round_number:
                gains = ", ".join(f"{k} +{v}" for k, v in result.points.items() if v)
                out.write(
                    f"round {result.number}: {result.storyteller} said {result.clue!r}; "
                    f"{gains or 'nobody scores'}\n"
                )
    winners = " and ".join(game.winners())
    out.write(f"final scores: {json.dumps(game.score_dict())}\nwinner: {winners}\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="dixit", description="Play Dixit online.")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser("replay", help="replay a dixit-record/1 file and print its scores")
    p.add_argument("file", help="record file, or - for standard input")
    p.set_defaults(handler=cmd_replay)

    p = commands.add_parser("score", help="score rounds given as in rules-examples.json")
    p.add_argument("file", help="JSON file with one round or a list, or - for standard input")
    p.set_defaults(handler=cmd_score)

    p = commands.add_parser("demo", help="watch random players play one game")
    p.add_argument("--variant", choices=sorted(VARIANTS), default="odyssey")
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.set_defaults(handler=cmd_demo)

    for register in _extensions():
        register(commands)
    return parser


def _extensions() -> list[Callable[[Any], None]]:
    """Sub-command groups that live beside their subsystem (decks, server...)."""
    from dixit.decks.cli import register as register_decks
    from dixit.server.cli import register as register_server

    return [register_decks, register_server]


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args)
    except DixitError as error:
        sys.stderr.write(f"dixit {args.command}: {error}\n")
        return EXIT_BAD_INPUT


if __name__ == "__main__":
    raise SystemExit(main())
