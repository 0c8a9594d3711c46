"""Turns and the action budget (SP-ACT-1, SP-ACT-2, SP-ACT-4): non-reflexive actions in the
character's own slot, one simple or mixed action and one attack a turn, reflexive actions any
time. State: the combatant's ``turn`` (set afresh by ``initiative.start_turn``)."""

from __future__ import annotations

from combat_cli.api import Combatant, RuleError, RulesContext, Word, locale

from . import initiative
from .schema import Tables
from .state import Turn, fight, fighter


def turn_of(ctx: RulesContext, c: Combatant) -> Turn:
    me = fighter(ctx, c)
    if not me.turn or me.turn.round != ctx.enc.round:
        me.turn = Turn(round=ctx.enc.round)
    return me.turn


def ensure_turn(ctx: RulesContext, c: Combatant) -> None:
    """Non-reflexive actions happen in the character's own slot (SP-ACT-1). A PC who has not
    acted yet may claim an open PC slot by acting in it (SP-INIT-3)."""
    enc = ctx.enc
    cur = initiative.current(ctx)
    if cur is not None and cur.id == c.id:
        if initiative.is_open(ctx):
            initiative.take_slot(ctx, c)
        return
    if (fighter(ctx, c).held_round == enc.round and not turn_of(ctx, c).used):
        return
    slots = initiative.roster(ctx)
    i = initiative.slot_index(ctx)
    if (initiative.is_open(ctx) and slots[i].side == c.side and not c.out
            and not initiative.done(ctx, c)
            and c.id not in {s.who for s in slots}):
        initiative.take_slot(ctx, c)
        return
    if cur is None:
        raise RuleError("every slot of round {round} has acted: end starts the next round", round=enc.round)
    if initiative.is_open(ctx) and not initiative.done(ctx, c):
        raise RuleError("{ctx}; {name} waits for their own slot (reflexive actions work any time)", ctx=initiative.open_slot_text(ctx), name=c.name)
    if initiative.done(ctx, c):
        raise RuleError("{name} has already had a turn this round ({cur} acts now)", name=c.name, cur=cur.name)
    raise RuleError("it is {cur}'s turn, not {name}'s (next ends it; reflexive actions work any time)", cur=cur.name, name=c.name)


def use_action(ctx: RulesContext, c: Combatant, kind: str, *, attack: bool = False) -> None:
    ensure_turn(ctx, c)
    t = turn_of(ctx, c)
    rules = Tables.of(ctx).actions
    if t.used:
        raise RuleError("{name} has already taken a {used} action this turn (one simple or one mixed action; next ends the turn)", name=c.name, used=Word(t.used))
    if attack and t.attacks >= rules.attacks_per_turn:
        raise RuleError("{name} has already attacked this turn (one attack per turn)", name=c.name)
    if (kind == "mixed" and rules.reflexive_counts_for_mixed
            and t.reflexive + 2 > rules.mixed_parts):
        raise RuleError("{name} already took {reflexive} this turn; they count toward the mixed action's limit of {mixed_parts}", name=c.name, reflexive=locale.n_("{n} reflexive action", "{n} reflexive actions", t.reflexive, ctx.language), mixed_parts=rules.mixed_parts)
    t.used = kind
    if attack:
        t.attacks += 1


def use_reflexive(ctx: RulesContext, c: Combatant) -> None:
    """SP-ACT-2: any time; on the character's own turn it counts toward a mixed action."""
    enc = ctx.enc
    rolled = fight(ctx).initiative
    if (fighter(ctx, c).lose_turn_round == enc.round
            and rolled is not None and rolled.round == enc.round):
        raise RuleError("{name} is surprised: no action in the first turn (SP-AMB-3)", name=c.name)
    cur = initiative.current(ctx)
    if cur is not None and cur.id == c.id:
        t = turn_of(ctx, c)
        rules = Tables.of(ctx).actions
        if (t.used == "mixed" and rules.reflexive_counts_for_mixed
                and t.reflexive + 3 > rules.mixed_parts):
            raise RuleError("{name} took a mixed action this turn; a reflexive action would exceed its limit of {mixed_parts} things", name=c.name, mixed_parts=rules.mixed_parts)
        t.reflexive += 1
