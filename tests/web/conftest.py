"""Real parts for the browser tests: a `dixit serve` process and Debian's Chromium.

Every page opened through :func:`open_page` records console errors and
uncaught exceptions; the test fails at teardown if there were any. Screenshots
go to ``artifacts/screenshots/`` (git-ignored).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import sync_playwright

CHROMIUM = os.environ.get("DIXIT_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
PHONE = {"width": 360, "height": 640}
LAPTOP = {"width": 1440, "height": 900}
AXE = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"


def run_axe(page: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now.

    The page's context must bypass the CSP: axe is injected as a script.
    """
    page.add_script_tag(path=str(AXE))
    result: dict[str, Any] = page.evaluate("() => axe.run(document)")
    return [v for v in result["violations"] if v["impact"] in ("serious", "critical")]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Served:
    url: str
    proc: subprocess.Popen[bytes]
    log: Path

    def create_table(self, name: str = "Host", **settings: Any) -> dict[str, Any]:
        response = httpx.post(f"{self.url}/api/tables", json={"name": name, **settings})
        assert response.status_code == 201, response.text
        data: dict[str, Any] = response.json()
        return data


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """`dixit serve --port P --data-dir TMP`, with quick AI players."""
    data = tmp_path_factory.mktemp("web-server")
    port = free_port()
    log = data / "server.log"
    code = "from dixit.cli import main; raise SystemExit(main())"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", str(data)]
    args += ["--ai-delay", "0.05"]
    with open(log, "ab") as out:
        proc = subprocess.Popen(args, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 30
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited: {log.read_text()}")
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if time.monotonic() > end:
            proc.kill()
            raise RuntimeError("the server did not come up")
        time.sleep(0.05)
    yield Served(url, proc, log)
    proc.send_signal(signal.SIGINT)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists() and shutil.which("chromium") is None:
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: apt-get install chromium")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@dataclass
class Pages:
    """Opens pages whose console errors fail the test."""

    browser: Any
    errors: list[str] = field(default_factory=list)
    contexts: list[Any] = field(default_factory=list)

    def open(
        self,
        url: str,
        size: dict[str, int] = PHONE,
        scheme: str = "light",
        locale: str = "en-US",
        bypass_csp: bool = False,
        reduced_motion: str = "reduce",
    ) -> Any:
        context = self.browser.new_context(
            viewport=size,
            color_scheme=scheme,
            locale=locale,
            bypass_csp=bypass_csp,
            reduced_motion=reduced_motion,
        )
        context.set_default_timeout(15_000)
        self.contexts.append(context)
        page = context.new_page()
        self.watch(page)
        page.goto(url)
        return page

    def watch(self, page: Any) -> None:
        def on_console(message: Any) -> None:
            if message.type == "error":
                self.errors.append(f"{page.url}: {message.text}")

        page.on("console", on_console)
        page.on("pageerror", lambda error: self.errors.append(f"{page.url}: {error}"))

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    opened = Pages(browser)
    yield opened
    opened.close()
    assert opened.errors == [], "console errors:\n" + "\n".join(opened.errors)


@pytest.fixture(scope="session")
def shot() -> Callable[[Any, str], None]:
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(page: Any, name: str) -> None:
        size = page.viewport_size
        page.screenshot(path=str(SHOTS / f"{name}-{size['width']}x{size['height']}.png"))

    return take
