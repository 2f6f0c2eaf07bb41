"""Where tables live between restarts: an append-only log of events per table.

A table is rebuilt by replaying its events in version order (see
:mod:`dixit.server.table`), so the log is the only thing stored. Events are
written before anyone hears of them; with SQLite in WAL mode a committed event
survives ``kill -9`` of the server. The schema is created and upgraded by the
Alembic migrations shipped in ``dixit/server/migrations`` when the server
starts; the same code runs on PostgreSQL through ``--database-url``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    Column,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    event,
    insert,
    select,
)
from sqlalchemy.exc import IntegrityError

__all__ = ["Store", "StoredTable", "metadata"]

metadata = MetaData()

tables = Table(
    "tables",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(16), nullable=False, unique=True),
    Column("created_at", DateTime(timezone=True), nullable=False),
)

events = Table(
    "events",
    metadata,
    Column("table_id", Integer, ForeignKey("tables.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("kind", String(32), nullable=False),
    Column("data", JSON, nullable=False),
    Column("at", DateTime(timezone=True), nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")


@dataclass(slots=True)
class StoredTable:
    id: int
    code: str
    events: list[tuple[int, str, dict[str, Any], datetime]]


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL: readers never block the writer; NORMAL: a commit survives a killed
    # process (only a power cut could lose the last commits).
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def sqlite_url(data_dir: Path) -> str:
    return f"sqlite:///{data_dir / 'dixit.sqlite3'}"


class Store:
    """The event log, through SQLAlchemy Core."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine: Engine = create_engine(url)
        if self.engine.dialect.name == "sqlite":
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self._writer: Connection | None = None
        self._insert_event = insert(events)

    def migrate(self) -> None:
        """Bring the schema up to date (Alembic ``upgrade head``)."""
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")

    def create_table(self, code: str) -> int | None:
        """A new table row; ``None`` when the code is taken."""
        try:
            with self.engine.begin() as connection:
                result = connection.execute(
                    insert(tables).values(code=code, created_at=datetime.now(UTC))
                )
                key = result.inserted_primary_key
                assert key is not None
                return int(key[0])
        except IntegrityError:
            return None

    def append(self, table_id: int, version: int, kind: str, data: dict[str, Any]) -> None:
        """Store one event, committed before this returns."""
        self.append_many([(table_id, version, kind, data)])

    def append_many(self, rows: list[tuple[int, int, str, dict[str, Any]]]) -> None:
        """Store events in one transaction, committed before this returns.

        Raises if a version is taken (two writers would be a bug). One open
        connection and one prepared statement: this runs for every event. The
        connection belongs to the thread that first writes (the event writer).
        """
        connection = self._writer
        if connection is None or connection.closed:
            connection = self._writer = self.engine.connect()
        at = datetime.now(UTC)
        try:
            connection.execute(
                self._insert_event,
                [
                    {"table_id": t, "version": v, "kind": k, "data": d, "at": at}
                    for t, v, k, d in rows
                ],
            )
            connection.commit()
        except Exception:
            connection.rollback()
            raise

    def load(self, code: str | None = None) -> Iterator[StoredTable]:
        """Every stored table (or the one with ``code``) with its events in order."""
        with self.engine.connect() as connection:
            query = select(tables.c.id, tables.c.code).order_by(tables.c.id)
            if code is not None:
                query = query.where(tables.c.code == code)
            rows = connection.execute(query).all()
            for row in rows:
                table_id, table_code = int(row[0]), str(row[1])
                stored = connection.execute(
                    select(events.c.version, events.c.kind, events.c.data, events.c.at)
                    .where(events.c.table_id == table_id)
                    .order_by(events.c.version)
                ).all()
                yield StoredTable(
                    table_id,
                    table_code,
                    [(int(r[0]), str(r[1]), dict(r[2]), r[3]) for r in stored],
                )

    def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            self._writer = None
        self.engine.dispose()
