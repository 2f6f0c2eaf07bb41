"""Playing through the browser client as a person would: by tapping what the screen offers.

Each page is one player's browser. :func:`step` does the one thing the page
asks of its player right now (tell, hand in, vote, tap next) and reports
whether it did anything; :func:`play_until` steps every page until a
condition holds. Waits are on the page's state, never fixed sleeps.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from playwright.sync_api import Error as PlaywrightError

QUICK = 5000  # ms: a move's taps either work at once or the screen moved on

TIMEOUT = 60.0


def create_table(page: Any, name: str, mode: str = "odyssey", **options: str) -> str:
    """Fill in the home page's form; returns the table code once the lobby shows."""
    page.get_by_label("Your name").fill(name)
    page.locator("label.mode", has=page.locator(f"input[value={mode}]")).click()
    if "target" in options:
        page.get_by_label("Play until someone reaches").fill(options["target"])
    if "rotations" in options:
        page.get_by_label("Rounds").select_option(options["rotations"])
    page.get_by_role("button", name="Create the table").click()
    page.wait_for_selector("[data-screen=lobby]")
    code: str = page.locator(".share .code").inner_text().strip()
    return code


def join(page: Any, name: str) -> None:
    """Join from the table link, as a player."""
    field = page.get_by_label("Your name")
    field.fill(name)
    page.get_by_role("button", name="Join the table").click()
    page.wait_for_selector("[data-screen=lobby]")


def frame_state(page: Any) -> dict[str, str] | None:
    frame = page.locator(".frame.game")
    if frame.count() == 0:
        return None
    state: dict[str, str] = frame.evaluate(
        "el => ({phase: el.dataset.phase, choice: el.dataset.choice, need: el.dataset.need,"
        " ready: el.dataset.ready, round: el.dataset.round})"
    )
    return state


def step(page: Any, clue: str = "a quiet storm") -> str | None:
    """Do what this page asks of its player now; returns what it did, or None.

    AI players act at the same time: when the screen changes under a move
    (a partner handed in for the team first), the move is given up and the
    page is looked at again on the next step.
    """
    try:
        return _step(page, clue)
    except PlaywrightError as error:
        if frame_state(page) is None:
            raise
        message = str(error)
        if "Timeout" in message or "detached" in message or "not enabled" in message:
            return None
        raise


def _step(page: Any, clue: str) -> str | None:
    state = frame_state(page)
    if state is None:
        return None
    choice = state["choice"]
    if choice == "tell":
        cards = page.locator(".grid.hand .card-button")
        if cards.count():
            cards.first.click(timeout=QUICK)
        else:
            # party: the clue comes before the storyteller sees a hand
            assert "Give a clue first" in page.locator(".bottombar").inner_text()
            choice = "tell_clue_first"
        page.locator("#clue-input").fill(f"{clue} {state['round']}", timeout=QUICK)
        page.locator(".clue-form button[type=submit]").click(timeout=QUICK)
    elif choice == "hand_in":
        need = int(state["need"] or 1)
        cards = page.locator(".grid.hand .card-button")
        for i in range(need):
            cards.nth(i).click(timeout=QUICK)
        page.locator(".bottombar .primary.big").click(timeout=QUICK)
    elif choice == "vote":
        open_cards = page.locator(".grid.board .card:not(.disabled) .card-button")
        open_cards.first.click(timeout=QUICK)
        red = page.locator(".token.red")
        if red.count():
            # the party storyteller also places the red token
            red.click(timeout=QUICK)
            open_cards.last.click(timeout=QUICK)
            choice = "vote_red"
        page.locator(".bottombar .primary.big").click(timeout=QUICK)
    elif state["ready"] == "yes":
        page.get_by_role("button", name="Next", exact=True).click(timeout=QUICK)
    else:
        return None
    # The move is locked until the server's view answers; wait for that.
    acted = {"vote_red": "vote", "tell_clue_first": "tell"}.get(choice, choice)
    page.wait_for_function(
        "([c, r]) => { const f = document.querySelector('.frame.game');"
        " return !f || f.dataset.choice !== c || f.dataset.round !== r"
        " || (c === '' && f.dataset.ready !== 'yes'); }",
        arg=[acted, state["round"]],
    )
    return choice or "next"


def play_until(
    pages: Sequence[Any],
    done: Callable[[], bool],
    timeout: float = TIMEOUT,
    each: Callable[[Any, str], None] | None = None,
) -> None:
    """Step every page until `done()`; `each(page, what)` runs after every move."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            states = [frame_state(p) for p in pages]
            raise AssertionError(f"the game did not get there in {timeout}s: {states}")
        acted = False
        for page in pages:
            what = step(page)
            if what:
                acted = True
                if each:
                    each(page, what)
        if not acted:
            # Nothing to do on any page: wait for the next change on the first one.
            pages[0].wait_for_timeout(25)


def at_end(pages: Sequence[Any]) -> Callable[[], bool]:
    def check() -> bool:
        return all((frame_state(p) or {}).get("phase") == "game_over" for p in pages)

    return check
