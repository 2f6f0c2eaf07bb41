"""A full game of every mode, played by scripted clients over real sockets.

The same games prove secrecy on the wire: every frame each client received is
checked for card ids it may not know and for votes before every vote is in.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from dixit.engine import replay

from .wire import Client, Server, get, play, table_with

#: card ids of the default deck
CARD = re.compile(r"dream-\d{3}")

GAMES = [
    pytest.param("odyssey", 3, {"target_score": 15}, id="odyssey-3"),
    pytest.param("odyssey", 4, {}, id="odyssey-4"),
    pytest.param("odyssey", 8, {"target_score": 20}, id="odyssey-8"),
    pytest.param("classic", 4, {}, id="classic-4"),
    pytest.param("party", 6, {}, id="party-6"),
    pytest.param("team", 6, {}, id="team-6"),
]


def _public_round(entry: dict[str, Any]) -> set[str]:
    return set(entry["board"])


def check_secrecy(client: Client) -> None:
    """No frame holds a card the seat may not know, or a vote before all are in."""
    history_cards: set[str] = set()
    game: dict[str, Any] | None = None
    seen = 0
    for text, frame in zip(client.raw, client.frames, strict=True):
        if frame.get("game") is not None:
            game = frame["game"]
        for entry in (game or {}).get("history", []):
            history_cards |= _public_round(entry)
        if frame.get("recap"):
            history_cards |= _public_round(frame["recap"])
        if game is None:
            continue
        allowed = set(history_cards) | set(game["hand"]) | set(game["your_cards"])
        if game["phase"] == "voting":
            allowed |= set(game["board"])
            _no_votes_outside_history(frame, game["round"])
        found = set(CARD.findall(text))
        seen += len(found)
        leaked = found - allowed
        assert not leaked, (client.label, game["phase"], leaked, frame)
    assert seen, "no card ids on the wire: the check would prove nothing"


def _no_votes_outside_history(node: Any, current_round: int, inside: str = "") -> None:
    """During voting, who voted for what exists only for earlier rounds."""
    if isinstance(node, dict):
        if "number" in node and "votes" in node:
            assert node["number"] < current_round, node
            return
        for key, value in node.items():
            if key in ("votes", "owners", "red"):
                assert not value, (key, node)
            _no_votes_outside_history(value, current_round, key)
    elif isinstance(node, list):
        for item in node:
            _no_votes_outside_history(item, current_round, inside)


@pytest.mark.parametrize(("mode", "players", "options"), GAMES)
def test_full_game(server: Server, mode: str, players: int, options: dict[str, Any]) -> None:
    rng = random.Random(f"{mode}/{players}")
    clients, code = table_with(server, players, mode=mode, options=options)
    spectator = Client.join(server, code, "Watcher", role="spectator")
    everyone = [*clients, spectator]
    play(everyone, rng)

    final = [c.game for c in everyone]
    assert all(g is not None and g["finished"] for g in final)
    scores = {repr(g["scores"]) for g in final if g is not None}
    assert len(scores) == 1
    assert all(c.table["status"] == "finished" for c in everyone)
    assert final[0] is not None
    assert final[0]["winners"]
    for c in everyone:
        assert not [e for e in c.errors if e["code"] != "action/stale_version"], c.errors
        check_secrecy(c)
    # every round's recap reached every client, and the record replays to the same scores
    rounds = len(clients[0].history)
    assert rounds >= 1
    assert all(len(c.history) == rounds for c in everyone)
    response = get(server, f"/api/tables/{code}/record")
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["format"] == "dixit-record/1"
    assert set(record["names"]) == set(record["players"])
    if mode == "team":  # RULES.md: a team's voter never votes for their own team's card
        assert record["options"]["partner_card_vote"] is False
    assert replay(record).game.score_dict() == final[0]["scores"]
    for c in everyone:
        c.close()


def test_game_with_ai_players_and_rematch(server: Server) -> None:
    rng = random.Random(5)
    clients, code = table_with(server, 4, ai=2, options={"target_score": 10})
    host = clients[0]
    assert sum(m["kind"] == "ai" for m in host.table["members"]) == 2
    play(clients, rng)
    by = {
        e["by"]
        for c in clients[:1]
        for f in c.frames
        if f["type"] == "event"
        for e in [f["event"]]
        if e["kind"] == "action"
    }
    assert by == {"player", "ai"}
    reply = host.request({"type": "rematch"})
    assert reply["type"] == "event"
    assert host.table["status"] == "lobby"
    assert host.game is None
    assert len(host.table["members"]) == 4
    reply = host.request({"type": "start"})
    assert reply["type"] == "event"
    assert host.table["game_number"] == 2
    play(clients, rng)
    assert get(server, f"/api/tables/{code}/record?game=1").status_code == 200
    assert get(server, f"/api/tables/{code}/record?game=2").status_code == 200
    for c in clients:
        c.close()
