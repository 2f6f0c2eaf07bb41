"""Around the game: the lobby, the host, presence, timers, AI takeover, chat, HTTP."""

from __future__ import annotations

import random
import time
from pathlib import Path

import httpx

from .wire import Client, Server, get, play, settle, table_with


def test_lobby_seats_and_the_host_role(server: Server) -> None:
    created = server.create_table("Ana", mode="classic")
    code = created["code"]
    assert created["link"] == f"/t/{code}"
    ana = Client.resume(server, code, created["token"], label="Ana")
    ben = Client.join(server, code.lower(), "  Ben  ")
    cyd = Client.join(server, code, "<b>Cyd</b>", role="spectator")
    settle([ana, ben, cyd])
    assert ana.member("p2")["name"] == "Ben"
    assert ana.member("p3") == {**ana.member("p3"), "role": "spectator", "seat": None}
    assert ana.member("p3")["name"] == "<b>Cyd</b>"  # text, never HTML: clients escape
    summary = get(server, f"/api/tables/{code}").json()
    assert summary == {
        "code": code,
        "mode": "classic",
        "status": "lobby",
        "host_name": "Ana",
        "players": 2,
        "max_players": 6,
        "spectators": 1,
    }
    assert "token" not in str(ana.table)

    assert cyd.request({"type": "sit"})["type"] == "event"
    assert ben.request({"type": "stand"})["type"] == "event"
    settle([ana, ben, cyd])
    assert [m["player_id"] for m in ana.table["members"] if m["role"] == "player"] == ["p1", "p3"]
    reply = ana.request({"type": "start"})
    assert reply["code"] == "lobby/player_count"
    assert (
        ana.request({"type": "settings", "mode": "odyssey", "time_limits": {"voting": 30}})["type"]
        == "event"
    )
    assert ana.table["mode"] == "odyssey"
    assert ana.table["time_limits"]["voting"] == 30
    assert ana.request({"type": "settings", "options": {"target_score": 0}})["code"] == (
        "table/bad_settings"
    )
    assert ana.request({"type": "settings", "deck": "nope"})["code"] == "deck/not_found"

    # the host leaves: the role passes to the earliest player; the token stops working
    token = ana.token or ""
    assert ana.request({"type": "leave"})["event"]["kind"] == "left"
    assert ana.wait(lambda m: m["type"] == "bye")["reason"] == "left"
    settle([ben, cyd])
    assert ben.table["host"] == "p3"
    stale = Client(server, "old Ana")
    stale.send({"type": "resume", "protocol": 1, "table": code, "token": token})
    assert stale.wait(lambda m: m["type"] == "error")["code"] == "auth/bad_token"
    # the new host removes Ben
    assert cyd.request({"type": "remove", "player_id": "p2"})["type"] == "event"
    assert ben.wait(lambda m: m["type"] == "bye")["reason"] == "removed"
    assert cyd.request({"type": "promote", "player_id": "p2"})["code"] == "member/not_found"
    for c in (ana, ben, cyd, stale):
        c.close()


def test_timers_play_for_the_absent_and_show_time_left(server: Server) -> None:
    limits = {"telling": 1, "handing_in": 1, "voting": 1, "reveal": 1}
    clients, _code = table_with(server, 3, options={"rotations": 1}, time_limits=limits)
    ana = clients[0]
    timer = next(f["timer"] for f in reversed(ana.frames) if f.get("timer"))
    assert timer["limit_s"] == 1
    assert 0 < timer["remaining_ms"] <= 1000
    # nobody acts: the server does, for everyone, round after round
    ana.wait(lambda m: ana.game is not None and ana.game["round"] == 2, timeout=15)
    actions = [f["event"] for f in ana.frames if f["type"] == "event"]
    assert {e["by"] for e in actions if e["kind"] == "action"} == {"timer"}
    assert {e["by"] for e in actions if e["kind"] == "next_round"} == {"timer"}
    # the host turns the timers off, and the table waits again
    reply = ana.request({"type": "time_limits", "time_limits": dict.fromkeys(limits)})
    assert reply["type"] == "event"
    settle(clients)
    version = ana.version
    time.sleep(1.5)
    settle(clients)
    assert ana.version == version
    for c in clients:
        c.close()


def test_ai_takes_over_an_away_seat_and_the_player_takes_it_back(server: Server) -> None:
    rng = random.Random(4)
    clients, code = table_with(server, 3, options={"target_score": 8}, grace_seconds=1)
    ana, ben, cyd = clients
    token = ben.token or ""
    ben.close()
    ana.wait(lambda m: m["type"] == "presence" and m["player_id"] == "p2")
    early = ana.request({"type": "takeover", "player_id": "p2"})
    assert early["code"] == "member/not_away"
    time.sleep(1.1)
    assert ana.request({"type": "takeover", "player_id": "p2"})["type"] == "event"
    assert ana.member("p2")["ai_control"] is True
    assert ana.member("p2")["away_ms"] >= 1000
    play([ana, cyd], rng, until=lambda cs: len(cs[0].history) >= 1)
    back = Client.resume(server, code, token, label="Ben")
    assert back.game is not None
    refused = back.request(
        {"type": "act", "version": back.version, "action": {"type": "vote", "cards": ["card-001"]}}
    )
    assert refused["code"] == "action/ai_controlled"
    assert back.request({"type": "reclaim"})["type"] == "event"
    assert back.member("p2")["ai_control"] is False
    everyone = [ana, back, cyd]
    play(everyone, rng)
    by = {
        f["event"]["by"]
        for f in ana.frames
        if f["type"] == "event" and f["event"]["kind"] == "action" and f["event"]["player"] == "p2"
    }
    assert by == {"ai", "player"}
    for c in everyone:
        c.close()


def test_chat_is_text_stored_and_replayed(server: Server) -> None:
    clients, code = table_with(server, 3)
    ana, ben, _cyd = clients
    text = "<script>alert(1)</script> &amp; friends"
    assert ben.request({"type": "chat", "text": text})["type"] == "event"
    settle(clients)
    line = ana.frames[-1]["event"]
    assert line["text"] == text
    assert line["name"] == "player 2"
    assert line["player_id"] == "p2"
    late = Client.resume(server, code, ana.token or "")
    assert late.frames[0]["chat"][-1]["text"] == text
    for c in [*clients, late]:
        c.close()


def test_record_waits_for_the_end(server: Server) -> None:
    clients, code = table_with(server, 3)
    response = get(server, f"/api/tables/{code}/record")
    assert response.status_code == 409
    assert response.json()["error"]["code"] == "record/not_finished"
    assert get(server, f"/api/tables/{code}/record?game=7").status_code == 404
    assert get(server, "/api/tables/ZZZZZZ/record").status_code == 404
    for c in clients:
        c.close()


def test_http_api(server: Server) -> None:
    decks = get(server, "/api/decks").json()["decks"]
    assert decks[0]["default"] is True
    assert decks[0]["cards"] >= 84
    deck = get(server, f"/api/decks/{decks[0]['id']}").json()
    card = deck["cards"][0]
    assert card["title"]
    assert card["image"] == f"/cards/{deck['id']}/{card['id']}.webp"
    assert card["thumbnail"] == f"/thumbs/{deck['id']}/{card['id']}.webp"
    for path in (card["image"], card["thumbnail"]):
        image = get(server, path)
        assert image.status_code == 200
        assert image.headers["content-type"] == "image/webp"
        assert image.content[:4] == b"RIFF"
        assert "immutable" in image.headers["cache-control"]
        assert image.headers["etag"]
    full, thumb = get(server, card["image"]), get(server, card["thumbnail"])
    assert len(thumb.content) < len(full.content)
    # JSON under /api/ is gzipped for clients that accept it; images never are
    listing = get(server, f"/api/decks/{deck['id']}")
    assert listing.headers.get("content-encoding") == "gzip"
    assert "content-encoding" not in full.headers
    missing = get(server, f"/cards/{deck['id']}/no-such-card.webp")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "card/not_found"
    assert get(server, "/cards/nope/x.webp").status_code == 404
    assert get(server, "/api/decks/nope").json()["error"]["code"] == "deck/not_found"
    assert get(server, "/docs").status_code == 404  # its page would load a CDN's scripts
    openapi = get(server, "/openapi.json").json()
    assert "/api/tables" in openapi["paths"]
    assert "/api/tables/{code}/record" in openapi["paths"]
    bad = server_post(server, {"name": ""})
    assert bad.status_code == 400
    assert bad.json()["error"]["code"] == "member/bad_name"
    bad = server_post(server, {"name": "x", "mode": "chess"})
    assert bad.json()["error"]["code"] == "request/invalid"
    bad = server_post(server, {"name": "x", "options": {"target_score": "many"}})
    assert bad.json()["error"]["code"] == "table/bad_settings"
    bad = server_post(server, {"name": "x", "deck": "nope"})
    assert bad.json()["error"]["code"] == "deck/not_found"


def server_post(server: Server, body: dict[str, object]) -> httpx.Response:
    return httpx.post(f"{server.http}/api/tables", json=body)


def test_an_all_ai_table_plays_itself(server: Server) -> None:
    created = server.create_table("Ana", mode="party", options={"rotations": 1})
    ana = Client.resume(server, created["code"], created["token"], label="Ana")
    for _ in range(5):
        assert ana.request({"type": "add_ai"})["type"] == "event"
    assert ana.request({"type": "stand"})["type"] == "event"
    assert ana.request({"type": "add_ai"})["type"] == "event"
    assert ana.request({"type": "start"})["type"] == "event"
    ana.wait(lambda m: ana.game is not None and ana.game["finished"], timeout=30)
    assert ana.table["status"] == "finished"
    play([ana], random.Random(1))
    ana.close()


def test_a_shared_screen_watches_without_joining(server: Server) -> None:
    clients, code = table_with(server, 4, options={"target_score": 3})
    members = [m["player_id"] for m in clients[0].table["members"]]
    screen = Client.watch(server, code)
    welcome = screen.frames[-1]
    assert welcome["you"] == {"player_id": None, "role": "watcher"}
    assert "token" not in welcome["you"]
    assert screen.game is not None
    assert screen.game["you"] is None
    settle([*clients, screen])
    assert [m["player_id"] for m in clients[0].table["members"]] == members
    assert get(server, f"/api/tables/{code}").json()["spectators"] == 0
    refused = screen.request({"type": "chat", "text": "hello"})
    assert refused["code"] == "protocol/watch_only"
    tell = {"type": "tell", "clue": "mine now", "card": "dream-001"}
    refused = screen.request({"type": "act", "version": screen.version, "action": tell})
    assert refused["code"] == "protocol/watch_only"
    play([*clients, screen], random.Random(4))
    settle([*clients, screen])
    assert screen.game is not None
    assert screen.game["finished"]
    assert screen.history == clients[0].history
    views = [f["game"] for f in screen.frames if f.get("game")]
    assert views
    assert all(v["hand"] == [] and v["you"] is None for v in views)
    presence = sum(1 for f in clients[0].frames if f["type"] == "presence")
    screen.close()
    clients[0].request({"type": "chat", "text": "still here"})
    settle(clients)
    assert sum(1 for f in clients[0].frames if f["type"] == "presence") == presence
    for c in clients:
        c.close()


def test_the_host_continues_now_for_the_players_awaited(server: Server) -> None:
    clients, _code = table_with(server, 4, options={"first_storyteller": "p1"})
    ana, ben = clients[0], clients[1]
    assert ben.request({"type": "continue"})["code"] == "host/only_host"
    # Telling: the table waits for the host alone.
    assert ana.request({"type": "continue"})["code"] == "action/your_move"
    assert ana.game is not None
    tell = {"type": "tell", "clue": "slowly", "card": ana.game["hand"][0]}
    assert ana.request({"type": "act", "version": ana.version, "action": tell})["type"] == "event"
    settle(clients)
    assert ana.game["phase"] == "handing_in"
    reply = ana.request({"type": "continue"})
    assert reply["type"] == "event"
    settle(clients)
    assert ana.game["phase"] == "voting"
    moves = [f["event"] for f in ana.frames if f["type"] == "event"][-3:]
    assert [(m["type"], m["by"]) for m in moves] == [("hand_in", "host")] * 3
    ana.request({"type": "continue"})
    settle(clients)
    assert ana.game["phase"] == "reveal"
    ana.request({"type": "continue"})
    settle(clients)
    assert ana.game["phase"] == "telling"
    assert ana.game["round"] == 2
    for c in clients:
        c.close()


def test_spectators_who_left_free_their_place(server: Server) -> None:
    from dixit.server.table import MAX_SPECTATORS

    created = server.create_table("Ana")
    code = created["code"]
    for i in range(MAX_SPECTATORS + 1):
        watcher = Client.join(server, code, f"watcher {i}", role="spectator")
        reply = watcher.request({"type": "leave"})
        assert reply["type"] in ("event", "bye"), reply
        watcher.close()
    late = Client.join(server, code, "late watcher", role="spectator")
    assert get(server, f"/api/tables/{code}").json()["spectators"] == 1
    late.close()


def test_a_player_who_leaves_after_the_end_keeps_their_name_in_the_ranking(
    server: Server,
) -> None:
    clients, _code = table_with(server, 3, options={"target_score": 3})
    play(clients, random.Random(6))
    ana, ben = clients[0], clients[1]
    assert ana.table["status"] == "finished"
    assert ben.player_id is not None
    leaver = ben.player_id
    assert ben.request({"type": "leave"})["type"] in ("event", "bye")
    settle([ana, clients[2]])
    assert ana.member(leaver)["name"] == "player 2"
    assert ana.request({"type": "rematch"})["type"] == "event"
    settle([ana, clients[2]])
    assert leaver not in [m["player_id"] for m in ana.table["members"]]
    for c in clients:
        c.close()


def test_one_address_may_create_only_so_many_tables(tmp_path: Path) -> None:
    limited = Server(tmp_path / "limited", "--tables-per-minute", "2").start()
    try:
        assert [server_post(limited, {"name": "Ana"}).status_code for _ in range(2)] == [201, 201]
        refused = server_post(limited, {"name": "Ana"})
        assert refused.status_code == 429
        assert refused.json()["error"]["code"] == "request/rate_limited"
        assert get(limited, "/api/health").json()["tables"] == 2
    finally:
        limited.stop()
