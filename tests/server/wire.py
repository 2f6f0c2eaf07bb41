"""Real clients for real servers: a `dixit serve` subprocess and WebSocket players.

Everything here talks to the server the way a browser would: HTTP to create a
table, one WebSocket per client, JSON frames. Every frame a client receives is
kept (``frames``) so tests can look at exactly what went over the wire.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from dixit.bots import RandomPlayer
from dixit.engine import action_to_dict

PROTOCOL = 1
WAIT = 10.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`dixit serve` in a subprocess, on a free port, with its own data folder."""

    def __init__(self, data_dir: Path, *extra: str) -> None:
        self.data_dir = data_dir
        self.extra = extra
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "server.log"

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> Server:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        code = "from dixit.cli import main; raise SystemExit(main())"
        args = [sys.executable, "-c", code, "serve", "--port", str(self.port)]
        args += ["--data-dir", str(self.data_dir), "--ai-delay", "0"]
        args += ["--tables-per-minute", "0", *self.extra]  # a test may set its own limit
        with open(self.log, "ab") as log:
            self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()}")
            try:
                if httpx.get(f"{self.http}/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError("the server did not come up")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """``kill -9``: no chance to clean up."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)

    def create_table(self, name: str = "Ana", **settings: Any) -> dict[str, Any]:
        response = httpx.post(f"{self.http}/api/tables", json={"name": name, **settings})
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data


class Client:
    """One WebSocket client: what it was told, and every frame it got."""

    def __init__(self, server: Server, label: str = "") -> None:
        self.server = server
        self.label = label
        self._stack = ExitStack()
        self.socket: ClientConnection = self._stack.enter_context(
            connect(server.ws, open_timeout=WAIT, max_size=None)
        )
        self.frames: list[dict[str, Any]] = []
        self.raw: list[str] = []
        self.version = 0
        self.phase_version = 0
        self.table: dict[str, Any] = {}
        self.game: dict[str, Any] | None = None
        self.history: list[dict[str, Any]] = []
        self.player_id: str | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.errors: list[dict[str, Any]] = []
        self.closed = False
        self._refs = 0

    # -- joining --------------------------------------------------------------

    @classmethod
    def join(cls, server: Server, code: str, name: str, role: str = "player") -> Client:
        client = cls(server, name)
        client.code = code
        client.send({"type": "join", "protocol": PROTOCOL, "table": code, "name": name, "as": role})
        welcome = client.wait(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        client.token = welcome["you"]["token"]
        return client

    @classmethod
    def resume(
        cls, server: Server, code: str, token: str, since: int | None = None, label: str = ""
    ) -> Client:
        client = cls(server, label)
        client.code = code
        client.token = token
        message: dict[str, Any] = {
            "type": "resume",
            "protocol": PROTOCOL,
            "table": code,
            "token": token,
        }
        if since is not None:
            message["since"] = since
        client.send(message)
        welcome = client.wait(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        return client

    @classmethod
    def watch(cls, server: Server, code: str) -> Client:
        """A shared screen: no member, the spectator's view."""
        client = cls(server, "screen")
        client.code = code
        client.send({"type": "watch", "protocol": PROTOCOL, "table": code})
        welcome = client.wait(lambda m: m["type"] in ("welcome", "error"))
        assert welcome["type"] == "welcome", welcome
        return client

    # -- the wire -------------------------------------------------------------

    def send(self, message: dict[str, Any]) -> None:
        self.socket.send(json.dumps(message))

    def send_raw(self, data: str | bytes) -> None:
        self.socket.send(data)

    def ref(self) -> str:
        self._refs += 1
        return f"{self.label}-{self._refs}"

    def _take(self, text: str | bytes) -> dict[str, Any]:
        assert isinstance(text, str)
        message: dict[str, Any] = json.loads(text)
        self.raw.append(text)
        self.frames.append(message)
        kind = message["type"]
        if kind == "welcome":
            self.version = message["version"]
            self.phase_version = message["phase_version"]
            self.table = message["table"]
            self.game = message["game"]
            self.history = list(message["game"]["history"]) if message["game"] else []
            self.player_id = message["you"]["player_id"]
        elif kind == "event":
            assert message["version"] == self.version + 1, (self.label, message, self.version)
            self.version = message["version"]
            self.phase_version = message["phase_version"]
            if "table" in message:
                self.table = message["table"]
            if "game" in message:
                self.game = message["game"]
                if message["game"] is None:
                    self.history = []
            if message.get("recap"):
                self.history.append(message["recap"])
        elif kind == "error":
            self.errors.append(message)
        elif kind == "presence":
            for member in self.table.get("members", []):
                if member["player_id"] == message["player_id"]:
                    member["online"] = message["online"]
        return message

    def recv(self, timeout: float = WAIT) -> dict[str, Any] | None:
        """The next frame, or ``None`` on time-out."""
        try:
            return self._take(self.socket.recv(timeout=timeout))
        except TimeoutError:
            return None

    def drain(self) -> int:
        count = 0
        while not self.closed:
            try:
                self._take(self.socket.recv(timeout=0.001))
            except TimeoutError:
                break
            except ConnectionClosed:
                self.closed = True
                break
            count += 1
        return count

    def wait(
        self, predicate: Callable[[dict[str, Any]], bool], timeout: float = WAIT
    ) -> dict[str, Any]:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"{self.label}: timed out; last frames {self.frames[-3:]}")
            message = self.recv(left)
            if message is not None and predicate(message):
                return message

    def wait_version(self, version: int, timeout: float = WAIT) -> None:
        if self.version >= version:
            return
        self.wait(lambda m: self.version >= version, timeout)

    def request(self, message: dict[str, Any], timeout: float = WAIT) -> dict[str, Any]:
        """Send with a ref; the matching error, or the event that follows it."""
        ref = self.ref()
        self.send({**message, "ref": ref})
        start = len(self.frames)
        return self.wait(
            lambda m: (
                (m["type"] == "error" and m.get("ref") == ref)
                or (m["type"] == "event" and _caused_by(m, self.player_id, message))
                or (len(self.frames) > start and m["type"] == "bye")
            ),
            timeout,
        )

    def close(self) -> None:
        self._stack.close()
        self.closed = True

    # -- what it sees -----------------------------------------------------------

    @property
    def phase(self) -> str | None:
        return self.game["phase"] if self.game else None

    def member(self, player_id: str) -> dict[str, Any]:
        for member in self.table["members"]:
            if member["player_id"] == player_id:
                return dict(member)
        raise KeyError(player_id)


_EVENT_OF = {
    "act": "action",
    "ready": "ready",
    "chat": "chat",
    "sit": "seat",
    "stand": "seat",
    "leave": "left",
    "reclaim": "reclaim",
    "settings": "settings",
    "time_limits": "time_limits",
    "add_ai": "joined",
    "remove": "left",
    "start": "started",
    "next_round": "next_round",
    "takeover": "takeover",
    "promote": "host",
    "rematch": "rematch",
}


def _caused_by(event: dict[str, Any], player_id: str | None, message: dict[str, Any]) -> bool:
    e = event["event"]
    if message["type"] == "continue":  # a move for someone awaited, or the next round
        return bool(e["kind"] in ("action", "next_round") and e.get("by") == "host")
    if e["kind"] != _EVENT_OF.get(message["type"]):
        return False
    if message["type"] == "act":
        return bool(e["player"] == player_id and e["by"] == "player")
    if message["type"] in ("ready", "chat", "sit", "stand", "leave", "reclaim"):
        return bool(e.get("player_id") == player_id)
    if message["type"] in ("remove", "takeover", "promote"):
        return bool(e.get("player_id") == message["player_id"])
    return True


def table_with(
    server: Server, players: int, mode: str = "odyssey", ai: int = 0, **settings: Any
) -> tuple[list[Client], str]:
    """A started table: the host and ``players - 1 - ai`` others joined, ``ai`` AI players."""
    created = server.create_table("Ana", mode=mode, **settings)
    code = created["code"]
    host = Client.resume(server, code, created["token"], label="Ana")
    clients = [host]
    for i in range(1, players - ai):
        clients.append(Client.join(server, code, f"player {i + 1}"))
    for _ in range(ai):
        reply = host.request({"type": "add_ai"})
        assert reply["type"] == "event", reply
    started = host.request({"type": "start"})
    assert started["type"] == "event", started
    settle(clients)
    return clients, code


def settle(clients: Iterable[Client], timeout: float = WAIT) -> None:
    """Wait until every client has seen the same latest version."""
    clients = [c for c in clients if not c.closed]
    end = time.monotonic() + timeout
    while True:
        for c in clients:
            c.drain()
        top = max(c.version for c in clients)
        if all(c.version == top for c in clients):
            time.sleep(0.005)
            if not any(c.drain() for c in clients):
                return
        if time.monotonic() > end:
            raise AssertionError(f"clients did not settle: {[c.version for c in clients]}")


def move(client: Client, rng: random.Random) -> dict[str, Any] | None:
    """A random legal action from what the client's seat sees (as the AI player would)."""
    assert client.game is not None
    action = RandomPlayer(rng).act(client.game)
    if action is None:
        return None
    data = action_to_dict(action)
    del data["player"]
    return data


def act(client: Client, action: dict[str, Any]) -> dict[str, Any]:
    return client.request({"type": "act", "version": client.version, "action": action})


def play(
    clients: list[Client],
    rng: random.Random,
    until: Callable[[list[Client]], bool] | None = None,
    timeout: float = 120.0,
) -> None:
    """Scripted players play (random legal moves) until the game is over or ``until``."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        settle(clients)
        if until is not None and until(clients):
            return
        live = [c for c in clients if not c.closed]
        if all(c.game and c.game["finished"] for c in live):
            return
        progressed = False
        for c in live:
            game = c.game
            if game is None or c.player_id is None:
                continue
            me = c.member(c.player_id)
            if me["ai_control"] or me["role"] != "player":
                continue
            if game["choice"]:
                reply = act(c, move(c, rng) or {})
                if reply["type"] == "error":
                    assert reply["code"] == "action/stale_version", reply
                progressed = True
                break
            if game["phase"] == "reveal" and c.player_id not in c.table["ready"]:
                reply = c.request({"type": "ready"})
                if reply["type"] == "error":
                    assert reply["code"] == "action/wrong_phase", reply
                progressed = True
                break
        if not progressed:
            # AI players or timers move next: wait for any frame.
            for c in live:
                if c.recv(0.05) is not None:
                    break
    raise AssertionError("the game did not finish in time")


def get(server: Server, path: str) -> httpx.Response:
    return httpx.get(f"{server.http}{path}", timeout=WAIT)


def env_has_postgres() -> bool:
    return bool(os.environ.get("DIXIT_TEST_POSTGRES"))
