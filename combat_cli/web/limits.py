"""How both web servers (``combat serve`` and ``combat play --serve``) survive their clients.

- A connection must send a whole request's headers within :data:`HEADER_TIMEOUT` seconds of
  opening (or of its last answer), however slowly it trickles them: one that sends nothing,
  or a byte now and then, is closed. An idle kept-alive one is closed after
  :data:`KEEP_ALIVE` seconds.
- Idle connections never count against anyone: past :data:`MAX_CONNECTIONS` open ones, the
  oldest idle one is closed to make room (uvicorn's own ``limit_concurrency`` counts idle
  connections too, so 200 that send nothing got every page a 503; it is off).
- Event streams are bounded: :data:`STREAMS_PER_CLIENT` per client address and
  :data:`MAX_STREAMS` in all; one more is refused at once with 429 (or 503) and a line saying
  why, and the page tries again later by itself (``assets/app.js``, ``assets/phone.js``).
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_TIMEOUT = 10.0
"""Seconds a connection has to send a request's headers."""
KEEP_ALIVE = 5
"""Seconds an idle kept-alive connection stays open."""
BODY_TIMEOUT = 10.0
"""Seconds a request has to send its (small) body."""
MAX_CONNECTIONS = 400
"""Open connections before the oldest idle one is closed for a new one."""
STREAMS_PER_CLIENT = 32
"""Open event streams from one address (a page or a phone holds one each)."""
MAX_STREAMS = 256
"""Open event streams in all."""


class Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for each request's headers, and idle
    connections closed first when too many are open."""

    _deadline: asyncio.TimerHandle | None = None
    _idle_since = 0.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._wait_for_request()
        if len(self.connections) > MAX_CONNECTIONS:
            idle = sorted((c for c in self.connections
                           if isinstance(c, Protocol) and c is not self and c.idle()),
                          key=lambda c: c._idle_since)
            (idle[0] if idle else self).close_now()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.idle():
            self._wait_for_request()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        super().connection_lost(exc)

    def idle(self) -> bool:
        """No request is being answered (between requests, or none came yet)."""
        cycle = self.cycle
        return cycle is None or bool(getattr(cycle, "response_complete", True))

    def close_now(self) -> None:
        if not self.transport.is_closing():
            self.transport.close()

    def _wait_for_request(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._idle_since = self.loop.time()
        self._deadline = self.loop.call_later(HEADER_TIMEOUT, self._too_slow)

    def _too_slow(self) -> None:
        self._deadline = None
        if self.idle():  # no whole request came in time (a request being answered stays)
            self.close_now()


def config(app: Any, **settings: Any) -> uvicorn.Config:
    """The uvicorn settings both servers share."""
    return uvicorn.Config(app, http=Protocol, log_level="warning", access_log=False,
                          lifespan="on", timeout_keep_alive=KEEP_ALIVE, limit_concurrency=None,
                          server_header=False, **settings)
