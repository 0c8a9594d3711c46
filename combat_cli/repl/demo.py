"""``combat demo``: a ruleset's demo fight played as a script, told to a newcomer: two lines on
what is happening, the script's own comments as narration, and what to type next at the end.
With ``pace`` (and a terminal) it waits for Enter before each command."""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from combat_cli.locale import _
from combat_cli.views.ruleids import without_rule_ids

if TYPE_CHECKING:
    from combat_cli.repl.driver import Driver


def intro(ruleset: str) -> list[str]:
    return [_("A {ruleset} demo fight. Each line after > is what the GM types; under it, what "
              "the tracker answers:").format(ruleset=ruleset),
            _("the rolls with their faces, who is hit or wounded, and the round table each "
              "round.")]


def outro(ruleset: str, paced: bool, me: str = "combat") -> list[str]:
    """What to type next; ``me`` is how the user runs the program (``.venv/bin/combat``)."""
    again = [] if paced else [_("({me} demo --pace shows it one command at a time.)")
                              .format(me=me)]
    return [*again,
            _("That was the demo; nothing was saved. Your own fight:"),
            _("  {me} new fight.json --ruleset {ruleset}").format(me=me, ruleset=ruleset),
            _("  {me} play fight.json").format(me=me),
            _("and at its prompt: add NAME STAT=VALUE ..., start, declare ..., help")]


def run_demo(driver: Driver, lines: list[str], wait: Callable[[], bool] | None) -> int:
    """Play the lines; ``wait()`` (pace mode) returns False to stop. Exit status as a script's."""
    console = driver.console
    for number, line in enumerate(lines, 1):
        text = line.strip()
        if not text:
            continue
        if text.startswith("#"):
            console.print(narration(text), style="note")
            continue
        if wait is not None and not wait():
            break
        console.print(f"> {text}", style="bold")
        out = driver.handle(text)
        if out.error:
            sys.stderr.write(_("combat: the demo stopped at line {n}: {text}").format(
                n=number, text=text) + "\n")
            return 1
    return 0


def narration(comment: str) -> str:
    """A script comment as the newcomer reads it: no rule IDs, no word of where the example
    came from ("(the mob example of the ...)")."""
    text = without_rule_ids(comment)
    return _SOURCE.sub("", text)


_SOURCE = re.compile(r"\s*\([^)]*\b(?:seed|rules? digest|rulebook)\b[^)]*\)", re.I)


def enter_or_quit() -> bool:
    """Pace mode: wait for Enter; q (or Ctrl-D, Ctrl-C) stops."""
    try:
        answer = input("  [Enter: next, q: stop] ")
    except (EOFError, KeyboardInterrupt):
        print()
        return False
    return answer.strip().lower() not in ("q", "quit")
