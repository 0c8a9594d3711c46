"""Defense (SP-ATK-1, AMB-SP-5, SP-PRONE-1): static, standard or rolled Defense, the Full Defense
action, Dive for Cover, and what changes it against one attacker (Prone, Scale)."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext, Word

from .options import Defend
from .positions import band, held_fast, set_band
from .records import DefenseLogged
from .rolls import faces_text, roll_pool
from .scale import scale_enhancement
from .schema import Tables
from .state import DefenseNow, fighter
from .stats import best_of, is_pc, pool_of, weapon_of
from .turns import use_action


def defense_pool(ctx: RulesContext, c: Combatant) -> str:
    if c.stats.get("defense_pool"):
        return str(c.stats["defense_pool"])
    return best_of(c, list(Tables.of(ctx).defense.resilience))


def roll_defense(ctx: RulesContext, c: Combatant, *, full: bool = False,
                 dive: Combatant | None = None) -> int:
    """Roll Defense (AMB-SP-5); ``dive``: spend successes on Dive for Cover away from that
    attacker first (a Defensive Stunt)."""
    d = Tables.of(ctx).defense
    text = defense_pool(ctx, c)
    dice, label = pool_of(c, text)
    if full:
        mult = d.full_multiplier
        dice, label = dice * mult, f"{mult} x ({label})"
    r = roll_pool(ctx, c, ctx.say("Full Defense") if full else ctx.say("Defense"), dice, label,
                  penalty_ok=False)
    left = r.successes
    stunt = ""
    if dive is not None:
        cost = d.dive_for_cover
        if left >= cost:
            left -= cost
            old = band(ctx, c, dive) or weapon_of(Tables.of(ctx), dive).range
            bands = list(Tables.of(ctx).ranges.bands)
            new = bands[min(bands.index(old) + 1, len(bands) - 1)]
            set_band(ctx, c, dive, new)
            stunt = ctx.say("; Dive for Cover ({cost}): {old} -> {new} range from {name}, in cover",
                            cost=cost, old=Word(old), new=Word(new), name=dive.name)
        else:
            stunt = ctx.say("; too few successes to Dive for Cover (costs {cost})", cost=cost)
    value = max(d.minimum, left)
    note = ctx.say(" (0 successes -> {value})", value=value) if left < d.minimum else ""
    line = ("{name} rolls Full Defense: {r}{stunt} -> Defense {value}{note}" if full
            else "{name} rolls Defense: {r}{stunt} -> Defense {value}{note}")
    ctx.log(ctx.say(line, name=c.name, r=faces_text(r, ctx), stunt=stunt, value=value, note=note),
            kind="defense", actor=c, action="defend", roll=r.roll,
            outcome=str(value), **DefenseLogged(defense=value, full=full).dump())
    return value


def set_defense(ctx: RulesContext, c: Combatant, value: int, how: str, *, full: bool = False) -> None:
    fighter(ctx, c).defense = DefenseNow(value=value, how=how, round=ctx.enc.round, full=full)


def base_defense(ctx: RulesContext, t: Combatant) -> tuple[int, str]:
    d = Tables.of(ctx).defense
    df = fighter(ctx, t).defense
    if df and d.scope == "round":
        return df.value, df.how
    stat = t.stats.get("defense")
    if isinstance(stat, int):
        return stat, "static"
    mode = stat if stat in ("roll", "standard") else (d.pc_default if is_pc(t) else "static")
    if mode == "static":
        return d.sgc_static, "static"
    if mode == "standard":
        value, how = d.standard, "standard"
    else:
        value, how = roll_defense(ctx, t), "rolled"
    if d.scope == "round":
        set_defense(ctx, t, value, how)
    return value, how


_HOW = {"static": "static {value}", "standard": "standard {value}", "rolled": "rolled {value}",
        "full": "full {value}"}
"""How a Defense was set, before its value in an attack's line ("rolled 2")."""


def defense_against(ctx: RulesContext, t: Combatant, a: Combatant, rng: str) -> tuple[int, str]:
    d = Tables.of(ctx).defense
    value, how = base_defense(ctx, t)
    parts = [ctx.say(_HOW.get(how, "{how} {value}"), how=Word(how), value=value)]
    if t.has_condition("Prone"):
        mod = int(d.prone_close if rng == "close" else d.prone_other)
        value += mod
        parts.append(ctx.say("Prone {mod} at {rng} range", mod=f"{mod:+d}", rng=Word(rng)))
    enh = scale_enhancement(ctx, t, a)
    if enh and how == "static" and Tables.of(ctx).scale.static_defense_half:
        enh //= 2  # an antagonist's static Defense takes half the Scale bonus
    if enh:
        value += enh
        parts.append(ctx.say("Scale +{enh}", enh=enh))
    value = max(d.minimum, value)
    return value, ", ".join(parts)


def dive_from(ctx: RulesContext, c: Combatant, o: Defend) -> Combatant | None:
    """dive=NAME: Dive for Cover away from that attacker (not while Grappled, SP-GRAP-1)."""
    dive = ctx.find(o.dive) if o.dive else None
    if dive is not None:
        held_fast(c, "Dive for Cover")
    return dive


def full_defense(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    dive = dive_from(ctx, c, Defend.of(a))
    use_action(ctx, c, "simple")
    value = roll_defense(ctx, c, full=True, dive=dive)
    set_defense(ctx, c, value, "full", full=True)


def react_defend(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    df = fighter(ctx, c).defense
    if df and Tables.of(ctx).defense.scope == "round":
        raise RuleError("{name}'s Defense is already {value} ({how}) this round", name=c.name,
                        value=df.value, how=Word(df.how))
    o = Defend.of(a)
    mode = o.mode or "roll"
    dive = dive_from(ctx, c, o)
    if dive is not None and mode == "standard":
        raise RuleError("Dive for Cover spends rolled Defense successes: mode=roll")
    if mode == "standard":
        value = Tables.of(ctx).defense.standard
        ctx.log(ctx.say("{name} takes the standard Defense {value}", name=c.name, value=value), kind="defense", actor=c,
                action="defend", outcome=str(value))
    else:
        value = roll_defense(ctx, c, dive=dive)
    set_defense(ctx, c, value, mode if mode == "standard" else "rolled")
