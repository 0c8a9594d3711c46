"""Hostile clients and quiet secrets, against live servers on loopback (``combat serve`` and
``combat play --serve``): a change only the GM sees sends the pages no event; idle and slow
connections are dropped and never lock the page out; event streams are bounded per client."""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.helpers import SECRET_FIGHT, LiveTable, Server, gm, make_fight


class Events:
    """One event stream (``/events`` or a phone's ``/api/events``), read event by event."""

    def __init__(self, port: int, path: str = "/events", cookie: str = "") -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        self.conn.request("GET", path, headers={"Cookie": cookie, "Accept": "text/event-stream"})
        self.resp = self.conn.getresponse()
        self.status = self.resp.status

    def next(self, timeout: float = 10) -> Any:
        """The next data event's JSON (None: the stream ended)."""
        self.conn.sock.settimeout(timeout)  # type: ignore[union-attr]
        data: list[bytes] = []
        while True:
            line = self.resp.readline()
            if not line:
                return None
            line = line.rstrip(b"\r\n")
            if line.startswith(b"data: "):
                data.append(line[6:])
            elif not line and data:
                return json.loads(b"\n".join(data))

    def close(self) -> None:
        self.conn.close()


PAUSE = 1.0
"""Long enough for ``combat serve``'s poller (every 0.2 s) and the publisher to see a change."""


def test_a_gm_only_change_sends_combat_serves_page_no_event(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "fight.json", "d6", SECRET_FIGHT)
    server = Server(fight)
    events = Events(server.port)
    try:
        first = events.next()
        assert first and "Mina" in json.dumps(first)
        gm(fight, 'note "Demon Thug" the second key is in the well')
        time.sleep(PAUSE)
        gm(fight, 'condition "Demon Thug" +Hexed custom=yes secret', "set Shadowblade Brawling=6D")
        time.sleep(PAUSE)
        gm(fight, "condition Mina +Blessed custom=yes")
        after = events.next()
        assert after is not None and "Blessed" in json.dumps(after, ensure_ascii=False), \
            "an event came for a change the players cannot see"
    finally:
        events.close()
        server.stop()


PHONE_FIGHT = ["add Mina side=pc Firearms=4D Dodge=3D", "add Thug Brawling=3D",
               "add Shadowblade hidden=yes Brawling=5D"]


def test_a_gm_only_change_sends_the_live_pages_and_phones_no_event(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "fight.json", "d6", PHONE_FIGHT)
    live = LiveTable(fight)
    streams: list[Events] = []
    try:
        cookie = live.join("Mina", live.code())
        table, phone = Events(live.port), Events(live.port, "/api/events", cookie)
        streams += [table, phone]
        assert table.next() and phone.next()
        live.gm('note Thug the key is in the well')
        live.expect("note on Thug kept")
        live.gm("condition Thug +Hexed custom=yes secret", "condition Mina +Cursed custom=yes "
                "secret", "set Shadowblade Brawling=6D", "note Mina she is the heir")
        live.expect("note on Mina kept")
        time.sleep(PAUSE)
        live.gm("condition Mina +Blessed custom=yes")
        for stream in streams:
            after = stream.next()
            assert after is not None and "Blessed" in json.dumps(after, ensure_ascii=False), \
                "an event came for a change the players cannot see"
    finally:
        for s in streams:
            s.close()
        live.close()


# -- the server survives its clients ----------------------------------------------------------
class Served:
    """A live server on loopback, either kind: its port, and how to stop it."""

    def __init__(self, kind: str, fight: Path) -> None:
        self.kind = kind
        if kind == "serve":
            self.server: Server | LiveTable = Server(fight)
            self.port = self.server.port
        else:
            self.server = LiveTable(fight)
            self.port = self.server.port

    def get(self, path: str = "/state.json", timeout: float = 5) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            conn.request("GET", path)
            r = conn.getresponse()
            r.read()
            return r.status
        finally:
            conn.close()

    def stop(self) -> None:
        if isinstance(self.server, Server):
            self.server.stop()
        else:
            self.server.close()


@pytest.fixture(params=["serve", "play --serve"])
def served(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Served]:
    fight = make_fight(tmp_path / "fight.json", "d6", PHONE_FIGHT)
    s = Served(request.param, fight)
    yield s
    s.stop()


def idle_connections(port: int, n: int) -> list[socket.socket]:
    out = []
    for _ in range(n):
        out.append(socket.create_connection(("127.0.0.1", port), timeout=5))
    return out


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` within ``within`` seconds."""
    sock.settimeout(within)
    try:
        while sock.recv(4096):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:
        return True


def test_hundreds_of_idle_connections_do_not_lock_the_page_out(served: Served) -> None:
    socks = idle_connections(served.port, 450)  # more than the server keeps open at once
    try:
        start = time.monotonic()
        statuses = [served.get(path) for path in ("/", "/state.json", "/assets/app.js")]
        assert statuses == [200, 200, 200], statuses
        events = Events(served.port)
        assert events.status == 200 and events.next() is not None
        events.close()
        assert time.monotonic() - start < 5
    finally:
        for s in socks:
            s.close()


def test_idle_and_slow_connections_are_closed(served: Served) -> None:
    from combat_cli.web.limits import HEADER_TIMEOUT

    silent = socket.create_connection(("127.0.0.1", served.port), timeout=5)
    slow = socket.create_connection(("127.0.0.1", served.port), timeout=5)
    try:
        start = time.monotonic()
        request = b"GET /state.json HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: " + b"a" * 100
        closed = False
        for byte in request:  # a byte a second: never a whole request
            try:
                slow.sendall(bytes([byte]))
            except OSError:
                closed = True
                break
            if closed_by_server(slow, 0.5):
                closed = True
                break
            if time.monotonic() - start > HEADER_TIMEOUT + 5:
                break
        took = time.monotonic() - start
        assert closed and took < HEADER_TIMEOUT + 3, f"the slow client held on for {took:.1f} s"
        assert closed_by_server(silent, 3), "a connection that sent nothing stays open"
        assert served.get() == 200
    finally:
        silent.close()
        slow.close()


def test_event_streams_are_bounded_per_client(served: Served) -> None:
    from combat_cli.web.limits import STREAMS_PER_CLIENT

    streams = [Events(served.port) for _ in range(STREAMS_PER_CLIENT)]
    try:
        assert all(s.status == 200 for s in streams)
        extra = Events(served.port)
        assert extra.status == 429
        said = json.loads(extra.resp.read())["error"]
        assert "too many open pages" in said and str(STREAMS_PER_CLIENT) in said
        extra.close()
        assert served.get() == 200  # other requests still answered
        streams.pop().close()
        deadline = time.monotonic() + 5
        while True:  # the server sees the closed stream go
            again = Events(served.port)
            if again.status == 200 or time.monotonic() > deadline:
                break
            again.close()
            time.sleep(0.1)
        assert again.status == 200
        streams.append(again)
    finally:
        for s in streams:
            s.close()


def test_a_body_sent_too_slowly_is_refused(tmp_path: Path) -> None:
    from combat_cli.web.limits import BODY_TIMEOUT

    live = LiveTable(make_fight(tmp_path / "fight.json", "d6", PHONE_FIGHT))
    sock = socket.create_connection(("127.0.0.1", live.port), timeout=BODY_TIMEOUT + 5)
    try:
        start = time.monotonic()
        sock.sendall(b"POST /api/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                     b"application/json\r\nContent-Length: 200\r\n\r\n{\"code\": ")
        answer = sock.recv(4096)
        took = time.monotonic() - start
        while b"}" not in answer.partition(b"\r\n\r\n")[2]:
            more = sock.recv(4096)
            if not more:
                break
            answer += more
        assert answer.startswith(b"HTTP/1.1 408"), answer[:80]
        assert b"too slowly" in answer and took < BODY_TIMEOUT + 3
    finally:
        sock.close()
        live.close()
