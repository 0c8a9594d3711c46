"""Attacks (shoot, attack, brawl, martial): the attacker's pool, each target's difficulty
(base or reaction, spray, called shot, concealment, cover), the roll and what it hits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.api import RuleError, Word
from combat_rulesets.d6.codes import Code, parse_code
from combat_rulesets.d6.core import (
    Lapse,
    action_penalties,
    actions_taken,
    beats,
    build_pool,
    difficulty_dice,
    rd,
    roll_code,
    scale_dice,
    wound,
)
from combat_rulesets.d6.damage import hit_damage
from combat_rulesets.d6.melee import melee_base, natural_weapon, unarmed_skill
from combat_rulesets.d6.options import Melee, Shot, attack_of
from combat_rulesets.d6.positions import carried_over, situation
from combat_rulesets.d6.protection import hit_protection
from combat_rulesets.d6.ranged import (
    action_targets,
    fire_mode,
    ranged_base,
    spray_difficulty,
    target_penalty,
)
from combat_rulesets.d6.reactions import reaction_for
from combat_rulesets.d6.records import AttackLog
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.stats import need_skill
from combat_rulesets.d6.weapons import check_shots, pick_weapon, spend_shots
from combat_rulesets.d6.wounds import KILLED

if TYPE_CHECKING:
    from combat_cli.api import ActionRequest, Combatant, RulesContext
    from combat_rulesets.d6.options import Attack

VERBS = {"shoot": "shoots at", "attack": "attacks", "brawl": "punches", "martial": "strikes"}


def _dice_opt(value: Any, what: str) -> int:
    text = str(value).strip()
    neg = text.startswith("-")
    try:
        code = parse_code(text.lstrip("+-"))
    except ValueError:
        raise RuleError("{what}= takes dice like +1D or -2D, not {value}", what=what, value=repr(value)) from None
    if code.pips or not code.dice:
        raise RuleError("{what}= takes whole dice like +1D or -2D, not {value}", what=what, value=repr(value))
    return -code.dice if neg else code.dice


def difficulty(ctx: RulesContext, c: Combatant, target: Combatant, kind: str,
                w: dict[str, Any] | None, sit: dict[str, Any], o: Attack,
                spray: tuple[int, str] | None, s_att: int) -> dict[str, Any]:
    """The difficulty of one attack on ``target``: the base (range, Brawling 5 ...), or the
    target's reaction (replacing it, or added for a full dodge), then the dice added for
    spraying, a called shot, concealment; cover is kept apart (beating all but the cover
    hits the protection)."""
    t = tables(ctx)
    ranged = kind == "shoot"
    if ranged:
        assert w is not None
        base, base_txt = ranged_base(ctx, w, sit)
    else:
        base, base_txt = melee_base(t, kind, w)
    if o.diff is not None:
        base += o.diff
        base_txt += f" {o.diff:+d} GM"
    s_tgt = scale_dice(t, target, o.scale)
    reaction = reaction_for(ctx, target, c, ranged)
    full = False
    parts: list[str] = []
    if reaction is not None:
        rv = reaction.value
        if reaction.kind == "dodge" and s_att > s_tgt:  # D6-SCALE-3: dice added to the dodge
            n = s_att - s_tgt
            sr = roll_code(ctx, Code(n, 0), ctx.say("{target}: dodge +{n}D scale (vs {name})",
                                                    target=target.name, n=n, name=c.name))
            ctx.log(ctx.say("{target} adds {total} to the dodge against {name} (+{n}D scale)", target=target.name, total=sr.total, name=c.name, n=n), kind="roll", actor=target, roll=sr)
            rv += sr.total
        full = reaction.full
        mode = t.reactions.mode
        if mode == "add" or (mode == "partial_replaces" and full):
            diff = base + rv
            parts.append(f"{base_txt} + {reaction.kind} {rv}")
        else:
            diff = rv
            parts.append(f"{reaction.kind} {rv} (replaces {base_txt})")
    else:
        diff = base
        parts.append(base_txt)
    if spray is not None:
        diff += spray[0]
        parts.append(spray[1])
    for key, table, label in (("called", t.modifiers.called, "called shot"),
                              ("conceal", t.modifiers.conceal, "concealment")):
        value = o.called if key == "called" else sit.get(key)
        if value:
            n = table[value]
            v, txt = difficulty_dice(ctx, c.name, n, f"{label} ({value.replace('_', ' ')})")
            diff += v
            parts.append(txt)
    cover = sit.get("cover")
    cover_add = 0
    if cover and cover != "full":
        n = t.modifiers.cover[cover]
        cover_add, txt = difficulty_dice(ctx, c.name, n, f"cover ({cover.replace('_', ' ')})")
        parts.append(txt)
    return {"target": target, "diff": diff, "total": diff + cover_add, "cover": cover,
            "full": full, "parts": parts, "reaction": reaction, "s_tgt": s_tgt, "sit": sit}


def strike(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    t = tables(ctx)
    kind = a.name
    targets = action_targets(ctx, c, a)
    alive = [x for x in targets if wound(ctx, x) < KILLED]
    if not alive:
        raise Lapse("{names} already Killed", names=", ".join(x.name for x in targets))
    for x in targets:
        if x not in alive:
            ctx.log(ctx.say("{x} is already Killed: left out of the sweep", x=x.name), kind="note", actor=c,
                    target=x)
    r = rd(ctx, c)
    o = attack_of(a)
    shot = o if isinstance(o, Shot) else None
    w: dict[str, Any] | None = None
    ranged = shot is not None
    if isinstance(o, (Shot, Melee)):
        w = pick_weapon(ctx, c, o.weapon, melee=not ranged)
        skill_name = w["skill"]
    else:
        skill_name = unarmed_skill(kind)
        w = natural_weapon(t, c, kind)  # claws: the unarmed difficulty, the claws' damage
    sname, code = need_skill(t, c, skill_name)
    spray, rounds = fire_mode(ctx, w, shot, len(alive)) if shot else (None, 1)
    fire = shot.fire if shot else "single"
    sweep = fire == "sweep"
    if fire == "full_auto":
        if actions_taken(ctx, c) > 1:
            raise Lapse("full auto uses the whole round: it must be the only action")
        r.no_defence = True
    left = None
    if ranged and w is not None:
        left = check_shots(ctx, c, r, w, rounds)
    carried = [(x, carried_over(ctx, c, x, shot.said())) for x in alive] if shot else []
    said = [f"{x.name} {txt}" if len(alive) > 1 else txt for x, txt in carried if txt]
    sits = {x.id: situation(ctx, c, x, shot.said()) if shot else {"conceal": o.conceal}
            for x in alive}
    # the attacker's pool
    mods = action_penalties(ctx, c)
    if not sweep and (ranged or t.ranged.multi_target.applies_to_melee):
        mods += target_penalty(ctx, r, alive[0])
    if shot is not None and shot.off_hand and t.two_guns.offhand_penalty:
        mods.append(("off hand", t.two_guns.offhand_penalty))
    if o.mod:
        mods.append(("GM modifier", -_dice_opt(o.mod, "mod")))
    s_att = scale_dice(t, c)
    # smaller attacking larger: + the difference (a sweep: the smallest difference of all)
    up = min(max(0, scale_dice(t, x, o.scale) - s_att) for x in alive)
    if up:
        mods.append(("scale", -up))
    if w is not None and w.get("targeting"):
        mods.append(("targeting", -parse_code(w["targeting"]).dice))
    pool, how = build_pool(ctx, code, mods, f"{c.name}'s {kind}")
    # the difficulties (rolling declared reactions and difficulty dice as they come)
    spray_diff = spray_difficulty(ctx, c, spray)
    rows = [difficulty(ctx, c, x, kind, w, sits[x.id], o, spray_diff, s_att) for x in alive]
    verb = VERBS["attack"] if kind in ("brawl", "martial") and w is not None else VERBS[kind]
    vs = "/".join(str(row["total"]) for row in rows)
    gt = " (must roll higher)" if any(
        row["full"] and not beats(t, row["total"], row["total"], full_dodge=True)
        for row in rows) else ""
    what = (ctx.say("sweep {names}", names=", ".join(x.name for x in alive)) if sweep else
            f"{ctx.label(kind)} {alive[0].name}") + (
        ctx.say(" (remembered: {said})", said="; ".join(said)) if said else "")
    roll = roll_code(ctx, pool, ctx.say("{name}: {skill} {code} ({how}) vs {vs}{gt} - {what}",
                                        name=c.name, skill=ctx.label(sname), code=pool.text(),
                                        how=how, vs=vs, gt=ctx.say(gt) if gt else "", what=what))
    if ranged and w is not None:
        spend_shots(ctx, c, r, w, rounds, left)
    wtxt = ctx.say(" with {weapon}", weapon=ctx.label(w["name"])) if w else ""
    if sweep:
        wtxt += " (sweep)"
    for row in rows:
        target, full = row["target"], row["full"]
        if row["cover"] == "full":
            hit, prot = False, beats(t, roll.total, row["diff"], full_dodge=full)
        else:
            hit = beats(t, roll.total, row["total"], full_dodge=full)
            prot = bool(row["cover"]) and not hit and beats(t, roll.total, row["diff"],
                                                             full_dodge=full)
        outcome = "hit" if hit else ("protection" if prot else "miss")
        ctx.log(ctx.say("{name} {verb} {target}{wtxt}: {total} vs {row} ({row2}), {value}", name=c.name, verb=Word(verb), target=target.name, wtxt=wtxt, total=roll.total, row=row['total'], row2=', '.join(row['parts']), value=Word('hits the cover' if prot else outcome)),
                kind="attack", actor=c, action=kind, target=target, roll=roll,
                difficulty=row["total"], outcome=outcome,
                **AttackLog(pool=how, skill=sname,
                            reaction=row["reaction"].kind if row["reaction"] else None,
                            full_dodge=full).dump())
        if hit:
            hit_damage(ctx, c, target, w, kind, roll.total - row["total"], spray, s_att,
                       row["s_tgt"])
        elif prot:
            hit_protection(ctx, c, target, w, row["sit"], s_att, row["s_tgt"])
