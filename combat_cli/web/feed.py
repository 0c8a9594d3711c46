"""The feed: follows the save file and hands every browser the players' view when it changes.

One poller for all browsers: it looks at the file every :data:`POLL` seconds (no lock, no
write) and, when it changed, reads it in a worker thread and builds the payload once. A file
that is missing for a moment (an atomic save renaming it) or unreadable keeps the last good
view."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from combat_cli.web.source import file_key, read_table
from combat_cli.web.view import player_bytes, player_data

POLL = 0.2
KEEPALIVE = 15.0


class Feed:
    def __init__(self, path: Path, lang: str = "", show_rolls: bool = False) -> None:
        self.path, self.lang, self.show_rolls = path, lang, show_rolls
        self.payload = b"{}"
        self.language = lang
        """The table's language (the ruleset's own when ``lang`` is ""), once loaded."""
        self.version = 0
        self.key: tuple[int, int, int] | None = None
        self.stopping = False
        self._cond: asyncio.Condition | None = None
        self._problem: str | None = None

    def load_now(self) -> None:
        """Read the file (raises SaveError); used before serving, and by the poller. The
        version moves only when the players' view changed: a change only the GM sees (a
        note, a secret condition) sends no event, so it tells the players nothing."""
        key = file_key(self.path)
        table = read_table(self.path, self.lang)
        self.language = table.language
        payload = player_bytes(player_data(table, self.show_rolls))
        self.key = key
        if payload != self.payload or self.version == 0:
            self.payload = payload
            self.version += 1

    async def run(self) -> None:
        """Poll until stopped."""
        if self._cond is None:
            self._cond = asyncio.Condition()
        while not self.stopping:
            await asyncio.sleep(POLL)
            key = file_key(self.path)
            if key is None or key == self.key:
                continue
            await self._reload()

    async def _reload(self) -> None:
        from combat_cli.store.savefile import SaveError

        before = self.version
        try:
            await asyncio.to_thread(self.load_now)
        except Exception as e:  # noqa: BLE001 - whatever the file holds, the page stays up
            problem = str(e) if isinstance(e, SaveError) else f"{self.path}: {type(e).__name__}: {e}"
            if problem != self._problem:  # said once; the last good view stays up
                self._problem = problem
                sys.stderr.write(f"combat serve: {problem} (the page keeps the last good "
                                 "state)\n")
            self.key = file_key(self.path)
            return
        self._problem = None
        if self.version != before:
            await self._notify()

    async def _notify(self) -> None:
        if self._cond is not None:
            async with self._cond:
                self._cond.notify_all()

    def stop(self) -> None:
        """End every open stream (called on the loop when the server shuts down)."""
        self.stopping = True
        if self._cond is not None:
            asyncio.ensure_future(self._notify())

    async def wait(self, version: int) -> bool:
        """Wait until the view is newer than ``version`` or the feed stops (True), or the
        keep-alive time passes (False)."""
        cond = self._cond or asyncio.Condition()
        self._cond = cond
        try:
            async with cond:
                await asyncio.wait_for(
                    cond.wait_for(lambda: self.version != version or self.stopping), KEEPALIVE)
            return True
        except asyncio.TimeoutError:
            return False
