"""Scale: the Enhancement a larger character has against a smaller one, and the multiplier of its
results against minor characters."""

from __future__ import annotations

from combat_cli.api import Combatant, RulesContext

from .schema import Tables


def scale_enhancement(ctx: RulesContext, higher: Combatant, lower: Combatant) -> int:
    diff = int(higher.stats.get("scale") or 0) - int(lower.stats.get("scale") or 0)
    if diff <= 0:
        return 0
    table = list(Tables.of(ctx).scale.enhancement)
    return int(table[min(diff, len(table) - 1)])


def minor_multiplier(ctx: RulesContext, c: Combatant, t: Combatant) -> int:
    """Scale against minor characters multiplies results (x2, x5, x10 ... by rank advantage)."""
    sc = Tables.of(ctx).scale
    if not t.stats.get("minor") or not sc.minor_multiplies:
        return 1
    adv = int(c.stats.get("scale") or 0) - int(t.stats.get("scale") or 0)
    if adv <= 0:
        return 1
    table = list(sc.minor_multiplier)
    return int(table[min(adv, len(table) - 1)])
