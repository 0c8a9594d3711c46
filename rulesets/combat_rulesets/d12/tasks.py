"""Tasks, player vs thing (D12-TASK-*): d12 modified by skill and role-play against the GM's TN.

Shown (``task.display = "effective"``) as ``d12 - skill - rp + penalty`` against the TN, success
when strictly under (``task.success = "under"``; ``"under_or_equal"`` is canon In Nomine). The
intervention check always looks at the natural die (AMB-D12-1).
"""

from __future__ import annotations

from combat_cli.api import Combatant, Msg, RuleError, RulesContext, Word
from combat_rulesets.d12.intervention import record, roll_d12
from combat_rulesets.d12.options import Task
from combat_rulesets.d12.records import TaskRoll
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.stats import skill_level
from combat_rulesets.d12.words import term


def succeeds(effective: int, tn: int, tables: Tables) -> bool:
    """D12-TASK-3: under the TN (strict by default, AMB-D12-2)."""
    return effective < tn if tables.task.success == "under" else effective <= tn


def run_task(ctx: RulesContext, c: Combatant, o: Task) -> str:
    tn = o.tn
    if tn is None:
        raise RuleError("task needs the GM's Target Number: task NAME tn=7 [skill=2] [rp=1]")
    if not -20 <= tn <= 40:
        raise RuleError("tn={tn} is out of range (-20..40)", tn=tn)
    skill, label = skill_level(c, o.skill, None)
    rp, pen = o.rp or 0, o.mod or 0
    if rp < 0:
        raise RuleError("rp= is the GM's role-play bonus, 0 or more (use mod= for a penalty)")
    what = Msg("task ({what})", what=o.for_) if o.for_ else term(ctx.language, "task")
    mods = (Msg("- {skill} - rp {rp} + penalty {pen}", skill=label, rp=rp, pen=pen) if pen
            else Msg("- {skill} - rp {rp}", skill=label, rp=rp))
    d = roll_d12(ctx, c, ctx.say("{name}: {what} d12 {mods} under TN {tn}", name=c.name,
                                 what=what, mods=mods, tn=tn), contest=False)
    t = Tables.of(ctx)
    whose = Msg("{name}'s {what}", name=c.name, what=what)
    if d.intervention and t.intervention.exchange == "halt":
        ctx.log(ctx.say("{name} {what}: natural 1, the task halts", name=c.name, what=what), kind="task", actor=c,
                action="task", roll=d.roll, difficulty=tn, outcome=d.intervention)
        record(ctx, c, d.intervention, whose,
               Msg("the task halts: neither success nor failure"))
        return "halted"
    if d.intervention:
        record(ctx, c, d.intervention, whose, Msg("the task is played out"))
    effective = d.value - skill - rp + pen
    ok = succeeds(effective, tn, t)
    rel = ("<" if ok else ">=") if t.task.success == "under" else (
        "<=" if ok else ">")
    word = "success" if ok else "failure"
    if t.task.display == "target":
        target = tn + skill + rp - pen
        text = ctx.say("{name} {what}: d12 {face} {rel} TN {tn} + {skill} + rp {rp}{penalty} = "
                       "{target}: {word}", name=c.name, what=what, face=d.value, rel=rel, tn=tn,
                       skill=label, rp=rp, penalty=Msg(" - penalty {pen}", pen=pen) if pen else "",
                       target=target, word=Word(word))
    else:
        text = ctx.say("{name} {what}: d12 {face} {mods} = {effective} {rel} TN {tn}: {word}",
                       name=c.name, what=what, face=d.value, mods=mods, effective=effective,
                       rel=rel, tn=tn, word=Word(word))
    e = ctx.log(text, kind="task", actor=c, action="task", roll=d.roll, difficulty=tn,
                outcome=word, **TaskRoll(effective=effective, skill=skill, rp=rp, penalty=pen,
                                         natural=d.natural).dump())
    e.total = effective
    return word
