"""What the GM looks at: ``status`` (the round table or one combatant), ``log`` and ``why``."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.commands.views import (
    CombatantView,
    LogView,
    StatusView,
    WhyView,
)
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.grammar.syntax import Arg


@verb("status", (Arg("name", "name", optional=True),), "the round table: order, wounds, conditions, held, timers",
      mutates=False, aliases=("st",))
def status(cmd: Cmd) -> None:
    if cmd.args["name"] is not None:
        cmd.show(CombatantView(cmd.args["name"].id))
    else:
        cmd.show(StatusView())


@verb("log", (Arg("number", "int", optional=True, choices=("all",), metavar="N|all",
                 bad="log takes a number or all, not {word}"),), "the last N log entries (default 20), or all of them", mutates=False)
def log(cmd: Cmd) -> None:
    n = cmd.args["number"]
    if n is None:
        n = 20
    elif n == "all":
        n = 0
    elif n < 1:
        raise CommandError("log N needs N of at least 1")
    cmd.show(LogView(n))


@verb("why", (Arg("number", "int", optional=True, metavar="N", noun="log number",
                 bad="not a log number: {word}"),), "the full breakdown of the last roll (or of log entry N)", mutates=False,
      details="What the roll was for, how the pool was built, the faces, the difficulty and "
              "the outcome; log shows the entries' numbers (log N).")
def why(cmd: Cmd) -> None:
    from combat_cli.engine.domain.models import LogEntry

    log = cmd.table.log_json
    n = cmd.args["number"]
    if n is None:
        entries = (LogEntry.model_validate_json(x) for x in reversed(log))
        entry = next((e for e in entries if e.dice or e.data.get("for")), None)
        if entry is None:
            raise CommandError("nothing has been rolled yet: why N explains log entry N")
    else:
        if not 1 <= n <= len(log):
            if not log:
                raise CommandError("the log is empty")
            raise CommandError("no log entry {n}: the log has {count} (log shows them)", n=n,
                               count=len(log))
        entry = LogEntry.model_validate_json(log[n - 1])
    cmd.show(WhyView(entry))
