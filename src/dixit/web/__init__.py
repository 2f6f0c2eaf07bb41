"""The browser client: static files and the HTML shell, as Starlette routes.

The client has no build step: the files under ``static/`` are what the browser
runs. :func:`routes` serves them under ``/static/{version}/...`` where
``version`` is a hash of their contents, so they can be cached for a year
(``immutable``); the HTML shell (``/``, ``/t/{code}``, ``/tv/{code}``,
``/demo``) is never cached and names the current version. Every text file is
kept gzipped in memory and sent compressed to browsers that accept it.
"""

from __future__ import annotations

import gzip
import hashlib
from dataclasses import dataclass
from pathlib import Path

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

__all__ = ["STATIC", "Assets", "routes"]

STATIC = Path(__file__).parent / "static"

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"

MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".md": "text/plain; charset=utf-8",
    "": "text/plain; charset=utf-8",
}
COMPRESSIBLE = {".html", ".mjs", ".js", ".css", ".svg", ".webmanifest", ".json", ".md", ""}

#: Content-Security-Policy for the pages: scripts only from this server (the
#: import map is the one inline script, allowed by its hash), no plugins.
CSP_TEMPLATE = (
    "default-src 'self'; script-src 'self' '{map_hash}'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; "
    "frame-ancestors 'none'"
)


@dataclass(frozen=True, slots=True)
class Asset:
    body: bytes
    gzipped: bytes | None
    media_type: str


class Assets:
    """The client's files, read once, with their version hash and gzip forms."""

    def __init__(self, root: Path = STATIC) -> None:
        self.files: dict[str, Asset] = {}
        digest = hashlib.sha256()
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            rel = path.relative_to(root).as_posix()
            if rel == "index.html" or "__pycache__" in rel:
                continue
            body = path.read_bytes()
            digest.update(rel.encode() + b"\0" + body + b"\0")
            suffix = path.suffix.lower()
            media = MEDIA_TYPES.get(suffix, "application/octet-stream")
            packed = gzip.compress(body, 9, mtime=0) if suffix in COMPRESSIBLE else None
            self.files[rel] = Asset(body, packed, media)
        self.version = digest.hexdigest()[:12]
        self.prefix = f"/static/{self.version}"
        shell = (root / "index.html").read_text(encoding="utf-8")
        self.shell = shell.replace("{{STATIC}}", self.prefix).encode()
        self.shell_gzipped = gzip.compress(self.shell, 9, mtime=0)
        start = shell.index('<script type="importmap">') + len('<script type="importmap">')
        inline = shell[start : shell.index("</script>", start)].replace("{{STATIC}}", self.prefix)
        map_hash = "sha256-" + _b64(hashlib.sha256(inline.encode()).digest())
        self.csp = CSP_TEMPLATE.format(map_hash=map_hash)


def _b64(raw: bytes) -> str:
    import base64

    return base64.b64encode(raw).decode()


def _send(
    request: Request, body: bytes, gzipped: bytes | None, headers: dict[str, str]
) -> Response:
    headers = {**headers, "Vary": "Accept-Encoding"}
    if gzipped is not None and "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        body = gzipped
    return Response(body, headers=headers)


def routes(assets: Assets | None = None) -> list[BaseRoute]:
    """The client's routes: the shell for every page, and the versioned static files."""
    files = assets or Assets()

    async def shell(request: Request) -> Response:
        headers = {
            "Content-Type": "text/html; charset=utf-8",
            "Cache-Control": NO_CACHE,
            "Content-Security-Policy": files.csp,
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
        }
        return _send(request, files.shell, files.shell_gzipped, headers)

    async def static(request: Request) -> Response:
        version = request.path_params["version"]
        asset = files.files.get(request.path_params["path"])
        if asset is None:
            return Response("not found", status_code=404, media_type="text/plain")
        # An older page may still ask for an older version: serve today's file,
        # but do not let it be cached under the old name for long.
        cache = IMMUTABLE if version == files.version else NO_CACHE
        headers = {
            "Content-Type": asset.media_type,
            "Cache-Control": cache,
            "X-Content-Type-Options": "nosniff",
        }
        return _send(request, asset.body, asset.gzipped, headers)

    async def favicon(request: Request) -> Response:
        asset = files.files["icon.svg"]
        headers = {"Content-Type": asset.media_type, "Cache-Control": "public, max-age=86400"}
        return _send(request, asset.body, asset.gzipped, headers)

    return [
        Route("/", shell, methods=["GET", "HEAD"]),
        Route("/demo", shell, methods=["GET", "HEAD"]),
        Route("/t/{code}", shell, methods=["GET", "HEAD"]),
        Route("/tv/{code}", shell, methods=["GET", "HEAD"]),
        Route("/favicon.ico", favicon, methods=["GET", "HEAD"]),
        Route("/static/{version}/{path:path}", static, methods=["GET", "HEAD"]),
    ]
