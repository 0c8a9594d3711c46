"""Initiative: Instincts order, highest first (D6-INIT-1), ties per AMB-D6-10."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_rulesets.d6.codes import parse_code
from combat_rulesets.d6.core import roll_code
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fighter
from combat_rulesets.d6.stats import stat

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext, Ruleset


def instincts(c: Combatant) -> int:
    return parse_code(stat(c, "Instincts") or "2D").value


def order(ctx: RulesContext) -> list[str]:
    """Combatant ids by Instincts (dice, then pips), then the tie-break chain: ``pc_first``
    (PCs before NPCs), ``roll`` (an Instincts roll, made once when first needed and kept),
    and finally the order they were added."""
    cs = list(ctx.enc.combatants)
    chain = list(tables(ctx).initiative.tie_break)
    keys: dict[str, list[Any]] = {c.id: [-instincts(c)] for c in cs}
    for step in chain:
        if step == "pc_first":
            for c in cs:
                keys[c.id].append(0 if c.side == "pc" else 1)
        elif step == "roll":
            groups: dict[tuple[Any, ...], list[Combatant]] = {}
            for c in cs:
                groups.setdefault(tuple(keys[c.id]), []).append(c)
            for group in groups.values():
                if len(group) < 2:
                    for c in group:
                        keys[c.id].append(-(fighter(ctx, c).init_roll or 0))
                    continue
                for c in group:
                    me = fighter(ctx, c)
                    if me.init_roll is None:
                        code = parse_code(stat(c, "Instincts") or "2D")
                        r = roll_code(ctx, code, ctx.say(
                            "{name}: Instincts {code} (initiative tie-break)", name=c.name,
                            code=code.text()))
                        me.init_roll = r.total
                        ctx.log(ctx.say("{name} rolls Instincts for a tie: {total}", name=c.name, total=r.total),
                                kind="initiative", actor=c, roll=r)
                    keys[c.id].append(-me.init_roll)
    index = {c.id: i for i, c in enumerate(cs)}
    return [c.id for c in sorted(cs, key=lambda c: (*keys[c.id], index[c.id]))]


def begin_round(ctx: RulesContext) -> None:
    """The Instincts order, with the GM's moves kept (they last, as Instincts do); each
    combatant's round bookkeeping is reset and last round's stun penalties end."""
    from combat_rulesets.d6.core import rd
    from combat_rulesets.d6.state import fight
    from combat_rulesets.d6.wounds import stun_penalty_over

    ctx.enc.order = order(ctx)
    for cid, oid, after in fight(ctx).moves:   # the GM's moves stay (Instincts do)
        if cid in ctx.enc.order and oid in ctx.enc.order and cid != oid:
            ctx.enc.order.remove(cid)
            ctx.enc.order.insert(ctx.enc.order.index(oid) + after, cid)
    for c in ctx.enc.combatants:
        rd(ctx, c)
    stun_penalty_over(ctx)


def move_in_order(rs: Ruleset, ctx: RulesContext, c: Combatant, other: Combatant, after: bool
                  ) -> None:
    """The order is kept for the next rounds too (the Instincts order does not change)."""
    from combat_cli.api import Ruleset
    from combat_rulesets.d6.state import fight

    Ruleset.move_in_order(rs, ctx, c, other, after)  # the core's: the move itself
    moves = fight(ctx).moves
    moves[:] = [m for m in moves if m[0] != c.id] + [(c.id, other.id, after)]
