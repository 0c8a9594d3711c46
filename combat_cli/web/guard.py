"""Checks every request passes before it reaches a route (ASGI middleware, as Starlette's own):

- the ``Host`` header must name this server (an address it listens on, or this machine's
  name): a page elsewhere that re-points its own name at us (DNS rebinding) gets 421;
- a request that changes anything (not GET or HEAD) must come from our own pages: an
  ``Origin`` (or ``Sec-Fetch-Site``) naming another site is 403;
- a body is refused from its ``Content-Length`` (413); one sent without a length is read
  only up to the limit (:func:`combat_cli.web.phones.read_json`);
- event streams are bounded per client address and in all (:mod:`combat_cli.web.limits`):
  one more is refused at once, saying why;
- every response carries the security headers (no inline code, no framing, no sniffing).
"""

from __future__ import annotations

import socket
from collections import Counter
from collections.abc import Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from combat_cli.web.limits import MAX_STREAMS, STREAMS_PER_CLIENT

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
       "img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-content-type-options", b"nosniff"),
           (b"referrer-policy", b"no-referrer"), (b"x-frame-options", b"DENY")]
MAX_BODY = 4096
"""The largest request body (a join, an answer, a declaration is a few hundred bytes)."""
LOOPBACK = ("127.0.0.1", "localhost", "::1")
STREAMS = ("/events", "/api/events")
"""The paths that hold a connection open (server-sent events)."""


def host_names(host: str, lan: str | None) -> set[str]:
    """The names a browser may use for this server listening on ``host``."""
    names = {*LOOPBACK, host}
    if host in ("0.0.0.0", "::", ""):
        names |= {n for n in (lan, socket.gethostname()) if n}
        names |= {f"{socket.gethostname()}.local"}
    return {n.lower() for n in names if n}


def _hosts(names: Iterable[str], port: int) -> set[str]:
    out = set()
    for n in names:
        shown = f"[{n}]" if ":" in n else n
        out |= {shown, f"{shown}:{port}"}
    return out


async def _refuse(send: Send, status: int, text: str, extra: Iterable[tuple[bytes, bytes]] = ()
                  ) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()), *HEADERS, *extra]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    def __init__(self, app: ASGIApp, names: Iterable[str], port: int,
                 max_body: int = MAX_BODY) -> None:
        self.app = app
        self.port = port
        self.hosts = _hosts(names, port)
        self.origins = {f"http://{h}" for h in self.hosts}
        self.max_body = max_body
        self.streams: Counter[str] = Counter()
        """Open event streams by client address."""

    def allowed(self, scope: Scope) -> tuple[int, str] | None:
        """None, or the status and error for a request that may not pass."""
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        if headers.get("host", "").lower() not in self.hosts:
            return 421, '{"error": "this server does not answer to that name"}'
        if scope["method"] in ("GET", "HEAD"):
            return None
        origin = headers.get("origin")
        if origin is not None and origin.lower() not in self.origins:
            return 403, '{"error": "requests from other sites are refused"}'
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, '{"error": "requests from other sites are refused"}'
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, '{"error": "the request is too large"}'
        return None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        refused = self.allowed(scope)
        if refused is not None:
            await _refuse(send, *refused)
            return
        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *HEADERS]}
            await send(message)

        if scope["path"] not in STREAMS:
            await self.app(scope, receive, with_headers)
            return
        client = (scope.get("client") or ("?", 0))[0]
        if self.streams[client] >= STREAMS_PER_CLIENT:
            await _refuse(send, 429, '{"error": "too many open pages from this device (at most '
                          f'{STREAMS_PER_CLIENT}): close one"}}', [(b"retry-after", b"5")])
            return
        if sum(self.streams.values()) >= MAX_STREAMS:
            await _refuse(send, 503, '{"error": "too many open pages (at most '
                          f'{MAX_STREAMS}): try again soon"}}', [(b"retry-after", b"5")])
            return
        self.streams[client] += 1
        try:
            await self.app(scope, receive, with_headers)
        finally:
            self.streams[client] -= 1
            if self.streams[client] <= 0:
                del self.streams[client]
