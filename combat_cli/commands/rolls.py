"""Free rolls: ``roll`` (in the log, undo steps over it) and ``odds`` (the exact chance)."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.grammar.syntax import Arg, Opt
from combat_cli.locale import Msg


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
    exact = p.denominator < 10**9
    key = "{spec}: {n}" + unit + " or more: {p}%" + (" ({frac})" if exact else "")
    cmd.out.notes.append(Msg(key, spec=spec.text(), n=target,
                             p=f"{float(p) * 100:.{1 if exact else 2}f}",
                             frac=f"{p.numerator}/{p.denominator}"))
