"""Coming back: a dropped socket, a new browser, and a server killed with -9."""

from __future__ import annotations

import random
from pathlib import Path

from .wire import Client, Server, act, move, play, settle, table_with


def test_reconnect_mid_round_gets_same_hand_and_missed_events(server: Server) -> None:
    rng = random.Random(11)
    clients, code = table_with(server, 4, options={"first_storyteller": "p1"})
    ana, ben, cyd, dan = clients
    assert act(ana, move(ana, rng) or {})["type"] == "event"  # the clue
    settle(clients)
    assert act(ben, move(ben, rng) or {})["type"] == "event"
    settle(clients)
    hand, handed, since = list(ben.game["hand"]), list(ben.game["your_cards"]), ben.version
    token = ben.token
    assert token is not None
    ben.close()
    gone = ana.wait(lambda m: m["type"] == "presence" and m["player_id"] == "p2")
    assert gone["online"] is False
    assert ana.member("p2")["online"] is False

    for c in (cyd, dan):
        assert act(c, move(c, rng) or {})["type"] == "event"
        settle([ana, cyd, dan])
    assert ana.request({"type": "chat", "text": "where did Ben go?"})["type"] == "event"
    settle([ana, cyd, dan])
    assert ana.phase == "voting"

    back = Client.resume(server, code, token, since=since, label="Ben again")
    welcome = back.frames[0]
    assert welcome["resync"] is False
    missed = welcome["missed"]
    assert [e["version"] for e in missed] == list(range(since + 1, ana.version + 1))
    assert [e["kind"] for e in missed] == ["action", "action", "chat"]
    assert all("cards" not in e for e in missed)
    assert welcome["version"] == ana.version
    assert back.game is not None
    assert back.game["hand"] == hand
    assert back.game["your_cards"] == handed
    assert back.game["phase"] == "voting"
    assert back.game["choice"]["kind"] == "vote"
    assert welcome["chat"][-1]["text"] == "where did Ben go?"
    assert ana.wait(lambda m: m["type"] == "presence" and m["player_id"] == "p2")["online"]

    # a second browser with the same token: both sockets get the same events
    other = Client.resume(server, code, token, label="Ben elsewhere")
    assert other.frames[0]["resync"] is True
    assert other.frames[0]["missed"] is None
    everyone = [ana, back, other, cyd, dan]
    play(everyone, rng)
    assert back.game == other.game
    assert back.game is not None
    assert back.game["finished"]
    for c in everyone:
        c.close()


def test_resume_with_a_bad_token_is_refused(server: Server) -> None:
    clients, code = table_with(server, 3)
    thief = Client(server, "thief")
    thief.send({"type": "resume", "protocol": 1, "table": code, "token": "x" * 32})
    error = thief.wait(lambda m: m["type"] == "error")
    assert error["code"] == "auth/bad_token"
    settle(clients)
    for c in clients:
        c.close()


def test_kill_9_during_voting_and_restart_resumes_every_table(tmp_path: Path) -> None:
    rng = random.Random(3)
    first = Server(tmp_path / "data").start()
    try:
        clients, code = table_with(first, 4, options={"target_score": 12})
        others, other_code = table_with(first, 3)
        play(clients, rng, until=lambda cs: cs[0].phase == "voting" and cs[0].game["round"] == 2)
        voter = next(c for c in clients if c.game and c.game["choice"])
        assert act(voter, move(voter, rng) or {})["type"] == "event"
        settle(clients)
        version = clients[0].version
        views = {c.player_id: c.game for c in clients}
        history = clients[0].history
        other_version = others[0].version
        tokens = {c.player_id: c.token for c in clients}
        first.kill()
        for c in [*clients, *others]:
            c.close()
    finally:
        if first.alive():
            first.kill()

    second = Server(tmp_path / "data").start()
    try:
        back = [Client.resume(second, code, tokens[pid] or "", label=pid or "") for pid in tokens]
        for c in back:
            assert c.version == version
            assert c.game is not None
            assert {k: v for k, v in c.game.items() if k != "history"} == views[c.player_id]
            assert c.game["history"] == history
        assert back[0].game is not None
        assert back[0].game["phase"] == "voting"
        assert other_version == Client.resume(second, other_code, others[0].token or "").version
        play(back, rng)
        assert all(c.game and c.game["finished"] for c in back)
        for c in back:
            c.close()
    finally:
        second.stop()
