"""``dixit deck ...``: import, validate, list decks and draw their contact sheets."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from dixit.engine import VARIANTS

from .importer import ImportOptions, read_deck
from .library import DeckLibrary
from .sheet import write_contact_sheet

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add the ``deck`` command group to the ``dixit`` parser's sub-commands."""
    deck = commands.add_parser("deck", help="import, validate, list and review decks of cards")
    sub = deck.add_subparsers(dest="deck_command", required=True, metavar="DECK_COMMAND")

    def data_dir(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--data-dir",
            type=Path,
            default=None,
            help="folder holding imported decks (default: the user's data folder)",
        )

    def game(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--variant",
            choices=sorted(VARIANTS),
            default=None,
            help="check the deck is big enough for this mode",
        )
        p.add_argument(
            "--players", type=int, default=None, help="... and this many players (needs --variant)"
        )

    p = sub.add_parser("import", help="check a deck folder or .zip and add it to the library")
    p.add_argument("path", type=Path)
    p.add_argument("--id", dest="deck_id", default=None, help="the deck's id in the library")
    p.add_argument("--name", default=None, help="the deck's display name")
    p.add_argument(
        "--fit",
        choices=("crop", "letterbox"),
        default="crop",
        help="how pictures that are not 2:3 become cards",
    )
    p.add_argument("--replace", action="store_true", help="replace a deck with the same id")
    data_dir(p)
    game(p)
    p.set_defaults(handler=cmd_import)

    p = sub.add_parser("validate", help="check a deck folder or .zip without importing it")
    p.add_argument("path", type=Path)
    game(p)
    p.set_defaults(handler=cmd_validate)

    p = sub.add_parser("list", help="list the decks in the library")
    data_dir(p)
    p.set_defaults(handler=cmd_list)

    p = sub.add_parser("remove", help="remove an imported deck from the library")
    p.add_argument("deck_id", metavar="ID")
    data_dir(p)
    p.set_defaults(handler=cmd_remove)

    p = sub.add_parser("sheet", help="write a contact sheet (PNG) of a deck")
    p.add_argument("deck_id", metavar="ID")
    p.add_argument(
        "-o", "--output", type=Path, default=None, help="PNG file to write (default: ID-sheet.png)"
    )
    p.add_argument("--columns", type=int, default=10)
    data_dir(p)
    p.set_defaults(handler=cmd_sheet)

    p = sub.add_parser("generate", help="render the default deck from its generator")
    p.add_argument(
        "--out",
        type=Path,
        default=None,
        help="deck folder to write (default: the package's default deck)",
    )
    p.add_argument("--only", default=None, help="render only these card numbers, e.g. 1-12,40")
    p.set_defaults(handler=cmd_generate)


def _options(args: argparse.Namespace, **extra: Any) -> ImportOptions:
    return ImportOptions(variant=args.variant, players=args.players, **extra)


def cmd_import(args: argparse.Namespace) -> int:
    library = DeckLibrary(args.data_dir)
    options = _options(args, fit=args.fit, deck_id=args.deck_id, name=args.name)
    deck = library.import_path(args.path, options, replace=args.replace)
    sys.stdout.write(f"imported {deck.id} ({deck.name}): {len(deck)} cards into {deck.root}\n")
    return 0


def cmd_validate(args: argparse.Namespace) -> int:
    prepared = read_deck(args.path, _options(args), encode=False)
    sys.stdout.write(
        f"{args.path}: deck {prepared.id} ({prepared.name}) is valid, {len(prepared.cards)} cards\n"
    )
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    library = DeckLibrary(args.data_dir)
    for deck in library.list():
        licence = f", {deck.licence}" if deck.licence else ""
        sys.stdout.write(f"{deck.id}\t{len(deck)} cards\t{deck.name}{licence}\n")
    return 0


def cmd_remove(args: argparse.Namespace) -> int:
    DeckLibrary(args.data_dir).remove(args.deck_id)
    sys.stdout.write(f"removed {args.deck_id}\n")
    return 0


def cmd_sheet(args: argparse.Namespace) -> int:
    deck = DeckLibrary(args.data_dir).get(args.deck_id)
    out = args.output or Path(f"{deck.id}-sheet.png")
    write_contact_sheet(deck, out, args.columns)
    sys.stdout.write(f"wrote {out} ({len(deck)} cards)\n")
    return 0


def cmd_generate(args: argparse.Namespace) -> int:
    from .generator.build import main as generate

    return generate(args.out, args.only)
