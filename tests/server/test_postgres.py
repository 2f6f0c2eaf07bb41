"""The same server on PostgreSQL: migrations, a whole game, and a restart.

Runs in a fresh schema of the ``test`` database on 127.0.0.1:5432 (dropped
afterwards); skipped, saying why, where no PostgreSQL answers, except under CI,
where PostgreSQL always runs and its absence fails the test.
"""

from __future__ import annotations

import os
import random
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest

from .wire import Client, Server, play, table_with

URL = "postgresql://postgres@127.0.0.1:5432/test"


@pytest.fixture
def schema() -> Iterator[str]:
    psycopg = pytest.importorskip("psycopg")
    name = f"dixit_test_{secrets.token_hex(4)}"
    try:
        connection = psycopg.connect(URL, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        if os.environ.get("CI"):  # CI machines run PostgreSQL: its absence is a failure there
            pytest.fail(f"no PostgreSQL at {URL}: {error}")
        pytest.skip(f"no PostgreSQL at {URL}: {error}")
    with connection:
        connection.execute(f"CREATE SCHEMA {name}")
        try:
            yield name
        finally:
            connection.execute(f"DROP SCHEMA {name} CASCADE")


def test_a_game_and_a_restart_on_postgresql(tmp_path: Path, schema: str) -> None:
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}"
    rng = random.Random(8)
    first = Server(tmp_path / "pg", "--database-url", url).start()
    try:
        clients, code = table_with(first, 3, options={"target_score": 10})
        play(clients, rng, until=lambda cs: len(cs[0].history) >= 1)
        version, tokens = clients[0].version, [c.token or "" for c in clients]
        first.kill()
        for c in clients:
            c.close()
    finally:
        if first.alive():
            first.kill()
    assert not (tmp_path / "pg" / "dixit.sqlite3").exists()
    second = Server(tmp_path / "pg", "--database-url", url).start()
    try:
        back = [Client.resume(second, code, token) for token in tokens]
        assert back[0].version == version
        play(back, rng)
        assert back[0].game is not None
        assert back[0].game["finished"]
        for c in back:
            c.close()
    finally:
        second.stop()
