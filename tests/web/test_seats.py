"""Getting to the table from the UI: the TV screen, your seat on another device, reconnecting."""

from __future__ import annotations

import re
import time
from typing import Any

from .conftest import LAPTOP, PHONE, Pages, Served
from .play import join
from .test_games import add_ai


def test_the_lobby_and_the_menu_open_the_tv_screen(server: Served, pages: Pages) -> None:
    table = server.create_table("Ana", options={"first_storyteller": "p1"})
    code = table["code"]
    page = pages.open(f"{server.url}/t/{code}#token={table['token']}", PHONE)
    page.wait_for_selector("[data-screen=lobby]")
    link = page.locator(".share").get_by_role("link", name="Open the TV screen")
    assert link.get_attribute("href") == f"/tv/{code}"
    assert link.get_attribute("target") == "_blank"
    hint = "Show the board on a TV or projector: no hands are shown."
    assert hint in page.locator(".share").inner_text()
    # It opens the shared screen in a new tab, which watches without taking a seat.
    with page.context.expect_page() as opened:
        link.click()
    tv = opened.value
    pages.watch(tv)
    tv.wait_for_selector(".tv-lobby")
    assert tv.locator(".grid.hand").count() == 0
    # In a game, every member finds it in the menu.
    add_ai(page, 2)
    page.get_by_role("button", name="Start with 3 players").click()
    page.wait_for_selector(".frame.game")
    page.get_by_role("button", name="Menu").click()
    menu_link = page.locator(".sheet").get_by_role("link", name="Open the TV screen")
    assert menu_link.get_attribute("href") == f"/tv/{code}"
    tv.wait_for_selector(".frame.tv.phase-telling")


def test_the_lobby_offers_your_own_seat_on_another_device(server: Served, pages: Pages) -> None:
    table = server.create_table("Ana")
    code = table["code"]
    host = pages.open(f"{server.url}/t/{code}#token={table['token']}", LAPTOP)
    host.wait_for_selector("[data-screen=lobby]")
    ben = pages.open(f"{server.url}/t/{code}", PHONE)
    join(ben, "Ben")
    ben.context.grant_permissions(["clipboard-read", "clipboard-write"])
    device = ben.locator("section.device")
    # Told apart from the invitation: the device link is Ben's own seat.
    assert "not an invitation" in device.inner_text()
    assert ben.locator(".share").get_by_role("button", name="Copy the invitation link").count() == 1
    device.get_by_role("button", name="Copy a link to continue on another device").click()
    device.get_by_role("button", name="Copied!").wait_for()
    link: str = ben.evaluate("() => navigator.clipboard.readText()")
    assert re.fullmatch(rf"{re.escape(server.url)}/t/{code}#token=[A-Za-z0-9_-]{{16,64}}", link)
    # Opened in another browser, the link is the same seat, not a second one.
    twin = pages.open(link, LAPTOP)
    twin.wait_for_selector("[data-screen=lobby]")
    assert twin.locator(".members .chip", has_text="Ben (you)").count() == 1
    assert twin.locator("ol.members .member").count() == 2
    assert "#token" not in twin.url
    host.wait_for_function("() => document.querySelectorAll('ol.members .member').length === 2")
    summary = host.request.get(f"{server.url}/api/tables/{code}").json()
    assert (summary["players"], summary["spectators"]) == (2, 0)


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
