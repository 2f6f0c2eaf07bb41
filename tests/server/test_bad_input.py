"""Whatever a client sends, it gets an error, the server stays up and the game goes on."""

from __future__ import annotations

import contextlib
import json
import random
import time

import pytest
from websockets.exceptions import ConnectionClosed

from .wire import Client, Server, act, get, move, play, settle, table_with


def _error(client: Client) -> dict[str, object]:
    return client.wait(lambda m: m["type"] == "error")


def test_garbage_before_joining(server: Server) -> None:
    c = Client(server, "garbage")
    cases = [
        ("{not json", "protocol/bad_json"),
        ("[1, 2, 3]", "protocol/bad_json"),
        ('"just a string"', "protocol/bad_json"),
        (json.dumps({"type": "dance"}), "protocol/unknown_type"),
        (json.dumps({"no": "type"}), "protocol/unknown_type"),
        (
            json.dumps({"type": "act", "version": 1, "action": {"type": "vote", "cards": []}}),
            "protocol/not_joined",
        ),
        (
            json.dumps({"type": "join", "protocol": 1, "table": "NOPE42", "name": "x"}),
            "table/not_found",
        ),
        (json.dumps({"type": "join", "protocol": 1, "table": 7, "name": "x"}), "protocol/invalid"),
        ("x" * 20_000, "protocol/too_large"),
        ("[" * 5000 + "]" * 5000, "protocol/bad_json"),
    ]
    for frame, code in cases:
        c.send_raw(frame)
        assert _error(c)["code"] == code, frame[:50]
    c.send_raw(b"\x00\x01binary")
    assert _error(c)["code"] == "protocol/bad_json"
    c.send({"type": "join", "protocol": 99, "table": "ABCDEF", "name": "x"})
    assert _error(c)["code"] == "protocol/unsupported"
    assert get(server, "/api/health").json()["ok"]


def test_a_huge_frame_closes_only_that_socket(server: Server) -> None:
    c = Client(server, "huge")
    with contextlib.suppress(ConnectionClosed):  # the server may close while we send
        c.send_raw("x" * (2 * 1024 * 1024))
    with pytest.raises(ConnectionClosed):
        c.socket.recv(timeout=10)
    assert get(server, "/api/health").json()["ok"]


def test_bad_actions_change_nothing(server: Server) -> None:
    rng = random.Random(2)
    clients, code = table_with(server, 4, options={"first_storyteller": "p1", "target_score": 8})
    ana, ben = clients[:2]
    version = ana.version

    def refused(client: Client, message: dict[str, object], code: str) -> None:
        reply = client.request(message)
        assert reply["type"] == "error", reply
        assert reply["code"] == code, reply

    tell = move(ana, rng) or {}
    refused(
        ben,
        {"type": "act", "version": version, "action": {**tell, "player": "p1"}},
        "action/not_your_seat",
    )
    refused(
        ben,
        {
            "type": "act",
            "version": version,
            "action": {"type": "tell", "clue": "x", "card": ben.game["hand"][0]},
        },
        "action/not_your_turn",
    )
    refused(
        ben,
        {
            "type": "act",
            "version": version,
            "action": {"type": "vote", "cards": [ben.game["hand"][0]]},
        },
        "action/wrong_phase",
    )
    refused(
        ana,
        {
            "type": "act",
            "version": version,
            "action": {"type": "tell", "clue": "x", "card": ben.game["hand"][0]},
        },
        "action/illegal",
    )
    refused(
        ana,
        {
            "type": "act",
            "version": version,
            "action": {"type": "tell", "clue": "   ", "card": ana.game["hand"][0]},
        },
        "action/illegal",
    )
    refused(
        ana, {"type": "act", "version": version, "action": {"type": "tell"}}, "protocol/invalid"
    )
    refused(ana, {"type": "act", "version": version + 50, "action": tell}, "protocol/invalid")
    refused(ben, {"type": "start"}, "host/only_host")
    refused(ben, {"type": "remove", "player_id": "p1"}, "host/only_host")
    refused(ben, {"type": "add_ai"}, "host/only_host")
    refused(ana, {"type": "add_ai"}, "lobby/game_running")
    refused(ana, {"type": "remove", "player_id": "p1"}, "host/not_yourself")
    refused(ana, {"type": "takeover", "player_id": "p2"}, "member/not_away")
    refused(ben, {"type": "ready"}, "action/wrong_phase")
    refused(ben, {"type": "reclaim"}, "member/not_ai_controlled")
    refused(ben, {"type": "chat", "text": "x" * 301}, "chat/bad_text")
    refused(ben, {"type": "chat", "text": "bell \x07 and null \x00"}, "chat/bad_text")
    assert ana.game is not None
    clue = {"type": "tell", "clue": "\x00\n\t", "card": ana.game["hand"][0]}
    refused(ana, {"type": "act", "version": version, "action": clue}, "action/illegal")
    refused(
        ben,
        {"type": "join", "protocol": 1, "table": code, "name": "again"},
        "protocol/already_joined",
    )
    settle(clients)
    assert ana.version == version  # nothing happened

    assert act(ana, tell)["type"] == "event"
    settle(clients)
    refused(
        ben,
        {"type": "act", "version": version, "action": move(ben, rng) or {}},
        "action/stale_version",
    )

    # a stolen table code, without a token: a spectator at most, who cannot play
    thief = Client.join(server, code, "thief", role="spectator")
    assert thief.game is not None
    assert thief.game["hand"] == []
    refused(
        thief,
        {"type": "act", "version": thief.version, "action": move(ben, rng) or {}},
        "action/spectator",
    )
    refused(thief, {"type": "start"}, "host/only_host")
    late = Client(server, "late")
    late.send({"type": "join", "protocol": 1, "table": code, "name": "late"})
    assert _error(late)["code"] == "table/started"

    everyone = [*clients, thief]
    settle(everyone)
    play(everyone, rng)
    assert ana.game is not None
    assert ana.game["finished"]


def test_a_flood_is_rate_limited_and_the_game_goes_on(server: Server) -> None:
    rng = random.Random(9)
    clients, _code = table_with(server, 3, options={"target_score": 6})
    flooder = clients[1]
    for i in range(150):
        flooder.send({"type": "chat", "text": f"spam {i}", "ref": f"f{i}"})
    answers: dict[str, str] = {}
    end = time.monotonic() + 20
    while len(answers) < 150 and time.monotonic() < end:
        m = flooder.recv(5)
        assert m is not None
        if m["type"] == "error":
            answers[m["ref"]] = m["code"]
        elif (
            m["type"] == "event"
            and m["event"]["kind"] == "chat"
            and m["event"]["player_id"] == flooder.player_id
        ):
            answers[m["event"]["text"].replace("spam ", "f")] = "ok"
    assert len(answers) == 150
    assert set(answers.values()) == {"ok", "protocol/rate_limited"}
    assert 20 <= list(answers.values()).count("ok") < 100
    settle(clients)
    time.sleep(1.5)  # the bucket refills at 10 messages a second
    play(clients, rng)
    assert clients[0].game is not None
    assert clients[0].game["finished"]
    assert get(server, "/api/health").json()["ok"]
