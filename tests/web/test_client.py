"""The client on its own: how its files are served, every /demo screen, languages, accessibility."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from dixit.web import Assets

from .conftest import AXE, LAPTOP, PHONE, Pages, Served, run_axe

ROOT_JS = Path(__file__).parents[2] / "src" / "dixit" / "web" / "static" / "js"

DEMO_SCREENS = [
    "home",
    "join",
    "lobby-host",
    "lobby-guest",
    "telling-storyteller",
    "telling-other",
    "party-clue-first",
    "handing-in",
    "handing-in-3p",
    "handed-in",
    "voting",
    "voting-7",
    "voting-storyteller",
    "voting-party-storyteller",
    "voted",
    "team-handing-in",
    "team-voting-partner",
    "classic-telling",
    "reveal",
    "reveal-7",
    "reveal-party",
    "end",
    "end-guest",
    "chat",
    "tv-lobby",
    "tv-voting",
    "tv-reveal",
]


@pytest.fixture
def client(server: Served) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url) as opened:
        yield opened


def test_the_shell_is_served_for_every_page_and_never_cached(client: httpx.Client) -> None:
    version = Assets().version
    for path in ("/", "/t/K7QXPM", "/tv/K7QXPM", "/demo"):
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["cache-control"] == "no-cache"
        assert f"/static/{version}/js/main.js" in response.text
        assert "script-src 'self' 'sha256-" in response.headers["content-security-policy"]


def test_versioned_files_are_cached_for_a_year_and_sent_gzipped(client: httpx.Client) -> None:
    version = Assets().version
    response = client.get(f"/static/{version}/js/main.js", headers={"Accept-Encoding": "gzip"})
    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["content-encoding"] == "gzip"
    assert response.headers["content-type"].startswith("text/javascript")
    raw = client.get(f"/static/{version}/js/main.js", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in raw.headers
    assert (
        raw.content
        == (Path(__file__).resolve().parents[2] / "src/dixit/web/static/js/main.js").read_bytes()
    )
    old = client.get("/static/000000000000/app.css")
    assert old.status_code == 200
    assert old.headers["cache-control"] == "no-cache"
    assert client.get(f"/static/{version}/nope.js").status_code == 404
    assert client.get("/favicon.ico").headers["content-type"] == "image/svg+xml"


def test_every_vendored_library_carries_its_licence() -> None:
    vendor = Path(__file__).resolve().parents[2] / "src/dixit/web/static/vendor"
    for folder in (p for p in vendor.iterdir() if p.is_dir()):
        assert (folder / "LICENSE").is_file(), folder
    assert (AXE.parent / "LICENSE").is_file()
    assert "axe" not in " ".join(Assets().files)


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_every_demo_screen_renders_without_errors(
    server: Served, pages: Pages, shot: Callable[[Any, str], None], size: dict[str, int]
) -> None:
    page = pages.open(f"{server.url}/demo", size)
    page.wait_for_selector(".demo-nav a")
    links = page.locator(".demo-nav a")
    assert links.count() == len(DEMO_SCREENS)
    for name in DEMO_SCREENS:
        page.goto(f"{server.url}/demo?screen={name}")
        page.wait_for_selector(".frame, .page main")
        shot(page, f"demo-{name}")


def test_demo_screens_pass_axe_in_light_and_dark(server: Served, pages: Pages) -> None:
    problems: dict[str, Any] = {}
    for scheme in ("light", "dark"):
        page = pages.open(f"{server.url}/demo", PHONE, scheme=scheme, bypass_csp=True)
        for name in DEMO_SCREENS:
            page.goto(f"{server.url}/demo?screen={name}")
            page.wait_for_selector(".frame, .page main")
            found = run_axe(page)
            if found:
                problems[f"{scheme}/{name}"] = [(v["id"], v["nodes"][0]["html"]) for v in found]
    assert problems == {}, json.dumps(problems, indent=1)


def test_the_dark_theme_and_the_viewer(
    server: Served, pages: Pages, shot: Callable[[Any, str], None]
) -> None:
    page = pages.open(f"{server.url}/demo?screen=voting", PHONE, scheme="dark")
    shot(page, "demo-voting-dark")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background == "rgb(29, 26, 36)"
    page.get_by_role("button", name="Look at Card 3 in full").click()
    viewer = page.get_by_role("dialog", name="Card viewer")
    assert viewer.is_visible()
    assert viewer.get_by_role("button", name="Vote for #3").is_visible()
    page.keyboard.press("ArrowRight")
    assert viewer.get_by_role("button", name="Vote for #4").is_visible()
    shot(page, "demo-viewer-dark")
    # A swipe to the left shows the next card in board order (4 cards: back to #1).
    page.mouse.move(300, 300)
    page.mouse.down()
    page.mouse.move(80, 310, steps=5)
    page.mouse.up()
    assert viewer.get_by_role("button", name="Vote for #1").is_visible()
    page.keyboard.press("Escape")
    assert page.get_by_role("dialog").count() == 0
    # The action inside the viewer is the action of the screen.
    page.get_by_role("button", name="Look at Card 4 in full").click()
    page.get_by_role("button", name="Vote for #4").click()
    assert page.get_by_role("dialog").count() == 0
    assert "Your vote → #4" in page.locator(".bottombar").inner_text()
    assert page.locator(".bottombar .primary").is_enabled()


def test_a_vote_with_the_keyboard_alone(server: Served, pages: Pages) -> None:
    page = pages.open(f"{server.url}/demo?screen=voting", LAPTOP)
    page.wait_for_selector(".grid.board")
    target = page.get_by_role("button", name=re.compile(r"^Card 3, "))
    for _ in range(40):
        page.keyboard.press("Tab")
        if target.evaluate("el => el === document.activeElement"):
            break
    else:
        raise AssertionError("card 3 cannot be reached with Tab")
    page.keyboard.press("Space")
    assert target.get_attribute("aria-pressed") == "true"
    assert "Your vote → #3" in page.locator(".bottombar").inner_text()


def test_languages_have_the_same_keys_plurals_and_placeholders(
    server: Served, pages: Pages
) -> None:
    page = pages.open(f"{server.url}/demo")
    report = page.evaluate((Path(__file__).parent / "i18n_check.js").read_text())
    assert report == []


def test_the_language_switches_at_any_time_and_is_remembered(server: Served, pages: Pages) -> None:
    page = pages.open(f"{server.url}/demo?screen=voting")
    assert page.locator(".bottombar .primary").inner_text() == "Vote"
    expected = {"de": "Abstimmen", "ru": "Проголосовать", "ro": "Votează", "en": "Vote"}
    for code, label in expected.items():
        page.locator(".topbar .menu-button").click()
        page.locator(".sheet .lang select").select_option(code)
        page.wait_for_function(f"() => document.documentElement.lang === '{code}'")
        assert page.locator(".bottombar .primary").inner_text() == label
        page.keyboard.press("Escape")
        page.locator(".sheet .primary").click()
    page.locator(".topbar .menu-button").click()
    page.locator(".sheet .lang select").select_option("ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    page.reload()
    page.wait_for_selector(".bottombar .primary")
    assert page.locator(".bottombar .primary").inner_text() == "Проголосовать"
    page.goto(f"{server.url}/demo?screen=handing-in-3p")
    assert "2 карты" in page.locator(".bottombar").inner_text()


def test_user_text_in_the_demo_stays_text(server: Served, pages: Pages) -> None:
    page = pages.open(f"{server.url}/demo?screen=chat")
    chat = page.locator(".chat-lines")
    assert '<script>alert("hi")</script> & <b>bold</b>' in chat.inner_text()
    assert "<img src=x onerror=alert(1)>" in chat.inner_text()
    assert chat.locator("img, script, b b").count() == 0


def test_the_your_turn_nudge_is_a_remembered_choice(server: Served, pages: Pages) -> None:
    page = pages.open(f"{server.url}/demo?screen=telling-other", PHONE)
    page.get_by_role("button", name="Menu").click()
    toggle = page.get_by_label("Sound and vibration when it is your turn")
    assert not toggle.is_checked()
    toggle.check()
    assert page.evaluate("() => localStorage.getItem('dixit.nudge')") == "1"
    page.reload()
    page.get_by_role("button", name="Menu").click()
    assert page.get_by_label("Sound and vibration when it is your turn").is_checked()


def test_every_error_code_a_player_can_meet_has_a_sentence() -> None:
    """Every code of docs/protocol.md (the table, the `act` checks) has an English `err.` key."""
    protocol = (Path(__file__).parents[2] / "docs" / "protocol.md").read_text()
    codes = set(re.findall(r"^\| `([a-z]+/[a-z_]+)` \|", protocol, re.M))
    # Images and the record download are plain HTTP: the client never shows their errors.
    codes -= {"card/not_found", "record/not_finished", "record/not_found"}
    assert {"action/illegal", "member/not_away", "protocol/rate_limited"} <= codes
    en = (ROOT_JS / "lang" / "en.js").read_text()
    keys = set(re.findall(r"^  'err\.([a-z]+/[a-z_]+)':", en, re.M))
    assert sorted(codes - keys) == []


def test_the_reconnect_schedule_backs_off_and_never_gives_up(server: Served, pages: Pages) -> None:
    page = pages.open(f"{server.url}/demo")
    got = page.evaluate(
        """async () => {
          const base = document.querySelector('script[type=module]').src.replace(/main\\.js$/, '');
          const net = await import(`${base}net.js`);
          const waits = (r) => Array.from({ length: 40 }, (_, i) => net.backoff(i + 1, () => r));
          return { low: waits(0), high: waits(1), failedAfter: net.FAILED_AFTER };
        }"""
    )
    assert got["low"][:5] == [500, 1000, 2000, 4000, 5000]
    # After the first four, one attempt every 5 to 8 seconds, for as long as the page is open.
    assert set(got["low"][4:]) == {5000}
    assert set(got["high"][4:]) == {8000}
    assert got["failedAfter"] == 30_000
