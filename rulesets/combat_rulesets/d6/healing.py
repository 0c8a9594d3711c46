"""Healing: natural-healing clocks (T-D6-8), first aid (T-D6-9), kits, lockouts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from combat_cli.api import Msg, RuleError, Word, format_clock, format_duration
from combat_rulesets.d6.codes import parse_code
from combat_rulesets.d6.core import (
    action_penalties,
    beats,
    build_pool,
    count,
    difficulty_step,
    health_penalties,
    level_name,
    levels,
    quoted,
    roll_code,
    wound,
)
from combat_rulesets.d6.records import FirstAidLog, HealDue, LevelLog, RestLog
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import HealClock, fighter
from combat_rulesets.d6.stats import need_skill, stat
from combat_rulesets.d6.words import status
from combat_rulesets.d6.wounds import (
    INCAP,
    KILLED,
    WOUNDED,
    apply_result,
    clear_stun,
    level_index,
    set_level,
)

if TYPE_CHECKING:
    from combat_cli.api import (
        ActionRequest,
        Args,
        Combatant,
        RulesContext,
        Ruleset,
        Timer,
    )
    from combat_rulesets.d6.schema import Level, Tables

DAY = 86400
HEAL = "d6_heal"
LOCK = "d6_fa_lock"


def rest_need(t: Tables, level: Level) -> int:
    return t.healing.rest_days[level] * DAY


def restart_healing(ctx: RulesContext, c: Combatant) -> None:
    """A new natural-healing period starts whenever the wound level changes (D6-HEAL-2)."""
    ctx.remove_timers(kind=HEAL, combatant=c)
    me = fighter(ctx, c)
    if not WOUNDED <= me.wound < KILLED:
        me.heal = None
        return
    name = levels(tables(ctx))[me.wound]
    need = rest_need(tables(ctx), cast("Level", name))
    me.heal = HealClock(start=ctx.now, level=name, need=need)
    ctx.add_timer(ctx.say("{name}: natural healing roll ({level})", name=c.name,
                          level=status(ctx, c, name)), due_in=need, kind=HEAL,
                  combatant=c, data=HealDue(level=name).dump())


def rest(ctx: RulesContext, c: Combatant, seconds: int, options: dict[str, Any]) -> None:
    """``rest NAME DURATION [care=rest|easy|work]``."""
    care = options.get("care", "rest")
    resting = care != "work"  # working is not resting: the stun wears off in its own time
    if resting and seconds >= 60 and (fighter(ctx, c).stuns or c.has_condition("Stunned")):
        clear_stun(ctx, c, "rested a minute")
    if seconds >= 60 and c.has_condition("Prone") and not c.has_condition("Unconscious"):
        ctx.remove_condition(c, "Prone", reason="up again after a minute or more")
    h = fighter(ctx, c).heal
    if h is None:
        ctx.log(ctx.say("{name} keeps working for {seconds} (no wound to heal)" if care == "work"
                        else "{name} rests {seconds} (no wound to heal)",
                        name=c.name, seconds=format_duration(seconds)), kind="rest",
                actor=c)
        return
    if care == "work":
        h.worked = True
    h.care = care
    due = h.start + h.need * (2 if care == "easy" and not h.worked else 1)
    for t in ctx.enc.timers:
        if t.kind == HEAL and t.combatant == c.id:
            t.due = max(due, ctx.now)
    said = ("{name} takes it easy (twice the time, +1D) for {seconds}; healing roll due {due}"
            if care == "easy" else
            "{name} keeps working (-1D) for {seconds}; healing roll due {due}" if care == "work"
            else "{name} rests for {seconds}; healing roll due {due}")
    ctx.log(ctx.say(said, name=c.name, seconds=format_duration(seconds), due=format_clock(max(due, ctx.now))), kind="rest", actor=c,
            **RestLog(care=care).dump())


def fire_heal(ctx: RulesContext, timer: Timer) -> None:
    c = ctx.combatant(timer.combatant or "")
    h = fighter(ctx, c).heal
    w = wound(ctx, c)
    t = tables(ctx)
    name = levels(t)[w] if w else ""
    if h is None or name != h.level:
        return
    con = parse_code(stat(c, "Constitution") or "2D")
    mods: list[tuple[str, int]] = []
    if h.worked:
        mods.append(("worked while healing", t.healing.work_penalty))
    elif h.care == "easy":
        mods.append(("took it easy", -t.healing.easy_bonus))
    pool, how = build_pool(ctx, con, mods)
    row = t.healing.natural[cast("Level", name)]
    r = roll_code(ctx, pool, ctx.say("{name}: natural healing, Constitution {code} ({how}) vs "
                                     "{better} to improve ({worse} or less: worse)", name=c.name,
                                     code=pool.text(), how=how, better=row.same_max + 1,
                                     worse=row.worse_max))
    new: str
    if r.total <= row.worse_max:
        outcome, new = "worse", row.worse
    elif r.total <= row.same_max:
        outcome, new = "unchanged", name
    else:
        outcome, new = "better", row.better
    said = ("{name} natural healing roll ({name2}): {total} → worse{more}" if outcome == "worse" else
            "{name} natural healing roll ({name2}): {total} → better{more}" if outcome == "better"
            else "{name} natural healing roll ({name2}): {total} → unchanged{more}")
    more = "" if new == name else Msg(" ({level})", level=status(ctx, c, new))
    ctx.log(ctx.say(said, name=c.name, name2=status(ctx, c, name), total=r.total, more=more),
            kind="heal", actor=c, roll=r,
            outcome=outcome, **LevelLog(level=new).dump())
    if new == name:
        restart_healing(ctx, c)
    else:
        set_level(ctx, c, level_index(t, new), why="natural healing",
                  heal=outcome == "better")


def firstaid_action(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """The action ``firstaid PATIENT`` in a round (it costs an action)."""
    from combat_rulesets.d6.options import FirstAid

    first_aid(ctx, c, ctx.combatant(a.target or ""), facility=FirstAid.of(a).at_facility,
              in_round=True)


def first_aid(ctx: RulesContext, medic: Combatant, patient: Combatant, *,
              facility: bool = False, in_round: bool = False) -> None:
    """D6-HEAL-3..7: one First Aid (or Medicine (A)) attempt on ``patient``."""
    t = tables(ctx)
    fa = t.first_aid
    lvl = level_name(ctx, patient)
    if wound(ctx, patient) >= KILLED:
        raise RuleError("{patient} is Killed: first aid cannot help", patient=patient.name)
    unconscious = patient.has_condition("Unconscious")
    if lvl == levels(t)[0] and not unconscious:
        raise RuleError("{patient} is not hurt", patient=patient.name)
    them, mine = fighter(ctx, patient), fighter(ctx, medic)
    lock = them.fa_lock_until
    if lock is not None and lock > ctx.now:
        raise RuleError("{patient} cannot get first aid again until {lock} (a roll missed by more than {lockout_margin})", patient=patient.name, lock=format_clock(lock), lockout_margin=fa.lockout_margin)
    uses = mine.kit_uses
    if not facility and fa.kit_required and uses <= 0:
        raise RuleError("{medic} has no first-aid kit uses left: restock {medic2} 2", medic=medic.name, medic2=quoted(medic.name))
    skill_name = fa.facility_skill if facility else "First Aid"
    used, code = need_skill(t, medic, skill_name)
    key = lvl if lvl in fa.difficulty else "Stunned"
    base = fa.difficulty[key]
    window = fa.same_day_hours * 3600
    attempts = [x for x in them.fa_attempts if ctx.now - x < window]
    diff = difficulty_step(t, base, len(attempts))
    mods = action_penalties(ctx, medic) if in_round else health_penalties(ctx, medic)
    pool, how = build_pool(ctx, code, mods, f"{medic.name}'s {skill_name}")
    what = "Medicine (A)" if facility else "First Aid"
    r = roll_code(ctx, pool, ctx.say("{medic}: {what} on {patient} {code} ({how}) vs {diff}",
                                     medic=medic.name, what=ctx.label(what),
                                     patient=patient.name, code=pool.text(), how=how, diff=diff))
    attempts.append(ctx.now)
    them.fa_attempts = attempts
    if not facility and fa.kit_required:
        mine.kit_uses = uses - 1
    ok = beats(t, r.total, diff, what="skill")
    earlier = len(attempts) - 1
    step = "" if earlier < 1 else Msg(" ({n} earlier attempt today: +{n} level)" if earlier == 1
                                      else " ({n} earlier attempts today: +{n} level)", n=earlier)
    ctx.log(ctx.say("{medic} gives {what} to {patient} ({lvl}): {total} vs {diff}{step}, success" if ok
                    else "{medic} gives {what} to {patient} ({lvl}): {total} vs {diff}{step}, failure",
                    medic=medic.name, what=Word(what), patient=patient.name,
                    lvl=status(ctx, patient, lvl), total=r.total, diff=diff, step=step), kind="first_aid", actor=medic, action="firstaid",
            target=patient, roll=r, difficulty=diff, outcome="success" if ok else "failure",
            **FirstAidLog(kit_uses=mine.kit_uses).dump())
    if ok:
        heal_one(ctx, patient, why=what)
        return
    if diff - r.total > fa.lockout_margin:
        hours = fa.lockout_hours
        them.fa_lock_until = ctx.now + hours * 3600
        ctx.remove_timers(kind=LOCK, combatant=patient)
        ctx.add_timer(f"{patient.name}: first aid possible again", due_in=hours * 3600,
                      kind=LOCK, combatant=patient)
        ctx.log(ctx.say("{what} missed by {value}: no more first aid on {patient} for {hours} hours", what=Word(what), value=diff - r.total, patient=patient.name, hours=hours), kind="first_aid", target=patient, outcome="locked")


def heal_one(ctx: RulesContext, c: Combatant, why: str) -> None:
    """D6-HEAL-4: one level better (Stunned, Wounded -> healthy; the others one step)."""
    w = wound(ctx, c)
    if w == 0:
        clear_stun(ctx, c, why)
        if c.has_condition("Unconscious"):
            ctx.remove_condition(c, "Unconscious", reason=why)
        return
    new = 0 if w == WOUNDED else w - 1
    if new == 0:
        clear_stun(ctx, c, why)
    set_level(ctx, c, new, why=why, heal=True)
    if new <= INCAP - 1:
        ctx.remove_condition(c, "Unconscious", quiet=True)


def kit_uses_for(t: Tables, kits: int) -> int:
    return kits * t.first_aid.kit_uses


def sync_kits(ctx: RulesContext, c: Combatant) -> None:
    """Kit uses follow the kits stat whenever it changes (2 uses a kit)."""
    kits = int(stat(c, "kits") or 0)
    me = fighter(ctx, c)
    if me.kits != kits:
        me.kits = kits
        me.kit_uses = kit_uses_for(tables(ctx), kits)


def firstaid_verb(ctx: RulesContext, args: Args) -> None:
    """``firstaid MEDIC PATIENT [facility=yes]`` outside the action count."""
    first_aid(ctx, args["medic"], args["patient"], facility=args["facility"] == "yes")


def restock(ctx: RulesContext, args: Args) -> None:
    """``restock NAME USES``: set the first-aid kit uses."""
    c, uses = args["name"], args["uses"]
    if uses < 0:
        raise RuleError("usage: restock NAME USES (a fresh kit is 2 uses)")
    fighter(ctx, c).kit_uses = uses
    ctx.log(ctx.say("{name} has {uses}", name=c.name, uses=count(uses, 'first-aid kit use')), kind="roster", actor=c)


def _hurt(ctx: RulesContext, c: Combatant) -> bool:
    return bool(wound(ctx, c) or fighter(ctx, c).stuns or c.has_condition("Stunned")
                or c.has_condition("Unconscious"))


def gm_heal(ctx: RulesContext, c: Combatant, value: str | None) -> None:
    """``heal NAME [N|LEVEL]``: fully, N levels, or down to a wound level; never the Killed
    (``revive``), and a word when there is nothing to heal."""
    if wound(ctx, c) >= KILLED:
        raise RuleError("{name} is Killed: heal cannot bring back the dead; use revive {name2} [LEVEL]", name=c.name, name2=quoted(c.name))
    if value is not None and value.strip().isdigit() and int(value) < 1:
        raise RuleError("heal {name} N heals N levels (1 or more); heal {name} heals fully", name=c.name)
    idx = None if value is None or value.strip().isdigit() else level_index(tables(ctx), value)
    if idx is not None and idx >= max(wound(ctx, c), 1) and not (idx == 1 and wound(ctx, c) == 0):
        raise RuleError("{name} is {status}: heal to a lower level (or heal {name} for fully healed)", name=c.name, status=status(ctx, c, c.status))
    if not _hurt(ctx, c):
        ctx.note("{name} is not hurt: nothing to heal", name=c.name)
        return
    if value is None:
        clear_stun(ctx, c, "healed")
        for cond in ("Unconscious", "Prone"):
            ctx.remove_condition(c, cond, quiet=True)
        set_level(ctx, c, 0, why="GM", heal=True)
        return
    v = value.strip()
    if v.isdigit():
        for _ in range(min(int(v), KILLED)):
            heal_one(ctx, c, "GM")
        return
    assert idx is not None
    if idx <= 1:
        if idx == 0:
            clear_stun(ctx, c, "healed")
        set_level(ctx, c, 0, why="GM", heal=True)
    else:
        set_level(ctx, c, idx, why="GM", heal=True)


def fire_timer(ctx: RulesContext, timer: Timer) -> bool:
    """The ruleset's timers: a healing roll, a first-aid lockout ending, a stun wearing off
    (False: not one of them)."""
    c = ctx.combatant(timer.combatant) if timer.combatant else None
    if timer.kind == HEAL:
        fire_heal(ctx, timer)
    elif timer.kind == LOCK and c is not None:
        fighter(ctx, c).fa_lock_until = None
        ctx.log(ctx.say("{name} can get first aid again", name=c.name), kind="timer", actor=c)
    elif timer.kind == "d6_stun" and c is not None:
        clear_stun(ctx, c, "30 minutes passed")
    else:
        return False
    return True


def revive(ctx: RulesContext, args: Args) -> None:
    """``revive NAME [LEVEL]``: bring a Killed combatant back at a wound level (the house
    rule healing.revive_level when none is given, AMB-D6-16)."""
    c = args["name"]
    if wound(ctx, c) < KILLED:
        raise RuleError("{name} is not Killed ({status}): heal {name2} heals the living", name=c.name, status=status(ctx, c, c.status), name2=quoted(c.name))
    level = (args["level"] or "").strip()
    if not level:
        try:
            idx = level_index(tables(ctx), tables(ctx).healing.revive_level)
        except RuleError as e:
            raise RuleError("house rule healing.revive_level: {e}; give the level: revive {name} Wounded", e=e, name=quoted(c.name)) from None
    else:
        idx = level_index(tables(ctx), level)
    if idx >= KILLED:
        lv = levels(tables(ctx))
        raise RuleError("revive {name} takes a wound level below Killed ({lv})", name=quoted(c.name), lv=', '.join(lv[:KILLED]))
    why = "revived by the GM"
    if idx >= WOUNDED:
        set_level(ctx, c, idx, why=why)
        return
    set_level(ctx, c, 0, why=why, heal=True)
    if idx:
        apply_result(ctx, c, levels(tables(ctx))[idx], cause=why)


def timer_due(rs: Ruleset, ctx: RulesContext, timer: Timer) -> None:
    """A timer is due: a healing one (:func:`fire_timer`), else the core's."""
    from combat_cli.api import Ruleset

    if not fire_timer(ctx, timer):
        Ruleset.fire_timer(rs, ctx, timer)
