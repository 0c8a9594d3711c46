"""Moving the game clock: conditions that end by themselves, timers that fall due."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.engine.contract.context import RulesContext

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset

MAX_TIMER_FIRINGS = 1000


def expire_conditions(ctx: RulesContext) -> None:
    for c in ctx.enc.combatants:
        for cond in [x for x in c.conditions if x.until is not None and x.until <= ctx.now]:
            ctx.remove_condition(c, cond.name, reason="ran out")


def advance(ctx: RulesContext, ruleset: Ruleset, seconds: int) -> int:
    """Move the clock ``seconds`` forward, firing each due timer at its own time, in order.
    Returns how many timers fired."""
    enc = ctx.enc
    end = enc.clock.seconds + seconds
    fired = 0
    while fired < MAX_TIMER_FIRINGS:
        due = [t for t in enc.timers if t.due <= end]
        if not due:
            break
        t = min(due, key=lambda t: (t.due, t.id))
        enc.clock.seconds = max(enc.clock.seconds, t.due)
        expire_conditions(ctx)
        enc.timers = [x for x in enc.timers if x.id != t.id]
        ruleset.fire_timer(ctx, t)
        fired += 1
    enc.clock.seconds = end
    enc.clock.rounds = end // ruleset.round_seconds  # game time elapsed, in rounds
    expire_conditions(ctx)
    return fired
