"""The options of Storypath's actions (the ``key=value`` words after an action) as typed models.

Shared parts are combined by subclassing: :class:`Roll` (pool and bonus successes), :class:`Mixed`
(the other half of a mixed action), :class:`Harm` (what a hit inflicts). pydantic lists the
fields of the bases in reverse order of the class line (``class Attack(Strike, Aim)`` lists
Aim's, then Harm's, Roll's and Mixed's), which keeps the order ``help ACTION`` shows.
Rules code reads fields: ``o = Attack.of(action)``, ``o.pool``; a yes/no choice with
:func:`yes`. The save keeps the values as typed (``"yes"``, ``3``)."""

from __future__ import annotations

from typing import Literal

from combat_cli.api import Name, Names, Options, RulesContext, opt

from .schema import Tables

YesNo = Literal["yes", "no"]
Band = Literal["close", "short", "medium", "long", "extreme"]

POOL = "dice pool: traits joined by + (close_combat+might) or a number"
ENH = "Enhancement: bonus successes, only if at least one success"
WAIVE = "yes: the Injury Conditions cannot affect this roll"
MIXED = "a mixed action: the other action's pool (the lower pool is rolled)"
OTHER = "what the other half does (other=stand: stand up, Complication 1)"
GIVE = "successes split off to the other half (default: its Difficulty)"
ODIFF = "Difficulty of the other half (default 1)"
BOX = ("the Injury box(es) the target's player chooses: bruised, injured, maimed (joined by + "
       "for a Critical: box=injured+bruised)")
NAME = "a name for the Injury Condition (\"Broken Arm\")"
RANGE = "range to the target"


def yes(value: str | None) -> bool:
    """A yes/no option answered yes (not given: no)."""
    return value == "yes"


class Roll(Options):
    """A rolled action: the pool, its bonus successes, the Injury penalty and the
    Complication (SP-DICE-*)."""

    pool: str | None = opt(POOL)
    enh: int | None = opt(ENH)
    team: int | None = opt("teamwork: the helpers' successes, an Enhancement of at most 3")
    waive: YesNo | None = opt(WAIVE)
    buy: Literal["first", "last", "no"] | None = opt(
        "the injury Complication: buy it off first, last (after Stunts) or no")

    def bonus(self, ctx: RulesContext) -> int:
        """enh=N plus teamwork team=N, at most teamwork_max (SP-DICE-7)."""
        return (self.enh or 0) + min(self.team or 0, Tables.of(ctx).dice.teamwork_max)


class Mixed(Options):
    """The other half of a mixed action (SP-ACT-4), or a complicate half (block=, task=)."""

    mixed: str | None = opt(MIXED)
    other: str | None = opt(OTHER)
    give: int | None = opt(GIVE)
    odiff: int | None = opt(ODIFF)
    block: Name | None = opt("the other half is a complicate action against NAME (with task=)")
    task: str | None = opt("the task blocked or attempted (\"open the door\", \"attack Ann\")")
    protect: Name | None = opt("complicate: Blocked applies to attacks on NAME")


class Harm(Options):
    """What a hit inflicts: the Injury boxes and names, the Stunts bought, the tags' effects."""

    box: str | None = opt(BOX)
    name: str | None = opt(NAME)
    name2: str | None = opt("a name for the Critical's extra Condition")
    stunts: str | None = opt("Stunts to buy in order: damage, critical, disarm, blind, "
                             "breakgrapple, enhanceN, complicateN, none (default auto: Inflict "
                             "Damage, then Critical)")
    range: Band | None = opt(RANGE)
    ally: Name | None = opt("who gets the Enhance Stunt's Enhancement on their next roll "
                            "(default: the attacker)")
    push: YesNo | None = opt("yes: a Pushing weapon knocks the target Prone after an Injury "
                             "Condition")
    shock: Names | None = opt("Shockwave: who else is hit (NAME+NAME; default: everyone at close "
                              "range of the target; none)")


class Strike(Mixed, Roll, Harm):
    """What every attack reads (attack, throw; grapple through :class:`Attack`)."""


class Aim(Options):
    """The attack action's own options: the weapon and the split among several targets."""

    weapon: str | None = opt("weapon from the catalogue (default: the stat block's)")
    split: str | None = opt("several targets: each target's successes joined by + (split=3+2)")


class Attack(Strike, Aim):
    """attack: weapon=, split=, then Harm, Roll, Mixed."""


class Lift(Options):
    """The throw action's own options: what is lifted and how it hits (SP-THROW-*)."""

    object: str | None = opt("what is thrown")
    person: str | None = opt("a combatant you grapple, thrown at the target")
    weight: int | None = opt("Difficulty of the lift (default 1)")
    large: YesNo | None = opt("yes: a car, a pillar: Shockwave")
    lethal: YesNo | None = opt("yes: Lethal (else Bashing)")
    stun: YesNo | None = opt("yes: Stun tag")
    pbox: str | None = opt("the thrown person's Injury box(es)")
    pname: str | None = opt("name of the thrown person's Injury")


class Throw(Strike, Lift):
    """throw: Lift, then Harm, Roll, Mixed."""


class Defend(Options):
    """defend (Full Defense) and react NAME defend."""

    mode: Literal["roll", "standard"] | None = opt(
        "reaction: roll (default) or standard Defense 1")
    dive: Name | None = opt("Dive for Cover from NAME's ranged attack: 1 success moves one range "
                            "band away, into cover")


class Complicate(Mixed, Roll):
    """complicate: Roll, then Mixed."""


class Grapple(Roll):
    """grapple: Roll and the range (default close)."""

    range: Band | None = opt(RANGE)


class Escape(Options):
    """escape a grapple."""

    pool: str | None = opt(POOL)
    waive: YesNo | None = opt(WAIVE)
    reverse: YesNo | None = opt("yes: reverse the grapple")


class Stand(Options):
    """stand up: a roll, the Injury if the Complication is not bought, a mixed action's half."""

    pool: str | None = opt(POOL)
    enh: int | None = opt(ENH)
    waive: YesNo | None = opt(WAIVE)
    box: str | None = opt(BOX)
    name: str | None = opt(NAME)
    mixed: str | None = opt(MIXED)
    other: str | None = opt(OTHER)
    give: int | None = opt(GIVE)
    odiff: int | None = opt(ODIFF)
    engaged: YesNo | None = opt("yes/no: an enemy is at close range")


class Pickup(Options):
    """pickup the weapon lost to a Disarm."""

    pool: str | None = opt("only when Blocked on picking it up: the roll that buys the Blocked "
                           "off (athletics+dexterity)")


class Chosen(Options):
    """do's own options: the Difficulty and whether it is reflexive."""

    diff: int | None = opt("Difficulty (default 1)")
    reflexive: YesNo | None = opt("yes: a reflexive action")


class Do(Mixed, Chosen, Roll):
    """do (any other rolled action): Roll, diff=, reflexive=, then Mixed."""


class Reflexive(Options):
    """a reflexive action without a roll."""

    what: str | None = opt("what the character does")


class Bare(Options):
    """An action without options (drag, letgo, prone)."""

