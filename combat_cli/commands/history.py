"""``undo`` and ``redo``: a step back or forward, one command (or N) at a time."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb, verb_name
from combat_cli.commands.views import (
    WhereView,
)
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.grammar.syntax import Arg, Syntax
from combat_cli.locale import Msg

COUNT = Syntax((Arg("n", "int", optional=True, bad="not a number: {word}"),),
               many="give one positive number")


@verb("undo", COUNT, "step back one command (or N)", mutates=False, aliases=("u",))
def undo(cmd: Cmd) -> None:
    for _ in range(_count(cmd)):
        line = cmd.table.undo()
        cmd.out.notes.append(Msg("undone: {line}", line=line))
    cmd.show(WhereView())


@verb("redo", COUNT, "step forward again (or N)", mutates=False)
def redo(cmd: Cmd) -> None:
    for _ in range(_count(cmd)):
        line = cmd.table.redo()
        cmd.out.notes.append(Msg("redone: {line}", line=line))
    cmd.show(WhereView())


def _count(cmd: Cmd) -> int:
    n: int | None = cmd.args["n"]
    if n is None:
        return 1
    if n < 1:
        raise cmd.usage_error("give one positive number")
    stack = cmd.table.history.undo if cmd.verb.name == "undo" else cmd.table.history.redo
    if n > len(stack):

        k = len(stack)
        raise CommandError("only {n} step to {verb}", n=k,
                           verb=verb_name(cmd.verb, cmd.table.language))
    return n
