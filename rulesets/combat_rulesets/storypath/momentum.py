"""The Momentum pools and a roll's Complication (SP-DICE-5): threshold successes buy it off, or
the other side gains Momentum."""

from __future__ import annotations

from combat_cli.api import Combatant, Msg, RulesContext

from .state import fight
from .stats import is_pc

NOW = "Momentum now: players {players}, Storyguide {storyguide}"


def momentum(ctx: RulesContext, side: str, n: int) -> None:
    """Add ``n`` to a Momentum pool and tell the GM both pools (one note a command, the
    pools as they end up)."""
    m = fight(ctx).momentum
    setattr(m, side, getattr(m, side) + n)
    ctx.notes[:] = [x for x in ctx.notes if not (isinstance(x, Msg) and x.key == NOW)]  # once
    ctx.note(NOW, players=m.players, storyguide=m.storyguide)                # per command


def consolation(ctx: RulesContext, c: Combatant, notes: list[str]) -> None:
    """SP-DICE-4: a PC's failed roll earns the players 1 Momentum (the Consolation)."""
    if is_pc(c):
        notes.append(ctx.say("Consolation: +1 Momentum to the players"))
        momentum(ctx, "players", 1)


def settle(ctx: RulesContext, c: Combatant, cmp_n: int, rest: int, notes: list[str], *,
           can_buy: bool = True) -> int:
    """SP-DICE-5: buy off a roll's Complication (injury, Complicate Stunt) with threshold
    successes, or leave it: +1 Momentum to the other side. Returns the successes left."""
    if not cmp_n:
        return rest
    if can_buy and rest >= cmp_n:
        notes.append(ctx.say("buys off Complication {n}", n=cmp_n))
        return rest - cmp_n
    notes.append(ctx.say("Complication {n} not bought off: +1 Momentum to the Storyguide"
                         if is_pc(c) else
                         "Complication {n} not bought off: +1 Momentum to the players", n=cmp_n))
    momentum(ctx, "storyguide" if is_pc(c) else "players", 1)
    return rest
