"""A PC attacked by someone its declaration did not defend against is asked on its phone for a
defensive bid, before the exchange is rolled (D12-BID-*, D12-MOB-6).

The seed has everyone declare aloud (attack whom, or defend) and then write bids, so bids are
made knowing who attacks whom. Sealed declarations take that away: a PC bids blind. Asking at
the exchange gives it back for the attacks it could not have known of; the bid is checked and
logged exactly as the ``defend`` verb does, against what is left of the round's budget.
Without a phone nobody is asked (the GM types ``defend``, as before)."""

from __future__ import annotations

from combat_cli.api import ActionRequest, Combatant, RuleError, RulesContext
from combat_rulesets.d12.bids import cap
from combat_rulesets.d12.schema import Tables
from combat_rulesets.d12.state import Realm, fighter
from combat_rulesets.d12.stats import budget

MOST_CHOICES = 12
"""At most this many bids are offered as buttons (a budget of 20 offers 1..12)."""


def left_to_bid(ctx: RulesContext, c: Combatant, realm: Realm) -> int | None:
    """What ``c`` may still bid in ``realm`` this round (None: no limit is known)."""
    from combat_rulesets.d12.bid_sheet import bids_json

    tables = Tables.of(ctx)
    whole = budget(c, realm, tables)[0]
    limit = cap(c, realm, "defend", tables)[0]
    if whole is None:
        return limit
    spent = fighter(ctx, c).spent.get(realm, 0) if tables.bid.budget == "per_fight" else 0
    left = whole - spent - bids_json(ctx, c)["committed"].get(realm, 0)
    return left if limit is None else min(left, limit)


def ask_defence(ctx: RulesContext, target: Combatant, attacker: Combatant, realm: Realm
                ) -> None:
    """Ask ``target``'s phone how much it bids to defend against ``attacker``; a bid taken
    is added to its declaration (``defend N from=ATTACKER``)."""
    from combat_rulesets.d12.rounds import add_defence

    if target.side != "pc":
        return
    most = left_to_bid(ctx, target, realm)
    if most is None or most < 1:
        return
    who = attacker.name if not attacker.hidden else ctx.label("an unseen attacker")
    choices = tuple(str(n) for n in range(1, min(most, MOST_CHOICES) + 1)) + ("pass",)
    answer = ctx.ask(ctx.say("{attacker} attacks {name} ({realm}): defend with a bid?",
                             attacker=who, name=target.name, realm=ctx.label(realm)),
                     choices, (target.name,), phones_only=True)
    if answer is None or answer == "pass":
        return
    action = ActionRequest(name="defend", options={"bid": answer, "from": attacker.name},
                           text=f"defend {answer}")
    try:
        add_defence(ctx, target, action)
    except RuleError as e:
        ctx.note(ctx.say("{name} cannot defend: {why}", name=target.name, why=e))
