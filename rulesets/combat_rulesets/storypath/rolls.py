"""Storypath dice: d10 pools, target number by Tier, 10-again, Enhancements, injury penalties
(SP-DICE-*, AMB-SP-1, AMB-SP-2)."""

from __future__ import annotations

from dataclasses import dataclass, field

from combat_cli.api import Combatant, Roll, RulesContext, pool

from . import injuries
from .blocked import blocked_any, buy_off_blocked, resist_blocked
from .momentum import consolation, settle
from .scale import scale_enhancement
from .schema import Tables
from .state import Where, fighter
from .stats import is_pc, pool_of


@dataclass
class PoolRoll:
    """A rolled pool: raw successes, Enhancement (counted only with >= 1 success), the injury
    penalty as the table reads it, and the usable total."""

    roll: Roll | None
    dice: int
    successes: int
    enhancement: int = 0
    complication: int = 0
    """Injury Complication on this roll (AMB-SP-2 mode "complication")."""
    extra_difficulty: int = 0
    """Injury penalty added to the Difficulty (mode "difficulty")."""
    notes: list[str] = field(default_factory=list)
    label: str = ""
    """How the pool was built (shown when no die is rolled)."""

    @property
    def total(self) -> int:
        return self.successes + self.enhancement


def target_number(ctx: RulesContext, c: Combatant) -> int:
    tier = c.stats.get("tier", "mortal")
    return int(Tables.of(ctx).dice.target_number.get(tier, 8))


def injury_penalty(where: Where, c: Combatant) -> tuple[int, str]:
    """The penalty of ``c``'s Injury Conditions (AMB-SP-2) and a label (``Injured 2``)."""
    tables = Tables.of(where)
    if not is_pc(c) and tables.sgc.use_health and not tables.sgc.injury_penalty:
        return 0, ""
    pen = tables.penalties
    ratings = [(pen.rating.get(i.level, 0), i.level) for i in injuries.marked(where, c)
               if i.level in pen.rating]
    if not ratings:
        return 0, ""
    if pen.combine == "sum":
        return sum(r for r, _ in ratings), "+".join(f"{lv.title()} {r}" for r, lv in ratings)
    r, lv = max(ratings)
    return r, f"{lv.title()} {r}"


def roll_pool(ctx: RulesContext, c: Combatant, what: str, dice: int, label: str, *,
              enhancement: int = 0, injury: bool = True, penalty_ok: bool = True,
              vs: str = "") -> PoolRoll:
    """Roll ``dice`` d10 for ``c``. ``what`` names the roll for the GM; ``label`` explains the
    pool. ``injury`` False: the GM waived the Injury Conditions for this roll (SP-INJ-1).
    ``penalty_ok`` False: this roll only takes an injury penalty in "dice" mode (Defense,
    initiative, which have nothing to buy a Complication off with). ``vs`` says what the
    roll must beat, when it is known before the roll (a Defense, a Difficulty)."""
    tables = Tables.of(ctx)
    notes: list[str] = []
    complication = extra = 0
    pen, pen_label = injury_penalty(ctx, c) if injury else (0, "")
    mode = tables.penalties.mode
    explain = label
    if pen:
        if mode == "dice":
            dice = max(0, dice - pen)
            explain += f" -{pen} {pen_label}"
        elif not penalty_ok:
            notes.append(f"{pen_label} does not apply to this roll")
            pen = 0
        elif mode == "difficulty":
            extra = pen
            notes.append(f"Difficulty +{pen} ({pen_label})")
        else:
            complication = pen
            notes.append(f"Complication {pen} ({pen_label})")
    if penalty_ok:  # an action roll: Enhance / Complicate Stunts waiting for it
        me = fighter(ctx, c)
        waiting, me.pending = me.pending, []
        for p in waiting:
            if p.kind == "enh":
                enhancement += p.n
                notes.append(f"Enhancement +{p.n} (Stunt by {p.source})")
            else:
                complication += p.n
                notes.append(f"Complication {p.n} (Complicate Stunt by {p.source})")
    tn = target_number(ctx, c)
    again = tables.dice.ten_again
    spec = pool(dice, 10, tn, explode=again)
    flags = f"TN {tn}" + (", 10s again" if again else "")
    enh = f", Enhancement +{enhancement}" if enhancement else ""
    mods = "".join(f"; {x}" for x in notes)
    purpose = f"{c.name}: {what} {dice}d10 ({explain}; {flags}{enh}{mods})" + (
        f" vs {vs}" if vs else "")
    r = ctx.roll(spec, purpose) if dice > 0 else None
    succ = r.total if r is not None else 0
    got_enh = enhancement if succ >= 1 else 0  # SP-DICE-3
    if enhancement and not got_enh:
        notes.append(f"Enhancement +{enhancement} lost: no success rolled")
    return PoolRoll(r, dice, succ, got_enh, complication, extra, notes, explain)


def roll_named(ctx: RulesContext, c: Combatant, what: str, pool_text: str, **kw: object) -> PoolRoll:
    dice, label = pool_of(c, pool_text)
    return roll_pool(ctx, c, what, dice, label, **kw)  # type: ignore[arg-type]


def faces_text(r: PoolRoll) -> str:
    if r.roll is None:
        return f"0d10 ({r.label}) = 0" if r.label else "0d10 = 0"
    faces = "" if r.roll.faces is None else " [" + " ".join(map(str, r.roll.faces)) + "]"
    enh = f" +{r.enhancement} Enh" if r.enhancement else ""
    return f"{r.dice}d10{faces} = {r.successes}{enh}"


def opposed(ctx: RulesContext, a: Combatant, b: Combatant, pool_a: str, pool_b: str, what: str,
            *, a_wins_ties: bool, tasks_a: list[str] | None = None,
            tasks_b: list[str] | None = None) -> tuple[bool, PoolRoll, PoolRoll, str, int]:
    """SP-DICE-6: ``a`` against ``b``'s successes. A Blocked on ``b``'s resistance
    (``tasks_b``) is bought off from ``b``'s successes, one on ``a``'s action (``tasks_a``)
    from ``a``'s margin (SP-CMP-2). Returns whether ``a`` wins, both rolls, a tail for the log
    (``a``'s Complication bought off with the margin, or Momentum) and what ``b`` opposed."""
    ra = roll_named(ctx, a, what, pool_a, enhancement=scale_enhancement(ctx, a, b))
    rb = roll_named(ctx, b, f"resist {what}", pool_b, penalty_ok=False,
                    enhancement=scale_enhancement(ctx, b, a),
                    vs=f"{a.name}'s {ra.successes + ra.enhancement}")
    notes = list(ra.notes)
    opp = resist_blocked(ctx, b, rb.total, tasks_b or [], notes, "resistance")
    win = ra.total > opp or (ra.total == opp and a_wins_ties)
    rest = ra.total - opp
    if win:
        bn, names = blocked_any(a, tasks_a or [])
        rest, win = buy_off_blocked(ctx, a, rest, bn, names, notes, "action")
    settle(ctx, a, ra.complication, rest, notes, can_buy=win)
    if not win:
        consolation(ctx, a, notes)
    return win, ra, rb, "".join(f"; {x}" for x in notes), opp
