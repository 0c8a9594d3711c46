"""Script mode: the same lines as the REPL, from a file or piped stdin.

In manual dice mode, the lines after a command answer each roll it asks for (faces ``3 4 6``,
a total ``=17``, or ``-`` to let the tracker roll); blank lines and ``#`` comments are skipped
everywhere, also between a command and its answers. A line that fails stops the script with a
non-zero exit, naming the line (the answer that did not fit, when it was an answer).
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from combat_cli.locale import _
from combat_cli.repl.driver import Driver
from combat_cli.textsafe import escape_all

if TYPE_CHECKING:
    from combat_cli.web.hub import Race


ECHO = 200
"""The longest line a script echoes whole (``> line``, and the line it stopped at)."""
ECHO_START = 48
"""How much of a longer one is echoed: its start, then how long it is (one line of 80)."""


def clip(line: str) -> str:
    """``line`` as echoed: whole, or its start and how long it is (a line of a megabyte is
    not written to the terminal whole)."""
    if len(line) <= ECHO:
        return line
    return _("{start}… ({size} characters)").format(start=line[:ECHO_START],
                                                     size=f"{len(line):,}")


class ScriptLines:
    """The script's lines, read one at a time. ``live`` (``--serve`` with ``--script -``):
    read as they come by a thread of their own, so a roll can wait for the next line or a
    player's phone, whichever comes first."""

    def __init__(self, lines: Iterable[str], live: bool = False) -> None:
        self._it: Iterator[str] = iter(lines)
        self.number = 0
        self.bad_answer: tuple[int, str] | None = None
        """The answer line that did not fit the roll asked for (its number and text)."""
        self._queue: queue.Queue[str | None] | None = None
        self.tell: Callable[[str], None] = lambda text: None
        """How a notice reaches the GM while a line is awaited (a phone that left)."""
        if live:
            self._queue = queue.Queue()
            threading.Thread(target=self._read, name="combat-script", daemon=True).start()

    def _read(self) -> None:
        assert self._queue is not None
        for raw in self._it:
            self._queue.put(raw)
        self._queue.put(None)

    def _raw(self, race: Race | None, woken: Callable[[], bool] | None) -> str | None:
        if self._queue is None:
            return next(self._it, None)
        while True:
            try:
                return self._queue.get(timeout=0.02)
            except queue.Empty:
                if race is not None and race.event.is_set():
                    raise _Answered from None
                if race is not None and race.notice:
                    self.tell(race.take_notice())
                if woken is not None and woken():
                    raise Woken from None

    def next(self, race: Race | None = None, woken: Callable[[], bool] | None = None
             ) -> str | None:
        """The next line (None: the script ended). ``woken``: while waiting for a line to
        come, stop (:class:`Woken`) as soon as it says so (a phone sent something)."""
        raw = self._raw(race, woken)
        if raw is None:
            if self._queue is not None:
                self._queue.put(None)  # stays ended for the next reader
            return None
        self.number += 1
        if self.number == 1:
            raw = raw.lstrip("\ufeff")  # a byte-order mark (Windows editors)
        return raw.rstrip("\r\n")

    def answer(self, race: Race | None = None) -> str | None:
        """The next line that is not blank and not a ``#`` comment (None: the script ended,
        or a phone answered ``race`` first; when the script ended, the phone may still)."""
        try:
            while (line := self.next(race)) is not None:
                if line.strip() and not line.strip().startswith("#"):
                    return line.strip()
        except _Answered:
            return None
        while race is not None and race.alive() and not race.event.wait(0.05):
            pass
        return None


class _Answered(Exception):
    """A phone answered while the script's next line was awaited."""


class Woken(Exception):
    """A phone sent something for the table to do while the next line was awaited."""


def _next_line(driver: Driver, lines: ScriptLines) -> str | None:
    """The script's next line; what the phones sent is done first, and while waiting."""
    port = driver.port
    while True:
        port.serve_inbox()
        try:
            return lines.next(woken=port.pending)
        except Woken:
            continue


def run_script(driver: Driver, lines: ScriptLines, echo: bool = True) -> int:
    """Run every line; return the exit status (0, or 1 at the first failing line)."""
    while (line := _next_line(driver, lines)) is not None:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        start = lines.number
        lines.bad_answer = None
        if echo:
            driver.console.print(f"> {clip(stripped)}", style="bold")
        out = driver.handle(stripped)
        if out.error:
            where = (_("line {n}: {bad} (answering line {start}: {text})").format(
                n=lines.bad_answer[0], bad=clip(lines.bad_answer[1]), start=start,
                text=clip(stripped))
                if lines.bad_answer else _("line {n}: {text}").format(n=start, text=clip(stripped)))
            sys.stderr.write(_("combat: script stopped at {where}").format(
                where=escape_all(where)) + "\n")
            driver.close()
            return 1
        if out.quit:
            break
    driver.close()
    return 0
