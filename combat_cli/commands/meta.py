"""Meta verbs: help, roll, status, log, undo, redo, save, quit."""

from __future__ import annotations

from pathlib import Path

from combat_cli.commands.registry import Cmd, all_verbs, find_verb, verb, verb_name
from combat_cli.commands.results import SaveRequest
from combat_cli.commands.views import (
    ActionHelp,
    CombatantView,
    HelpView,
    LogView,
    RulesHelp,
    StatusView,
    VerbHelp,
    WhereView,
    WhyView,
)
from combat_cli.engine.errors import CommandError
from combat_cli.engine.grammar import Arg, Opt, Syntax


@verb("help", (Arg("word", "topic", optional=True),),
      "the verbs, or one verb with its options and the ruleset's actions",
      mutates=False, aliases=("?",),
      details="help rules: the house-rule switches with the rule each one settles")
def help_(cmd: Cmd) -> None:
    if cmd.args["word"] is None:
        cmd.show(HelpView())
        return
    word = cmd.args["word"].lower()
    verbs = all_verbs(cmd.table)
    rs = cmd.ruleset
    for a in rs.actions:
        if word == a.name or word in a.aliases:
            cmd.show(ActionHelp(a))
            if word in verbs:        # a verb of the same name (d12: task, defend): both
                cmd.show(VerbHelp(verbs[word]))
            return
    if word == "rules":
        cmd.show(RulesHelp())
        return
    try:
        cmd.show(VerbHelp(find_verb(word, verbs, cmd.table.language)))
    except CommandError:
        names = sorted(verb_name(v, cmd.table.language) for v in verbs.values()) + [
            a.name for a in rs.actions]
        from combat_cli.engine.queries import closest

        guess = closest(word, names)
        raise CommandError(f'no verb or action "{cmd.args["word"]}"'
                           + (f" — did you mean {guess}?" if guess else "")) from None


@verb("roll", (Arg("expression", "dice"), Opt("for", metavar="TEXT")), "a free roll in the table's notation (3D+2, 4d10>=8, 1d12)",
      undoable=False, details="A free roll stays in the log; undo steps over it.")
def roll(cmd: Cmd) -> None:
    spec = cmd.args["expression"]
    why = [cmd.args["for"]] if cmd.args["for"] is not None else []
    purpose = why[0] if why else cmd.ctx.label("free roll")
    r = cmd.ctx.roll(spec, f"{purpose}: {spec.text()}")
    faces = "" if r.faces is None else f" [{' '.join(map(str, r.faces))}]"
    template = ("Roll {dice}{faces} = {total}" if not spec.is_pool else
                "Roll {dice}{faces} = {total} success" if r.total == 1 else
                "Roll {dice}{faces} = {total} successes")
    text = cmd.ctx.say(template, dice=spec.text(), faces=faces, total=r.total)
    cmd.ctx.log(text + (f" ({why[0]})" if why else ""), kind="roll", action="roll", roll=r)


@verb("odds", (Arg("expression", "dice"),
               Arg("target", "int", metavar="N", bad="the target must be a number, not {word}")), "the exact chance that EXPR rolls N or more (successes for a pool)",
      mutates=False, details="odds 4D+1 15, odds 6d10>=8 3, odds 1d12 9")
def odds(cmd: Cmd) -> None:
    from combat_cli.dice.odds import chance

    spec, target = cmd.args["expression"], cmd.args["target"]
    p = chance(spec, target)
    unit = (" success" if target == 1 else " successes") if spec.is_pool else ""
    cmd.out.notes.append(f"{spec.text()}: {target}{unit} or more: {float(p) * 100:.1f}% "
                         f"({p.numerator}/{p.denominator})" if p.denominator < 10**9 else
                         f"{spec.text()}: {target}{unit} or more: {float(p) * 100:.2f}%")


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
    from combat_cli.engine.models import LogEntry

    log = cmd.table.log_json
    n = cmd.args["number"]
    if n is None:
        entries = (LogEntry.model_validate_json(x) for x in reversed(log))
        entry = next((e for e in entries if e.dice or e.data.get("for")), None)
        if entry is None:
            raise CommandError("nothing has been rolled yet: why N explains log entry N")
    else:
        if not 1 <= n <= len(log):
            raise CommandError(f"no log entry {n}: the log has {len(log)} (log shows them)"
                               if log else "the log is empty")
        entry = LogEntry.model_validate_json(log[n - 1])
    cmd.show(WhyView(entry))


COUNT = Syntax((Arg("n", "int", optional=True, bad="not a number: {word}"),),
               many="give one positive number")


@verb("undo", COUNT, "step back one command (or N)", mutates=False, aliases=("u",))
def undo(cmd: Cmd) -> None:
    for _ in range(_count(cmd)):
        line = cmd.table.undo()
        cmd.out.notes.append(f"undone: {line}")
    cmd.show(WhereView())


@verb("redo", COUNT, "step forward again (or N)", mutates=False)
def redo(cmd: Cmd) -> None:
    for _ in range(_count(cmd)):
        line = cmd.table.redo()
        cmd.out.notes.append(f"redone: {line}")
    cmd.show(WhereView())


def _count(cmd: Cmd) -> int:
    n: int | None = cmd.args["n"]
    if n is None:
        return 1
    if n < 1:
        raise cmd.usage_error("give one positive number")
    stack = cmd.table.history.undo if cmd.verb.name == "undo" else cmd.table.history.redo
    if n > len(stack):
        from combat_cli.locale import catalogue

        k = len(stack)
        raise CommandError(catalogue(cmd.table.language).ngettext(
            "only {n} step to {verb}", "only {n} steps to {verb}", k).format(
            n=k, verb=verb_name(cmd.verb, cmd.table.language)))
    return n


@verb("save", (Arg("file", "word", optional=True, metavar="FILE"),), "save now (saving also happens after every command), or a copy to FILE",
      mutates=False)
def save(cmd: Cmd) -> None:
    file: str | None = cmd.args["file"]
    if file is not None and not file.strip():
        raise cmd.usage_error("save needs a file name")
    cmd.out.save = SaveRequest(Path(file) if file is not None else None)


@verb("quit", (), "save and leave", mutates=False, aliases=("exit", "q"))
def quit_(cmd: Cmd) -> None:
    cmd.out.quit = True
