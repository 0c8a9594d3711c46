"""Meta verbs: help, roll, status, log, undo, redo, save, quit."""

from __future__ import annotations

from pathlib import Path

from combat_cli.commands.registry import Cmd, all_verbs, find_verb, verb
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
from combat_cli.dice import DiceError
from combat_cli.dice.words import roll_expression
from combat_cli.engine.errors import CommandError
from combat_cli.engine.queries import find_combatant


@verb("help", "help [VERB|ACTION|rules]",
      "the verbs, or one verb with its options and the ruleset's actions",
      mutates=False, aliases=("?",),
      details="help rules: the house-rule switches with the rule each one settles")
def help_(cmd: Cmd) -> None:
    if len(cmd.args) > 1:
        raise cmd.usage_error("help takes at most one word")
    if not cmd.args:
        cmd.show(HelpView())
        return
    word = cmd.args[0].lower()
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
        cmd.show(VerbHelp(find_verb(word, verbs)))
    except CommandError:
        names = sorted(verbs) + [a.name for a in rs.actions]
        from combat_cli.engine.queries import closest

        guess = closest(word, names)
        raise CommandError(f'no verb or action "{cmd.args[0]}"'
                           + (f" — did you mean {guess}?" if guess else "")) from None


@verb("roll", "roll EXPR [for=TEXT]", "a free roll in the table's notation (3D+2, 4d10>=8, 1d12)",
      undoable=False, details="A free roll stays in the log; undo steps over it.")
def roll(cmd: Cmd) -> None:
    words = [w for w in cmd.args if not w.lower().startswith("for=")]
    why = [w[4:] for w in cmd.args if w.lower().startswith("for=")]
    if not words:
        raise cmd.usage_error("roll needs an expression")
    try:
        spec = roll_expression(cmd.ruleset.parse_roll, words)
    except DiceError as e:
        raise CommandError(str(e)) from None
    purpose = why[0] if why else cmd.ctx.label("free roll")
    r = cmd.ctx.roll(spec, f"{purpose}: {spec.text()}")
    faces = "" if r.faces is None else f" [{' '.join(map(str, r.faces))}]"
    template = ("Roll {dice}{faces} = {total}" if not spec.is_pool else
                "Roll {dice}{faces} = {total} success" if r.total == 1 else
                "Roll {dice}{faces} = {total} successes")
    text = cmd.ctx.say(template, dice=spec.text(), faces=faces, total=r.total)
    cmd.ctx.log(text + (f" ({why[0]})" if why else ""), kind="roll", action="roll", roll=r)


@verb("odds", "odds EXPR N", "the exact chance that EXPR rolls N or more (successes for a pool)",
      mutates=False, details="odds 4D+1 15, odds 6d10>=8 3, odds 1d12 9")
def odds(cmd: Cmd) -> None:
    from combat_cli.dice.odds import chance

    if len(cmd.args) < 2:
        raise cmd.usage_error("odds needs an expression and a target")
    try:
        target = int(cmd.args[-1])
    except ValueError:
        raise cmd.usage_error(f"the target must be a number, not {cmd.args[-1]!r}") from None
    try:
        spec = roll_expression(cmd.ruleset.parse_roll, cmd.args[:-1])
    except DiceError as e:
        raise CommandError(str(e)) from None
    p = chance(spec, target)
    unit = (" success" if target == 1 else " successes") if spec.is_pool else ""
    cmd.out.notes.append(f"{spec.text()}: {target}{unit} or more: {float(p) * 100:.1f}% "
                         f"({p.numerator}/{p.denominator})" if p.denominator < 10**9 else
                         f"{spec.text()}: {target}{unit} or more: {float(p) * 100:.2f}%")


@verb("status", "status [NAME]", "the round table: order, wounds, conditions, held, timers",
      mutates=False, aliases=("st",))
def status(cmd: Cmd) -> None:
    if len(cmd.args) > 1:
        raise cmd.usage_error("status takes at most one name")
    if cmd.args:
        cmd.show(CombatantView(find_combatant(cmd.enc, cmd.args[0]).id))
    else:
        cmd.show(StatusView())


@verb("log", "log [N|all]", "the last N log entries (default 20), or all of them", mutates=False)
def log(cmd: Cmd) -> None:
    n = 20
    if len(cmd.args) > 1:
        raise cmd.usage_error("log takes at most one number")
    if cmd.args:
        if cmd.args[0] == "all":
            n = 0
        else:
            try:
                n = int(cmd.args[0])
            except ValueError:
                raise CommandError(f"log takes a number or all, not {cmd.args[0]!r}") from None
            if n < 1:
                raise CommandError("log N needs N of at least 1")
    cmd.show(LogView(n))


@verb("why", "why [N]", "the full breakdown of the last roll (or of log entry N)", mutates=False,
      details="What the roll was for, how the pool was built, the faces, the difficulty and "
              "the outcome; log shows the entries' numbers (log N).")
def why(cmd: Cmd) -> None:
    from combat_cli.engine.models import LogEntry

    log = cmd.table.log_json
    if len(cmd.args) > 1:
        raise cmd.usage_error("why takes at most one log number")
    if not cmd.args:
        entries = (LogEntry.model_validate_json(x) for x in reversed(log))
        entry = next((e for e in entries if e.dice or e.data.get("for")), None)
        if entry is None:
            raise CommandError("nothing has been rolled yet: why N explains log entry N")
    else:
        try:
            n = int(cmd.args[0].lstrip("#"))
        except ValueError:
            raise cmd.usage_error(f"not a log number: {cmd.args[0]!r}") from None
        if not 1 <= n <= len(log):
            raise CommandError(f"no log entry {n}: the log has {len(log)} (log shows them)"
                               if log else "the log is empty")
        entry = LogEntry.model_validate_json(log[n - 1])
    cmd.show(WhyView(entry))


@verb("undo", "undo [N]", "step back one command (or N)", mutates=False, aliases=("u",))
def undo(cmd: Cmd) -> None:
    for _ in range(_count(cmd)):
        line = cmd.table.undo()
        cmd.out.notes.append(f"undone: {line}")
    cmd.show(WhereView())


@verb("redo", "redo [N]", "step forward again (or N)", mutates=False)
def redo(cmd: Cmd) -> None:
    for _ in range(_count(cmd)):
        line = cmd.table.redo()
        cmd.out.notes.append(f"redone: {line}")
    cmd.show(WhereView())


def _count(cmd: Cmd) -> int:
    if not cmd.args:
        return 1
    try:
        n = int(cmd.args[0])
    except ValueError:
        raise cmd.usage_error(f"not a number: {cmd.args[0]!r}") from None
    if len(cmd.args) > 1 or n < 1:
        raise cmd.usage_error("give one positive number")
    stack = cmd.table.history.undo if cmd.verb.name == "undo" else cmd.table.history.redo
    if n > len(stack):
        raise CommandError(f"only {len(stack)} step(s) to {cmd.verb.name}")
    return n


@verb("save", "save [FILE]", "save now (saving also happens after every command), or a copy to FILE",
      mutates=False)
def save(cmd: Cmd) -> None:
    if len(cmd.args) > 1:
        raise cmd.usage_error("save takes at most one file")
    if cmd.args and not cmd.args[0].strip():
        raise cmd.usage_error("save needs a file name")
    cmd.out.save = SaveRequest(Path(cmd.args[0]) if cmd.args else None)


@verb("quit", "quit", "save and leave", mutates=False, aliases=("exit", "q"))
def quit_(cmd: Cmd) -> None:
    if cmd.args:
        raise cmd.usage_error("quit takes no arguments")
    cmd.out.quit = True
