"""A d12 combatant joining: its weapon one of the fight's catalogue, its hit tracks set up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_rulesets.d12 import health, schema

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext, RulesView


def on_add(ctx: RulesContext, c: Combatant) -> None:
    if c.stats.get("weapon") is not None:
        from combat_rulesets.d12.power import check_weapon

        c.stats["weapon"] = check_weapon(str(c.stats["weapon"]), schema.Tables.of(ctx))
    health.setup(ctx, c)
    health.refresh(ctx, c)


def listed_weapon(view: RulesView, c: Combatant) -> None:
    """The ``weapon`` stat's check on load: one of the fight's catalogue (as :func:`on_add`
    asks)."""
    from combat_rulesets.d12.power import check_weapon

    check_weapon(str(c.stats["weapon"]), schema.Tables.of(view))
