"""Script mode: the same lines as the REPL, from a file or piped stdin.

In manual dice mode, the line after a command answers each roll it asks for (faces ``3 4 6`` or
a total ``=17``; an empty line lets the tracker roll). A line that fails stops the script with a
non-zero exit, naming the line.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator

from combat_cli.dice import DiceError, RollSpec, parse_answer
from combat_cli.repl.driver import Driver


class ScriptLines:
    def __init__(self, lines: Iterable[str]) -> None:
        self._it: Iterator[str] = iter(lines)
        self.number = 0

    def next(self) -> str | None:
        for raw in self._it:
            self.number += 1
            if self.number == 1:
                raw = raw.lstrip("\ufeff")  # a byte-order mark (Windows editors)
            return raw.rstrip("\r\n")
        return None


def make_asker(lines: ScriptLines, driver_ref: list[Driver]
               ) -> Callable[[RollSpec, str], str | None]:
    def ask(spec: RollSpec, purpose: str) -> str | None:
        line = lines.next()
        if line is None:
            raise DiceError(f"the script ended while a roll was asked for ({purpose or spec.text()})")
        console = driver_ref[0].console
        rs, lang = driver_ref[0].table.ruleset, driver_ref[0].table.lang
        shown = line or rs.label("(rolled)", lang)
        console.print(f"  {rs.label('roll', lang)} {purpose or spec.text()}: {shown}", style="note")
        if line.strip():
            parse_answer(spec, line, purpose)
        return line
    return ask


def run_script(driver: Driver, lines: ScriptLines, echo: bool = True) -> int:
    """Run every line; return the exit status (0, or 1 at the first failing line)."""
    while (line := lines.next()) is not None:
        stripped = line.strip()
        if not stripped or stripped.startswith("#"):
            continue
        start = lines.number
        if echo:
            driver.console.print(f"> {stripped}", style="bold")
        out = driver.handle(stripped)
        if out.error:
            sys.stderr.write(f"combat: script stopped at line {start}: {stripped}\n")
            driver.close()
            return 1
        if out.quit:
            break
    driver.close()
    return 0
