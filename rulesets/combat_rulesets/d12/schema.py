"""The typed shape of ``tables.toml``: every house-rule switch with the values it may take, the
characteristics that cap and budget bids, the weapon catalogue. The core loads the file, merges
a table's house rules (``[weapons.NAME]`` through the ruleset's ``merge_house_rules``), checks
and caches the result; rules code reads ``Tables.of(ctx).contest.ties``."""

from __future__ import annotations

from typing import Literal

from combat_cli.api import TablesModel
from combat_rulesets.d12.state import Realm

Kind = Literal["melee", "ranged", "defend"]
"""Which cap and default skill a bid uses."""
Characteristic = Literal["Strength", "Agility", "Intelligence", "Precision", "Will",
                         "Perception"]


class Task(TablesModel):
    display: Literal["effective", "target"]
    success: Literal["under", "under_or_equal"]


class Intervention(TablesModel):
    enabled: bool
    demonic: int
    angelic: int
    reroll_replaces: bool
    in_contests: bool
    on_rolloffs: bool
    check_both: bool
    exchange: Literal["halt", "proceed"]


class Bid(TablesModel):
    budget: Literal["per_round", "per_contest", "per_fight"]
    default_budget: dict[Realm, Characteristic]
    caps: dict[Realm, dict[Kind, Characteristic]]


class Contest(TablesModel):
    loser_always_takes_damage: bool
    ties: Literal["standoff", "reroll", "defender"]
    max_rerolls: int


class Path(TablesModel):
    mode: Literal["literal", "must_beat"]


class Movement(TablesModel):
    ties: Literal["rolloff", "declared"]


class Mob(TablesModel):
    simultaneous: bool


class Power(TablesModel):
    scheme: Literal["list", "walton"]
    size: dict[str, int]
    """Walton's sizes (small, medium, large) and their Power."""
    edged: int
    firearm: int
    strength_scope: Literal["unarmed_and_melee", "unarmed", "none"]
    strength_threshold: int
    strength_bonus: int
    other_realm_bonus: Literal["power", "none"]
    close_feet: int
    default_weapon: str


class Weapon(TablesModel):
    """One entry of the catalogue (``[weapons.NAME]``)."""

    power: int
    close_power: int | None = None
    ranged: bool = False
    firearm: bool = False
    unarmed: bool = False
    edged: bool = False
    song: bool = False
    size: str | None = None
    feet: list[int] | None = None
    """The listed distance band [FROM, TO] in feet."""
    aliases: list[str] = []
    note: str = ""
    skill: str | None = None
    """The default skill of an attack with the weapon."""


class Health(TablesModel):
    no_forces_multiplier: int
    default_hits: int


class Tables(TablesModel):
    realms: list[Realm]
    default_realm: Realm
    task: Task
    intervention: Intervention
    bid: Bid
    skills: dict[Realm, dict[Kind, str]]
    """The skill an action uses when it names none, per realm and kind ("": none)."""
    contest: Contest
    path: Path
    movement: Movement
    mob: Mob
    power: Power
    weapons: dict[str, Weapon]
    health: Health
