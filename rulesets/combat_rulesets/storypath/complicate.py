"""The complicate action (SP-CMP-1): part of a mixed action, it imposes Blocked N on the
target's stated task (SP-CMP-2)."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext

from .blocked import impose_block
from .mixed import given, mixed_dice, other_half, resolve_half, split
from .momentum import settle
from .options import Complicate, yes
from .records import Successes
from .rolls import faces_text, roll_pool
from .turns import use_action


def complicate(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-CMP-1/2: part of a mixed action; Blocked N on the target's stated task."""
    o = Complicate.of(a)
    victim = ctx.combatant(a.target or "")
    task = o.task or ""
    protect = o.protect
    if not task and not protect:
        raise RuleError('complicate needs the task it stops: task="open the door" or protect=NAME')
    shown = task
    if protect and not task:
        task = f"attack {ctx.find(protect).name}"  # the task's data: an attack on that character
        shown = ctx.say("attack {name}", name=ctx.find(protect).name)
    elif protect:
        ctx.find(protect)
    main_pool = o.pool or "athletics+might"
    half = None
    if o.mixed or o.other:
        half = other_half(ctx, o.mixed or "athletics+dexterity", o.other, o.odiff)
        if half.what.lower() == "stand":
            half.need = 2
    use_action(ctx, c, "mixed")
    dice, label = mixed_dice(c, main_pool, half)
    r = roll_pool(ctx, c, ctx.say("complicate {victim}", victim=victim.name), dice, label,
                  enhancement=o.bonus(ctx), injury=not yes(o.waive))
    give = split(r, half, o.give)
    n = r.total - give
    notes: list[str] = list(r.notes)
    if r.complication:  # keep at least 1 success for the Blocked
        n = 1 + settle(ctx, c, r.complication, n - 1, notes, can_buy=o.buy != "no")
    ctx.log(ctx.say("{name} complicates {victim} ({task}): {r}{given}{notes}", name=c.name,
                    victim=victim.name, task=shown, r=faces_text(r, ctx), given=given(half),
                    notes="".join(f"; {x}" for x in notes)),
            kind="action", actor=c, action="complicate", target=victim, roll=r.roll,
            outcome=f"Blocked {n}", **Successes(successes=r.successes).dump())
    impose_block(ctx, c, victim, n, task, protect)
    if half is not None:
        resolve_half(ctx, c, half, protect=protect)
