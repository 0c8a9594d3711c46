"""Throwing (SP-THROW-*): lift an object or a grappled person, then throw it as an attack."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext

from .attack import attack
from .grappling import grappled_by
from .mixed import second_half
from .momentum import settle
from .options import Throw, yes
from .rolls import faces_text, opposed, roll_named
from .schema import Tables
from .stats import weapon_of
from .stunts import check_harm_options
from .turns import use_action


def throw(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    """SP-THROW-1/2: lift (Athletics + Might) or a grappled person (opposed, grappler wins ties),
    then an attack with Thrown, Pushing (+ Lethal/Bashing, Stun, Shockwave)."""
    o = Throw.of(a)
    t = ctx.combatant(a.target or "")
    person = ctx.find(o.person) if o.person else None
    if person is not None and person.id in (c.id, t.id):
        raise RuleError("throw someone else at the target: person=NAME")
    if person is not None and grappled_by(person) != c.id:
        raise RuleError("to throw {person}, grapple them first (SP-THROW-1)", person=person.name)
    w = weapon_of(Tables.of(ctx), c, "thrown")
    tags = [x for x in w.tags if x != "Bashing"]
    tags.insert(0, "Lethal" if yes(o.lethal) else "Bashing")
    if yes(o.stun):
        tags.append("Stun")
    if yes(o.large):
        tags.append("Shockwave")
    check_harm_options(ctx, stunts=o.stunts, boxes=(o.box, o.pbox), shock=o.shock)
    what = person.name if person else (o.object or ctx.say("an object"))
    w = w.model_copy(update={"tags": tags, "name": what})
    half = second_half(ctx, c, o)
    use_action(ctx, c, "mixed" if half else "simple", attack=True)
    if person is not None:
        win, ra, rb, tail, opp = opposed(
            ctx, c, person, "might+athletics", "might+athletics",
            ctx.say("throw {person}", person=person.name),
            a_wins_ties=True, tasks_a=[f"throw {person.name}"],
            tasks_b=["resist the throw", f"resist {c.name}"])
        ctx.log(ctx.say("{name} heaves {person}: {ra} vs {rb}: {value}{tail}", name=c.name, person=person.name, ra=faces_text(ra, ctx), rb=faces_text(rb, ctx), value=ctx.say("lifted") if win else ctx.say("cannot throw them"), tail=tail), kind="action", actor=c,
                action="lift", target=person, roll=ra.roll, difficulty=opp,
                outcome="success" if win else "failure")
    else:
        weight = max(1, o.weight or 1)
        r = roll_named(ctx, c, ctx.say("lift {what}", what=what), "athletics+might",
                       injury=not yes(o.waive))
        win = r.total >= weight
        notes = list(r.notes)
        settle(ctx, c, r.complication, r.total - weight, notes, can_buy=win)
        ctx.log(ctx.say("{name} lifts {what}: {r} vs Difficulty {weight}: {value}{more}", name=c.name, what=what, r=faces_text(r, ctx), weight=weight, value=ctx.say("lifted") if win else ctx.say("too heavy"), more="".join(f"; {x}" for x in notes)),
                kind="action", actor=c, action="lift",
                roll=r.roll, difficulty=weight, outcome="success" if win else "failure")
    if not win:
        return
    attack(ctx, c, a, o=o, weapon=w, pool_text=o.pool or w.pool,
           thrown_person=person, budget=False, verb="throw")
    if person is not None:
        ctx.remove_condition(person, "Grappled", quiet=True)
