"""Whole games through the browser client, against a real server and a real Chromium."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .conftest import LAPTOP, PHONE, Pages, Served
from .play import at_end, create_table, frame_state, join, play_until, step
from .test_client import run_axe

Shot = Callable[[Any, str], None]


def seat_token(page: Any, code: str) -> str:
    token: str = page.evaluate(f"() => JSON.parse(localStorage.getItem('dixit.seat.{code}')).token")
    return token


def test_four_players_play_odyssey_from_create_to_end(
    server: Served, pages: Pages, shot: Shot
) -> None:
    host = pages.open(server.url, PHONE)
    code = create_table(host, "Ana", "odyssey", target="6")
    shot(host, "lobby-host")
    tv = pages.open(f"{server.url}/tv/{code}", LAPTOP)
    tv.wait_for_selector(".tv-lobby")
    others = []
    for name, size, scheme in (
        ("Ben", LAPTOP, "light"),
        ("Cy", PHONE, "light"),
        ("Dee", LAPTOP, "dark"),
    ):
        page = pages.open(f"{server.url}/t/{code}", size, scheme=scheme)
        join(page, name)
        others.append(page)
    ben, cy, _dee = others
    players = [host, *others]
    tv.wait_for_function("() => document.querySelectorAll('.tv-lobby .chip').length === 4")
    shot(tv, "tv-lobby")
    # The screen watches without joining: nobody sees it among the people at the table.
    summary = host.request.get(f"{server.url}/api/tables/{code}").json()
    assert (summary["players"], summary["spectators"]) == (4, 0)
    shot(ben, "lobby-guest")
    assert "Waiting for Ana to start (4/12)" in ben.locator(".bottombar").inner_text()
    host.get_by_role("button", name="Start with 4 players").click()
    for page in players:
        page.wait_for_selector(".frame.game")
    tv.wait_for_selector(".frame.tv.phase-telling")
    shot(tv, "tv-telling")

    # The same seat from another browser, by the "continue on another device" link.
    twin = pages.open(f"{server.url}/t/{code}#token={seat_token(cy, code)}", PHONE)
    twin.wait_for_selector(".frame.game")
    assert twin.locator(".chip", has_text="Cy (you)").count() == 1
    assert "#token" not in twin.url
    # The plain link in a fresh browser offers to watch the running game.
    stranger = pages.open(f"{server.url}/t/{code}", PHONE)
    stranger.wait_for_selector("text=The game has started: you can watch.")
    assert stranger.get_by_role("button", name="Join the table").count() == 0

    seen: set[str] = set()

    def each(page: Any, what: str) -> None:
        state = frame_state(page) or {}
        if what not in seen:
            seen.add(what)
            shot(page, f"odyssey-after-{what}")
        if state.get("phase") == "voting" and "tv-voting" not in seen:
            seen.add("tv-voting")
            tv.wait_for_selector(".frame.tv.phase-voting")
            assert tv.locator(".grid.hand").count() == 0
            shot(tv, "tv-voting")

    def asked(kind: str) -> list[Any]:
        return [p for p in players if (frame_state(p) or {}).get("choice") == kind]

    def reload_and_check(page: Any, phase: str, done: str) -> None:
        """What the player did comes back from the server after a reload."""
        page.reload()
        page.wait_for_selector(f".frame.game[data-phase={phase}]")
        assert (frame_state(page) or {})["choice"] == ""
        assert page.locator(done).count() == 1
        assert page.locator(".bottombar .primary.big").count() == 0
        shot(page, f"odyssey-reloaded-{phase}")

    # Round 1, move by move, so that a reload lands while the others still have to act.
    teller = asked("tell")
    while not teller:
        players[0].wait_for_timeout(25)
        teller = asked("tell")
    each(teller[0], step(teller[0]) or "")
    for page in players:
        page.wait_for_selector(".frame.game[data-phase=handing_in]")
    first = asked("hand_in")[0]
    each(first, step(first) or "")
    first.wait_for_selector(".locked-cards .card")
    reload_and_check(first, "handing_in", ".locked-cards .card")
    for page in asked("hand_in"):
        each(page, step(page) or "")
    for page in players:
        page.wait_for_selector(".frame.game[data-phase=voting]")
    first = asked("vote")[0]
    each(first, step(first) or "")
    first.wait_for_selector(".bottombar :text('You voted for')")
    reload_and_check(first, "voting", ".grid.board .card.selected")

    play_until(players, at_end(players), timeout=90, each=each)
    assert {"tell", "hand_in", "vote", "next"} <= seen
    for page in players:
        assert page.locator("h1.winners").is_visible()
        shot(page, "odyssey-end")
    tv.wait_for_selector(".frame.tv.phase-game_over")
    shot(tv, "tv-end")
    assert host.get_by_role("button", name="Play again with the same players").is_visible()
    assert "Waiting for Ana to start a rematch" in ben.locator(".bottombar").inner_text()
    # Rematch: everyone is back in the lobby, seated as before.
    host.get_by_role("button", name="Play again with the same players").click()
    for page in players:
        page.wait_for_selector("[data-screen=lobby]")
    assert host.get_by_role("button", name="Start with 4 players").is_enabled()


def add_ai(host: Any, count: int) -> None:
    for n in range(count):
        host.get_by_role("button", name="Add an AI player").click()
        host.wait_for_function(
            f"() => document.querySelectorAll('.members .mark.ai').length === {n + 1}"
        )


def test_three_players_hand_in_two_cards_each(server: Served, pages: Pages, shot: Shot) -> None:
    host = pages.open(server.url, PHONE)
    create_table(host, "Ana", "odyssey", target="12")
    add_ai(host, 2)
    host.get_by_role("button", name="Start with 3 players").click()
    host.wait_for_selector(".frame.game")
    two_cards: list[bool] = []

    def each(page: Any, what: str) -> None:
        if what == "hand_in" and not two_cards:
            # Both cards are the player's: locked in the hand-in, or marked on the board.
            mine = ".locked-cards .card, .grid.board .card.mine"
            page.wait_for_function(f"() => document.querySelectorAll('{mine}').length === 2")
            shot(page, "three-handed-in")
            two_cards.append(True)

    # Before handing in, the page asks for two cards and offers no hand-in with one.
    play_until(
        [host],
        lambda: (frame_state(host) or {}).get("choice") == "hand_in",
        timeout=60,
        each=each,
    )
    host.locator(".grid.hand .card-button").first.click()
    assert host.locator(".bottombar .primary.big").is_disabled()
    assert "Choose 2 cards" in host.locator(".bottombar").inner_text()
    shot(host, "three-handing-in")
    host.locator(".grid.hand .card-button").first.click()
    play_until([host], at_end([host]), timeout=60, each=each)
    assert two_cards == [True]
    shot(host, "three-end")


def test_party_game_with_ai_players(server: Served, pages: Pages, shot: Shot) -> None:
    host = pages.open(server.url, LAPTOP)
    create_table(host, "Ana", "party")
    add_ai(host, 5)
    host.get_by_role("button", name="Start with 6 players").click()
    host.wait_for_selector(".frame.game")
    seen: set[str] = set()

    def watch(page: Any, what: str) -> None:
        seen.add(what)
        if what in ("vote_red", "tell_clue_first"):
            shot(page, f"party-after-{what}")

    play_until([host], at_end([host]), timeout=90, each=watch)
    assert {"tell_clue_first", "vote_red", "hand_in", "vote"} <= seen
    shot(host, "party-end")


def test_team_game_with_ai_players(server: Served, pages: Pages, shot: Shot) -> None:
    host = pages.open(server.url, PHONE)
    create_table(host, "Ana", "team")
    guest = pages.open(f"{server.url}/t/{host.locator('.share .code').inner_text()}", LAPTOP)
    join(guest, "Ben")
    add_ai(host, 4)
    host.get_by_role("button", name="Start with 6 players").click()
    for page in (host, guest):
        page.wait_for_selector(".frame.game .teams")
    shot(host, "team-start")
    said: set[str] = set()

    def each(page: Any, what: str) -> None:
        said.add(what)

    def done() -> bool:
        for page in (host, guest):
            text = page.locator(".bottombar").inner_text()
            for key, phrase in (
                ("team-handin", "Hand in one card for your team"),
                ("partner-votes", "votes for your team this round"),
                ("no-vote", "You do not vote this round"),
            ):
                if phrase in text and key not in said:
                    said.add(key)
                    shot(page, f"team-{key}")
        return at_end([host, guest])()

    play_until([host, guest], done, timeout=90, each=each)
    assert "team-handin" in said
    assert host.locator(".ranking li").count() == 3
    shot(host, "team-end")


def test_names_clues_and_chat_with_markup_stay_text(server: Served, pages: Pages) -> None:
    evil_name = '<img src=x onerror="__owned=1">'
    evil_clue = "<script>window.__owned=2</script><b>bold</b>"
    evil_chat = '<a href="javascript:window.__owned=3">click</a> & <i>hi</i>'
    # The host's seat comes from the API, and reaches the browser by the device link.
    table = server.create_table(evil_name, options={"target_score": 3, "first_storyteller": "p1"})
    code = table["code"]
    guest = pages.open(f"{server.url}/t/{code}", PHONE)
    guest.wait_for_selector("main h1")
    assert evil_name in guest.locator("main h1").inner_text()
    join(guest, "Ben")
    host = pages.open(f"{server.url}/t/{code}#token={table['token']}", PHONE)
    host.wait_for_selector("[data-screen=lobby]")
    add_ai(host, 1)
    host.get_by_role("button", name="Start with 3 players").click()
    host.wait_for_selector(".frame.game[data-choice=tell]")
    host.locator(".grid.hand .card-button").first.click()
    host.locator("#clue-input").fill(evil_clue)
    host.locator(".clue-form button[type=submit]").click()
    for page in (host, guest):
        page.wait_for_selector(".clue-text")
        assert page.locator(".clue-text").inner_text() == evil_clue
    guest.locator(".chat-bubble").click()
    guest.locator("#chat-input").fill(evil_chat)
    guest.get_by_role("button", name="Send").click()
    host.wait_for_selector(".chat-bubble .unread")
    host.locator(".chat-bubble").click()
    host.wait_for_selector(".chat-lines .chat-text")
    assert host.locator(".chat-lines .chat-text").inner_text() == evil_chat
    for page in (host, guest):
        assert page.locator(".chip", has_text=evil_name).count() >= 1
        assert page.evaluate("() => window.__owned") is None
        assert page.locator("img[src=x], .chat-lines a, .clue-text b, .chat-lines i").count() == 0


def test_a_refused_move_is_unlocked_and_explained(server: Served, pages: Pages, shot: Shot) -> None:
    table = server.create_table("Ana", options={"target_score": 3, "first_storyteller": "p1"})
    tamper = [True]
    page = pages.open(f"{server.url}/", PHONE)

    def route(ws: Any) -> None:
        # Between the page and the real server: spoil the card of the first move.
        upstream = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "act" and tamper[0]:
                data["action"]["card"] = "card-that-is-not-in-the-hand"
            upstream.send(json.dumps(data))

        ws.on_message(outgoing)
        upstream.on_message(lambda message: ws.send(message))

    page.route_web_socket("**/ws", route)
    page.goto(f"{server.url}/t/{table['code']}#token={table['token']}")
    page.wait_for_selector("[data-screen=lobby]")
    add_ai(page, 2)
    page.get_by_role("button", name="Start with 3 players").click()
    page.wait_for_selector(".frame.game[data-choice=tell]")
    page.locator(".grid.hand .card-button").first.click()
    page.locator("#clue-input").fill("refused")
    page.locator(".clue-form button[type=submit]").click()
    notice = page.locator(".notice.error")
    notice.wait_for()
    # A translated sentence, and the server's words on which rule was broken.
    assert "That move is against the rules." in notice.inner_text()
    assert "card-that-is-not-in-the-hand" in notice.locator(".detail").inner_text()
    # The lock is undone: the same move can be made again, and now it goes through.
    page.wait_for_selector(".frame.game[data-choice=tell]")
    assert page.locator(".clue-form button[type=submit]").is_enabled()
    shot(page, "refused-move")
    tamper[0] = False
    page.locator(".clue-form button[type=submit]").click()
    page.wait_for_selector(".frame.game:not([data-phase=telling])")


def test_real_lobby_and_game_screens_pass_axe(server: Served, pages: Pages) -> None:
    table = server.create_table("Ana", options={"target_score": 30, "first_storyteller": "p1"})
    page = pages.open(
        f"{server.url}/t/{table['code']}#token={table['token']}", PHONE, bypass_csp=True
    )
    page.wait_for_selector("[data-screen=lobby] .qr path")
    add_ai(page, 2)
    found = {"lobby": run_axe(page)}
    page.get_by_role("button", name="Start with 3 players").click()
    page.wait_for_selector(".frame.game[data-choice=tell] .grid.hand img")
    found["telling"] = run_axe(page)
    play_until([page], lambda: (frame_state(page) or {}).get("phase") == "reveal", timeout=30)
    found["reveal"] = run_axe(page)
    problems = {k: [(v["id"], v["nodes"][0]["html"]) for v in vs] for k, vs in found.items() if vs}
    assert problems == {}


def test_a_phase_timer_counts_down_and_the_server_moves_on(
    server: Served, pages: Pages, shot: Shot
) -> None:
    limits = {"telling": 5, "handing_in": None, "voting": None, "reveal": None}
    table = server.create_table(
        "Ana", options={"first_storyteller": "p1"}, time_limits=limits, grace_seconds=5
    )
    page = pages.open(f"{server.url}/t/{table['code']}#token={table['token']}", PHONE)
    page.wait_for_selector("[data-screen=lobby]")
    add_ai(page, 2)
    page.get_by_role("button", name="Start with 3 players").click()
    ring = page.locator(".topbar .timer")
    ring.wait_for()
    assert int(ring.inner_text()) <= 5
    page.wait_for_selector(".topbar .timer.late")
    shot(page, "timer-late")
    # Nobody told: when the time is up the server tells for the storyteller.
    page.wait_for_selector(".frame.game:not([data-phase=telling])", timeout=15_000)
    assert page.locator(".topbar .clue-text").inner_text()


def test_the_lobby_host_tools_and_watching(server: Served, pages: Pages, shot: Shot) -> None:
    host = pages.open(server.url, LAPTOP)
    code = create_table(host, "Ana", "odyssey")
    guest = pages.open(f"{server.url}/t/{code}", PHONE)
    join(guest, "Ben")
    watcher = pages.open(f"{server.url}/t/{code}", PHONE)
    watcher.get_by_label("Your name").fill("Cy")
    watcher.get_by_role("button", name="Just watch").click()
    watcher.wait_for_selector("[data-screen=lobby]")
    host.wait_for_selector(".members .chip-name:text('Cy')")
    assert "Watching" in host.locator("#seated-title ~ h3").inner_text()
    # Watching, then taking a seat.
    watcher.get_by_role("button", name="Take a seat").click()
    host.wait_for_function("() => document.querySelectorAll('ol.members .member').length === 3")
    # Add an AI player, then remove it after a confirmation.
    add_ai(host, 1)
    assert host.get_by_role("button", name="Start with 4 players").is_enabled()
    host.get_by_role("button", name="Remove AI 1").click()
    host.get_by_role("button", name="Remove AI 1?").click()
    host.wait_for_function("() => document.querySelectorAll('.members .mark.ai').length === 0")
    shot(host, "lobby-host-tools")
    # Hand the host role to Ben: he now has the start button, Ana waits for him.
    host.get_by_role("button", name="Make host: Ben").click()
    host.get_by_role("button", name="Make Ben the host?").click()
    guest.wait_for_selector("[data-screen=lobby][data-host=yes]")
    assert guest.get_by_role("button", name="Start with 3 players").is_enabled()
    host.wait_for_selector(".bottombar :text('Waiting for Ben to start (3/12)')")
    # Leaving for good: the seat token is forgotten, the page says so.
    watcher.get_by_role("button", name="Leave the table").click()
    watcher.wait_for_selector("text=You left the table.")
    assert watcher.evaluate(f"() => localStorage.getItem('dixit.seat.{code}')") is None
    host.wait_for_function("() => document.querySelectorAll('ol.members .member').length === 2")


def test_the_host_continues_now_for_a_slow_player(server: Served, pages: Pages, shot: Shot) -> None:
    table = server.create_table("Ana", options={"first_storyteller": "p1"})
    ana = pages.open(f"{server.url}/t/{table['code']}#token={table['token']}", PHONE)
    ana.wait_for_selector("[data-screen=lobby]")
    ben = pages.open(f"{server.url}/t/{table['code']}", LAPTOP)
    join(ben, "Ben")
    add_ai(ana, 1)
    ana.get_by_role("button", name="Start with 3 players").click()
    ana.wait_for_selector(".frame.game[data-choice=tell]")
    assert step(ana) == "tell"
    ana.get_by_role("button", name="Menu").click()
    # The AI player hands in at once; Ben is slow, and the host moves the table on.
    ana.get_by_role("button", name="Continue now: an AI player moves for Ben").click()
    ben.wait_for_selector(".frame.game[data-phase=voting]")
    shot(ben, "continued-for-ben")
    assert ben.locator(".grid.board .card.mine").count() == 2  # his two cards, handed in for him
