"""A combatant leaves a Storypath fight: its initiative slot goes, grapples and Blocks it
held end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_rulesets.storypath.records import Blocked, Grappled
from combat_rulesets.storypath.state import fight

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext, RulesView


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
                ctx.remove_condition(other, cond.name, reason=ctx.say("{name} left", name=c.name))


def on_add(ctx: RulesContext, c: Combatant) -> None:
    """A combatant joins: its weapon one of the fight's catalogue (by its full name), its
    status from its Injury Conditions."""
    from combat_rulesets.storypath import injuries
    from combat_rulesets.storypath.schema import Tables
    from combat_rulesets.storypath.stats import weapon_of

    weapon_of(Tables.of(ctx), c)  # refuse an unknown weapon now, with a hint
    if c.stats.get("weapon"):
        c.stats["weapon"] = weapon_of(Tables.of(ctx), c).name
    injuries.refresh_status(ctx, c)


def listed_weapon(view: RulesView, c: Combatant) -> None:
    """The ``weapon`` stat's check on load: one of the fight's catalogue (as :func:`on_add`
    asks)."""
    from combat_rulesets.storypath.schema import Tables
    from combat_rulesets.storypath.stats import weapon_of

    weapon_of(Tables.of(view), c)
