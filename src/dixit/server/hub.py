"""The running server's heart: tables in memory, sockets, and the one writer per table.

Every change to a table goes through :meth:`Hub.commit`: the event is folded
into the table, stored, and only then sent to the table's sockets, each
recipient getting its own seat's view. All of it runs on the event loop
without awaiting, so the messages of one table are handled one at a time:
that is the table's single writer. Sending is the only asynchronous part, one
queue and one writer task per socket, so a slow client never holds up a table.

Presence, phase timers, AI players and rate limits live here too.
"""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from dixit.engine import DixitError, IllegalActionError, MalformedError, Phase

from . import protocol as p
from .decks import DeckCatalog
from .limits import TokenBucket
from .protocol import PROTOCOL, RequestError, dumps
from .storage import Store
from .table import ACTING_PHASES, Effects, Table, check_settings, hash_token, new_code, new_token
from .writer import Batch, EventWriter

__all__ = ["Connection", "Hub", "HubConfig"]

log = logging.getLogger("dixit.server")

#: a socket whose queue holds this many unsent messages is too slow and is closed
MAX_QUEUE = 2000


@dataclass(frozen=True, slots=True)
class HubConfig:
    #: seconds an AI player waits before acting (0 in tests)
    ai_delay: float = 1.0
    #: rate limit: messages per second on average, and the burst allowed
    rate: float = 10.0
    burst: float = 30.0
    #: tables one address may create per minute (a minute's worth at once); 0: no limit
    tables_per_minute: float = 20.0


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


#: where a watching screen's sockets are kept; no player id looks like it
WATCHER = "~watch"


class Connection:
    """One client socket: who it is, what it may still send, what waits to go out."""

    def __init__(self, socket: Socket, config: HubConfig) -> None:
        self.socket = socket
        self.table: Table | None = None
        self.player_id: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closing = False
        self._messages = TokenBucket(config.rate, config.burst)

    def allow(self) -> bool:
        """False when the client sends faster than allowed."""
        return self._messages.take()

    def send(self, text: str) -> None:
        if self.closing:
            return
        if self.queue.qsize() > MAX_QUEUE:
            log.warning("closing a socket that does not keep up")
            self.close()
            return
        self.queue.put_nowait(text)

    def close(self) -> None:
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        try:
            while True:
                text = await self.queue.get()
                if text is None:
                    await self.socket.close(1000)
                    return
                await self.socket.send_text(text)
        except Exception:  # the peer went away; the reader notices too
            self.closing = True


class Hub:
    """All tables of this server process."""

    def __init__(self, store: Store, decks: DeckCatalog, config: HubConfig | None = None) -> None:
        self.store = store
        self.decks = decks
        self.config = config or HubConfig()
        self.tables: dict[str, Table] = {}
        self.sockets: dict[str, dict[str, list[Connection]]] = {}
        self.connections = 0
        self.rng = random.Random(secrets.randbits(64))
        self._loop: asyncio.AbstractEventLoop | None = None
        self.writer: EventWriter | None = None
        # what the message being handled produced: events to store, frames to send
        self._rows: list[tuple[int, int, str, dict[str, Any]]] = []
        self._sends: list[tuple[Connection, str | None]] = []
        self._touched: dict[str, Table] = {}

    # -- start and stop -----------------------------------------------------------

    def load(self) -> None:
        """Rebuild every stored table by replaying its events."""
        for stored in self.store.load():
            table = Table(stored.id, stored.code)
            for version, kind, data, _at in stored.events:
                table.apply(version, kind, data)
            self.tables[table.code] = table
            self.sockets[table.code] = {}
        log.info("loaded %d tables", len(self.tables))

    def start(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start the event writer; arm timers and wake AI players of every loaded table."""
        self._loop = loop
        self.writer = EventWriter(self.store, loop)
        for table in self.tables.values():
            self._after(table)
        self.flush()

    def stop(self) -> None:
        """Store what is pending and stop the event writer."""
        self.flush()
        if self.writer is not None:
            self.writer.close()
            self.writer = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    # -- tables -------------------------------------------------------------------

    def table(self, code: str) -> Table:
        table = self.tables.get(code.strip().upper())
        if table is None:
            raise RequestError("table/not_found", f"no table with code {code!r}", 404)
        return table

    def check_deck(self, deck_id: str | None) -> str:
        deck_id = deck_id or self.decks.default_id()
        if self.decks.get(deck_id) is None:
            raise RequestError("deck/not_found", f"no deck {deck_id!r}", 404)
        return deck_id

    def create_table(
        self,
        name: str,
        mode: str,
        options: dict[str, Any],
        deck: str | None,
        time_limits: dict[str, int | None],
        grace_seconds: int,
    ) -> tuple[Table, str, str]:
        """A new table with its creator as host; returns the table, player id and token."""
        name = p.clean_name(name)
        options = check_settings(mode, options)
        deck_id = self.check_deck(deck)
        for _ in range(20):
            code = new_code()
            if code in self.tables:
                continue
            db_id = self.store.create_table(code)
            if db_id is not None:
                break
        else:  # pragma: no cover - 32**6 codes
            raise RequestError("server/error", "no free table code", 500)
        table = Table(db_id, code)
        self.tables[code] = table
        self.sockets[code] = {}
        settings = {
            "mode": mode,
            "options": options,
            "deck": deck_id,
            "time_limits": {phase: time_limits.get(phase) for phase in p.PHASES},
            "grace_seconds": grace_seconds,
        }
        self.commit(table, "created", {"settings": settings})
        token = new_token()
        joined = table.check_join(name, "player")
        self.commit(table, "joined", {**joined, "token_hash": hash_token(token)})
        self.flush()
        return table, joined["player_id"], token

    # -- the single writer ----------------------------------------------------------

    def commit(self, table: Table, kind: str, data: dict[str, Any]) -> int:
        """Fold one event and render what each socket is to receive.

        An illegal game action raises first and changes nothing. The event is
        stored, and only then sent, by :meth:`flush` at the end of the message.
        """
        version = table.version + 1
        effects = table.apply(version, kind, data)
        self._rows.append((table.db_id, version, kind, data))
        self._touched[table.code] = table
        if table.game is not None and table.status == "playing":
            self._arm_timer(table)  # so that this very event tells the time left
        self._broadcast(table, kind, data, effects)
        self._after(table)
        return version

    def _out(self, conn: Connection, text: str | None) -> None:
        """Send ``text`` (``None``: close the socket) once what came before is stored."""
        self._sends.append((conn, text))

    def flush(self) -> None:
        """Hand what the last message produced to the event writer."""
        if not self._rows and not self._sends:
            return
        rows, sends, touched = self._rows, self._sends, list(self._touched.values())
        self._rows, self._sends, self._touched = [], [], {}
        writer = self.writer
        if writer is None:  # not started: store here and now
            if rows:
                self.store.append_many(rows)
            self._deliver(sends)
            return
        if not rows and writer.pending == 0:
            self._deliver(sends)
            return

        def done(error: BaseException | None) -> None:
            if error is None:
                self._deliver(sends)
            else:
                self._storage_failed(touched, sends)

        writer.submit(Batch(rows, done))

    def synced(self) -> asyncio.Future[None]:
        """Resolves once everything handed to the writer so far is stored."""
        future: asyncio.Future[None] = self.loop.create_future()
        if self.writer is None or self.writer.pending == 0:
            future.set_result(None)
            return future

        def done(error: BaseException | None) -> None:
            if not future.done():
                future.set_result(None)

        self.writer.submit(Batch([], done))
        return future

    @staticmethod
    def _deliver(sends: list[tuple[Connection, str | None]]) -> None:
        for conn, text in sends:
            if text is None:
                conn.close()
            else:
                conn.send(text)

    def _storage_failed(
        self, touched: list[Table], sends: list[tuple[Connection, str | None]]
    ) -> None:
        """Events could not be stored: rebuild their tables from the log.

        The sockets that were to hear of them are told and closed; their
        clients resume and get a snapshot of the table as stored.
        """
        for table in touched:
            if self._live(table):
                log.error("table %s: events could not be stored; rebuilding it", table.code)
                self._reload(table)
                if self.writer is not None:
                    self.writer.reset(table.db_id)
        error = dumps(
            {"type": "error", "code": "server/error", "message": "the server could not store this"}
        )
        for conn in {conn for conn, _text in sends}:
            conn.send(error)
            conn.close()

    def _reload(self, table: Table) -> None:
        for stored in self.store.load(table.code):
            fresh = Table(stored.id, stored.code)
            for version, kind, data, _at in stored.events:
                fresh.apply(version, kind, data)
            fresh.online, fresh.away_since = table.online, table.away_since
            self.tables[table.code] = fresh

    def _broadcast(self, table: Table, kind: str, data: dict[str, Any], effects: Effects) -> None:
        members = self.sockets.get(table.code)
        if not members:
            return
        base: dict[str, Any] = {
            "type": "event",
            "version": table.version,
            "phase_version": table.phase_version,
            "event": table.recent[-1],
        }
        if effects.table:
            base["table"] = table.table_object()
        if not effects.game:
            text = dumps(base)
            for conns in members.values():
                for conn in conns:
                    self._out(conn, text)
            return
        base["timer"] = table.timer_object() if table.game is not None else None
        base["recap"] = effects.recap
        spectators: str | None = None
        for pid, conns in members.items():
            if table.in_game(pid):
                text = dumps({**base, "game": table.game_view(pid, history=False)})
            else:
                if spectators is None:
                    spectators = dumps({**base, "game": table.game_view(None, history=False)})
                text = spectators
            for conn in conns:
                self._out(conn, text)

    def _presence(self, table: Table, player_id: str, skip: Connection | None) -> None:
        away = table.away_for(player_id)
        text = dumps(
            {
                "type": "presence",
                "player_id": player_id,
                "online": away is None,
                "away_ms": None if away is None else int(away * 1000),
            }
        )
        for conns in self.sockets.get(table.code, {}).values():
            for conn in conns:
                if conn is not skip:
                    self._out(conn, text)

    # -- what happens by itself: AI players, timers, the end of a reveal --------------

    def _after(self, table: Table) -> None:
        game = table.game
        if game is None or table.status != "playing":
            self._cancel_timer(table)
            return
        self._arm_timer(table)
        if game.phase in ACTING_PHASES:
            if not table.bot_pending and any(
                table.members[pid].ai_control for pid in game.waiting_for()
            ):
                table.bot_pending = True
                self.loop.call_later(self.config.ai_delay, self._run_bots, table)
        elif game.phase is Phase.REVEAL and not table.advance_pending:
            if not table.reveal_humans():
                table.advance_pending = True
                self.loop.call_later(self.config.ai_delay, self._advance, table, "ai")
            elif table.reveal_done():
                table.advance_pending = True
                self.loop.call_soon(self._advance, table, "players")

    def _live(self, table: Table) -> bool:
        return self.tables.get(table.code) is table

    def _run_bots(self, table: Table) -> None:
        try:
            self._bots(table)
        finally:
            self.flush()

    def _bots(self, table: Table) -> None:
        table.bot_pending = False
        if not self._live(table) or table.game is None or table.status != "playing":
            return
        for pid in table.game.waiting_for():
            if table.members[pid].ai_control:
                self._act_for(table, pid, "ai")

    def _act_for(self, table: Table, player_id: str, by: str) -> None:
        action = table.bot_action(player_id, self.rng)
        if action is None:
            return
        try:
            self.commit(table, "action", {"action": action, "by": by})
        except DixitError:  # pragma: no cover - the random player reads the legal choices
            log.exception("table %s: the AI player's move for %s failed", table.code, player_id)

    def _advance(self, table: Table, by: str) -> None:
        try:
            self._next_round(table, by)
        finally:
            self.flush()

    def _next_round(self, table: Table, by: str) -> None:
        table.advance_pending = False
        if not self._live(table) or table.game is None or table.game.phase is not Phase.REVEAL:
            return
        if by == "players" and not table.reveal_done():
            return  # someone came back meanwhile and has not read the reveal yet
        if by == "ai" and table.reveal_humans():
            return  # a player reclaimed their seat meanwhile
        self._commit_next_round(table, by)

    def _commit_next_round(self, table: Table, by: str) -> None:
        """Leave the reveal: the one event that starts the next round, whoever asks."""
        assert table.game is not None
        self.commit(table, "next_round", {"round": table.game.round_number + 1, "by": by})

    def _cancel_timer(self, table: Table) -> None:
        if table.timer_handle is not None:
            table.timer_handle.cancel()
        table.timer_handle = None
        table.timer_key = None
        table.deadline = None
        table.timer_limit = None

    def _arm_timer(self, table: Table) -> None:
        game = table.game
        assert game is not None
        key = (table.game_number, game.round_number, game.phase.value)
        if key == table.timer_key:
            return
        self._cancel_timer(table)
        table.timer_key = key
        limit = table.settings.time_limits.get(game.phase.value)
        if limit is None:
            return
        table.timer_limit = limit
        table.deadline = time.monotonic() + limit
        table.timer_handle = self.loop.call_later(limit, self._expire, table, key)

    def _expire(self, table: Table, key: tuple[int, int, str]) -> None:
        try:
            self._time_out(table, key)
        finally:
            self.flush()

    def _time_out(self, table: Table, key: tuple[int, int, str]) -> None:
        if not self._live(table) or table.timer_key != key or table.game is None:
            return
        table.timer_handle = None
        game = table.game
        if game.phase is Phase.REVEAL:
            self._commit_next_round(table, "timer")
            return
        for pid in game.waiting_for():
            if table.timer_key != key:
                break
            self._act_for(table, pid, "timer")

    # -- sockets ----------------------------------------------------------------------

    def open(self, socket: Socket) -> Connection:
        self.connections += 1
        return Connection(socket, self.config)

    def close(self, conn: Connection) -> None:
        """The socket is gone: update presence."""
        self.connections -= 1
        conn.closing = True
        table, pid = conn.table, conn.player_id
        if table is None or pid is None:
            return
        conns = self.sockets.get(table.code, {}).get(pid)
        if conns is None or conn not in conns:
            return
        conns.remove(conn)
        if conns or pid == WATCHER:
            return  # a watching screen has no presence to lose
        del self.sockets[table.code][pid]
        table.online.pop(pid, None)
        table.away_since[pid] = time.monotonic()
        if self._live(table):
            self._presence(table, pid, None)
            self._after(table)
            self.flush()

    def _attach(self, conn: Connection, table: Table, player_id: str) -> bool:
        """Count the socket as the member's; True when the member just came online."""
        conn.table, conn.player_id = table, player_id
        came_online = table.online.get(player_id, 0) == 0
        table.online[player_id] = table.online.get(player_id, 0) + 1
        table.away_since.pop(player_id, None)
        return came_online

    def _welcome(
        self, conn: Connection, table: Table, token: str | None, since: int | None
    ) -> None:
        pid = conn.player_id
        assert pid is not None
        missed: list[dict[str, Any]] | None = None
        if since is not None and table.recent and since >= table.recent[0]["version"] - 1:
            missed = [event for event in table.recent if event["version"] > since]
        you: dict[str, Any] = (
            {"player_id": None, "role": "watcher"}
            if pid == WATCHER
            else {"player_id": pid, "role": table.members[pid].role}
        )
        if token is not None:
            you["token"] = token
        self._out(
            conn,
            dumps(
                {
                    "type": "welcome",
                    "protocol": PROTOCOL,
                    "version": table.version,
                    "phase_version": table.phase_version,
                    "you": you,
                    "table": table.table_object(),
                    "game": table.game_view(pid, history=True),
                    "timer": table.timer_object(),
                    "chat": list(table.chat),
                    "missed": missed,
                    "resync": missed is None,
                }
            ),
        )
        self.sockets.setdefault(table.code, {}).setdefault(pid, []).append(conn)

    def receive(self, conn: Connection, text: str) -> None:
        """Handle one frame; every failure becomes an ``error`` to this socket alone."""
        ref: str | None = None
        try:
            if not conn.allow():
                ref = p.peek_ref(text)
                raise RequestError("protocol/rate_limited", "too many messages: slow down")
            message, ref = p.parse_message(text)
            self._dispatch(conn, message)
        except RequestError as refused:
            self._error(conn, refused.code, refused.message, ref or refused.ref)
            if refused.code in ("auth/bad_token", "protocol/unsupported"):
                self._out(conn, None)
        except Exception:
            log.exception("handling a message failed")
            self._error(conn, "server/error", "the server failed on this message", ref)
        finally:
            self.flush()

    def reject(self, conn: Connection, code: str, message: str) -> None:
        """Answer a frame that never became a message (a binary frame)."""
        if not conn.allow():
            code, message = "protocol/rate_limited", "too many messages: slow down"
        self._error(conn, code, message, None)
        self.flush()

    def _error(self, conn: Connection, code: str, message: str, ref: str | None) -> None:
        error: dict[str, Any] = {"type": "error", "code": code, "message": message}
        if ref is not None:
            error["ref"] = ref
        self._out(conn, dumps(error))

    def _dispatch(self, conn: Connection, message: p.ClientMessage) -> None:
        if isinstance(message, p.Join | p.Resume | p.Watch):
            if conn.table is not None:
                raise RequestError("protocol/already_joined", "this socket already has a seat")
            if message.protocol != PROTOCOL:
                raise RequestError(
                    "protocol/unsupported", f"this server speaks protocol {PROTOCOL} only"
                )
            if isinstance(message, p.Join):
                self._join(conn, message)
            elif isinstance(message, p.Resume):
                self._resume(conn, message)
            else:
                self._watch(conn, message)
            return
        table, pid = conn.table, conn.player_id
        if table is None or pid is None:
            raise RequestError("protocol/not_joined", "send join or resume first")
        if pid == WATCHER:
            raise RequestError(
                "protocol/watch_only", "a watching screen cannot act: join the table to play"
            )
        if not self._live(table):  # rebuilt after a storage failure
            table = conn.table = self.tables[table.code]
        if table.members[pid].gone:
            raise RequestError("auth/bad_token", "you are no longer at this table")
        handler: Callable[[Connection, Table, str, Any], None] = getattr(
            self, f"_on_{message.type}"
        )
        handler(conn, table, pid, message)

    # -- joining ------------------------------------------------------------------------

    def _join(self, conn: Connection, message: p.Join) -> None:
        table = self.table(message.table)
        name = p.clean_name(message.name)
        joined = table.check_join(name, message.as_)
        token = new_token()
        table.online[joined["player_id"]] = 1  # the table object shows them online
        try:
            self.commit(table, "joined", {**joined, "token_hash": hash_token(token)})
        except Exception:
            table.online.pop(joined["player_id"], None)
            raise
        table.online.pop(joined["player_id"], None)
        self._attach(conn, table, joined["player_id"])
        self._welcome(conn, table, token, None)

    def _resume(self, conn: Connection, message: p.Resume) -> None:
        table = self.table(message.table)
        pid = table.by_token.get(hash_token(message.token))
        if pid is None:
            raise RequestError("auth/bad_token", "this token does not hold a place at this table")
        came_online = self._attach(conn, table, pid)
        self._welcome(conn, table, None, message.since)
        if came_online:
            self._presence(table, pid, conn)
            self._after(table)

    def _watch(self, conn: Connection, message: p.Watch) -> None:
        """A shared screen: the spectator's view and every event, as no member."""
        table = self.table(message.table)
        conn.table, conn.player_id = table, WATCHER
        self._welcome(conn, table, None, None)

    # -- players --------------------------------------------------------------------------

    def _on_act(self, conn: Connection, table: Table, pid: str, message: p.Act) -> None:
        data = table.check_act(pid, message.version, message.action.model_dump(exclude_none=True))
        try:
            self.commit(table, "action", data)
        except MalformedError as error:
            raise RequestError("action/malformed", str(error)) from None
        except IllegalActionError as error:
            raise RequestError("action/illegal", str(error)) from None

    def _on_ready(self, conn: Connection, table: Table, pid: str, message: p.Ready) -> None:
        if table.game is None or table.game.phase is not Phase.REVEAL:
            raise RequestError("action/wrong_phase", "ready is for the reveal")
        if not table.in_game(pid):
            raise RequestError("action/spectator", "you have no seat in this game")
        if pid not in table.ready:
            self.commit(table, "ready", {"player_id": pid})

    def _on_chat(self, conn: Connection, table: Table, pid: str, message: p.Chat) -> None:
        text = p.clean_chat(message.text)
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        name = table.members[pid].name
        self.commit(table, "chat", {"player_id": pid, "name": name, "text": text, "at": at})

    def _on_sit(self, conn: Connection, table: Table, pid: str, message: p.Sit) -> None:
        table.check_lobby()
        if table.members[pid].role == "player":
            return
        table.free_seat()
        self.commit(table, "seat", {"player_id": pid, "role": "player"})

    def _on_stand(self, conn: Connection, table: Table, pid: str, message: p.Stand) -> None:
        table.check_lobby()
        if table.members[pid].role == "spectator":
            return
        self.commit(table, "seat", {"player_id": pid, "role": "spectator"})

    def _on_leave(self, conn: Connection, table: Table, pid: str, message: p.Leave) -> None:
        self.commit(table, "left", {"player_id": pid, "reason": "left"})
        self._send_off(table, pid, "left")

    def _send_off(self, table: Table, pid: str, reason: str) -> None:
        bye = dumps({"type": "bye", "reason": reason})
        for conn in list(self.sockets.get(table.code, {}).get(pid, [])):
            self._out(conn, bye)
            self._out(conn, None)

    def _on_reclaim(self, conn: Connection, table: Table, pid: str, message: p.Reclaim) -> None:
        member = table.members[pid]
        if member.kind != "human" or not member.ai_control:
            raise RequestError("member/not_ai_controlled", "no AI player holds your seat")
        self.commit(table, "reclaim", {"player_id": pid})

    # -- the host -------------------------------------------------------------------------

    def _on_settings(self, conn: Connection, table: Table, pid: str, message: p.Settings) -> None:
        table.check_host(pid)
        table.check_lobby()
        current = table.settings.to_dict()
        mode = message.mode or current["mode"]
        options = message.options if message.options is not None else current["options"]
        if message.mode and message.options is None and message.mode != current["mode"]:
            options = {}
        settings = {
            "mode": mode,
            "options": check_settings(mode, options),
            "deck": self.check_deck(message.deck or current["deck"]),
            "time_limits": (
                message.time_limits.model_dump()
                if message.time_limits is not None
                else current["time_limits"]
            ),
            "grace_seconds": message.grace_seconds or current["grace_seconds"],
        }
        # A smaller mode does not unseat anyone: start says when the count is wrong.
        self.commit(table, "settings", settings)

    def _on_time_limits(
        self, conn: Connection, table: Table, pid: str, message: p.SetTimeLimits
    ) -> None:
        table.check_host(pid)
        limits = dict(table.settings.time_limits)
        for phase, seconds in message.time_limits.items():
            limits[phase] = seconds
        self.commit(table, "time_limits", {"time_limits": limits})

    def _on_add_ai(self, conn: Connection, table: Table, pid: str, message: p.AddAI) -> None:
        table.check_host(pid)
        self.commit(table, "joined", table.check_ai())

    def _on_remove(self, conn: Connection, table: Table, pid: str, message: p.Remove) -> None:
        table.check_host(pid)
        table.member(message.player_id)
        if message.player_id == pid:
            raise RequestError("host/not_yourself", "to go, use leave")
        self.commit(table, "left", {"player_id": message.player_id, "reason": "removed"})
        self._send_off(table, message.player_id, "removed")

    def _on_start(self, conn: Connection, table: Table, pid: str, message: p.Start) -> None:
        table.check_host(pid)
        deck = self.decks.get(table.settings.deck)
        if deck is None:
            raise RequestError("deck/not_found", f"no deck {table.settings.deck!r}", 404)
        data = table.check_start([card.id for card in deck.cards], self.rng)
        self.commit(table, "started", data)

    def _on_next_round(
        self, conn: Connection, table: Table, pid: str, message: p.NextRound
    ) -> None:
        table.check_host(pid)
        if table.game is None or table.game.phase is not Phase.REVEAL:
            raise RequestError("action/wrong_phase", "the next round starts from the reveal")
        self._commit_next_round(table, "host")

    def _on_continue(self, conn: Connection, table: Table, pid: str, message: p.Continue) -> None:
        """ "Continue now": what the phase's timer does when it runs out, at once.

        At the reveal the next round starts; otherwise the AI player moves for
        everyone the table is waiting for, except the host, who moves themself.
        """
        table.check_host(pid)
        game = table.game
        if game is None or game.finished:
            raise RequestError("action/wrong_phase", "there is no game to move on")
        if game.phase is Phase.REVEAL:
            self._commit_next_round(table, "host")
            return
        others = [waited for waited in game.waiting_for() if waited != pid]
        if not others:
            raise RequestError("action/your_move", "the table is waiting for you alone")
        for waited in others:
            if waited in game.waiting_for():  # a team's hand-in closes the partner's
                self._act_for(table, waited, "host")

    def _on_takeover(self, conn: Connection, table: Table, pid: str, message: p.Takeover) -> None:
        table.check_host(pid)
        target = table.member(message.player_id)
        if target.kind != "human" or target.ai_control or not table.in_game(target.player_id):
            raise RequestError(
                "member/not_away", f"{target.player_id} is not a human player in game"
            )
        away = table.away_for(target.player_id)
        grace = table.settings.grace_seconds
        if away is None:
            raise RequestError("member/not_away", f"{target.name} is online")
        if away < grace:
            raise RequestError(
                "member/not_away", f"{target.name} has been away {away:.0f} s of {grace} s"
            )
        self.commit(table, "takeover", {"player_id": target.player_id})

    def _on_promote(self, conn: Connection, table: Table, pid: str, message: p.Promote) -> None:
        table.check_host(pid)
        target = table.member(message.player_id)
        if target.kind != "human":
            raise RequestError("member/not_found", "an AI player cannot host")
        self.commit(table, "host", {"player_id": target.player_id})

    def _on_rematch(self, conn: Connection, table: Table, pid: str, message: p.Rematch) -> None:
        table.check_host(pid)
        if table.status != "finished":
            raise RequestError("lobby/game_running", "a rematch is offered when the game is over")
        self.commit(table, "rematch", {"game_number": table.game_number})
