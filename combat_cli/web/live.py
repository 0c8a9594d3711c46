"""The web server of ``combat play FILE --serve``: the live app served from a thread of its
own (its own asyncio loop), so the REPL's prompt and the rules stay as they are in the main
thread. The two share only the :class:`~combat_cli.web.hub.Hub`."""

from __future__ import annotations

import threading
import time

import uvicorn

from combat_cli.web import limits
from combat_cli.web.guard import host_names
from combat_cli.web.hub import Hub
from combat_cli.web.phones import Changes, make_live_app
from combat_cli.web.server import LOCAL, bind, is_loopback, lan_address, url_for


class LiveServer:
    def __init__(self, hub: Hub, host: str | None, port: int) -> None:
        self.hub = hub
        self.host = host or LOCAL
        self.sock = bind(self.host, port)
        self.port = int(self.sock.getsockname()[1])
        self.url = url_for(self.host, self.port)
        self.changes = Changes(hub)
        self.app = make_live_app(hub, self.changes, host_names(self.host, lan_address()),
                                 self.port)
        config = limits.config(self.app, timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self._run, name="combat-web", daemon=True)

    def _run(self) -> None:
        self.server.run(sockets=[self.sock])

    @property
    def open_to_network(self) -> bool:
        return not is_loopback(self.host)

    def start(self) -> None:
        self.thread.start()
        end = time.monotonic() + 10
        while not self.server.started and self.thread.is_alive() and time.monotonic() < end:
            time.sleep(0.01)

    def stop(self) -> None:
        """End the open streams, then the server (a prompt Ctrl-D or quit)."""
        self.changes.stop()
        self.server.should_exit = True
        self.thread.join(timeout=5)
        self.sock.close()
