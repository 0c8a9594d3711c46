"""The typed shape of ``tables.toml``: every house-rule switch with the values it may take.
Sections without switches stay open (their keys and kinds are checked by the merge); the
characteristics named in ``bid`` are checked by the ruleset (they must be its stats)."""

from __future__ import annotations

from typing import Any, Literal

from combat_cli.api import TablesModel

Realm = Literal["corporeal", "ethereal", "celestial"]


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
    default_budget: dict[Realm, str]
    caps: dict[Realm, dict[Literal["melee", "ranged", "defend"], str]]


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
    strength_scope: Literal["unarmed_and_melee", "unarmed", "none"]
    strength_threshold: int
    strength_bonus: int
    other_realm_bonus: Literal["power", "none"]


class Health(TablesModel):
    no_forces_multiplier: int
    default_hits: int


class Tables(TablesModel):
    realms: list[Realm]
    default_realm: Realm
    task: Task
    intervention: Intervention
    bid: Bid
    skills: dict[str, Any]
    contest: Contest
    path: Path
    movement: Movement
    mob: Mob
    power: Power
    weapons: dict[str, dict[str, Any]]
    health: Health
