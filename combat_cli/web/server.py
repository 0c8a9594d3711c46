"""Running the players' page: bind, say where it is, serve until Ctrl-C.

The socket is bound here (so a port in use is one clear line) and handed to uvicorn. On
Ctrl-C the open event streams are ended first, so the server stops at once instead of
waiting for the browsers to leave."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

import uvicorn

from combat_cli.web import limits
from combat_cli.web.app import make_app
from combat_cli.web.feed import Feed
from combat_cli.web.guard import Guard, host_names

LOCAL = "127.0.0.1"


class ServeError(Exception):
    """Cannot serve (the port is taken ...); the message is for the GM."""


class _Server(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, feed: Feed) -> None:
        super().__init__(config)
        self.feed = feed

    def handle_exit(self, sig: int, frame: Any) -> None:
        import asyncio

        try:
            asyncio.get_running_loop().call_soon_threadsafe(self.feed.stop)
        except RuntimeError:  # not on the loop's thread: the flag is enough
            self.feed.stopping = True
        super().handle_exit(sig, frame)


def bind(host: str, port: int) -> socket.socket:
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror as e:
        raise ServeError(f'--host "{host}" is not an address of this machine ({e.strerror})') from None
    family, _, _, _, addr = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(addr)
    except OSError as e:
        sock.close()
        hint = " (--port N picks another)" if e.errno in (98, 48, 10048) else ""
        raise ServeError(f"can't listen on {host}:{port}: {e.strerror or e}{hint}") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def lan_address() -> str | None:
    """This machine's address on the local network (no packet is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            return str(s.getsockname()[0])
    except OSError:
        return None


def is_loopback(host: str) -> bool:
    """Only this machine can reach ``host`` (127.0.0.0/8, ::1, localhost)."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def url_for(host: str, port: int) -> str:
    if host in ("0.0.0.0", "::", ""):
        host = lan_address() or "127.0.0.1"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve(path: Path, host: str | None, port: int, lang: str = "",
          show_rolls: bool = False) -> None:
    """Serve until Ctrl-C (SaveError / ServeError before anything is served)."""
    feed = Feed(path, lang, show_rolls)
    feed.load_now()
    where = host or LOCAL
    sock = bind(where, port)
    actual = sock.getsockname()[1]
    url = url_for(where, actual)
    from combat_cli.locale import _

    lang = feed.language
    if is_loopback(where):
        print(_("players' screen: {url} (this machine only; --host 0.0.0.0 for the table's "
                "devices) · Ctrl-C stops", lang).format(url=url), flush=True)
    else:
        print(_("players' screen on {where}: {url} (anyone on this network can read it) · "
                "Ctrl-C stops", lang).format(where=where, url=url), flush=True)
    app = Guard(make_app(feed), host_names(where, lan_address()), actual)
    config = limits.config(app, timeout_graceful_shutdown=3)
    try:
        _Server(config, feed).run(sockets=[sock])
    finally:
        sock.close()
    sys.stdout.flush()
