"""Prone (SP-PRONE-*): dropping prone (reflexive) and the outcome of standing up (SP-PRONE-3).
The stand action itself (reflexive, or a mixed action next to an enemy) is ``tasks.stand``."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext

from . import injuries
from .records import StandLogged
from .schema import Tables
from .turns import use_reflexive
from .words import count


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
    text = (f"{c.name} stands up ({count(n, 'success', 'successes')} vs Difficulty {diff} + Complication 1): "
            f"{'stands' if stood else 'stays down'}, Complication "
            f"{'bought off' if bought else 'not bought off: the opponent punishes it'}")
    ctx.log(text, kind="action", actor=c, action="stand", difficulty=diff,
            outcome="stands" if stood else "prone",
            **StandLogged(successes=n, bought_off=bought).dump())
    if not bought:
        injuries.inflict(ctx, c, box=box, name=name, strict=False,
                         source="standing up next to an enemy (SP-PRONE-3)")
