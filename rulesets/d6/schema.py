"""The typed shape of ``tables.toml``: every house-rule switch with the values it may take.
Sections without switches stay open (their keys and kinds are checked by the merge)."""

from __future__ import annotations

from typing import Any, Literal

from combat_cli.api import TablesModel

Level = Literal["Wounded", "Wounded Twice", "Incapacitated", "Mortally Wounded"]


class Actions(TablesModel):
    max: int
    penalty_per_extra: int
    held_unused_counts: bool


class Pools(TablesModel):
    zero: Literal["cannot", "one_die"]
    wild_die: bool


class Initiative(TablesModel):
    tie_break: list[Literal["pc_first", "roll"]]


class Ties(TablesModel):
    mode: Literal["literal", "ge", "gt"]


class Reactions(TablesModel):
    mode: Literal["partial_replaces", "add", "replace"]
    reaction_penalty: Literal["undeclared", "always", "never"]
    reaction_penalty_dice: int
    adds_action: bool
    dodge_vs_melee: bool
    auto_declared: bool


class MultiTarget(TablesModel):
    per_extra_target: int
    applies_to_melee: bool


class Ranged(TablesModel):
    default_range: str
    bands: dict[str, int]
    multi_target: MultiTarget


class Modifiers(TablesModel):
    difficulty_dice: Literal["roll", "fixed"]


class Melee(TablesModel):
    weapon_difficulty: int
    ev_on_unarmed: bool


class Wounds(TablesModel):
    repeat: Literal["re", "opend6"]
    stun_knockout: bool


class Healing(TablesModel):
    rest_days: dict[Level, int]
    revive_level: Literal["Stunned", "Wounded", "Wounded Twice", "Incapacitated",
                          "Mortally Wounded"]


class FirstAid(TablesModel):
    kit_required: bool
    same_day_hours: int


class TwoGuns(TablesModel):
    offhand_penalty: int


class Tables(TablesModel):
    difficulty: dict[str, Any]
    actions: Actions
    pools: Pools
    initiative: Initiative
    ties: Ties
    reactions: Reactions
    ranged: Ranged
    modifiers: Modifiers
    protection: dict[str, Any]
    scale: dict[str, Any]
    scale_aliases: dict[str, str]
    melee: Melee
    damage: dict[str, Any]
    wounds: Wounds
    healing: Healing
    first_aid: FirstAid
    two_guns: TwoGuns
    spray: dict[str, dict[str, Any]]
    weapons: dict[str, dict[str, Any]]
    skills: dict[str, Any]
