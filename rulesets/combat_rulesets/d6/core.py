"""Shared helpers: per-round state, action counts, dice pools and rolls, difficulty dice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.api import DiceTerm, Roll, RollSpec, RuleError, locale
from combat_rulesets.d6.codes import Code, parse_code
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import RoundState, fighter

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext
    from combat_rulesets.d6.schema import Tables
    from combat_rulesets.d6.state import Where

ATTACKS = ("shoot", "attack", "brawl", "martial")
REACTIONS = ("dodge", "fulldodge", "parry", "block")


class Lapse(RuleError):
    """The action cannot happen now (0D pool, no ammunition ...): a queued action lapses,
    a typed one (act, react) is refused."""


class ZeroPool(Lapse):
    """A pool reduced to 0D (cannot be used)."""


def levels(t: Tables) -> list[str]:
    return list(t.wounds.levels)


def wound(where: Where, c: Combatant) -> int:
    """Wound level index (0 healthy, 2 Wounded ... 6 Killed); stuns are kept apart."""
    return fighter(where, c).wound


def stunned(where: Where, c: Combatant) -> bool:
    """Stunned while its -1D lasts (the round it came and the next); the stuns still count
    towards a knockout for a while after that (``fighter(c).stuns``), shown as a count."""
    me = fighter(where, c)
    return me.stuns > 0 and me.stun_round >= where.enc.round


def level_name(where: Where, c: Combatant) -> str:
    lv = levels(tables(where))
    w = wound(where, c)
    if w:
        return lv[w]
    return lv[1] if stunned(where, c) else lv[0]


def this_round(where: Where, c: Combatant) -> RoundState | None:
    """This round's state of ``c`` as kept (None: nothing yet this round); never creates it."""
    r = fighter(where, c).rd
    return r if r is not None and r.round == where.enc.round else None


def rd(ctx: RulesContext, c: Combatant) -> RoundState:
    """This round's state of ``c`` (created fresh when the round has moved on)."""
    me = fighter(ctx, c)
    if me.rd is None or me.rd.round != ctx.enc.round:
        me.rd = RoundState(round=ctx.enc.round)
    return me.rd


def count_actions(t: Tables, r: RoundState) -> int:
    """Actions of a round's state: declared, added (act, undeclared reactions) and held
    reactions (counted even unused, AMB-D6-7, unless the switch says only used ones)."""
    held = r.held if t.actions.held_unused_counts else r.used_held
    return r.declared + r.extra + held


def actions_taken(ctx: RulesContext, c: Combatant) -> int:
    return count_actions(tables(ctx), rd(ctx, c))


def add_action(ctx: RulesContext, c: Combatant, n: int = 1, what: str = "action") -> None:
    """One more action this round than declared (GM override, undeclared reaction)."""
    cap = tables(ctx).actions.max
    r = rd(ctx, c)
    if r.full_dodge:
        raise RuleError("{name} full-dodges this round: that is the only action", name=c.name)
    if r.no_defence:
        raise RuleError("{name} fires full auto this round: that is the only action", name=c.name)
    have = actions_taken(ctx, c)
    if have + n > cap:
        raise RuleError("{name} already takes {have} this round; at most {cap} (no room for this {what})", name=c.name, have=count(have, 'action'), cap=cap, what=what)
    r.extra += n


def multi_penalty(t: Tables, n: int) -> int:
    return max(0, n - 1) * t.actions.penalty_per_extra


def health_penalties(ctx: RulesContext, c: Combatant) -> list[tuple[str, int]]:
    """(label, dice) for wounds and stun on every roll."""
    out: list[tuple[str, int]] = []
    t = tables(ctx)
    lv = levels(t)
    w = wound(ctx, c)
    pen = t.wounds.penalty
    if w and pen[w]:
        out.append((lv[w].lower(), pen[w]))
    if fighter(ctx, c).stun_round >= ctx.enc.round and pen[1]:
        out.append(("stunned", pen[1]))
    return out


def action_penalties(ctx: RulesContext, c: Combatant) -> list[tuple[str, int]]:
    n = actions_taken(ctx, c)
    p = multi_penalty(tables(ctx), n)
    from combat_cli.api import locale

    catalogue = locale.catalogue

    counted = catalogue(ctx.language).ngettext("{n} action", "{n} actions", n).format(n=n)
    return ([(counted, p)] if p else []) + health_penalties(ctx, c)


def build_pool(ctx: RulesContext, base: Code, mods: list[tuple[str, int]], who: str = ""
               ) -> tuple[Code, str]:
    """Apply dice penalties (positive numbers remove dice, negative add). Returns the pool and
    how it was computed (``4D -1D 2 actions -1D reaction``)."""
    dice = base.dice
    parts = [base.text()]
    for label, n in mods:
        if not n:
            continue
        dice -= n
        parts.append(f"{'-' if n > 0 else '+'}{abs(n)}D {ctx.label(label)}")
    pool = Code(dice, base.pips)
    if dice < 1:
        if tables(ctx).pools.zero == "one_die":
            pool = Code(1, base.pips)
            parts.append(ctx.say("(at least 1D)"))
        else:
            raise ZeroPool("{who}: pool reduced to {n}D ({parts}): a 0D pool cannot be used" if who
                           else "pool reduced to {n}D ({parts}): a 0D pool cannot be used",
                           who=who, n=max(dice, 0), parts=" ".join(parts))
    return pool, " ".join(parts)


def quoted(name: str) -> str:
    """A name as the GM would type it (quotes when it has a space)."""
    return f'"{name}"' if " " in name else name


def spec_for(t: Tables, code: Code, wild: bool | None = None) -> RollSpec:
    if wild is None:
        wild = t.pools.wild_die
    dice = max(0, code.dice)
    if wild and dice:
        terms: tuple[DiceTerm, ...] = ((DiceTerm(dice - 1, 6),) if dice > 1 else ()) + (
            DiceTerm(1, 6, explode=True),)
        return RollSpec(terms, code.pips, d6_notation=True, label=f"{code.text()} (wild)")
    terms = (DiceTerm(dice, 6),) if dice else ()
    return RollSpec(terms, code.pips, d6_notation=True, label=code.text())


def roll_code(ctx: RulesContext, code: Code | str, purpose: str) -> Roll:
    return ctx.roll(spec_for(tables(ctx), parse_code(code)), purpose)


def difficulty_dice(ctx: RulesContext, who: str, n: int, why: str, *, minus: bool = False
                    ) -> tuple[int, str]:
    """``+ND`` to a difficulty: rolled (default) or fixed per die (AMB-D6-9); with ``minus``
    the dice are taken off it (``-2D sweep``: the value returned is still what they rolled)."""
    if n <= 0:
        return 0, ""
    sign = "-" if minus else "+"
    mods = tables(ctx).modifiers
    if mods.difficulty_dice == "fixed":
        v = n * mods.fixed_per_die
        return v, f"{sign}{v} {why}"
    r = roll_code(ctx, Code(n, 0), ctx.say("{who}: difficulty {sign}{n}D {why}", who=who, sign=sign,
                                           n=n, why=why))
    ctx.log(ctx.say("Difficulty {sign}{n}D {why}: {value}", sign=sign, n=n, why=why, value=r.describe()), kind="roll", actor=who, roll=r)
    return r.total, f"{sign}{r.total} {why} ({n}D)"


def beats(t: Tables, roll: int, against: int, *, full_dodge: bool = False,
          what: str = "attack") -> bool:
    """AMB-D6-2: does ``roll`` beat ``against``?"""
    mode = t.ties.mode
    if mode == "gt":
        return roll > against
    if mode == "ge":
        return roll >= against
    if what == "attack" and full_dodge:
        return roll > against
    return roll >= against


def difficulty_step(t: Tables, value: int, steps: int) -> int:
    """Move a difficulty ``steps`` levels up the ladder (Easy -> Moderate ...)."""
    ladder = t.difficulty.values
    if steps <= 0:
        return value
    idx = next((i for i, v in enumerate(ladder) if v >= value), len(ladder))
    target = idx + steps
    if target < len(ladder):
        return ladder[target]
    return ladder[-1] + 5 * (target - len(ladder) + 1)


def scale_dice(t: Tables, c: Combatant | None, override: str | None = None) -> int:
    from combat_rulesets.d6.stats import stat

    name = override or (stat(c, "scale") if c is not None else None) or "character"
    return t.scale.get(name, 0)


def can_act_reason(where: Where, c: Combatant) -> str | None:
    """Why ``c`` cannot act now (None: it can), in the table's language."""
    if c.out:
        return _said(where, c, "{name} is {status}")
    if c.has_condition("Unconscious"):
        return _said(where, c, "{name} is unconscious")
    r = this_round(where, c)
    if r is not None and r.no_more:
        return _said(where, c, "{name} is {status} (no more actions this round)")
    return None


def _said(where: Where, c: Combatant, template: str) -> str:
    """``template`` said of ``c`` (its name, its status agreeing with it) in the language of
    ``where`` (a rules context or a view)."""
    lang = where.language
    status = locale.g_(locale.gender_of(c.name, c.stats, lang), c.status, lang)
    return locale.Said(locale._(template, lang).format(name=c.name, status=status))


COUNTED = {"action": "actions", "shot": "shots", "first-aid kit use": "first-aid kit uses"}
"""The nouns d6 counts: each ``{n} noun`` a counted sentence of its catalogue (Czech 1, 2-4, 5+)."""
for _one, _many in COUNTED.items():
    locale.PAIRS["{n} " + _one] = locale.PAIRS["{n} " + _many] = ("{n} " + _one, "{n} " + _many, "n")


def count(n: int, one: str, more: str = "") -> locale.Msg:
    """``1 action``, ``2 actions``, ``0 successes``: a number and its noun in agreement (in
    the table's language where shown; ``str()`` is the English)."""
    return locale.Msg("{n} " + (one if n == 1 else (more or one + "s")), n=n)
