"""Prone (SP-PRONE-*): dropping prone (reflexive) and the outcome of standing up (SP-PRONE-3).
The stand action itself (reflexive, or a mixed action next to an enemy) is ``tasks.stand``."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext, locale

from . import injuries
from .records import StandLogged
from .schema import Tables
from .turns import use_reflexive


def go_prone(ctx: RulesContext, c: Combatant, a: ActionRequest) -> None:
    if c.has_condition("Prone"):
        raise RuleError("{name} is already Prone", name=c.name)
    use_reflexive(ctx, c)
    ctx.add_condition(c, "Prone")


def stand_result(ctx: RulesContext, c: Combatant, n: int, box: str | None = None,
                 name: str | None = None) -> None:
    """SP-PRONE-3: Athletics, Difficulty 1 with Complication 1; unbought -> an Injury Condition
    (in ``box`` with ``name`` if the player chose them)."""
    diff = Tables.of(ctx).dice.difficulty
    stood = n >= diff
    bought = n >= diff + 1
    if stood:
        ctx.remove_condition(c, "Prone", quiet=True)
    text = ctx.say("{name} stands up ({n} vs Difficulty {diff} + Complication 1): {how}, "
                   "Complication {bought}", name=c.name,
                   n=locale.n_("{n} success", "{n} successes", n, ctx.language), diff=diff,
                   how=ctx.say("stands") if stood else ctx.say("stays down"),
                   bought=ctx.say("bought off") if bought
                   else ctx.say("not bought off: the opponent punishes it"))
    ctx.log(text, kind="action", actor=c, action="stand", difficulty=diff,
            outcome="stands" if stood else "prone",
            **StandLogged(successes=n, bought_off=bought).dump())
    if not bought:
        injuries.inflict(ctx, c, box=box, name=name, strict=False,
                         source=ctx.say("standing up next to an enemy (SP-PRONE-3)"))
