"""Load bench: N tables of scripted players at a human pace against one `dixit serve`.

Starts `dixit serve` as a subprocess on a free port with a temporary data folder
(or uses ``--url``), creates the tables over HTTP, connects one WebSocket per
player, and lets every player act a few seconds after something is asked of
them (random legal moves from their own view, "next" at the reveal). When a
game ends the host offers a rematch and starts again. After the ramp-up it
measures for ``--duration`` seconds and prints:

- connected clients,
- actions per second (moves and "next" taps the server accepted),
- p50/p99/max latency from sending an action to *every* member of the table
  receiving the resulting event,
- errors (error frames, dropped sockets),
- the server's resident memory (peak, from /proc).

Everything runs on this machine (127.0.0.1) and stops by itself.

    python bench/load_bench.py --tables 500 --players 6 --duration 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from dixit.bots import RandomPlayer
from dixit.engine import action_to_dict


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Stats:
    measuring: bool = False
    actions: int = 0
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    connected: int = 0
    dropped: int = 0

    def error(self, code: str) -> None:
        self.errors[code] = self.errors.get(code, 0) + 1


@dataclass
class TableRun:
    code: str
    members: int
    #: player id -> (time the action was sent, members still to receive it)
    pending: dict[str, list[float]] = field(default_factory=dict)


class Player:
    def __init__(
        self, table: TableRun, stats: Stats, pace: tuple[float, float], rng: random.Random
    ) -> None:
        self.table = table
        self.stats = stats
        self.pace = pace
        self.rng = rng
        self.version = 0
        self.game: dict[str, Any] | None = None
        self.tab: dict[str, Any] = {}
        self.player_id = ""
        self.host = False
        self.ws: ClientConnection | None = None
        self.thinking = False
        self.awaiting = False
        self.stopping = asyncio.Event()
        self.background: set[asyncio.Task[None]] = set()

    def on_event(self, message: dict[str, Any], now: float) -> None:
        event = message["event"]
        kind = event["kind"]
        who = event.get("player") if kind == "action" else event.get("player_id")
        if who == self.player_id and kind in ("action", "ready"):
            self.awaiting = False
        if (kind == "action" and event.get("by") == "player") or kind == "ready":
            sent = self.table.pending.get(str(who))
            if sent is not None:
                if self.stats.measuring:
                    self.stats.latencies.append(now - sent[0])
                sent[1] -= 1
                if sent[1] <= 0:
                    del self.table.pending[str(who)]
                    if self.stats.measuring:
                        self.stats.actions += 1

    async def send(self, message: dict[str, Any]) -> None:
        assert self.ws is not None
        try:
            await self.ws.send(json.dumps(message))
        except ConnectionClosed:
            if not self.stopping.is_set():
                raise

    async def think_then(self, make: Any) -> None:
        self.thinking = True
        try:
            await asyncio.sleep(self.rng.uniform(*self.pace))
            message = make()
            if message is not None:
                self.awaiting = True
                self.table.pending[self.player_id] = [time.perf_counter(), self.table.members]
                await self.send(message)
        finally:
            self.thinking = False
        if message is None:
            self.next_step()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.background.add(task)  # keep a reference until it is done
        task.add_done_callback(self.background.discard)

    def next_step(self) -> None:
        if self.thinking or self.awaiting or self.game is None:
            return
        game = self.game
        if game["choice"]:
            self._spawn(self.think_then(self._move))
        elif game["phase"] == "reveal" and self.player_id not in self.tab.get("ready", []):
            self._spawn(self.think_then(self._ready))
        elif game["finished"] and self.host and self.tab.get("status") == "finished":
            self._spawn(self.think_then(self._rematch))

    def _move(self) -> dict[str, Any] | None:
        if not self.game or not self.game["choice"]:
            return None
        action = RandomPlayer(self.rng).act(self.game)
        if action is None:
            return None
        data = action_to_dict(action)
        del data["player"]
        return {"type": "act", "version": self.version, "action": data}

    def _ready(self) -> dict[str, Any] | None:
        if not self.game or self.game["phase"] != "reveal":
            return None
        return {"type": "ready"}

    def _rematch(self) -> None:
        self._spawn(self._restart())

    async def _restart(self) -> None:
        await self.send({"type": "rematch"})
        await asyncio.sleep(0.5)
        await self.send({"type": "start"})

    async def run(self, url: str, first: dict[str, Any], stop: asyncio.Event) -> None:
        try:
            async with connect(url, max_size=None, compression=None, open_timeout=60) as ws:
                self.ws = ws
                self.stopping = stop
                await self.send(first)
                self.stats.connected += 1
                reader = asyncio.create_task(self._read(ws))
                await stop.wait()
                reader.cancel()
        except Exception as error:  # counted, never fatal to the bench
            self.stats.dropped += 1
            self.stats.error(f"socket/{type(error).__name__}")
        finally:
            if self.ws is not None:
                self.stats.connected -= 1

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                now = time.perf_counter()
                message = json.loads(raw)
                kind = message["type"]
                if kind == "event":
                    self.version = message["version"]
                    self.on_event(message, now)
                    if "table" in message:
                        self.tab = message["table"]
                    if "game" in message:
                        self.game = message["game"]
                    self.next_step()
                elif kind == "welcome":
                    self.version = message["version"]
                    self.tab = message["table"]
                    self.game = message["game"]
                    self.player_id = message["you"]["player_id"]
                    self.host = self.tab["host"] == self.player_id
                    self.next_step()
                elif kind == "error":
                    if self.stats.measuring:
                        self.stats.error(message["code"])
                    self.table.pending.pop(self.player_id, None)
                    self.awaiting = False
                    self.next_step()
        except Exception as error:
            self.stats.dropped += 1
            self.stats.error(f"socket/{type(error).__name__}")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process, from /proc."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def rss_mib(pid: int) -> float:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


async def main_async(args: argparse.Namespace) -> int:
    stats = Stats()
    server: subprocess.Popen[bytes] | None = None
    data_dir = tempfile.mkdtemp(prefix="dixit-bench-")
    if args.url:
        http = args.url.rstrip("/")
    else:
        port = free_port()
        http = f"http://127.0.0.1:{port}"
        code = "from dixit.cli import main; raise SystemExit(main())"
        server = subprocess.Popen(
            [
                *(sys.executable, "-c", code, "serve", "--port", str(port)),
                *("--data-dir", data_dir, "--tables-per-minute", "0"),
            ],
            stdout=subprocess.DEVNULL,
            preexec_fn=(lambda: os.nice(args.server_nice)) if args.server_nice else None,
            stderr=open(os.path.join(data_dir, "server.log"), "wb"),  # noqa: SIM115
            # the server's own warnings (blocked loop, slow storage) go to server.log
        )
    ws_url = http.replace("http", "ws", 1) + "/ws"
    async with httpx.AsyncClient(base_url=http, timeout=30) as client:
        for _ in range(300):
            try:
                if (await client.get("/api/health")).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
        rng = random.Random(args.seed)
        stop = asyncio.Event()
        tasks: list[asyncio.Task[None]] = []
        players: list[Player] = []
        started = time.perf_counter()
        for t in range(args.tables):
            created = (
                await client.post(
                    "/api/tables",
                    json={"name": f"host {t}", "mode": args.mode, "options": {}},
                )
            ).json()
            table = TableRun(created["code"], args.players)
            host = Player(
                table, stats, (args.min_think, args.max_think), random.Random(rng.random())
            )
            players.append(host)
            first = {
                "type": "resume",
                "protocol": 1,
                "table": table.code,
                "token": created["token"],
            }
            tasks.append(asyncio.create_task(host.run(ws_url, first, stop)))
            for i in range(1, args.players):
                p = Player(
                    table, stats, (args.min_think, args.max_think), random.Random(rng.random())
                )
                players.append(p)
                join = {"type": "join", "protocol": 1, "table": table.code, "name": f"p{i}"}
                tasks.append(asyncio.create_task(p.run(ws_url, join, stop)))
            if t % 20 == 19:
                await asyncio.sleep(0.05)
        # wait until everyone is seated, then the hosts start
        deadline = time.perf_counter() + 120
        while time.perf_counter() < deadline:
            seated = sum(1 for p in players if p.player_id)
            if seated == len(players):
                break
            await asyncio.sleep(0.2)
        for p in players:
            if p.host:
                await p.send({"type": "start"})
        setup = time.perf_counter() - started
        print(
            f"set up {args.tables} tables, {stats.connected} clients in {setup:.1f} s; "
            f"warming up {args.warmup} s",
            flush=True,
        )
        await asyncio.sleep(args.warmup)
        stats.measuring = True
        lags: list[float] = []
        pings: list[float] = []

        async def watch() -> None:
            # how late this process's own loop wakes up, and how fast the server answers
            while stats.measuring:
                t = time.perf_counter()
                await asyncio.sleep(0.1)
                lags.append(time.perf_counter() - t - 0.1)
                t = time.perf_counter()
                await client.get("/api/health")
                pings.append(time.perf_counter() - t)

        watcher = asyncio.create_task(watch())
        peak = 0.0
        t0 = time.perf_counter()
        server_cpu0 = cpu_seconds(server.pid) if server is not None else 0.0
        bench_cpu0 = time.process_time()
        while time.perf_counter() - t0 < args.duration:
            await asyncio.sleep(1)
            if server is not None:
                peak = max(peak, rss_mib(server.pid))
        elapsed = time.perf_counter() - t0
        stats.measuring = False
        server_cpu = (cpu_seconds(server.pid) - server_cpu0) if server is not None else 0.0
        bench_cpu = time.process_time() - bench_cpu0
        await watcher
        health = (await client.get("/api/health")).json()
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    lat = sorted(stats.latencies)

    def pct(q: float) -> float:
        return lat[min(len(lat) - 1, int(q * len(lat)))] * 1000 if lat else float("nan")

    print(f"tables:              {args.tables} ({args.mode}, {args.players} players)")
    print(f"server niceness:     {args.server_nice}")
    with open("/proc/loadavg") as loadavg:
        load = loadavg.read().split()[:3]
    print(
        f"machine load:        {' '.join(load)} on {os.cpu_count()} cores (others' work skews it)"
    )
    print(f"connected clients:   {health['connections']} (server) / {len(players)} (bench)")
    print(
        f"actions per second:  {stats.actions / elapsed:.1f} ({stats.actions} in {elapsed:.0f} s)"
    )
    print(f"deliveries measured: {len(lat)}")
    print(
        f"latency action->every member: p50 {pct(0.50):.1f} ms, p99 {pct(0.99):.1f} ms, "
        f"max {pct(1.0):.1f} ms, mean {statistics.fmean(lat) * 1000 if lat else 0:.1f} ms"
    )
    print(f"errors:              {sum(stats.errors.values())} {stats.errors or ''}")
    print(f"dropped sockets:     {stats.dropped}")
    if server is not None:
        print(f"server memory:       {peak:.0f} MiB peak RSS")
        print(f"server log:          {os.path.join(data_dir, 'server.log')}")
        print(f"server CPU:          {100 * server_cpu / elapsed:.0f}% of one core")
    print(f"bench CPU:           {100 * bench_cpu / elapsed:.0f}% of one core")
    lags.sort()
    pings.sort()
    if lags and pings:
        print(
            f"bench loop lag:      p99 {lags[int(0.99 * len(lags))] * 1000:.1f} ms; "
            f"server /api/health: p50 {pings[len(pings) // 2] * 1000:.1f} ms, "
            f"p99 {pings[int(0.99 * len(pings))] * 1000:.1f} ms"
        )
    if server is not None:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
    return 0 if not stats.errors and not stats.dropped else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--mode", default="odyssey")
    parser.add_argument("--duration", type=float, default=60, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=10, help="seconds before measuring")
    parser.add_argument("--min-think", type=float, default=2.0)
    parser.add_argument("--max-think", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", default=None, help="bench a running server instead")
    parser.add_argument(
        "--server-nice",
        type=int,
        default=0,
        help="niceness of the server process (negative needs root): on a machine shared "
        "with other busy work, shows what the server does when it is scheduled",
    )
    args = parser.parse_args()
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    try:
        import uvloop

        return uvloop.run(main_async(args))
    except ImportError:
        return asyncio.run(main_async(args))


if __name__ == "__main__":
    raise SystemExit(main())
