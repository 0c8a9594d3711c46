"""A combatant leaves a Storypath fight: its initiative slot goes, grapples and Blocks it
held end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_rulesets.storypath.records import Blocked, Grappled
from combat_rulesets.storypath.state import fight

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext


def on_remove(ctx: RulesContext, c: Combatant) -> None:
    """Their initiative slot goes with them; grapples and Blocks they held end."""
    enc, state = ctx.enc, fight(ctx)
    slots = state.roster
    i = state.slot
    keep = []
    for n, s in enumerate(slots):
        if s.who == c.id:
            if n < i:
                i -= 1
            continue
        keep.append(s)
    if len(keep) != len(slots):
        state.roster = keep
        state.slot = i
    for other in enc.combatants:
        for cond in list(other.conditions):
            if c.id in (Grappled.of(cond).by, Blocked.of(cond).blocked_by):
                ctx.remove_condition(other, cond.name, reason=f"{c.name} left")
