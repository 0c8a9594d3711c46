"""Grappling (SP-GRAP-*): grapple (an attack that holds the target), drag, escape (which may
reverse the grapple) and let go."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext

from .attack import attack
from .blocked import blocked_any, buy_off_blocked, resist_blocked
from .momentum import consolation, settle
from .options import Attack, Escape, Grapple, yes
from .records import Grappled
from .rolls import faces_text, opposed, roll_named
from .scale import scale_enhancement
from .schema import Tables
from .stats import best_of, weapon_of
from .turns import use_action, use_reflexive


def grappled_by(c: Combatant) -> str | None:
    for cond in c.conditions:
        if cond.name == "Grappled":
            return Grappled.of(cond).by
    return None


def hold(ctx: RulesContext, c: Combatant, t: Combatant, why: str = "") -> None:
    """``c`` grapples ``t``."""
    ctx.add_condition(t, "Grappled", data=Grappled(by=c.id).dump(), quiet=True)
    ctx.log(ctx.say("{t} is Grappled by {name}{why}", t=t.name, name=c.name, why=why), kind="condition", actor=c, target=t,
            outcome="+Grappled")


def escape_pool(c: Combatant) -> str:
    """SP-GRAP-2: (Close Combat or Athletics) + (Dexterity or Might), the better of each."""
    return f"{best_of(c, ['close_combat', 'athletics'])}+{best_of(c, ['dexterity', 'might'])}"


def grapple(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """An attack (Close Combat + Might by default) that on a hit puts the target in a grapple."""
    t = ctx.combatant(a.target or "")
    g = Grapple.of(a)  # an attack without Stunts, at close range unless range= says otherwise
    o = Attack.model_validate(g.dump()).model_copy(
        update={"stunts": "none", "range": g.range or "close"})
    w = weapon_of(Tables.of(ctx), c, "unarmed")
    res = attack(ctx, c, a, o=o, weapon=w, pool_text=g.pool or "close_combat+might",
                 verb="grapple")
    if res.hit:
        hold(ctx, c, t, ctx.say(": cannot move from the spot"))


def drag(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-GRAP-1: opposed Might + Athletics; the grappler wins ties."""
    t = ctx.combatant(a.target or "")
    if grappled_by(t) != c.id:
        raise RuleError("{t} is not Grappled by {name} (grapple {t} first)", t=t.name, name=c.name)
    use_action(ctx, c, "simple")
    win, ra, rb, tail, opp = opposed(
        ctx, c, t, "might+athletics", "might+athletics", ctx.say("drag {t}", t=t.name),
        a_wins_ties=True,
        tasks_a=[f"drag {t.name}", "drag the grapple"],
        tasks_b=["resist the drag", f"resist {c.name}", "hold ground", "stand ground"])
    ctx.log(ctx.say("{name} drags {t}: {ra} vs {rb}: {how}{ties}{tail}", name=c.name, t=t.name,
                    ra=faces_text(ra, ctx), rb=faces_text(rb, ctx),
                    how=ctx.say("dragged") if win else ctx.say("holds ground"),
                    ties=ctx.say(" (grappler wins ties)") if ra.total == opp else "",
                    tail=tail),
            kind="action", actor=c, action="drag", target=t, roll=ra.roll, difficulty=opp,
            outcome="success" if win else "failure")


def hold_tasks(victim: Combatant) -> list[str]:
    """How a complicate action may name the grappler's hold (task="hold the grapple")."""
    return ["hold the grapple", "hold grapple", "keep the grapple", f"hold {victim.name}",
            f"grapple {victim.name}"]


def escape_tasks(grappler: Combatant) -> list[str]:
    """How a complicate action may name an escape (task="escape")."""
    return ["escape the grapple", f"escape {grappler.name}", "break free", "break the grapple"]


def escape(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-GRAP-2: opposed (Close Combat or Athletics) + (Dexterity or Might); success may
    reverse. A Blocked on the escape must be bought off with the margin, a Blocked on the
    grappler's hold with the hold's successes (SP-CMP-2)."""
    by = grappled_by(c)
    if not by:
        raise RuleError("{name} is not Grappled", name=c.name)
    g = ctx.combatant(by)
    use_action(ctx, c, "simple")
    o = Escape.of(a)
    pool_c = o.pool or escape_pool(c)
    pool_g = escape_pool(g)
    rc = roll_named(ctx, c, ctx.say("escape {name}'s grapple", name=g.name), pool_c,
                    injury=not yes(o.waive),
                    enhancement=scale_enhancement(ctx, c, g))
    rg = roll_named(ctx, g, ctx.say("hold {name}", name=c.name), pool_g, penalty_ok=False,
                    enhancement=scale_enhancement(ctx, g, c))
    notes = list(rc.notes)
    held = resist_blocked(ctx, g, rg.total, hold_tasks(c), notes, "hold")
    diff = max(Tables.of(ctx).dice.difficulty, held)  # SP-DICE-6
    ok = rc.total >= diff
    rest = rc.total - diff
    if ok:
        bn, names = blocked_any(c, escape_tasks(g))
        rest, ok = buy_off_blocked(ctx, c, rest, bn, names, notes, "escape")
    reverse = ok and yes(o.reverse)
    settle(ctx, c, rc.complication, rest, notes, can_buy=ok)
    if not ok:
        consolation(ctx, c, notes)
    ctx.log(ctx.say("{name} tries to escape {g}: {rc} vs {rg} (Difficulty {diff}): {how}{rev}{notes}",
                    name=c.name, g=g.name, rc=faces_text(rc, ctx), rg=faces_text(rg, ctx), diff=diff,
                    how=ctx.say("escapes") if ok else ctx.say("still held"),
                    rev=ctx.say("; reverses the grapple") if reverse else "",
                    notes="".join(f"; {x}" for x in notes)), kind="action", actor=c,
            action="escape", target=g, roll=rc.roll, difficulty=diff,
            outcome="escaped" if ok else "held")
    if ok:
        ctx.remove_condition(c, "Grappled", quiet=True)
        if reverse:
            hold(ctx, c, g)


def let_go(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    t = ctx.combatant(a.target or "")
    if grappled_by(t) != c.id:
        raise RuleError("{name} is not grappling {t}", name=c.name, t=t.name)
    use_reflexive(ctx, c)
    ctx.remove_condition(t, "Grappled", reason=ctx.say("{name} lets go", name=c.name))
