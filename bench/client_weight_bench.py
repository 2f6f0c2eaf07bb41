"""Client weight benchmark: bytes of a first visit to a table, and time to load a hand.

Run with ``python bench/client_weight_bench.py`` (needs Debian's chromium at
/usr/bin/chromium and the dev extras). It starts a real ``dixit serve`` on a
free port with a fresh data folder, creates a table over HTTP, and in a fresh
Chromium profile (empty cache):

1. opens the table link as a guest, joins with a name and waits for the lobby;
   it adds up the bytes that crossed the wire (HTTP bodies as sent, gzip
   included, plus headers, plus WebSocket frames), leaving out card images;
2. starts a game with three AI players and measures, with the browser's
   Resource Timing, how long the six thumbnails of the hand take to load.

Goals (issue 5): under 300 KB before card images; the six thumbnails in under
1 second on loopback. Exits non-zero when a goal is missed.
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"
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
WEIGHT_GOAL = 300 * 1024
HAND_GOAL_S = 1.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    code = "from dixit.cli import main; raise SystemExit(main())"
    args = [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", str(data)]
    proc = subprocess.Popen([*args, "--ai-delay", "0.05"], stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 30
    while time.monotonic() < end:
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise SystemExit("the server did not come up")


def is_card_image(url: str) -> bool:
    return "/cards/" in url or "/thumbs/" in url


def measure(url: str, viewport: dict[str, int]) -> dict[str, Any]:
    table = httpx.post(f"{url}/api/tables", json={"name": "Ana", "mode": "odyssey"}).json()
    code = table["code"]
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        guest = browser.new_context(viewport=viewport)
        page = guest.new_page()
        responses: list[Any] = []
        ws_bytes = [0]
        page.on("requestfinished", lambda request: responses.append(request))

        def on_socket(ws: Any) -> None:
            def count(payload: str | bytes) -> None:
                ws_bytes[0] += len(payload.encode() if isinstance(payload, str) else payload)

            ws.on("framereceived", count)
            ws.on("framesent", count)

        page.on("websocket", on_socket)
        page.goto(f"{url}/t/{code}")
        page.get_by_label("Your name").fill("Ben")
        page.get_by_role("button", name="Join the table").click()
        page.wait_for_selector("[data-screen=lobby]")
        page.wait_for_selector(".qr path")
        page.wait_for_load_state("networkidle")
        files = []
        for request in responses:
            if is_card_image(request.url):
                continue
            sizes = request.sizes()
            wire = sizes["responseBodySize"] + sizes["responseHeadersSize"]
            wire += sizes["requestHeadersSize"] + sizes["requestBodySize"]
            files.append((request.url.replace(url, ""), wire))
        http_bytes = sum(size for _, size in files)

        # The host (in the API's seat) adds three AI players and starts.
        host = browser.new_context(viewport=viewport).new_page()
        host.goto(f"{url}/t/{code}#token={table['token']}")
        host.wait_for_selector("[data-screen=lobby][data-host=yes]")
        for n in range(2):
            host.get_by_role("button", name="Add an AI player").click()
            host.wait_for_function(
                f"() => document.querySelectorAll('.members .mark.ai').length === {n + 1}"
            )
        host.get_by_role("button", name="Start with 4 players").click()
        page.wait_for_selector(".frame.game .grid.hand img")
        page.wait_for_function(
            "() => { const imgs = [...document.querySelectorAll('.grid.hand img')];"
            " return imgs.length >= 6 && imgs.every((i) => i.complete && i.naturalWidth > 0); }"
        )
        timing: dict[str, Any] = page.evaluate(
            "() => { const e = performance.getEntriesByType('resource')"
            ".filter((r) => r.name.includes('/thumbs/'));"
            " return {n: e.length, start: Math.min(...e.map((r) => r.startTime)),"
            " end: Math.max(...e.map((r) => r.responseEnd)),"
            " bytes: e.reduce((a, r) => a + r.transferSize, 0)}; }"
        )
        browser.close()
    return {
        "files": files,
        "http_bytes": http_bytes,
        "ws_bytes": ws_bytes[0],
        "thumbs": timing["n"],
        "thumbs_s": (timing["end"] - timing["start"]) / 1000,
        "thumbs_bytes": timing["bytes"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--verbose", action="store_true", help="list every file of the visit")
    args = parser.parse_args()
    ok = True
    with tempfile.TemporaryDirectory() as data:
        proc, url = serve(Path(data))
        try:
            for label, viewport in (
                ("phone 360x640", {"width": 360, "height": 640}),
                ("laptop 1440x900", {"width": 1440, "height": 900}),
            ):
                r = measure(url, viewport)
                total = r["http_bytes"] + r["ws_bytes"]
                print(f"{label}: first visit to a table, before card images:")
                print(
                    f"  {total / 1024:.1f} KB = {r['http_bytes'] / 1024:.1f} KB HTTP "
                    f"({len(r['files'])} requests) + {r['ws_bytes'] / 1024:.1f} KB WebSocket "
                    f"(goal < {WEIGHT_GOAL // 1024} KB)"
                )
                if args.verbose:
                    for path, size in sorted(r["files"], key=lambda f: -f[1]):
                        print(f"    {size:7d}  {path}")
                print(
                    f"  hand of {r['thumbs']} thumbnails: {r['thumbs_s'] * 1000:.0f} ms, "
                    f"{r['thumbs_bytes'] / 1024:.1f} KB (goal < {HAND_GOAL_S * 1000:.0f} ms)"
                )
                ok = ok and total < WEIGHT_GOAL and r["thumbs"] >= 6
                ok = ok and r["thumbs_s"] < HAND_GOAL_S
        finally:
            proc.terminate()
            proc.wait(10)
    print("goals met" if ok else "GOAL MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
