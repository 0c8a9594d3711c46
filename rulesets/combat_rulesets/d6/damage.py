"""Damage: the dice of a weapon or a fist, a hit's damage roll (Effect Value, spray, scale),
and the GM's ``damage`` command (D6-DMG)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from combat_cli.api import RuleError
from combat_rulesets.d6.codes import Code, parse_code
from combat_rulesets.d6.core import roll_code
from combat_rulesets.d6.melee import skill_kind
from combat_rulesets.d6.records import DamageLog
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.stats import stat
from combat_rulesets.d6.wounds import apply_result, level_index, resist

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext

BY = {"shoot": "{name}'s shoot", "attack": "{name}'s attack", "brawl": "{name}'s brawl",
      "martial": "{name}'s martial"}
"""What a hit's damage came from, told in its wound's line (``Mina's shoot``)."""


def damage_code(c: Combatant, w: dict[str, Any] | None,
                label: Callable[[str], str] = str) -> tuple[Code, str]:
    """The damage dice of ``w`` in ``c``'s hands (None: a fist, Strength), and how they were
    reached (its words through ``label``: the table's language)."""
    strength = parse_code(stat(c, "Strength") or "2D")
    if w is None:
        return strength, f"{label('Strength')} {strength.text()}"
    dmg = str(w["damage"])
    if dmg.upper().startswith("STR"):
        extra = parse_code(dmg[3:].lstrip("+") or "0D")
        return (Code.make(strength.dice + extra.dice, strength.pips + extra.pips),
                f"{label('Strength')} {strength.text()} + {label(w['name'])} {extra.text()}")
    return parse_code(dmg), f"{label(w['name'])} {parse_code(dmg).text()}"


def hit_damage(ctx: RulesContext, c: Combatant, target: Combatant, w: dict[str, Any] | None,
               kind: str, margin: int, spray: dict[str, Any] | None, s_att: int, s_tgt: int
               ) -> None:
    """A hit: the damage roll (+1D per Effect Value step, spray, scale), resisted."""
    t = tables(ctx)
    code, how = damage_code(c, w, ctx.label)
    ev = max(0, margin) // t.damage.ev_step
    if (kind in ("brawl", "martial") or skill_kind(w)) and not t.melee.ev_on_unarmed:
        ev = 0
    extra = ev
    if ev:
        how += ctx.say(" +{ev}D Effect Value", ev=ev)
    if spray is not None and int(spray["damage"]):
        extra += int(spray["damage"])
        how += f" {int(spray['damage']):+d}D {spray.get('label', 'spray')}"
    if s_att > s_tgt:
        extra += s_att - s_tgt
        how += ctx.say(" +{n}D scale", n=s_att - s_tgt)
    code = Code(max(0, code.dice + extra), code.pips)
    roll = roll_code(ctx, code, ctx.say("{name}: damage {code} ({how}) on {target}", name=c.name,
                                        code=code.text(), how=how, target=target.name))
    ctx.log(ctx.say("{name} rolls {total} damage on {target} ({how})", name=c.name, total=roll.total, target=target.name, how=how), kind="damage",
            actor=c, action=kind, target=target, roll=roll, outcome=str(roll.total),
            **DamageLog(effect_value=ev).dump())
    resist(ctx, target, roll.total, source=ctx.say(BY[kind], name=c.name) if kind in BY else f"{c.name}'s {kind}",
           attacker=c,
           scale_bonus=max(0, s_tgt - s_att))


def gm_damage(ctx: RulesContext, c: Combatant, value: str) -> None:
    """``damage NAME VALUE``: a number resisted, dice rolled then resisted, or a wound level."""
    v = value.strip()
    if v.lstrip("-").isdigit():
        n = int(v)
        if n < 0:
            raise RuleError("damage is 0 or more (or a wound level, or dice like 5D)")
        resist(ctx, c, n, source="GM damage")
        return
    if any(ch.isdigit() for ch in v):
        try:
            code = parse_code(v)
        except ValueError:
            raise RuleError("damage takes a number, dice (5D) or a wound level, not {v}", v=repr(v)
                            ) from None
        r = roll_code(ctx, code, ctx.say("damage {code} on {name}", code=code.text(), name=c.name))
        ctx.log(ctx.say("{name} takes {total} damage ({value})", name=c.name, total=r.total, value=code.text()), kind="damage",
                target=c, roll=r, outcome=str(r.total))
        resist(ctx, c, r.total, source="GM damage")
        return
    idx = level_index(tables(ctx), v)
    if idx == 0:
        raise RuleError("damage takes a wound level (Stunned ... Killed), a number or dice")
    apply_result(ctx, c, tables(ctx).wounds.levels[idx], cause="GM")
