"""The ASGI app: the HTTP API (documented by OpenAPI) and the table WebSocket.

:func:`create_app` wires a :class:`~dixit.server.hub.Hub` to FastAPI. The
HTTP side creates tables and serves decks, card images and game records; all
play goes over ``/ws`` (see ``docs/protocol.md``).
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from dixit.web import routes as web_routes

from .decks import DeckCatalog
from .hub import Hub, HubConfig
from .limits import PerAddress
from .protocol import MAX_FRAME, PROTOCOL, RequestError, TimeLimits
from .storage import Store

__all__ = ["create_app"]

log = logging.getLogger("dixit.server")

IMMUTABLE = {"Cache-Control": "public, max-age=31536000, immutable"}


class ApiGZip:
    """Gzip for JSON under ``/api/`` only.

    A deck's card list is about 50 KB of JSON on every first visit; card
    images are WebP (already compressed) and the client's static files are
    served pre-compressed, so compressing them again would only cost CPU.
    """

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=1024)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)


class CreateTable(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=200, description="the host's display name")]
    mode: Literal["odyssey", "classic", "party", "team"] = "odyssey"
    options: dict[str, Any] = Field(default_factory=dict)
    deck: Annotated[str, Field(max_length=100)] | None = None
    time_limits: TimeLimits = Field(default_factory=TimeLimits)
    grace_seconds: Annotated[int, Field(ge=1, le=3600)] = 60


class CreatedTable(BaseModel):
    code: str
    link: str
    player_id: str
    token: str


class TableSummary(BaseModel):
    code: str
    mode: str
    status: str
    host_name: str | None
    players: int
    max_players: int
    spectators: int


def _error(code: str, message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"code": code, "message": message}}, status_code=status)


_gc_started = 0.0


def _time_gc(phase: str, info: dict[str, Any]) -> None:
    """Log garbage collections long enough to delay tables."""
    global _gc_started
    if phase == "start":
        _gc_started = time.perf_counter()
    else:
        spent = time.perf_counter() - _gc_started
        if spent > 0.05:
            log.warning(
                "garbage collection of generation %d took %.0f ms", info["generation"], spent * 1000
            )


async def _watch_loop(every: float = 0.25, late: float = 0.1) -> None:
    """Log when the event loop was blocked: every table waits while it is."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(every)
        lag = loop.time() - start - every
        if lag > late:
            log.warning("the event loop was blocked for %.0f ms", lag * 1000)


def create_app(store: Store, decks: DeckCatalog, config: HubConfig | None = None) -> FastAPI:
    """The server app over ``store`` (already migrated) and ``decks``."""
    hub = Hub(store, decks, config)
    hub.load()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub.start(asyncio.get_running_loop())
        watchdog = asyncio.create_task(_watch_loop())
        gc.callbacks.append(_time_gc)
        yield
        gc.callbacks.remove(_time_gc)
        watchdog.cancel()
        hub.stop()
        store.close()

    app = FastAPI(
        # Swagger UI and ReDoc pages load their scripts from a CDN, which a
        # laptop host may not reach; /openapi.json is the documentation.
        docs_url=None,
        redoc_url=None,
        title="dixit",
        version=str(PROTOCOL),
        summary="Tables, decks and records of a Dixit server; play itself is on /ws.",
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.add_middleware(ApiGZip)

    @app.exception_handler(RequestError)
    async def refused(_request: Request, error: RequestError) -> JSONResponse:
        return _error(error.code, error.message, error.status)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, error: RequestValidationError) -> JSONResponse:
        first = error.errors()[0] if error.errors() else {"loc": (), "msg": "invalid"}
        where = ".".join(str(part) for part in first.get("loc", ())) or "body"
        return _error("request/invalid", f"{where}: {first.get('msg')}", 422)

    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {
            "ok": True,
            "tables": len(hub.tables),
            "connections": hub.connections,
            "protocol": PROTOCOL,
        }

    per_minute = hub.config.tables_per_minute
    creators = PerAddress(per_minute / 60, max(1.0, per_minute)) if per_minute > 0 else None

    @app.post("/api/tables", status_code=201)
    async def create_table(body: CreateTable, request: Request) -> CreatedTable:
        """Create a table; its creator is the host and holds the returned seat token."""
        address = request.client.host if request.client else "unknown"
        if creators is not None and not creators.take(address):
            raise RequestError(
                "request/rate_limited",
                f"at most {per_minute:g} new tables a minute from one address: try again soon",
                429,
            )
        table, player_id, token = hub.create_table(
            body.name,
            body.mode,
            body.options,
            body.deck,
            body.time_limits.model_dump(),
            body.grace_seconds,
        )
        await hub.synced()  # the table is stored before anyone is told its code
        return CreatedTable(
            code=table.code, link=f"/t/{table.code}", player_id=player_id, token=token
        )

    @app.get("/api/tables/{code}")
    async def table_summary(code: str) -> TableSummary:
        """What a join page shows about a table: no secrets, no tokens."""
        table = hub.table(code)
        host = table.members.get(table.host) if table.host else None
        return TableSummary(
            code=table.code,
            mode=table.settings.mode,
            status=table.status,
            host_name=host.name if host else None,
            players=len(table.seat_order),
            max_players=table.max_players,
            spectators=sum(
                1 for m in table.members.values() if m.role == "spectator" and not m.gone
            ),
        )

    @app.get("/api/tables/{code}/record")
    async def record(code: str, game: Annotated[int | None, Query(ge=1)] = None) -> JSONResponse:
        """The finished game as a ``dixit-record/1`` document."""
        table = hub.table(code)
        number = game or table.game_number
        document = table.record(number)
        filename = f"dixit-{table.code}-{number}.json"
        return JSONResponse(
            document, headers={"Content-Disposition": f'attachment; filename="{filename}"'}
        )

    @app.get("/api/decks")
    async def list_decks() -> dict[str, Any]:
        default = decks.default_id()
        return {
            "decks": [
                {"id": d.id, "title": d.title, "cards": len(d.cards), "default": d.id == default}
                for d in decks.decks()
            ]
        }

    @app.get("/api/decks/{deck_id}")
    async def get_deck(deck_id: str) -> dict[str, Any]:
        deck = decks.get(deck_id)
        if deck is None:
            raise RequestError("deck/not_found", f"no deck {deck_id!r}", 404)
        return {
            "id": deck.id,
            "title": deck.title,
            "cards": [
                {
                    "id": c.id,
                    "title": c.title,
                    "description": c.description,
                    "tags": list(c.tags),
                    # null when the deck has no picture for the card (a client
                    # then draws the card instead of asking for a 404)
                    "image": f"/cards/{deck.id}/{c.id}.webp" if c.image else None,
                    "thumbnail": f"/thumbs/{deck.id}/{c.id}.webp" if c.thumbnail else None,
                }
                for c in deck.cards
            ],
        }

    def _image(deck_id: str, card_id: str, thumbnail: bool) -> FileResponse:
        deck = decks.get(deck_id)
        card = deck.card(card_id) if deck is not None else None
        path = None if card is None else (card.thumbnail if thumbnail else card.image)
        if path is None or not path.is_file():
            raise RequestError("card/not_found", f"no image for {deck_id}/{card_id}", 404)
        return FileResponse(path, media_type="image/webp", headers=IMMUTABLE)

    @app.get("/cards/{deck_id}/{card_id}.webp", response_class=FileResponse)
    async def card_image(deck_id: str, card_id: str) -> FileResponse:
        """A card's full image (about 1000 px high), cached for a year."""
        return _image(deck_id, card_id, thumbnail=False)

    @app.get("/thumbs/{deck_id}/{card_id}.webp", response_class=FileResponse)
    async def card_thumbnail(deck_id: str, card_id: str) -> FileResponse:
        """A card's thumbnail (about 330 px high), cached for a year."""
        return _image(deck_id, card_id, thumbnail=True)

    @app.websocket("/ws")
    async def play(websocket: WebSocket) -> None:
        await websocket.accept()
        conn = hub.open(websocket)
        writer = asyncio.create_task(conn.writer())
        try:
            while not conn.closing:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
                text = message.get("text")
                if text is None:
                    if len(message.get("bytes") or b"") > MAX_FRAME:
                        hub.reject(conn, "protocol/too_large", f"at most {MAX_FRAME} characters")
                    else:
                        hub.reject(conn, "protocol/bad_json", "messages are JSON in text frames")
                    continue
                hub.receive(conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.close(conn)
            if not writer.done():
                conn.queue.put_nowait(None)
                try:
                    await asyncio.wait_for(writer, timeout=5)
                except Exception:
                    writer.cancel()

    app.router.routes.extend(web_routes())
    return app
