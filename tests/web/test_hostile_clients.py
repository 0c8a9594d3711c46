"""Hostile clients and quiet secrets, against live servers on loopback (``combat serve`` and
``combat play --serve``): a change only the GM sees sends the pages no event; idle and slow
connections are dropped and never lock the page out; event streams are bounded per client."""

from __future__ import annotations

import http.client
import json
import time
from pathlib import Path
from typing import Any

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
