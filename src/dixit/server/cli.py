"""``dixit serve``: host tables on this machine for friends to play in their browsers."""

from __future__ import annotations

import argparse
import contextlib
import gc
import logging
import sys
from pathlib import Path
from typing import Any

__all__ = ["register"]


def register(commands: Any) -> None:
    """Add ``serve`` to the ``dixit`` command line."""
    p = commands.add_parser("serve", help="host tables for friends to play in their browsers")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port to listen on (8000)")
    p.add_argument(
        "--data-dir",
        type=Path,
        default=None,
        help="folder for the database and decks (default: the user's data directory)",
    )
    p.add_argument(
        "--database-url",
        default=None,
        help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default: SQLite "
        "in the data folder)",
    )
    p.add_argument(
        "--ai-delay",
        type=float,
        default=1.5,
        help="seconds an AI player waits before it acts (1.5)",
    )
    p.add_argument(
        "--tables-per-minute",
        type=float,
        default=20.0,
        help="new tables one address may create per minute (20; 0: no limit, for benchmarks)",
    )
    p.add_argument(
        "--plain-deck",
        action="store_true",
        help="deal numbered cards without pictures instead of the deck library (benchmarks)",
    )
    p.add_argument("--log-level", default="warning", choices=["debug", "info", "warning", "error"])
    p.set_defaults(handler=cmd_serve)


def default_data_dir() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("dixit", appauthor=False))


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from .app import create_app
    from .decks import DeckCatalog, LibraryDecks, PlainDecks
    from .hub import HubConfig
    from .storage import Store, sqlite_url

    logging.basicConfig(level=args.log_level.upper(), format="%(levelname)s %(name)s %(message)s")
    data_dir: Path = args.data_dir or default_data_dir()
    data_dir.mkdir(parents=True, exist_ok=True)
    store = Store(args.database_url or sqlite_url(data_dir))
    store.migrate()
    decks: DeckCatalog = PlainDecks() if args.plain_deck else LibraryDecks(data_dir)
    app = create_app(
        store, decks, HubConfig(ai_delay=args.ai_delay, tables_per_minute=args.tables_per_minute)
    )
    # Full collections walk every object of every table and stop all of them
    # meanwhile: keep what loading built out of them, and collect less often.
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    try:
        import uvloop  # noqa: F401

        loop = "uvloop"
    except ImportError:  # pragma: no cover - uvloop is not on every platform
        loop = "asyncio"
    config = uvicorn.Config(
        app,
        host=args.host,
        port=args.port,
        ws="websockets-sansio",
        loop=loop,
        http="h11",
        ws_max_size=1024 * 1024,
        ws_per_message_deflate=False,
        log_level=args.log_level,
        access_log=False,
        timeout_graceful_shutdown=3,
    )
    sys.stderr.write(f"dixit: serving on http://{args.host}:{args.port} (data in {data_dir})\n")
    # uvicorn re-raises Ctrl-C once it has shut down cleanly
    with contextlib.suppress(KeyboardInterrupt):
        uvicorn.Server(config).run()
    return 0
