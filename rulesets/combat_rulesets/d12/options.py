"""The options of d12's actions as typed models: their fields are what the GM types
(``attack Cory bid=4 with=.22 path="Table Guy"``) and what rules code reads.

A declared ``attack`` or ``defend`` also keeps what the rules settled when it was declared
(:func:`combat_rulesets.d12.bids.check_declaration`): the bid as a number (``_bid``), the realm in force
(``_realm``) and, for a defence, its direction group as combatant ids (``_from``). These are
internal fields: the GM can never type them. A field set to None is not stored (the core's
``Options.dump``; the save keeps no ``null``): ``o.path = None; o.put(action)`` drops ``path``.
"""

from __future__ import annotations

from typing import Any, Literal

from combat_cli.api import ActionRequest, Names, Options, internal, opt
from combat_rulesets.d12.state import Realm

__all__ = ["Attack", "Bidding", "Defend", "Move", "Task", "bidding"]


def _bid() -> Any:
    return opt("stat bid: a number or full (at most the governing characteristic)")


def _skill() -> Any:
    return opt("a skill name of the combatant or a number (default: the action's usual skill "
               "if the combatant has it)")


def _realm() -> Any:
    return opt("corporeal, ethereal or celestial (default: the fight's realm)")


class Move(Options):
    to: str | None = opt("where to (free text)")


class Attack(Options):
    bid: str | None = _bid()
    skill: str | None = _skill()
    with_: str | None = opt("weapon for this attack (catalogue name or Walton build, default "
                            "the weapon stat, else punch)", aliases=("weapon",), key="with")
    realm: Realm | None = _realm()
    range: str | None = opt("close, far, or feet (close-range Power)")
    path: str | None = opt("things in the line of fire, nearest first: \"Table Guy,Bystander\" "
                           "(a thing: NAME:BONUS)")
    reach: Literal["yes", "no"] | None = opt("no if a brawler cannot touch the target")
    declared_realm: Realm | None = internal("_realm")
    """The realm in force when it was declared."""
    stake: int | None = internal("_bid")
    """The bid as a number, checked against its cap and the budget when declared."""

    @property
    def out_of_reach(self) -> bool:
        """``reach=no``: a brawler who cannot touch the target."""
        return self.reach == "no"


class Defend(Options):
    bid: str | None = _bid()
    from_: Names | None = opt("the direction group: attackers, \"Shooter 1,Shooter 2\"",
                              key="from")
    skill: str | None = _skill()
    realm: Realm | None = _realm()
    declared_realm: Realm | None = internal("_realm")
    """The realm in force when it was declared."""
    stake: int | None = internal("_bid")
    """The bid as a number, checked against its cap and the budget when declared."""
    group: list[str] | None = internal("_from")
    """The ids of the direction group (``from=``); None: the general defence."""


class Task(Options):
    tn: int | None = opt("the Target Number")
    skill: str | None = _skill()
    rp: int | None = opt("the GM's role-play bonus")
    mod: int | None = opt("a penalty added to the roll")
    for_: str | None = opt("what the task is (for the log)", key="for")


Bidding = Attack | Defend
"""The options of an action that bids: an attack or a defence."""


def bidding(action: ActionRequest) -> Bidding:
    """The options of an ``attack`` or a ``defend`` as its model."""
    return Defend.of(action) if action.name == "defend" else Attack.of(action)
