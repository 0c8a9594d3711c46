"""A combatant joining the Czech pool: its weapon one of the fight's catalogue, and a strong
demon's unknown numbers (T-CZ-1) said."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_rulesets.czech_pool import lang as _lang
from combat_rulesets.czech_pool import schema

if TYPE_CHECKING:
    from combat_cli.api import Combatant, RulesContext, RulesView


def on_add(ctx: RulesContext, c: Combatant) -> None:
    from combat_rulesets.czech_pool.stats import weapon

    weapon(c, schema.Tables.of(ctx), ctx)  # an unknown catalogue weapon is refused here
    _ask_demon_numbers(ctx, c)


def listed_weapon(view: RulesView, c: Combatant) -> None:
    """The Zbraň stat's check on load: one of the fight's catalogue (as :func:`on_add`
    asks)."""
    from combat_rulesets.czech_pool.stats import weapon

    weapon(c, schema.Tables.of(view))


def _ask_demon_numbers(ctx: RulesContext, c: Combatant) -> None:
    """T-CZ-1: a strong demon's cells are "?" in the seed: say which numbers are in use and
    how to set them."""
    from combat_rulesets.czech_pool.combat import rows
    from combat_rulesets.czech_pool.stats import demon_key

    dk = demon_key(c)
    if not dk.startswith("silny"):
        return
    row = rows(schema.Tables.of(ctx))[dk]
    cells = [("Démon bank", "demon_pool", row.cell("pool")),
             ("Démon obtížnost", "demon_difficulty", row.cell("difficulty")),
             ("Démon zranění", "demon_damage",
              row.cell("damage" if row.has("damage") else "damage_taken"))]
    unset = [(cz, en, v) for cz, en, v in cells if c.stats.get(cz) is None]
    if not unset:
        return
    en = ctx.lang == "en"
    shown = ", ".join(f"{e if en else n.replace(' ', '_')}={v:+d}" for n, e, v in unset)
    first = unset[0][1] if en else unset[0][0].replace(" ", "_")
    ctx.note(_lang.tr(ctx, '{name}: the rules give "?" for {demon} — defaults {values} (to '
                      'change: set {name} {first}=N ...)', name=c.name,
                      demon=_lang.term(dk, ctx.lang), values=shown, first=first))
