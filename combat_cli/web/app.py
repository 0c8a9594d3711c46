"""The players' page as an ASGI app (Starlette): its page, two assets, a snapshot and the live
feed (server-sent events). Read-only: GET and HEAD only; any other path is 404. The server
puts it behind :class:`~combat_cli.web.guard.Guard` (Host check, security headers)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib.resources
import json
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response, StreamingResponse
from starlette.routing import Route
from starlette.types import ASGIApp

from combat_cli.textsafe import escape_controls, plain
from combat_cli.web.feed import Feed

ASSETS = {"/": ("page.html", "text/html; charset=utf-8"),
          "/assets/app.css": ("app.css", "text/css; charset=utf-8"),
          "/assets/app.js": ("app.js", "text/javascript; charset=utf-8")}


def asset(name: str) -> bytes:
    return importlib.resources.files("combat_cli.web").joinpath("assets", name).read_bytes()


def localized(body: bytes, lang: str) -> bytes:
    """A page in the table's language before its script runs: ``<html lang>``, the title and
    each fixed text (the players' words, msgctxt "words", or the core's catalogue)."""
    import html
    import re

    from combat_cli.locale import catalogue

    if not lang or lang == "en":
        return body
    cat = catalogue(lang)

    def word(m: re.Match[str]) -> str:
        text = html.unescape(m.group(2).strip())
        found = cat.pgettext("words", text)
        found = cat.gettext(text) if found == text else found
        return m.group(1) + m.group(2).replace(m.group(2).strip(), html.escape(found)) + m.group(3)

    text = body.decode("utf-8").replace('<html lang="en">', f'<html lang="{html.escape(lang)}">', 1)
    return re.sub(r"(>)([^<>]*[A-Za-z][^<>]*)(<)", word, text).encode("utf-8")


def script_json(data: object) -> str:
    """``data`` as JSON that is safe inside a ``<script type="application/json">``: no ``<``,
    ``>`` or ``&`` (a name holding ``</script>`` cannot end it) and no line separators."""

    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return escape_controls(text)


def with_state(body: bytes, data: dict[str, Any]) -> bytes:
    """The table page with the players' view in it, so its first paint shows the fight (not
    a blank page until the first live update): the heading, the turn line, the rows and the
    log written in, every text escaped, and the view itself for the script to start from."""
    import html

    def esc(text: object) -> str:
        return html.escape(plain(str(text)), quote=True)

    if not data.get("combatants") and not data.get("heading"):
        return body
    labels = data.get("labels") or {}
    rows = []
    for c in data.get("combatants", []):
        side = c.get("side", "")
        cls = " ".join([k for k in ("acting", "next", "out") if c.get(k)] + [f"side-{side}"])
        marks = "".join(f'<span class="sr"> ({esc(labels.get(k, k))})</span>'
                        for k, on in (("acting", c.get("acting")), ("next_mark", c.get("next")))
                        if on)
        held = f'<span class="tag">{esc(labels.get("held", "held"))}</span>' if c.get("held") \
            else ""
        out = f'<span class="tag">{esc(labels.get("out", "out"))}</span>' if c.get("out") else ""
        who = f'<span class="who">{esc(labels.get(side, side))}</span>'
        rows.append(f'<tr class="{esc(cls)}"><th scope="row">{esc(c.get("name", ""))}'
                    f'{marks}{held}{who}</th><td class="side">{esc(labels.get(side, side))}</td>'
                    f'<td class="wounds">{esc(c.get("wounds", ""))}{out}</td>'
                    f'<td class="cond">{esc(", ".join(c.get("conditions", [])))}</td></tr>')
    log = "".join(f"<li>{esc(ln.get('text', ''))}</li>" for ln in data.get("log", []))
    text = body.decode("utf-8")
    text = text.replace('<h1 id="heading">…</h1>',
                        f'<h1 id="heading">{esc(data.get("heading", ""))}</h1>', 1)
    text = text.replace('aria-atomic="true"></p>',
                        f'aria-atomic="true">{esc(data.get("turn", ""))}</p>', 1)
    text = text.replace('<tbody id="rows"></tbody>', f'<tbody id="rows">{"".join(rows)}</tbody>', 1)
    text = text.replace('<ol id="log"></ol>', f'<ol id="log">{log}</ol>', 1)
    return embed(text.encode("utf-8"), data)


def embed(body: bytes, data: dict[str, Any]) -> bytes:
    """``body`` with ``data`` in it as ``<script id="state" type="application/json">`` (never
    run: the page's own script reads it to draw its first state before its live stream)."""
    return body.replace(b"</body>", b'<script id="state" type="application/json">'
                        + script_json(data).encode("utf-8") + b"</script>\n</body>", 1)


def make_app(feed: Feed) -> ASGIApp:
    files = {path: (localized(asset(name), feed.language) if name.endswith(".html") else
                    asset(name), kind) for path, (name, kind) in ASSETS.items()}

    async def static(request: Request) -> Response:
        body, kind = files[request.url.path]
        if request.url.path == "/":  # it carries the fight now: kept nowhere
            return Response(with_state(body, json.loads(feed.payload)), media_type=kind,
                            headers={"cache-control": "no-store"})
        return Response(body, media_type=kind, headers={"cache-control": "no-cache"})

    async def state(request: Request) -> Response:
        return Response(feed.payload, media_type="application/json",
                        headers={"cache-control": "no-store"})

    async def events(request: Request) -> Response:
        return StreamingResponse(_stream(feed), media_type="text/event-stream",
                                 headers={"cache-control": "no-store",
                                          "x-accel-buffering": "no"})

    async def not_found(request: Request, exc: Exception) -> Response:
        return PlainTextResponse("not found", status_code=404)

    async def not_allowed(request: Request, exc: Exception) -> Response:
        return PlainTextResponse("read-only: GET only", status_code=405,
                                 headers={"allow": "GET, HEAD"})

    routes = [Route(p, static, methods=["GET", "HEAD"]) for p in files]
    routes += [Route("/state.json", state, methods=["GET", "HEAD"]),
               Route("/events", events, methods=["GET"])]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        poller = asyncio.create_task(feed.run())
        yield
        feed.stop()
        poller.cancel()

    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_allowed},
                    lifespan=lifespan)
    app.router.redirect_slashes = False
    return app  # served behind combat_cli.web.guard.Guard (Host, Origin, security headers)


async def _stream(feed: Feed) -> AsyncIterator[bytes]:
    """One browser's events: the view now, then every change, until it leaves or we stop."""
    version = -1
    yield b"retry: 2000\n\n"
    while not feed.stopping:
        if feed.version != version:
            version = feed.version
            yield b"id: %d\ndata: %s\n\n" % (version, feed.payload)
        elif not await feed.wait(version):
            yield b": still here\n\n"
