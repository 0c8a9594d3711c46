"""Where characters stand: the range band between each pair (the encounter's ``ranges``), who is at
close range, and who cannot move from the spot (Grappled, SP-GRAP-1)."""

from __future__ import annotations

from combat_cli.api import Combatant, RuleError, RulesContext, Word

from .schema import Tables
from .state import fight
from .words import matches


def _pair(a: Combatant, b: Combatant) -> str:
    return "|".join(sorted((a.id, b.id)))


def band(ctx: RulesContext, a: Combatant, b: Combatant) -> str | None:
    return fight(ctx).ranges.get(_pair(a, b))


def set_band(ctx: RulesContext, a: Combatant, b: Combatant, value: str) -> None:
    fight(ctx).ranges[_pair(a, b)] = value


def match_band(ctx: RulesContext, word: str) -> str:
    bands = list(Tables.of(ctx).ranges.bands)
    low = word.lower()
    hits = matches(low, bands)
    if len(hits) != 1:
        raise RuleError('no range "{word}" (ranges: {bands})', word=word, bands=", ".join(bands))
    return hits[0]


def opponents_close(ctx: RulesContext, c: Combatant) -> list[Combatant]:
    return [o for o in ctx.enc.combatants if o.side != c.side and not o.out
            and band(ctx, c, o) == "close"]


def held_fast(c: Combatant, what: str) -> None:
    """SP-GRAP-1: a Grappled character cannot move from the spot."""
    if c.has_condition("Grappled"):
        raise RuleError("{name} is Grappled and cannot move from the spot ({what}): escape first", name=c.name, what=Word(what))
