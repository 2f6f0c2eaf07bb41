"""The multiplayer server: tables, seats, the table protocol, storage.

Modules, one per concept: :mod:`.protocol` (messages and error codes),
:mod:`.table` (one table's state, folded from its events), :mod:`.hub` (the
running tables, sockets, timers and AI players), :mod:`.storage` (the event
log in SQL, with Alembic migrations), :mod:`.decks` (what the server needs of
a deck), :mod:`.app` (the ASGI app) and :mod:`.cli` (``dixit serve``). The
server imports the rules engine; the engine knows nothing of it.
"""

from .app import create_app
from .protocol import PROTOCOL

__all__ = ["PROTOCOL", "create_app"]
