"""Stunts (SP-ATK-3): the stunts= plan, buying Stunts with one target's threshold successes, and
Enhance / Complicate Stunts waiting for a later roll."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from combat_cli.api import Combatant, RuleError, RulesContext

from . import injuries
from .blocked import blocked_for, buy_off_blocked
from .disarm import can_disarm, disarm
from .harm import AttackResult
from .momentum import settle
from .options import Strike
from .records import Grappled
from .scale import minor_multiplier
from .schema import Tables
from .state import Pending, fighter
from .words import matches

STUNT_NAMES = ("damage", "critical", "disarm", "blind", "breakgrapple", "enhance", "complicate",
               "none", "auto")
RATED_STUNTS = ("enhance", "complicate")
"""General Stunts with a rating N (``enhance2``): N successes for Enhancement / Complication N."""


def parse_stunts(text: str | None) -> list[tuple[str, int]]:
    """``damage+critical+enhance2`` -> [("damage", 0), ("critical", 0), ("enhance", 2)]."""
    if not text:
        return [("auto", 0)]
    out = []
    for w in re.split(r"[+,/;]", str(text)):
        w = w.strip().lower().replace("_", "").replace("-", "").replace(":", "")
        if not w:
            continue
        m = re.fullmatch(r"([a-z]+)(\d*)", w)
        word, num = (m.group(1), m.group(2)) if m else (w, "")
        hits = matches(word, STUNT_NAMES)
        if len(hits) != 1:
            raise RuleError('no stunt "{w}" (stunts: {STUNT_NAMES}; enhance2 / complicate2 buy a rating of 2)', w=w, STUNT_NAMES=", ".join(STUNT_NAMES))
        if num and hits[0] not in RATED_STUNTS:
            raise RuleError('stunt "{w}": only enhance and complicate take a number', w=w)
        n = int(num or 1) if hits[0] in RATED_STUNTS else 0
        if hits[0] in RATED_STUNTS and n < 1:
            raise RuleError('stunt "{w}": the rating is 1 or more', w=w)
        out.append((hits[0], n))
    return out


def check_harm_options(ctx: RulesContext, *, stunts: str | None = None,
                       boxes: Iterable[str | None] = (), shock: str | None = None) -> None:
    """Refuse a bad stunts=, box= (pbox=) or shock= before any die is rolled."""
    parse_stunts(stunts)
    for box in boxes:
        for b in re.split(r"[+,/;]", box or ""):
            if b.strip():
                injuries.match_level(b, Tables.of(ctx), taken_out=True)
    if shock and shock.lower() != "none":
        for x in shock.split("+"):
            if x.strip():
                ctx.find(x)


def hit_and_stunts(ctx: RulesContext, c: Combatant, t: Combatant, avail: int, need: int,
                   o: Strike, cmp_n: int, ally: Combatant, *, first: bool,
                   notes: list[str]) -> tuple[AttackResult, int, int, list[str]]:
    """SP-ATK-3 for one target: meet its Defense, buy off Blocked (SP-CMP-2), buy Stunts, and
    the roll's Complication (``buy=first`` before the Stunts, else after). Returns the result,
    the successes left, the Complication still unbought and the Stunts bought."""
    res = AttackResult()
    stunts_bought: list[str] = []
    rest = avail - need
    if rest < 0:
        return res, 0, cmp_n, stunts_bought
    res.hit, res.outcome = True, "hit"
    blocked_n, blocked_names = blocked_for(c, target=t, attack=True)
    rest, ok = buy_off_blocked(ctx, c, rest, blocked_n, blocked_names, notes, "attack")
    if not ok:
        res.hit, res.outcome = False, "blocked"
        return res, 0, cmp_n, stunts_bought
    buy = o.buy or "last"
    if cmp_n and buy == "first" and rest >= cmp_n:
        rest = settle(ctx, c, cmp_n, rest, notes)
        cmp_n = 0
    st = Tables.of(ctx).stunts
    armor = int(t.stats.get("armor") or 0)
    cost_dmg = st.inflict_damage + armor
    scale_adv = max(0, int(c.stats.get("scale") or 0) - int(t.stats.get("scale") or 0))
    max_dmg = 1 + (scale_adv if st.extra_damage_per_scale else 0)
    dmg = crit = 0
    plan = parse_stunts(o.stunts)
    auto = plan == [("auto", 0)]
    if auto:
        plan = [("damage", 0)] * max_dmg + ([("critical", 0)] if st.auto_critical else [])
    costs = {"critical": st.critical, "disarm": st.disarm,
             "blind": st.blind, "breakgrapple": st.break_grapple}
    for s, rating in plan:
        if s in ("none", "auto"):
            continue
        if s == "damage":
            if dmg >= max_dmg:
                if not auto:
                    notes.append(ctx.say("Inflict Damage only {n}x (Scale advantage {adv})",
                                         n=max_dmg, adv=scale_adv))
                continue
            if rest >= cost_dmg:
                rest -= cost_dmg
                dmg += 1
                stunts_bought.append(
                    ctx.say("Inflict Damage ({cost} = 0 + Armor {armor})", cost=cost_dmg,
                            armor=armor) if armor
                    else ctx.say("Inflict Damage ({cost})", cost=cost_dmg))
            else:
                notes.append(
                    ctx.say("nothing inflicted: Inflict Damage costs {cost} (Armor {armor}), "
                            "{rest} left", cost=cost_dmg, armor=armor, rest=rest) if armor
                    else ctx.say("nothing inflicted: Inflict Damage costs {cost}, {rest} left",
                                 cost=cost_dmg, rest=rest))
            continue
        if s in RATED_STUNTS and not first:
            continue  # Enhance / Complicate are bought once, on the first target
        cost = rating if s in RATED_STUNTS else costs[s]
        if s == "critical" and not dmg:
            if not auto:
                notes.append(ctx.say("Critical needs Inflict Damage first"))
            continue
        if s == "disarm" and (s in res.effects or can_disarm(ctx, t)):
            if s not in res.effects:  # bought once; a target with nothing to drop: a note
                notes.append(str(can_disarm(ctx, t)))
            continue
        if rest < cost:
            if not auto:
                notes.append(ctx.say("not enough for {stunt} (costs {cost}, {rest} left)",
                                     stunt=s, cost=cost, rest=rest))
            continue
        rest -= cost
        if s == "critical":
            crit += 1
            stunts_bought.append(ctx.say("Critical ({cost})", cost=cost))
        elif s == "disarm":
            stunts_bought.append(ctx.say("Disarm ({cost})", cost=cost))
            res.effects.append(s)
        elif s == "blind":
            stunts_bought.append(ctx.say("Blinding ({cost})", cost=cost))
            res.effects.append(s)
        elif s == "breakgrapple":
            stunts_bought.append(ctx.say("Break Up Grapple ({cost})", cost=cost))
            res.effects.append(s)
        elif s == "enhance":
            stunts_bought.append(ctx.say("Enhance {cost} ({name}'s next roll)", cost=cost,
                                         name=ally.name))
            add_pending(ctx, ally, "enh", cost, c)
        else:
            stunts_bought.append(ctx.say("Complicate {cost} ({name}'s next roll)", cost=cost,
                                         name=t.name))
            add_pending(ctx, t, "cmp", cost, c)
    if cmp_n and buy != "no" and rest >= cmp_n:
        rest = settle(ctx, c, cmp_n, rest, notes)
        cmp_n = 0
    res.conditions = dmg + crit
    res.sources = [ctx.say("Inflict Damage")] * dmg + [ctx.say("Critical")] * crit
    mult = minor_multiplier(ctx, c, t)
    if mult > 1 and res.conditions:
        notes.append(ctx.say("Scale x{mult} against a minor character: {n} -> {m} Injury "
                             "Conditions", mult=mult, n=res.conditions,
                             m=res.conditions * mult))
        res.conditions *= mult
        res.sources = [ctx.say("{source}, Scale x{mult}", source=x, mult=mult)
                       for x in res.sources for _ in range(mult)]
    return res, rest, cmp_n, stunts_bought


def stunt_effects(ctx: RulesContext, c: Combatant, t: Combatant, res: AttackResult) -> None:
    """What the Disarm, Blinding and Break Up Grapple Stunts do to ``t``, logged after the
    attack line that bought them."""
    for s in res.effects:
        if s == "disarm":
            disarm(ctx, c, t)
        elif s == "blind":
            ctx.add_condition(t, "Blinded")
        else:
            for o in ctx.enc.combatants:
                for cond in list(o.conditions):
                    if cond.name == "Grappled" and Grappled.of(cond).by == t.id:
                        ctx.remove_condition(o, "Grappled", reason=ctx.say("{name} breaks it up", name=c.name))


def add_pending(ctx: RulesContext, c: Combatant, kind: Literal["enh", "cmp"], n: int,
                source: Combatant) -> None:
    """An Enhance / Complicate Stunt waiting for ``c``'s next action roll."""
    fighter(ctx, c).pending.append(Pending(kind=kind, n=n, source=source.name))
