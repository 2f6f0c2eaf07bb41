"""Whole games through the browser client, against a real server and a real Chromium."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .conftest import LAPTOP, PHONE, Pages, Served
from .play import at_end, create_table, frame_state, join, play_until


def test_four_players_play_odyssey_from_create_to_end(
    server: Served, pages: Pages, shot: Callable[[Any, str], None]
) -> None:
    host = pages.open(server.url, PHONE)
    code = create_table(host, "Ana", "odyssey", target="6")
    shot(host, "lobby-host")
    others = []
    for name, size in (("Ben", LAPTOP), ("Cy", PHONE), ("Dee", LAPTOP)):
        page = pages.open(f"{server.url}/t/{code}", size)
        join(page, name)
        others.append(page)
    players = [host, *others]
    host.get_by_role("button", name="Start with 4 players").click()
    for page in players:
        page.wait_for_selector(".frame.game")
    seen: set[str] = set()

    def each(page: Any, what: str) -> None:
        if what not in seen:
            seen.add(what)
            shot(page, f"odyssey-after-{what}")

    play_until(players, at_end(players), timeout=90, each=each)
    assert {"tell", "hand_in", "vote", "next"} <= seen
    for page in players:
        assert page.locator("h1.winners").is_visible()
        shot(page, "odyssey-end")
    assert host.get_by_role("button", name="Play again with the same players").is_visible()
    assert "Waiting for Ana to start a rematch" in others[0].locator(".bottombar").inner_text()
    scores = frame_state(host)
    assert scores is not None
