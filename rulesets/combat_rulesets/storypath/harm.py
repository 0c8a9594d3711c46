"""What a hit does: its Injury Conditions (box=, name=) and its weapon tags' effects (Pushing,
Stun, Shockwave)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from combat_cli.api import Combatant, RulesContext

from . import injuries
from .options import Harm, yes
from .positions import band
from .schema import Tables
from .stats import is_mortal
from .words import says, tr


@dataclass
class AttackResult:
    """An attack on one target: hit or not, the outcome for the log, the Injury Conditions it
    inflicts."""

    hit: bool = False
    outcome: str = "miss"
    conditions: int = 0
    sources: list[str] = field(default_factory=list)
    """What inflicts each Condition (Inflict Damage, Critical ...), for the log."""
    effects: list[str] = field(default_factory=list)
    """Stunts with an effect on the target (disarm, blind, breakgrapple), applied after the
    attack line is logged."""


def apply_conditions(ctx: RulesContext, c: Combatant, t: Combatant, res: AttackResult,
                     tags: list[str], *, box: str | None = None,
                     names: Sequence[str | None] = (), source: str = "") -> None:
    """Inflict ``res.conditions`` Injury Conditions on ``t``: in the boxes the player chose
    (``box``: box=, or pbox= for a thrown person; joined by +) named ``names`` (name=, name2=;
    pname=), else the least severe free box, unnamed."""
    persistent = "Aggravated" in tags or (
        "Lethal" in tags and Tables.of(ctx).injury.lethal_persistent_vs_mortals
        and is_mortal(t))
    boxes = [b.strip() for b in re.split(r"[+,/;]", box or "") if b.strip()]
    for k in range(res.conditions):
        level = boxes[k] if k < len(boxes) else None
        name = names[k] if k < len(names) else None
        why = source or tr(ctx, res.sources[k] if k < len(res.sources) else "Inflict Damage")
        marked = injuries.inflict(ctx, t, box=level, name=name, persistent=persistent,
                                  source=why, attacker=c, strict=False)
        if marked == injuries.TAKEN_OUT:
            if k + 1 < res.conditions:
                more = res.conditions - k - 1
                ctx.note(says(ctx, "{name} is Taken Out: {more} more Injury Condition not needed",
                              "{name} is Taken Out: {more} more Injury Conditions not needed",
                              more, name=t.name, more=more))
            break


def tag_effects(ctx: RulesContext, c: Combatant, t: Combatant, res: AttackResult,
                tags: list[str], o: Harm, *, exclude: set[str]) -> None:
    """What a hit's tags do: Pushing (push=yes knocks the target Prone after an Injury
    Condition), Stun (Taken Out means unconscious), Shockwave (one Injury Condition on
    everyone else at close range of the target)."""
    if "Pushing" in tags:
        if yes(o.push) and res.conditions and not t.out:
            if not t.has_condition("Prone"):
                ctx.add_condition(t, "Prone", quiet=True)
            ctx.log(ctx.say("{t} is knocked Prone (Pushing)", t=t.name), kind="condition", actor=c,
                    target=t, outcome="+Prone")
        elif res.conditions and not t.out:
            ctx.note("Pushing: push=yes knocks {t} Prone after an Injury Condition", t=t.name)
    if "Stun" in tags and t.out and res.conditions:
        ctx.set_status(t, "Taken Out (unconscious)", out=True)
        ctx.log(ctx.say("{t} is knocked unconscious (Stun)", t=t.name), kind="condition", actor=c,
                target=t, outcome="unconscious")
    if "Shockwave" in tags and Tables.of(ctx).attack.shockwave_hits_close:
        shock = o.shock or ""
        if shock.lower() == "none":
            return
        if shock:
            others = [ctx.find(x) for x in shock.split("+") if x.strip()]
        else:
            others = [p for p in ctx.enc.combatants if p.id not in exclude | {c.id}
                      and not p.out and band(ctx, t, p) == "close"]
        if not others:
            ctx.note("Shockwave: nobody is recorded at close range of {t} (shock=NAME+NAME names them)", t=t.name)
        for x in others:
            if x.id in exclude | {c.id} or x.out:
                continue
            apply_conditions(ctx, c, x, AttackResult(hit=True, conditions=1), tags,
                             source=ctx.say("Shockwave from the hit on {t}", t=t.name))
