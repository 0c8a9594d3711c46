"""A combatant joins a D6 fight: stat spellings merged, first-aid kits set up, a typed skill
close to a known one warned about once; a late arrival takes its place in the Instincts
order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.api import Msg
from combat_rulesets.d6.schema import tables
from combat_rulesets.d6.state import fighter

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext, Ruleset


def on_add(ctx: RulesContext, c: Combatant) -> None:
    from combat_rulesets.d6.healing import sync_kits
    from combat_rulesets.d6.stats import merge_spellings

    merge_spellings(c)
    sync_kits(ctx, c)
    _warn_misspelt(ctx, c)


def _warn_misspelt(ctx: RulesContext, c: Combatant) -> None:
    """A typed skill close to a known one is kept, with one warning (once per name)."""
    from combat_rulesets.d6.stats import misspelt

    me = fighter(ctx, c)
    for key, guess in misspelt(tables(ctx), c.stats):
        if key in me.new_skills:
            continue
        me.new_skills.append(key)
        text = Msg("{key} is not a known skill (did you mean {guess}?); kept as a new skill",
                   key=key, guess=guess)
        if text not in ctx.notes:
            ctx.note(text)


def join(ctx: RulesContext, c: Combatant) -> None:
    from combat_rulesets.d6.initiative import order

    ctx.enc.order = order(ctx)


def carry_over(rs: Ruleset, c: Combatant) -> Combatant:
    """Into the next fight: not lying where the last one left them (unless unconscious),
    nor Stunned (its stuns stay behind with the fight)."""
    from combat_cli.api import Ruleset

    out = Ruleset.carry_over(rs, c)  # the core's: without what belongs to the fight
    if not out.has_condition("Unconscious"):
        out.conditions = [x for x in out.conditions if x.name != "Prone"]
    out.conditions = [x for x in out.conditions if x.name != "Stunned"]
    return out
