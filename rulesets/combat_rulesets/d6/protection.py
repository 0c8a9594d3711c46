"""Protection: a shot that beats all but the cover hits what the target hides behind
(D6-PROT-1/2, T-D6-6a..c)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import Word
from combat_rulesets.d6.codes import Code
from combat_rulesets.d6.core import beats, roll_code
from combat_rulesets.d6.damage import damage_code
from combat_rulesets.d6.positions import drop_cover, protection_body
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fight
from combat_rulesets.d6.wounds import resist

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext


def hit_protection(ctx: RulesContext, c: Combatant, target: Combatant,
                   w: dict[str, Any] | None, sit: dict[str, Any], s_att: int, s_tgt: int
                   ) -> None:
    """D6-PROT-1/2: the shot hits what the target hides behind (T-D6-6a..c)."""
    t = tables(ctx)
    body, label = protection_body(t, sit.get("protection"))
    code, how = damage_code(c, w)
    d = roll_code(ctx, code, ctx.say("{name}: damage {code} ({how}) on the {label}", name=c.name,
                                     code=code.text(), how=how, label=label))
    b = roll_code(ctx, body, ctx.say("{label}: Body Strength {code} vs {total} damage",
                                     label=label, code=body.text(), total=d.total))
    damaged = beats(t, d.total, b.total, what="damage")
    if not damaged:
        ctx.log(ctx.say("The {label} takes {total} vs Body {total2}: undamaged; {target} is unharmed", label=label, total=d.total, total2=b.total, target=target.name), kind="protection", actor=c, target=target, roll=d,
                difficulty=b.total, outcome="undamaged")
        return
    rows = sorted(t.protection.chart, key=lambda x: x.min)
    row = rows[0]
    for x in rows:
        if d.total - b.total >= x.min:
            row = x
    fight(ctx).protection[label] = row.state
    ctx.log(ctx.say("The {label} takes {total} vs Body {total2}: {state}", label=label, total=d.total, total2=b.total, state=Word(row.state)), kind="protection",
            actor=c, target=target, roll=d, difficulty=b.total, outcome=row.state)
    if row is rows[-1] and drop_cover(ctx, c, target):  # destroyed: no more cover
        ctx.log(ctx.say("{target} has no more cover from {name}", target=target.name, name=c.name), kind="protection",
                actor=c, target=target, outcome="no cover")
    minus = row.minus
    left = Code(max(0, code.dice - minus), code.pips)
    if s_att > s_tgt:
        left = left.plus_dice(s_att - s_tgt)
    if row.passes == "none" or left.dice <= 0:
        ctx.log(ctx.say("{target} is unharmed behind the {label}", target=target.name, label=label), kind="protection",
                target=target, outcome="unharmed")
        return
    roll = roll_code(ctx, left, ctx.say("{name}: damage through the {label} {code} ({full} "
                                        "-{minus}D)", name=c.name, label=label,
                                        code=left.text(), full=code.text(), minus=minus))
    ctx.log(ctx.say("{target} takes {total} through the {label} ({value} -{minus}D)", target=target.name, total=roll.total, label=label, value=code.text(), minus=minus),
            kind="damage", actor=c, target=target, roll=roll, outcome=str(roll.total))
    resist(ctx, target, roll.total, source=f"through the {label}", attacker=c,
           scale_bonus=max(0, s_tgt - s_att))
