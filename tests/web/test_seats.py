"""Coming back to the table: reconnecting by itself after a drop."""

from __future__ import annotations

import time
from typing import Any

from .conftest import PHONE, Pages, Served
from .test_games import add_ai


def test_the_page_reconnects_by_itself_after_a_drop(server: Served, pages: Pages) -> None:
    """Waits are fast-forwarded with Playwright's clock: a minute of outage takes a second."""
    table = server.create_table("Ana", options={"first_storyteller": "p1"})
    down = [False]
    refused: list[float] = []
    live: list[tuple[Any, Any]] = []
    page = pages.open(f"{server.url}/", PHONE)

    def route(ws: Any) -> None:
        # Between the page and the real server; while "down", every attempt is dropped.
        if down[0]:
            refused.append(time.monotonic())
            ws.close()
            return
        live.append((ws, ws.connect_to_server()))

    def drop() -> None:
        down[0] = True
        for ws, upstream in live:
            upstream.close()
            ws.close()
        live.clear()

    def next_attempt() -> None:
        """Jump to the page's next attempt and wait until the server side has seen it."""
        seen = len(refused)
        page.clock.fast_forward(8000)
        deadline = time.monotonic() + 5
        while len(refused) == seen and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        assert len(refused) > seen, "the page stopped trying"

    page.clock.install()
    page.route_web_socket("**/ws", route)
    page.goto(f"{server.url}/t/{table['code']}#token={table['token']}")
    page.wait_for_selector("[data-screen=lobby]")
    add_ai(page, 2)
    page.get_by_role("button", name="Start with 3 players").click()
    page.wait_for_selector(".frame.game[data-choice=tell]")
    hand = page.locator(".grid.hand .card-button").count()

    # The connection drops in the middle of the game and the next attempts fail.
    drop()
    page.locator(".banner.amber", has_text="Reconnecting").wait_for()
    next_attempt()
    assert page.locator(".banner.red").count() == 0  # not yet 30 s: no "Tap to reconnect"
    # Long past the old limit of five attempts (about 15 s), it still tries, on its own.
    while len(refused) < 8:
        next_attempt()
    red = page.locator(".banner.red", has_text="Tap to reconnect")
    red.wait_for()
    next_attempt()  # red, and still trying in the background

    # The network is back: the page finds its seat again without a tap.
    down[0] = False
    page.clock.fast_forward(8000)
    page.wait_for_selector(".banner", state="detached")
    page.wait_for_selector(".frame.game[data-choice=tell]")
    assert page.locator(".chip", has_text="Ana (you)").count() == 1
    assert page.locator(".grid.hand .card-button").count() == hand
    summary = page.request.get(f"{server.url}/api/tables/{table['code']}").json()
    assert (summary["players"], summary["spectators"]) == (3, 0)

    # A second long drop; this time a tap on the red banner reconnects at once.
    drop()
    while len(refused) < 16:
        next_attempt()
    red.wait_for()
    down[0] = False
    red.click()
    page.wait_for_selector(".banner", state="detached", timeout=3000)
    assert page.locator(".chip", has_text="Ana (you)").count() == 1
