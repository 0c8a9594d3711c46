"""The live table's web app (``combat play FILE --serve``): the table page, and the players'
phones joining, reading their own card and answering their own rolls.

Everything a page gets was built by the table for that audience (:mod:`combat_cli.web.card`)
and published to the :class:`~combat_cli.web.hub.Hub`; a route only picks the payload its
caller may have. A phone is known by its device cookie alone and acts for its own character;
no GM command is reachable from here. :class:`~combat_cli.web.guard.Guard` checks Host,
Origin and body size before any route runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp

from combat_cli.locale import _
from combat_cli.textsafe import escape_controls
from combat_cli.web.app import asset
from combat_cli.web.guard import MAX_BODY, Guard
from combat_cli.web.hub import Device, Hub
from combat_cli.web.limits import BODY_TIMEOUT

COOKIE = "combat_device"
KEEPALIVE = 15.0
DECLARE_WAIT = 8.0
"""How long a phone's declaration waits for the table (the GM may be mid-command)."""
PAGES = {"/": ("page.html", "text/html; charset=utf-8"),
         "/join": ("join.html", "text/html; charset=utf-8"),
         "/me": ("me.html", "text/html; charset=utf-8"),
         "/assets/app.css": ("app.css", "text/css; charset=utf-8"),
         "/assets/app.js": ("app.js", "text/javascript; charset=utf-8"),
         "/assets/phone.css": ("phone.css", "text/css; charset=utf-8"),
         "/assets/phone.js": ("phone.js", "text/javascript; charset=utf-8")}
NO_STORE = {"cache-control": "no-store"}


def compact(data: Any) -> bytes:
    """One line of JSON with every control character escaped (no raw newline in an event)."""
    return escape_controls(json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                           ).encode("utf-8")


def error(status: int, text: str) -> JSONResponse:
    return JSONResponse({"error": _(text)}, status_code=status, headers=NO_STORE)


async def read_json(request: Request) -> dict[str, Any] | JSONResponse:
    """The request's JSON object, read no further than :data:`MAX_BODY` and for no longer
    than :data:`~combat_cli.web.limits.BODY_TIMEOUT`; or the refusal."""
    async def read() -> bytes | None:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY:
                return None
        return body

    try:
        body = await asyncio.wait_for(read(), BODY_TIMEOUT)
    except asyncio.TimeoutError:
        return error(408, "the request came too slowly")
    if body is None:
        return error(413, "the request is too large")
    if "json" not in request.headers.get("content-type", ""):
        return error(415, "send JSON (Content-Type: application/json)")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return error(400, "the request is not valid JSON")
    if not isinstance(data, dict):
        return error(400, "the request must be a JSON object")
    return data


class Changes:
    """Wakes the open streams when the hub says something changed (from any thread)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.loop: asyncio.AbstractEventLoop | None = None
        self.event: asyncio.Event | None = None
        self.stopping = False

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.event = asyncio.Event()
        self.hub.listeners.append(self.poke)

    def poke(self) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._set)

    def _set(self) -> None:
        if self.event is not None:
            self.event.set()
            self.event = asyncio.Event()

    def stop(self) -> None:
        self.stopping = True
        self.poke()
        with contextlib.suppress(ValueError):
            self.hub.listeners.remove(self.poke)

    async def wait(self) -> bool:
        """Until the next change (True) or the keep-alive time (False)."""
        event = self.event or asyncio.Event()
        try:
            await asyncio.wait_for(event.wait(), KEEPALIVE)
            return True
        except asyncio.TimeoutError:
            return False


async def _events(changes: Changes, payload: Callable[[], bytes | None]) -> AsyncIterator[bytes]:
    """A stream of ``payload()`` whenever it changes; ends when it is None or we stop. (No
    change is missed: the version is read before the payload, and the wake-up runs on this
    loop, so it cannot fall between the check and the wait.)"""
    yield b"retry: 2000\n\n"
    last: bytes | None = None
    while not changes.stopping:
        version = changes.hub.version
        now = payload()
        if now is None:
            return
        if now != last:
            last = now
            yield b"data: %s\n\n" % now
        elif changes.hub.version == version and not await changes.wait():
            yield b": still here\n\n"


def make_live_app(hub: Hub, changes: Changes, names: set[str], port: int) -> ASGIApp:
    import html

    from combat_cli.locale import current
    from combat_cli.textsafe import plain
    from combat_cli.web.app import embed, localized, with_state

    files = {path: (localized(asset(name), current()) if name.endswith(".html") else asset(name),
                    kind) for path, (name, kind) in PAGES.items()}

    def device(request: Request) -> Device | None:
        return hub.device(request.cookies.get(COOKIE))

    async def static(request: Request) -> Response:
        body, kind = files[request.url.path]
        if request.url.path == "/":
            body = with_state(body, hub.table_page())
        elif request.url.path == "/me" and (who := device(request)) is not None:
            mine = hub.me(who)  # this phone's own view, as /api/me gives it
            name = (mine.get("card") or {}).get("name") or mine.get("pc") or ""
            body = embed(body.replace(b'<h1 id="name">\xe2\x80\xa6</h1>', b'<h1 id="name">'
                                      + html.escape(plain(str(name))).encode() + b"</h1>", 1),
                         mine)
        if request.url.path in ("/", "/me"):  # they carry the fight now: kept nowhere
            return Response(body, media_type=kind, headers=NO_STORE)
        return Response(body, media_type=kind, headers={"cache-control": "no-cache"})

    async def state(request: Request) -> Response:
        return Response(compact(hub.table_page()), media_type="application/json",
                        headers=NO_STORE)

    async def events(request: Request) -> Response:
        return StreamingResponse(_events(changes, lambda: compact(hub.table_page())),
                                 media_type="text/event-stream",
                                 headers={**NO_STORE, "x-accel-buffering": "no"})

    async def pcs(request: Request) -> Response:
        return JSONResponse({"pcs": hub.pcs, "labels": {
            k: _(k) for k in ("Join the table", "code", "character", "Join", "joining…")}},
            headers=NO_STORE)

    async def join(request: Request) -> Response:
        data = await read_json(request)
        if isinstance(data, Response):
            return data
        client = request.client.host if request.client else "?"
        agent = request.headers.get("user-agent", "")
        name = "phone" if "Mobile" in agent else "browser"
        link, code, pc = data.get("link"), data.get("code"), data.get("pc")
        if link is not None and not isinstance(link, str):
            return error(400, "the link must be text")
        if link is None and (not isinstance(code, str) or not isinstance(pc, str)):
            return error(400, 'send {"code": "...", "pc": "NAME"} or {"link": "..."}')
        status, said = hub.join(client, name, pc=pc, code=code, link=link)
        if status != 200:
            return error(status, said)
        token = said
        who = hub.device(token)
        assert who is not None
        response = JSONResponse({"pc": hub.names.get(who.pc)}, headers=NO_STORE)
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", path="/",
                            max_age=60 * 60 * 24)
        return response

    async def me(request: Request) -> Response:
        who = device(request)
        if who is None:
            return error(401, "this phone has not joined: open /join and type the code")
        return Response(compact(hub.me(who)), media_type="application/json",
                        headers=NO_STORE)

    async def me_events(request: Request) -> Response:
        who = device(request)
        if who is None:
            return error(401, "this phone has not joined: open /join and type the code")

        def payload() -> bytes | None:
            now = hub.device(who.token)
            if now is None:
                return None  # kicked: the stream ends
            return compact(hub.me(now))

        async def stream() -> AsyncIterator[bytes]:
            hub.opened(who)
            try:
                async for chunk in _events(changes, payload):
                    yield chunk
            finally:
                hub.closed(who)
        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**NO_STORE, "x-accel-buffering": "no"})

    async def posted(request: Request) -> tuple[Device, dict[str, Any]] | Response:
        """A joined phone's POST and its JSON body, or the refusal."""
        who = device(request)
        if who is None:
            return error(401, "this phone has not joined: open /join and type the code")
        data = await read_json(request)
        return data if isinstance(data, Response) else (who, data)

    async def answer(request: Request) -> Response:
        got = await posted(request)
        if isinstance(got, Response):
            return got
        who, data = got
        status, said = hub.answer(who, data)
        if status != 200:
            return error(status, said)
        return JSONResponse({"ok": True}, headers=NO_STORE)

    async def declare(request: Request) -> Response:
        got = await posted(request)
        if isinstance(got, Response):
            return got
        who, data = got
        if "pc" in data and data["pc"] != hub.names.get(who.pc):
            return error(403, "a phone declares for its own character only")
        req = hub.request(who, data.get("text"))
        if isinstance(req, tuple):
            return error(*req)
        done = await anyio.to_thread.run_sync(req.done.wait, DECLARE_WAIT)
        if not done and hub.drop(req):
            return error(503, "the GM's tracker is busy (a roll is asked): send it again "
                              "in a moment")
        await anyio.to_thread.run_sync(req.done.wait, DECLARE_WAIT)
        if req.status not in (200, 202):
            return error(req.status or 503, req.said or "the GM's tracker did not answer")
        return JSONResponse({"ok": True, "said": _(req.said) if req.said else "",
                             "pending": req.kind == "act"}, status_code=req.status,
                            headers=NO_STORE)

    async def not_found(request: Request, exc: Exception) -> Response:
        return error(404, "not found")

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return error(405, "that method is not allowed here")

    routes = [Route(p, static, methods=["GET", "HEAD"]) for p in files]
    async def no_icon(request: Request) -> Response:
        return Response(status_code=204, headers={"cache-control": "max-age=86400"})

    routes += [Route("/favicon.ico", no_icon, methods=["GET", "HEAD"]),
               Route("/state.json", state, methods=["GET", "HEAD"]),
               Route("/events", events, methods=["GET"]),
               Route("/api/pcs", pcs, methods=["GET"]),
               Route("/api/join", join, methods=["POST"]),
               Route("/api/me", me, methods=["GET"]),
               Route("/api/events", me_events, methods=["GET"]),
               Route("/api/answer", answer, methods=["POST"]),
               Route("/api/declare", declare, methods=["POST"])]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        changes.start()
        yield
        changes.stop()

    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed},
                    lifespan=lifespan)
    app.router.redirect_slashes = False
    return Guard(app, names, port)
