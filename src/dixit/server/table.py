"""One table: its members, settings and games, rebuilt from its events.

A table changes only through :meth:`Table.apply`, which folds one event into
the state. The same method runs when an event happens and when the server
starts again and replays the stored log, so a restarted table is the table it
was, version for version. The ``check_*`` methods decide whether a request is
allowed and say which event it becomes; they raise
:class:`~dixit.server.protocol.RequestError` and never change anything.

Players are known to the rules engine by their ``player_id`` (``p1``, ``p2``,
...); display names live only here. What a seat may see of a game is always
:func:`dixit.engine.view`.
"""

from __future__ import annotations

import hashlib
import random
import secrets
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from dixit.engine import (
    VARIANTS,
    DixitError,
    Game,
    Phase,
    action_from_dict,
    get_variant,
    to_record,
    view,
)

from .protocol import PHASES, RequestError

__all__ = ["Effects", "Member", "Table", "hash_token"]

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_SPECTATORS = 50
RECENT_EVENTS = 256
CHAT_KEPT = 50
ACTING_PHASES = (Phase.TELLING, Phase.HANDING_IN, Phase.VOTING)


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(slots=True)
class Member:
    player_id: str
    name: str
    role: str  # "player" or "spectator"
    kind: str  # "human" or "ai"
    ai_control: bool = False
    gone: bool = False


@dataclass(slots=True)
class Effects:
    """What one event changed, so the hub knows what to send."""

    table: bool = False
    game: bool = False
    #: the game entered a new phase or round: actions made before are stale
    phase: bool = False
    recap: dict[str, Any] | None = None


@dataclass(slots=True)
class Settings:
    mode: str = "odyssey"
    options: dict[str, Any] = field(default_factory=dict)
    deck: str = ""
    time_limits: dict[str, int | None] = field(default_factory=lambda: dict.fromkeys(PHASES))
    grace_seconds: int = 60

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode,
            "options": dict(self.options),
            "deck": self.deck,
            "time_limits": dict(self.time_limits),
            "grace_seconds": self.grace_seconds,
        }


def check_settings(mode: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options as the engine would take them, or ``table/bad_settings``."""
    if mode not in VARIANTS:
        raise RequestError("table/bad_settings", f"no mode {mode!r} (modes: {', '.join(VARIANTS)})")
    options = dict(options)
    options.pop("partner_card_vote", None)  # tables follow RULES.md: never your team's card
    try:
        get_variant(mode).make_options(options)
    except DixitError as error:
        raise RequestError("table/bad_settings", str(error)) from None
    return options


class Table:
    """The state of one table, secrets included; folded from its events."""

    def __init__(self, db_id: int, code: str) -> None:
        self.db_id = db_id
        self.code = code
        self.version = 0
        self.phase_version = 0
        self.settings = Settings()
        self.members: dict[str, Member] = {}
        self.seat_order: list[str] = []
        self.host: str | None = None
        self.status = "lobby"
        self.game: Game | None = None
        self.games: dict[int, Game] = {}
        self.game_number = 0
        self.ready: set[str] = set()
        self.by_token: dict[str, str] = {}
        self.recent: deque[dict[str, Any]] = deque(maxlen=RECENT_EVENTS)
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.next_member = 1
        self.ai_count = 0
        # presence: not events, not stored
        self.online: dict[str, int] = {}
        self.away_since: dict[str, float] = {}
        # timers and bots, run by the hub
        self.timer_key: tuple[int, int, str] | None = None
        self.deadline: float | None = None
        self.timer_limit: int | None = None
        self.timer_handle: Any = None
        self.bot_pending = False
        self.advance_pending = False

    # -- reading ----------------------------------------------------------------

    @property
    def players(self) -> list[Member]:
        return [self.members[pid] for pid in self.seat_order]

    @property
    def max_players(self) -> int:
        return get_variant(self.settings.mode).player_counts[-1]

    def in_game(self, player_id: str | None) -> bool:
        return player_id is not None and self.game is not None and player_id in self.game.seat_of

    def is_online(self, player_id: str) -> bool:
        return self.members[player_id].kind == "ai" or self.online.get(player_id, 0) > 0

    def away_for(self, player_id: str, now: float | None = None) -> float | None:
        """Seconds away, or ``None`` when online."""
        if self.is_online(player_id):
            return None
        since = self.away_since.get(player_id)
        if since is None:
            return None
        return (now if now is not None else time.monotonic()) - since

    def table_object(self) -> dict[str, Any]:
        """The public table object of the protocol."""
        now = time.monotonic()
        members = []
        seat_of = {pid: seat for seat, pid in enumerate(self.seat_order)}
        ordered = self.seat_order + [
            pid
            for pid, m in self.members.items()
            if pid not in seat_of and not m.gone and m.role == "spectator"
        ]
        for pid in ordered:
            m = self.members[pid]
            away = self.away_for(pid, now)
            members.append(
                {
                    "player_id": pid,
                    "name": m.name,
                    "role": m.role,
                    "kind": m.kind,
                    "seat": seat_of.get(pid),
                    "online": away is None,
                    "away_ms": None if away is None else int(away * 1000),
                    "ai_control": m.ai_control,
                }
            )
        return {
            "code": self.code,
            **self.settings.to_dict(),
            "status": self.status,
            "game_number": self.game_number,
            "host": self.host,
            "max_players": self.max_players,
            "members": members,
            "ready": sorted(self.ready),
        }

    def game_view(self, player_id: str | None, *, history: bool) -> dict[str, Any] | None:
        """The engine's view for a member (a spectator's view for anyone without a seat).

        ``history=False`` leaves out the public recap of past rounds, which
        event messages do not repeat (building it for every recipient of every
        event was half the cost of a view).
        """
        if self.game is None:
            return None
        seat = player_id if self.in_game(player_id) else None
        return view(self.game, seat, history=history)

    def timer_object(self) -> dict[str, Any] | None:
        if self.deadline is None or self.timer_key is None:
            return None
        remaining = max(0, int((self.deadline - time.monotonic()) * 1000))
        return {"phase": self.timer_key[2], "remaining_ms": remaining, "limit_s": self.timer_limit}

    def record(self, number: int | None = None) -> dict[str, Any]:
        number = number or self.game_number
        game = self.games.get(number)
        if game is None:
            raise RequestError("record/not_found", f"table {self.code} has no game {number}", 404)
        if not game.finished:
            raise RequestError("record/not_finished", "the record is ready when the game ends", 409)
        record = to_record(game)
        record["names"] = {pid: self.members[pid].name for pid in game.players}
        return record

    def public_event(self, version: int, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        """What everyone may know of an event: never a card handed in or voted for."""
        out: dict[str, Any] = {"version": version, "kind": kind}
        if kind == "created":
            out["mode"] = data["settings"]["mode"]
        elif kind == "joined":
            out.update(
                player_id=data["player_id"],
                name=data["name"],
                role=data["role"],
                member_kind=data["kind"],
            )
        elif kind == "action":
            action = data["action"]
            out.update(type=action["type"], player=action["player"], by=data["by"])
            if action["type"] == "tell":
                out["clue"] = " ".join(str(action["clue"]).split())
        elif kind == "started":
            out.update(game_number=data["game_number"], players=list(data["players"]))
        elif kind == "chat":
            out.update(data)
        else:
            out.update({k: v for k, v in data.items() if k != "token_hash"})
        return out

    # -- the fold ---------------------------------------------------------------

    def apply(self, version: int, kind: str, data: dict[str, Any]) -> Effects:
        """Fold one event into the state. Raises only for an illegal game action,
        and then changes nothing."""
        if version != self.version + 1:
            raise RuntimeError(f"table {self.code}: event {version} after {self.version}")
        handler = getattr(self, f"_on_{kind}")
        effects: Effects = handler(data)
        self.version = version
        if effects.phase:
            self.phase_version = version
        self.recent.append(self.public_event(version, kind, data))
        return effects

    def _on_created(self, data: dict[str, Any]) -> Effects:
        self.settings = Settings(**data["settings"])
        return Effects(table=True)

    def _on_joined(self, data: dict[str, Any]) -> Effects:
        pid = data["player_id"]
        member = Member(
            pid, data["name"], data["role"], data["kind"], ai_control=data["kind"] == "ai"
        )
        self.members[pid] = member
        self.next_member = max(self.next_member, int(pid[1:]) + 1)
        if member.kind == "ai":
            self.ai_count += 1
        if data.get("token_hash"):
            self.by_token[data["token_hash"]] = pid
            self.away_since.setdefault(pid, time.monotonic())
        if member.role == "player":
            self.seat_order.append(pid)
        if self.host is None and member.kind == "human":
            self.host = pid
        return Effects(table=True)

    def _on_seat(self, data: dict[str, Any]) -> Effects:
        member = self.members[data["player_id"]]
        member.role = data["role"]
        if member.role == "player":
            self.seat_order.append(member.player_id)
        else:
            self.seat_order.remove(member.player_id)
        return Effects(table=True)

    def _on_left(self, data: dict[str, Any]) -> Effects:
        pid = data["player_id"]
        member = self.members[pid]
        member.gone = True
        self.by_token = {h: p for h, p in self.by_token.items() if p != pid}
        self.ready.discard(pid)
        if self.in_game(pid) and self.status == "playing":
            member.ai_control = True
        elif self.in_game(pid) and self.status == "finished":
            pass  # the final ranking still names them; the rematch frees the seat
        elif pid in self.seat_order:
            self.seat_order.remove(pid)
        if self.host == pid:
            self.host = self._next_host()
        return Effects(table=True)

    def _next_host(self) -> str | None:
        humans = [m for m in self.members.values() if m.kind == "human" and not m.gone]
        players = [m for m in humans if m.role == "player"]
        for candidates in (players, humans):
            if candidates:
                return candidates[0].player_id
        return None

    def _on_host(self, data: dict[str, Any]) -> Effects:
        self.host = data["player_id"]
        return Effects(table=True)

    def _on_settings(self, data: dict[str, Any]) -> Effects:
        self.settings = Settings(**data)
        return Effects(table=True)

    def _on_time_limits(self, data: dict[str, Any]) -> Effects:
        self.settings.time_limits = dict(data["time_limits"])
        self.timer_key = None  # re-armed by the hub with the new limit
        return Effects(table=True)

    def _on_started(self, data: dict[str, Any]) -> Effects:
        teams = data.get("teams")
        game = Game(
            data["mode"],
            data["players"],
            data["deck"],
            seed=data["seed"],
            options=data["options"],
            teams=teams,
        )
        self.game = game
        self.game_number = data["game_number"]
        self.games[self.game_number] = game
        self.seat_order = list(data["players"])
        self.status = "playing"
        self.ready.clear()
        return Effects(table=True, game=True, phase=True)

    def _on_action(self, data: dict[str, Any]) -> Effects:
        game = self.game
        if game is None:
            raise RuntimeError("an action without a game")
        rounds, before = len(game.history), (game.round_number, game.phase)
        game.apply(action_from_dict(data["action"]))
        effects = Effects(game=True, phase=(game.round_number, game.phase) != before)
        if len(game.history) > rounds:
            effects.recap = game.history[-1].to_dict()
            effects.table = True
        if game.finished:
            self.status = "finished"
            effects.table = True
        return effects

    def _on_ready(self, data: dict[str, Any]) -> Effects:
        self.ready.add(data["player_id"])
        return Effects(table=True)

    def _on_next_round(self, data: dict[str, Any]) -> Effects:
        if self.game is None:
            raise RuntimeError("next_round without a game")
        self.game.next_round()
        self.ready.clear()
        return Effects(table=True, game=True, phase=True)

    def _on_takeover(self, data: dict[str, Any]) -> Effects:
        self.members[data["player_id"]].ai_control = True
        return Effects(table=True)

    def _on_reclaim(self, data: dict[str, Any]) -> Effects:
        self.members[data["player_id"]].ai_control = False
        return Effects(table=True)

    def _on_chat(self, data: dict[str, Any]) -> Effects:
        self.chat.append({"version": self.version + 1, **data})
        return Effects()

    def _on_rematch(self, data: dict[str, Any]) -> Effects:
        self.status = "lobby"
        self.game = None
        self.ready.clear()
        self.seat_order = [pid for pid in self.seat_order if not self.members[pid].gone]
        for pid in self.seat_order:
            member = self.members[pid]
            member.ai_control = member.kind == "ai"
        return Effects(table=True, game=True, phase=True)

    # -- checks: which event a request becomes ------------------------------------

    def member(self, player_id: str) -> Member:
        member = self.members.get(player_id)
        if member is None or member.gone:
            raise RequestError("member/not_found", f"no member {player_id!r} at this table")
        return member

    def check_host(self, player_id: str) -> None:
        if self.host != player_id:
            raise RequestError("host/only_host", "only the host may do that")

    def check_lobby(self) -> None:
        if self.status == "playing":
            raise RequestError("lobby/game_running", "a game is running at this table")

    def free_seat(self) -> None:
        if len(self.seat_order) >= self.max_players:
            raise RequestError("table/full", f"all {self.max_players} seats are taken")

    def check_join(self, name: str, role: str) -> dict[str, Any]:
        if role == "player":
            if self.status == "playing":
                raise RequestError("table/started", "a game is running: join as a spectator")
            self.free_seat()
        elif (
            sum(1 for m in self.members.values() if m.role == "spectator" and not m.gone)
            >= MAX_SPECTATORS
        ):
            raise RequestError("table/full", f"at most {MAX_SPECTATORS} spectators")
        return {"player_id": f"p{self.next_member}", "name": name, "role": role, "kind": "human"}

    def check_ai(self) -> dict[str, Any]:
        self.check_lobby()
        self.free_seat()
        return {
            "player_id": f"p{self.next_member}",
            "name": f"AI {self.ai_count + 1}",
            "role": "player",
            "kind": "ai",
        }

    def check_start(self, deck_cards: list[str], rng: random.Random) -> dict[str, Any]:
        self.check_lobby()
        mode = self.settings.mode
        variant = get_variant(mode)
        count = len(self.seat_order)
        if count not in variant.player_counts:
            counts = variant.player_counts
            raise RequestError(
                "lobby/player_count",
                f"{mode} is for {counts[0]} to {counts[-1]} players"
                + (f" ({', '.join(map(str, counts))})" if mode == "team" else "")
                + f", not {count}",
            )
        options = dict(self.settings.options)
        if mode == "team":
            options["partner_card_vote"] = False
        deck = list(deck_cards)
        rng.shuffle(deck)
        players = list(self.seat_order)
        seed = rng.randrange(2**62)
        data: dict[str, Any] = {
            "game_number": self.game_number + 1,
            "mode": mode,
            "players": players,
            "deck": deck,
            "seed": seed,
            "options": options,
        }
        try:  # the engine has the last word on options and deck size
            Game(mode, players, deck, seed=seed, options=options)
        except DixitError as error:
            raise RequestError("table/bad_settings", str(error)) from None
        return data

    def check_act(self, player_id: str, version: int, action: dict[str, Any]) -> dict[str, Any]:
        game = self.game
        if game is None or self.status != "playing":
            raise RequestError("action/no_game", "no game is running at this table")
        if player_id not in game.seat_of:
            raise RequestError("action/spectator", "you have no seat in this game")
        named = action.get("player")
        if named is not None and named != player_id:
            raise RequestError("action/not_your_seat", f"you play {player_id}, not {named}")
        if self.members[player_id].ai_control:
            raise RequestError(
                "action/ai_controlled", "an AI player holds your seat: reclaim it first"
            )
        if version > self.version:
            raise RequestError("protocol/invalid", f"version {version} is in the future")
        if version < self.phase_version:
            raise RequestError(
                "action/stale_version",
                f"the game moved on at version {self.phase_version}; you acted on {version}",
            )
        wanted = {Phase.TELLING: "tell", Phase.HANDING_IN: "hand_in", Phase.VOTING: "vote"}
        if wanted.get(game.phase) != action["type"]:
            raise RequestError(
                "action/wrong_phase",
                f"round {game.round_number}: no {action['type']} now, the game is in "
                f"{game.phase.value}",
            )
        if game.choice(player_id) is None:
            raise RequestError(
                "action/not_your_turn", f"round {game.round_number}: nothing is asked of you now"
            )
        return {"action": {**action, "player": player_id}, "by": "player"}

    def bot_action(self, player_id: str, rng: random.Random) -> dict[str, Any] | None:
        """The random player's move for a seat, from that seat's view."""
        from dixit.bots import RandomPlayer
        from dixit.engine import action_to_dict

        if self.game is None:
            return None
        action = RandomPlayer(rng).act(view(self.game, player_id))
        return None if action is None else action_to_dict(action)

    def reveal_humans(self) -> list[str]:
        """Seated humans who play themselves (not handed to an AI player)."""
        if self.game is None:
            return []
        return [
            pid
            for pid in self.game.players
            if self.members[pid].kind == "human" and not self.members[pid].ai_control
        ]

    def reveal_done(self) -> bool:
        """Everyone online has tapped "next" (and someone is online to tap it).

        Players who are away are not waited for, but a table where everyone is
        away (a server that just restarted) waits for someone to come back.
        """
        online = [pid for pid in self.reveal_humans() if self.is_online(pid)]
        return bool(online) and all(pid in self.ready for pid in online)
