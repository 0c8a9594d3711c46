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
from .words import level_word, say


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
        return sum(r for r, _ in ratings), "+".join(f"{level_word(where, lv)} {r}"
                                                    for r, lv in ratings)
    r, lv = max(ratings)
    return r, f"{level_word(where, lv)} {r}"


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
            notes.append(ctx.say("{penalty} does not apply to this roll", penalty=pen_label))
            pen = 0
        elif mode == "difficulty":
            extra = pen
            notes.append(ctx.say("Difficulty +{n} ({penalty})", n=pen, penalty=pen_label))
        else:
            complication = pen
            notes.append(ctx.say("Complication {n} ({penalty})", n=pen, penalty=pen_label))
    if penalty_ok:  # an action roll: Enhance / Complicate Stunts waiting for it
        me = fighter(ctx, c)
        waiting, me.pending = me.pending, []
        for p in waiting:
            if p.kind == "enh":
                enhancement += p.n
                notes.append(ctx.say("Enhancement +{n} (Stunt by {name})", n=p.n, name=p.source))
            else:
                complication += p.n
                notes.append(ctx.say("Complication {n} (Complicate Stunt by {name})", n=p.n,
                                     name=p.source))
    tn = target_number(ctx, c)
    again = tables.dice.ten_again
    spec = pool(dice, 10, tn, explode=again)
    flags = ctx.say("TN {tn}", tn=tn) + (ctx.say(", 10s again") if again else "")
    enh = ctx.say(", Enhancement +{n}", n=enhancement) if enhancement else ""
    mods = "".join(f"; {x}" for x in notes)
    purpose = ctx.say("{name}: {what} {dice} ({explain}; {flags}{enh}{mods})", name=c.name,
                      what=what, dice=f"{dice}d10", explain=explain, flags=flags, enh=enh,
                      mods=mods) + (ctx.say(" vs {what}", what=vs) if vs else "")
    r = ctx.roll(spec, purpose) if dice > 0 else None
    succ = r.total if r is not None else 0
    got_enh = enhancement if succ >= 1 else 0  # SP-DICE-3
    if enhancement and not got_enh:
        notes.append(ctx.say("Enhancement +{n} lost: no success rolled", n=enhancement))
    return PoolRoll(r, dice, succ, got_enh, complication, extra, notes, explain)


def roll_named(ctx: RulesContext, c: Combatant, what: str, pool_text: str, **kw: object) -> PoolRoll:
    dice, label = pool_of(c, pool_text, ctx)
    return roll_pool(ctx, c, what, dice, label, **kw)  # type: ignore[arg-type]


def faces_text(r: PoolRoll, where: Where | None = None) -> str:
    """``6d10 [4 8 9 9 8 7] = 4 +1 Enh``: the dice, the faces, the successes (in the
    language ``where`` shows: Czech ``6k10``)."""
    from combat_cli.api import locale

    dice = locale.dice

    lang = where.language if where is not None else "en"
    if r.roll is None:
        return dice("0d10", lang) + (f" ({r.label}) = 0" if r.label else " = 0")
    faces = "" if r.roll.faces is None else " [" + " ".join(map(str, r.roll.faces)) + "]"
    enh = (say(where, " +{n} Enh", n=r.enhancement) if where is not None
           else f" +{r.enhancement} Enh") if r.enhancement else ""
    return f"{dice(f'{r.dice}d10', lang)}{faces} = {r.successes}{enh}"


def opposed(ctx: RulesContext, a: Combatant, b: Combatant, pool_a: str, pool_b: str, what: str,
            *, a_wins_ties: bool, tasks_a: list[str] | None = None,
            tasks_b: list[str] | None = None) -> tuple[bool, PoolRoll, PoolRoll, str, int]:
    """SP-DICE-6: ``a`` against ``b``'s successes. A Blocked on ``b``'s resistance
    (``tasks_b``) is bought off from ``b``'s successes, one on ``a``'s action (``tasks_a``)
    from ``a``'s margin (SP-CMP-2). Returns whether ``a`` wins, both rolls, a tail for the log
    (``a``'s Complication bought off with the margin, or Momentum) and what ``b`` opposed."""
    ra = roll_named(ctx, a, what, pool_a, enhancement=scale_enhancement(ctx, a, b))
    rb = roll_named(ctx, b, ctx.say("resist {what}", what=what), pool_b, penalty_ok=False,
                    enhancement=scale_enhancement(ctx, b, a),
                    vs=ctx.say("{name}'s {n}", name=a.name, n=ra.successes + ra.enhancement))
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
