"""Script mode: the same lines as the REPL, from a file or piped stdin.

In manual dice mode, the lines after a command answer each roll it asks for (faces ``3 4 6``,
a total ``=17``, or ``-`` to let the tracker roll); blank lines and ``#`` comments are skipped
everywhere, also between a command and its answers. A line that fails stops the script with a
non-zero exit, naming the line (the answer that did not fit, when it was an answer).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator

from combat_cli.dice import DiceError, RollSpec, parse_answer
from combat_cli.locale import _, dice
from combat_cli.repl.driver import Driver
from combat_cli.textsafe import escape_all

ROLL_IT = "-"
"""The answer that lets the tracker roll (a blank line is skipped, like a comment)."""


class ScriptLines:
    def __init__(self, lines: Iterable[str]) -> None:
        self._it: Iterator[str] = iter(lines)
        self.number = 0
        self.bad_answer: tuple[int, str] | None = None
        """The answer line that did not fit the roll asked for (its number and text)."""

    def next(self) -> str | None:
        for raw in self._it:
            self.number += 1
            if self.number == 1:
                raw = raw.lstrip("\ufeff")  # a byte-order mark (Windows editors)
            return raw.rstrip("\r\n")
        return None


def _answer(lines: ScriptLines) -> str | None:
    """The next line that is not blank and not a ``#`` comment."""
    while (line := lines.next()) is not None:
        if line.strip() and not line.strip().startswith("#"):
            return line.strip()
    return None


def make_asker(lines: ScriptLines, driver_ref: list[Driver]
               ) -> Callable[[RollSpec, str], str | None]:
    def ask(spec: RollSpec, purpose: str) -> str | None:
        line = _answer(lines)
        if line is None:
            raise DiceError(f"the script ended while a roll was asked for ({purpose or spec.text()})")
        console = driver_ref[0].console
        rs, lang = driver_ref[0].table.ruleset, driver_ref[0].table.lang
        roll_it = line == ROLL_IT
        shown = rs.label("(rolled)", lang) if roll_it else line
        console.print(f"  {rs.label('roll', lang)} {dice(purpose or spec.text())}: {shown}",
                      style="note")
        if roll_it:
            return None
        try:
            parse_answer(spec, line, purpose)
        except DiceError:
            lines.bad_answer = (lines.number, line)
            raise
        return line
    return ask


def run_script(driver: Driver, lines: ScriptLines, echo: bool = True) -> int:
    """Run every line; return the exit status (0, or 1 at the first failing line)."""
    while (line := lines.next()) is not None:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        start = lines.number
        lines.bad_answer = None
        if echo:
            driver.console.print(f"> {stripped}", style="bold")
        out = driver.handle(stripped)
        if out.error:
            where = (_("line {n}: {bad} (answering line {start}: {text})").format(
                n=lines.bad_answer[0], bad=lines.bad_answer[1], start=start, text=stripped)
                if lines.bad_answer else _("line {n}: {text}").format(n=start, text=stripped))
            sys.stderr.write(_("combat: script stopped at {where}").format(
                where=escape_all(where)) + "\n")
            driver.close()
            return 1
        if out.quit:
            break
    driver.close()
    return 0
