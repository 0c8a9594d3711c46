"""Actions besides attacks and Defense: generic rolled tasks (do), reflexive actions, and
standing up (SP-PRONE-2: reflexive, or part of a mixed action with an enemy at close range)."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext, Word

from .blocked import blocked_for, buy_off_blocked
from .mixed import given, mixed_dice, other_half, resolve_half, second_half, split
from .momentum import consolation, settle
from .options import Do, Reflexive, Stand, yes
from .positions import held_fast, opponents_close
from .prone import stand_result
from .records import DoLogged, Successes
from .rolls import faces_text, roll_pool
from .schema import Tables
from .stunts import check_harm_options
from .turns import use_action, use_reflexive


def do_task(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """A generic rolled action: pool vs Difficulty; a Blocked Complication on the task must be
    bought off or the action fails (SP-CMP-2)."""
    o = Do.of(a)
    if not o.pool:
        raise RuleError("do needs a pool: do pool=athletics+dexterity [diff=N] [task=TEXT]")
    task = o.task or ""
    half = second_half(ctx, c, o)
    if yes(o.reflexive):
        if half:
            raise RuleError("a reflexive action is not a mixed action")
        use_reflexive(ctx, c)
    else:
        use_action(ctx, c, "mixed" if half else "simple")
    diff = max(Tables.of(ctx).dice.difficulty, o.diff or Tables.of(ctx).dice.difficulty)
    dice, label = mixed_dice(c, o.pool, half)
    r = roll_pool(ctx, c, task or ctx.say("action"), dice, label,
                  enhancement=o.bonus(ctx),
                  injury=not yes(o.waive), vs=ctx.say("Difficulty {diff}", diff=diff))
    give = split(r, half, o.give)
    n = r.total - give
    need = diff + r.extra_difficulty
    rest = n - need
    target = ctx.combatant(a.target) if a.target else None
    bn, bnames = blocked_for(c, target=target, task=task) if task or target else (0, [])
    notes = list(r.notes)
    ok = rest >= 0
    outcome = "success" if ok else "failure"
    if ok:
        rest, ok = buy_off_blocked(ctx, c, rest, bn, bnames, notes, "action")
        if not ok:
            outcome = "blocked"
    if ok and r.complication:
        rest = settle(ctx, c, r.complication, rest, notes, can_buy=o.buy != "no")
    if not ok and outcome == "failure":
        consolation(ctx, c, notes)
    if ok and rest > 0:
        notes.append(ctx.say("{n} threshold success(es) for Stunts", n=rest))
    tail = "; ".join(notes)
    ctx.log(ctx.say("{name}: {task} {r}{given} vs Difficulty {need}: {outcome}{tail}",
                    name=c.name, task=task or ctx.say("action"), r=faces_text(r, ctx),
                    given=given(half), need=need, outcome=Word(outcome),
                    tail=f"; {tail}" if tail else ""),
            kind="action", actor=c, action="do", target=target, roll=r.roll, difficulty=need,
            outcome=outcome,
            **DoLogged(successes=r.successes, threshold=max(0, rest) if ok else 0).dump())
    if half is not None:
        resolve_half(ctx, c, half, protect=o.protect)


def reflexive(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    typed = (a.text.split() or [""])[0].lower()
    if typed == "move":
        held_fast(c, "move")
    what = Reflexive.of(a).what
    task = what or (typed if typed in ("move", "draw") else "")
    bn, _ = blocked_for(c, task=task) if task else (0, [])
    if bn:  # SP-CMP-2: without a roll there is nothing to buy the Complication off with
        raise RuleError('{name} is Blocked {bn} on that: roll it to buy it off (act {name} do pool=P task="{task}"), or it fails', name=c.name, bn=bn, task=task)
    use_reflexive(ctx, c)
    ctx.log(ctx.say("{name}: {value} (reflexive)", name=c.name,
                    value=what or Word("a reflexive action")),
            kind="action", actor=c, action="reflexive")


def stand(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    o = Stand.of(a)
    if not c.has_condition("Prone"):
        raise RuleError("{name} is not Prone", name=c.name)
    check_harm_options(ctx, boxes=(o.box,))
    engaged = opponents_close(ctx, c)
    if o.engaged is not None:
        engaged = (engaged or [c]) if yes(o.engaged) else []
    if not engaged:
        use_reflexive(ctx, c)
        ctx.remove_condition(c, "Prone", quiet=True)
        ctx.log(ctx.say("{name} stands up (reflexive: no enemy at close range)", name=c.name), kind="action",
                actor=c, action="stand", outcome="stands")
        return
    # SP-PRONE-2: with an opponent at close range it is part of a mixed action.
    use_action(ctx, c, "mixed")
    main = o.pool or "athletics+dexterity"
    half = other_half(ctx, o.mixed, o.other, o.odiff) if o.mixed else None
    dice, label = mixed_dice(c, main, half)
    r = roll_pool(ctx, c, ctx.say("stand up"), dice, label, enhancement=o.enh or 0,
                  injury=not yes(o.waive))
    give = split(r, half, o.give)
    n = r.total - give
    near = ", ".join(o.name for o in engaged if o.id != c.id) or Word("an enemy")
    notes = list(r.notes)
    if r.complication:  # after the stand-up's own Complication 1 (Difficulty 1 + 1)
        n = 2 + settle(ctx, c, r.complication, n - 2, notes, can_buy=n >= 2)
    ctx.log(ctx.say("{name} tries to stand with {near} at close range: {r}{given}{notes}",
                    name=c.name, near=near, r=faces_text(r, ctx), given=given(half),
                    notes="".join(f"; {x}" for x in notes)), kind="roll", actor=c,
            action="stand", roll=r.roll, **Successes(successes=r.successes).dump())
    stand_result(ctx, c, n, o.box, o.name)
    if half is not None:
        resolve_half(ctx, c, half, box=o.box, name=o.name)
