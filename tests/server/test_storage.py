"""When storing fails, the table is rebuilt from its log and its clients resume."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from .wire import Client, Server, settle


def test_a_failed_write_rebuilds_the_table_from_the_log(tmp_path: Path) -> None:
    server = Server(tmp_path / "data").start()
    try:
        created = server.create_table("Ana")
        code = created["code"]
        ana = Client.resume(server, code, created["token"], label="Ana")
        ben = Client.join(server, code, "Ben")
        settle([ana, ben])
        version = ana.version
        # A second writer takes the next version behind the server's back.
        with sqlite3.connect(tmp_path / "data" / "dixit.sqlite3") as db:
            (table_id,) = db.execute("SELECT id FROM tables WHERE code = ?", (code,)).fetchone()
            line = {"player_id": "p2", "name": "Ben", "text": "from the log", "at": "now"}
            db.execute(
                "INSERT INTO events (table_id, version, kind, data, at) VALUES (?, ?, ?, ?, ?)",
                (table_id, version + 1, "chat", json.dumps(line), datetime.now(UTC).isoformat()),
            )
        ana.send({"type": "chat", "text": "lost", "ref": "x"})
        error = ana.wait(lambda m: m["type"] == "error")
        assert error["code"] == "server/error"
        assert ben.wait(lambda m: m["type"] == "error")["code"] == "server/error"
        # Both resume and find the table as stored; the server carries on.
        again = Client.resume(server, code, created["token"], since=version, label="Ana")
        assert again.version == version + 1
        assert [c["text"] for c in again.frames[0]["chat"]] == ["from the log"]
        assert again.request({"type": "chat", "text": "still here"})["type"] == "event"
        assert again.version == version + 2
        ana.close()
        ben.close()
        again.close()
    finally:
        server.stop()
