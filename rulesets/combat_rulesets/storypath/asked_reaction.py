"""A PC attacked while its phone is at the table is asked for a reflexive reaction before its
Defense is first needed this round (SP-ACT-2: reflexive actions at any time, even off-turn;
AMB-SP-5: the first Defense roll sets the round's Defense).

What is offered is what changes the outcome: against a ranged attack, Dive for Cover (a
Defensive Stunt paid from the Defense roll: ``react NAME defend dive=ATTACKER``) and dropping
Prone (Defense +2 at range, SP-PRONE-1). "pass" keeps the table's default. Without a phone
nobody is asked: the GM types ``react``, as before."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext

from .defense import react_defend
from .prone import go_prone
from .schema import Tables
from .state import fighter
from .stats import is_pc


def reflexes(ctx: RulesContext, t: Combatant, rng: str) -> tuple[str, ...]:
    """The reflexive reactions worth offering ``t`` against an attack at ``rng``."""
    d = Tables.of(ctx).defense
    if rng == "close" or (fighter(ctx, t).defense and d.scope == "round"):
        return ()
    offered = []
    stat = t.stats.get("defense")
    rolls = not isinstance(stat, int) and (stat == "roll" or (stat != "standard"
                                                              and d.pc_default == "roll"))
    if rolls and not t.has_condition("Grappled"):
        offered.append("dive")
    if not t.has_condition("Prone") and d.prone_other > 0:
        offered.append("prone")
    return tuple(offered)


def ask_reaction(ctx: RulesContext, t: Combatant, attacker: Combatant, rng: str) -> None:
    """Ask ``t``'s phone whether it reacts to ``attacker``'s attack at ``rng``; the reaction
    chosen is taken as ``react`` would take it."""
    if not is_pc(t):
        return
    offered = reflexes(ctx, t, rng)
    if not offered:
        return
    who = attacker.name if not attacker.hidden else ctx.label("an unseen attacker")
    answer = ctx.ask(ctx.say("{attacker} {what} {name}: react?", attacker=who,
                             what=ctx.label("shoots at"), name=t.name),
                     offered + ("pass",), (t.name,), phones_only=True)
    try:
        if answer == "dive":
            react_defend(ctx, t, ActionRequest(name="defend", text="defend dive",
                                               options={"mode": "roll",
                                                        "dive": attacker.name}))
        elif answer == "prone":
            go_prone(ctx, t, ActionRequest(name="prone", text="prone"))
    except RuleError as e:
        ctx.note(ctx.say("{name} cannot {reaction}: {why}", name=t.name,
                         reaction=ctx.say(answer or "pass"), why=e))
