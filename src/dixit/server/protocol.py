"""The messages clients send, as pydantic models, and the errors the server answers with.

``docs/protocol.md`` is the prose version of this module; keep them together.
Every incoming frame goes through :func:`parse_message`, which either returns
one validated message or raises :class:`RequestError` with a stable code.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

__all__ = [
    "MAX_FRAME",
    "PROTOCOL",
    "ClientMessage",
    "RequestError",
    "parse_message",
]

#: the protocol version a client names in ``join`` and ``resume``
PROTOCOL = 1
#: frames above this many characters are answered with ``protocol/too_large``
MAX_FRAME = 16 * 1024
NAME_MAX = 32
CHAT_MAX = 300
PHASES = ("telling", "handing_in", "voting", "reveal")


class RequestError(Exception):
    """A message or request that is answered with an error and changes nothing."""

    def __init__(self, code: str, message: str, status: int = 400, ref: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
        #: the ``ref`` of the message that caused it, when it could be read
        self.ref = ref


class _Message(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)
    ref: Annotated[str, Field(max_length=64)] | None = None


CardId = Annotated[str, Field(min_length=1, max_length=100)]
PlayerId = Annotated[str, Field(min_length=1, max_length=16)]
Seconds = Annotated[int, Field(ge=1, le=3600)]


class TimeLimits(BaseModel):
    """Seconds per phase; ``None`` means no limit."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    telling: Seconds | None = None
    handing_in: Seconds | None = None
    voting: Seconds | None = None
    reveal: Seconds | None = None


class Join(_Message):
    type: Literal["join"]
    protocol: int
    table: Annotated[str, Field(min_length=1, max_length=16)]
    name: Annotated[str, Field(max_length=200)]
    as_: Literal["player", "spectator"] = Field("player", alias="as")


class Resume(_Message):
    type: Literal["resume"]
    protocol: int
    table: Annotated[str, Field(min_length=1, max_length=16)]
    token: Annotated[str, Field(min_length=1, max_length=100)]
    since: Annotated[int, Field(ge=0)] | None = None


class Watch(_Message):
    """A shared screen (TV, projector): sees what a spectator sees, is no member."""

    type: Literal["watch"]
    protocol: int
    table: Annotated[str, Field(min_length=1, max_length=16)]


class TellAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["tell"]
    player: PlayerId | None = None
    clue: Annotated[str, Field(max_length=1000)]
    card: CardId | None = None


class HandInAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["hand_in"]
    player: PlayerId | None = None
    cards: Annotated[list[CardId], Field(max_length=4)]


class VoteAction(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    type: Literal["vote"]
    player: PlayerId | None = None
    cards: Annotated[list[CardId], Field(max_length=4)]
    red: CardId | None = None


GameAction = Annotated[TellAction | HandInAction | VoteAction, Field(discriminator="type")]


class Act(_Message):
    type: Literal["act"]
    version: Annotated[int, Field(ge=0)]
    action: GameAction


class Ready(_Message):
    type: Literal["ready"]


class Chat(_Message):
    type: Literal["chat"]
    text: Annotated[str, Field(max_length=2000)]


class Sit(_Message):
    type: Literal["sit"]


class Stand(_Message):
    type: Literal["stand"]


class Leave(_Message):
    type: Literal["leave"]


class Reclaim(_Message):
    type: Literal["reclaim"]


class Settings(_Message):
    type: Literal["settings"]
    mode: Literal["odyssey", "classic", "party", "team"] | None = None
    options: dict[str, Any] | None = None
    deck: Annotated[str, Field(max_length=100)] | None = None
    time_limits: TimeLimits | None = None
    grace_seconds: Seconds | None = None


class SetTimeLimits(_Message):
    type: Literal["time_limits"]
    time_limits: dict[Literal["telling", "handing_in", "voting", "reveal"], Seconds | None]


class AddAI(_Message):
    type: Literal["add_ai"]


class Remove(_Message):
    type: Literal["remove"]
    player_id: PlayerId


class Start(_Message):
    type: Literal["start"]


class NextRound(_Message):
    type: Literal["next_round"]


class Continue(_Message):
    """The host ends the wait now, as a phase timer would when it runs out."""

    type: Literal["continue"]


class Takeover(_Message):
    type: Literal["takeover"]
    player_id: PlayerId


class Promote(_Message):
    type: Literal["promote"]
    player_id: PlayerId


class Rematch(_Message):
    type: Literal["rematch"]


ClientMessage = Annotated[
    Join
    | Resume
    | Watch
    | Act
    | Ready
    | Chat
    | Sit
    | Stand
    | Leave
    | Reclaim
    | Settings
    | SetTimeLimits
    | AddAI
    | Remove
    | Start
    | NextRound
    | Continue
    | Takeover
    | Promote
    | Rematch,
    Field(discriminator="type"),
]

# mypy does not take an Annotated union as a type form; pydantic does.
_ADAPTER: TypeAdapter[Any] = TypeAdapter(cast(Any, ClientMessage))
MESSAGE_TYPES = frozenset(
    {
        "join",
        "resume",
        "watch",
        "act",
        "ready",
        "chat",
        "sit",
        "stand",
        "leave",
        "reclaim",
        "settings",
        "time_limits",
        "add_ai",
        "remove",
        "start",
        "next_round",
        "continue",
        "takeover",
        "promote",
        "rematch",
    }
)


def _describe(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(part) for part in first["loc"]) or "message"
    return f"{where}: {first['msg']}"


def parse_message(text: str) -> tuple[ClientMessage, str | None]:
    """One frame's text as a message, and its ``ref``; :class:`RequestError` otherwise."""
    if len(text) > MAX_FRAME:
        raise RequestError("protocol/too_large", f"a message may hold {MAX_FRAME} characters")
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise RequestError("protocol/bad_json", f"not JSON: {error}") from None
    if not isinstance(data, dict):
        raise RequestError("protocol/bad_json", "a message must be a JSON object")
    ref = data.get("ref")
    ref = ref[:64] if isinstance(ref, str) else None
    kind = data.get("type")
    if kind not in MESSAGE_TYPES:
        raise RequestError("protocol/unknown_type", f"unknown message type {kind!r}", ref=ref)
    try:
        message: ClientMessage = _ADAPTER.validate_python(data)
        return message, ref
    except ValidationError as error:
        raise RequestError("protocol/invalid", _describe(error), ref=ref) from None


def peek_ref(text: str) -> str | None:
    """The ``ref`` of a frame that will not be handled (so its error can name it)."""
    if len(text) > MAX_FRAME:
        return None
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    ref = data.get("ref") if isinstance(data, dict) else None
    return ref[:64] if isinstance(ref, str) else None


def _has_control(text: str) -> bool:
    return any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in text)


def clean_name(name: str) -> str:
    """A display name: trimmed, 1 to 32 characters, no control characters."""
    name = " ".join(name.split())
    if not name or len(name) > NAME_MAX:
        raise RequestError("member/bad_name", f"a name has 1 to {NAME_MAX} characters")
    if _has_control(name):
        raise RequestError("member/bad_name", "a name may not hold control characters")
    return name


def clean_chat(text: str) -> str:
    """A chat line: trimmed, 1 to CHAT_MAX characters, line breaks kept, no other controls."""
    text = text.strip()
    if not text or len(text) > CHAT_MAX:
        raise RequestError("chat/bad_text", f"a chat line has 1 to {CHAT_MAX} characters")
    if _has_control(text.replace("\n", "")):
        raise RequestError("chat/bad_text", "a chat line may not hold control characters")
    return text


def dumps(data: Any) -> str:
    """Compact JSON as sent on the wire."""
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)
