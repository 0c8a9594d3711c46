"""Damage: resistance rolls, the wound chart (T-D6-7), repeat wounds and their effects."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.api import RuleError, Word
from combat_rulesets.d6.codes import Code, parse_code
from combat_rulesets.d6.core import beats, level_name, levels, rd, roll_code, wound
from combat_rulesets.d6.records import LevelLog, ResistLog
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fighter
from combat_rulesets.d6.stats import stat
from combat_rulesets.d6.words import status

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext, RulesView
    from combat_rulesets.d6.schema import Tables

STUNNED, WOUNDED, WOUNDED2, INCAP, MORTAL, KILLED = 1, 2, 3, 4, 5, 6


def chart_result(t: Tables, diff: int) -> str:
    """T-D6-7: the wound result for (damage - resistance)."""
    rows = sorted(t.wounds.chart, key=lambda r: r.min)
    hit = rows[0].level
    for row in rows:
        if diff >= row.min:
            hit = row.level
    return hit


def level_index(t: Tables, name: str) -> int:
    lv = levels(t)
    low = name.strip().lower()
    for i, n in enumerate(lv):
        if n.lower() == low:
            return i
    hits = [i for i, n in enumerate(lv) if n.lower().startswith(low)]
    if len(hits) == 1:
        return hits[0]
    raise RuleError('no wound level "{name}" (levels: {lv})', name=name, lv=", ".join(lv))


def resist(ctx: RulesContext, c: Combatant, damage: int, *, source: str = "",
           attacker: Combatant | None = None, scale_bonus: int = 0) -> str | None:
    """``c`` rolls Constitution + armour (+ scale dice) against ``damage``; apply the result.
    Returns the wound result, or None when resisted."""
    con = parse_code(stat(c, "Constitution") or "2D")
    armor_v = stat(c, "armor")
    armor = parse_code(armor_v) if armor_v else Code(0, 0)
    total = Code(con.dice + armor.dice + scale_bonus, con.pips + armor.pips)
    how = ctx.say("Constitution {code}", code=con.text())
    if armor_v:
        how += ctx.say(" + armor {code}", code=armor.text())
    if scale_bonus:
        how += ctx.say(" + scale {n}D", n=scale_bonus)
    r = roll_code(ctx, total, ctx.say("{name}: resist damage {code} ({how}) vs {damage} damage",
                                      name=c.name, code=total.text(), how=how, damage=damage))
    diff = damage - r.total
    hurt = beats(tables(ctx), damage, r.total, what="damage")
    ctx.log(ctx.say("{name} resists {damage} damage: {how} rolls {total}{more}", name=c.name, damage=damage, how=how, total=r.total, more="" if hurt else Word(" → no effect")), kind="resist", actor=c, action="resist",
            roll=r, difficulty=damage, outcome="hurt" if hurt else "resisted",
            **ResistLog(damage=damage, margin=diff).dump())
    if not hurt:
        return None
    result = chart_result(tables(ctx), max(diff, 0))
    apply_result(ctx, c, result, cause=ctx.say("{damage} damage vs {total}", damage=damage,
                                               total=r.total) + (
        f", {source}" if source else ""), attacker=attacker)
    return result


def apply_result(ctx: RulesContext, c: Combatant, result: str, *, cause: str = "",
                 attacker: Combatant | None = None) -> None:
    """Apply a wound-chart result with repeat-wound escalation (AMB-D6-12)."""
    t = tables(ctx)
    r = level_index(t, result)
    if r == 0:
        return
    cur = wound(ctx, c)
    lv = levels(t)
    if t.wounds.repeat == "opend6":
        eff = cur if cur else (STUNNED if fighter(ctx, c).stuns else 0)
        new = min(eff + 1, KILLED) if r <= eff else r
    else:
        if r == STUNNED:
            new = STUNNED if cur == 0 else cur
            if cur:
                _stun(ctx, c, cause)
                ctx.log(ctx.say("{name}: Stunned ({cause}); stays {lv}", name=c.name, cause=cause, lv=status(ctx, c, lv[cur])), kind="wound",
                        target=c, actor=attacker, outcome="Stunned",
                        **LevelLog(level=lv[cur]).dump())
                if cur < INCAP:  # stuns count whatever the wound (AMB-D6-13)
                    _knockout_check(ctx, c)
                return
        else:
            new = r if r > cur else min(cur + 1, KILLED)
    if new == STUNNED:
        _stun(ctx, c, cause)
        ctx.log(ctx.say("{name} is Stunned ({cause})", name=c.name, cause=cause), kind="wound", target=c, actor=attacker,
                outcome="Stunned", **LevelLog(level="Stunned").dump())
        _knockout_check(ctx, c)
        return
    esc = "" if new == r else f" ({result} on {lv[cur] if cur else 'Stunned'})"
    set_level(ctx, c, new, why=f"{cause}{esc}", attacker=attacker)


def _stun(ctx: RulesContext, c: Combatant, cause: str) -> None:
    me = fighter(ctx, c)
    me.stuns += 1
    me.stun_round = ctx.enc.round + 1
    if not c.has_condition("Stunned"):
        ctx.add_condition(c, "Stunned", quiet=True)
    ctx.remove_timers(kind="d6_stun", combatant=c)
    minutes = tables(ctx).wounds.stun_lasts_minutes
    ctx.add_timer(f"{c.name}: stun wears off", due_in=minutes * 60, kind="d6_stun",
                  combatant=c, quiet=True)
    refresh_status(ctx, c)


def _knockout_check(ctx: RulesContext, c: Combatant) -> None:
    """AMB-D6-13: stuns >= Constitution dice -> unconscious for 2D minutes."""
    if not tables(ctx).wounds.stun_knockout:
        return
    con = parse_code(stat(c, "Constitution") or "2D")
    stuns = fighter(ctx, c).stuns
    if stuns >= con.dice:
        code = tables(ctx).wounds.stun_knockout_minutes
        r = roll_code(ctx, code, ctx.say("{name}: knocked out for {code} minutes ({stuns} stuns >= "
                                         "Constitution {n}D)", name=c.name, code=str(code),
                                         stuns=stuns, n=con.dice))
        ctx.log(ctx.say("{name} is knocked unconscious by {stuns} stuns for {total} minutes", name=c.name, stuns=stuns, total=r.total),
                kind="wound", target=c, roll=r, outcome="Unconscious")
        ctx.add_condition(c, "Unconscious", duration=r.total * 60)


def set_level(ctx: RulesContext, c: Combatant, new: int, *, why: str = "",
              attacker: Combatant | None = None, heal: bool = False) -> None:
    """Put ``c`` at wound level ``new`` and apply its effects."""
    from combat_rulesets.d6.healing import restart_healing

    t = tables(ctx)
    lv = levels(t)
    me = fighter(ctx, c)
    old = me.wound
    me.wound = new if new >= WOUNDED else 0
    effect = "" if heal else effects(ctx, c, new)
    ctx.log(ctx.say("{name} is {level}{why}{effect}", name=c.name,
                    level=status(ctx, c, lv[new] if new else "healthy"),
                    why=f" ({ctx.label(why)})" if why else "",
                    effect=f": {effect}" if effect else ""),
            kind="heal" if heal else "wound", target=c, actor=attacker,
            outcome=lv[new] if new else "Healthy",
            **LevelLog(level=lv[new] if new else "Healthy",
                       was=lv[old] if old else "Healthy").dump())
    if new >= WOUNDED and not heal:
        if not c.has_condition("Prone"):
            ctx.add_condition(c, "Prone", quiet=True)
        if ctx.enc.phase in ("declare", "resolve", "turns") and new in (WOUNDED, WOUNDED2):
            rd(ctx, c).no_more = True
    if new == INCAP and (old < INCAP or old == KILLED) and not heal:  # KILLED: revived
        code = t.wounds.incap_unconscious_minutes
        r = roll_code(ctx, code, ctx.say("{name}: unconscious for {code} minutes (Incapacitated)",
                                         name=c.name, code=str(code)))
        ctx.add_condition(c, "Unconscious", duration=r.total * 60, quiet=True)
        ctx.log(ctx.say("{name} is unconscious for {total} minutes", name=c.name, total=r.total), kind="condition",
                target=c, roll=r, outcome="+Unconscious")
    if new == MORTAL and old != MORTAL:
        me.mw_rounds = 0
        ctx.add_condition(c, "Unconscious", quiet=True)
    if new < MORTAL:
        me.mw_rounds = 0
    if new == KILLED:
        ctx.remove_timers(combatant=c)
        for cond in list(c.conditions):
            ctx.remove_condition(c, cond.name, quiet=True)
    if heal and new < INCAP:
        ctx.remove_condition(c, "Unconscious", quiet=True)
    if heal and new < WOUNDED and ctx.enc.phase in ("declare", "resolve"):
        rd(ctx, c).no_more = False  # healed on the spot (GM, first aid): may act again
    if new < WOUNDED and heal:
        ctx.remove_condition(c, "Prone", quiet=True)
    refresh_status(ctx, c)
    if new != old:
        restart_healing(ctx, c)


def effects(ctx: RulesContext, c: Combatant, level: int) -> str:
    """What a wound level does (T-D6-7), for the log line that announces it (in the table's
    language, said of ``c``)."""
    t = tables(ctx)
    pen = t.wounds.penalty[level] if level < len(t.wounds.penalty) else 0
    minus = ctx.say(", -{pen}D until healed", pen=pen) if pen else ""
    if level in (WOUNDED, WOUNDED2):
        return ctx.say("prone, no more actions this round{minus}", minus=minus)
    if level == INCAP:
        return ctx.say("prone, unconscious, out of the fight")
    if level == MORTAL:
        return ctx.say("unconscious; dies if {check}, rolled at each round's end, is below the "
                       "number of rounds since the wound", check=t.wounds.mortal_check)
    return status(ctx, c, "dead") if level == KILLED else ""


def refresh_status(ctx: RulesContext, c: Combatant) -> None:
    w = wound(ctx, c)
    name = level_name(ctx, c)
    ctx.set_status(c, "OK" if name == levels(tables(ctx))[0] else name, out=w >= INCAP)


def stun_penalty_over(ctx: RulesContext) -> None:
    """A new round: whose stun penalty (-1D this round and next) has ended is no longer
    Stunned; the stuns still count towards a knockout until they wear off (the Due column)."""
    for c in ctx.enc.combatants:
        me = fighter(ctx, c)
        if c.has_condition("Stunned") and me.stun_round < ctx.enc.round:
            ctx.remove_condition(c, "Stunned", reason=f"its -1D is over ({me.stuns} stun"
                                 f"{'' if me.stuns == 1 else 's'} still count for a knockout)")
            refresh_status(ctx, c)


def clear_stun(ctx: RulesContext, c: Combatant, why: str) -> None:
    me = fighter(ctx, c)
    if me.stuns or c.has_condition("Stunned"):
        me.stuns, me.stun_round = 0, -1
        ctx.remove_condition(c, "Stunned", reason=why)
        ctx.remove_timers(kind="d6_stun", combatant=c)
        if me.wound < INCAP:
            ctx.remove_condition(c, "Unconscious", quiet=True)
        refresh_status(ctx, c)


def mortal_checks(ctx: RulesContext) -> None:
    """End of round: each Mortally Wounded character rolls 2D; below the rounds spent -> dies."""
    for c in ctx.enc.combatants:
        me = fighter(ctx, c)
        if me.wound != MORTAL:
            continue
        me.mw_rounds += 1
        n = me.mw_rounds
        code = tables(ctx).wounds.mortal_check
        r = roll_code(ctx, code, ctx.say("{name}: Mortally Wounded check {code} (dies if below "
                                         "{n}, rounds Mortally Wounded)", name=c.name,
                                         code=code, n=n))
        dies = r.total < n
        ctx.log(ctx.say("{name} Mortally Wounded check: {total} vs {n} rounds → {more}", name=c.name, total=r.total, n=n, more=Word("dies" if dies else "holds on")), kind="mortal", actor=c, roll=r,
                difficulty=n, outcome="Killed" if dies else "alive")
        if dies:
            set_level(ctx, c, KILLED, why="Mortally Wounded check")


def value_words(view: RulesView, verb: str) -> list[str]:
    """The wound levels ``damage``/``heal`` take, for completion."""
    from combat_rulesets.d6.schema import Tables

    return list(Tables.of(view).wounds.levels[1:])


def wound_level(view: RulesView, c: Combatant) -> int:
    """How badly ``c`` is hurt as the players may know it (stuns count as hurt)."""
    me = fighter(view, c)
    if c.out or me.wound >= INCAP:
        return 3
    return 2 if me.wound == WOUNDED2 else int(me.wound > 0 or me.stuns > 0)
