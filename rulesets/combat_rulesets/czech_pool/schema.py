"""The typed shape of ``tables.toml``: every house-rule switch with the values it may take
(a switch's text is read without case or diacritics: "Bezvědomí" is bezvedomi), and every
section the rules read. Rules code reads ``Tables.of(ctx).core.base_difficulty``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from combat_cli.api import TablesModel
from combat_rulesets.czech_pool.lang import norm


def _norm(value: Any) -> Any:
    return norm(value) if isinstance(value, str) else value


Norm = BeforeValidator(_norm)


class Amb(TablesModel):
    full_defence: Annotated[Literal["both", "attacker", "own"], Norm]
    success: Literal[">=", ">"]
    ones_cancel: bool
    one_roll: Annotated[Literal["per_pair", "highest"], Norm]
    forced_skill: Annotated[Literal["trump", "melee_or_brawl"], Norm]
    talent_difficulty: Annotated[Literal["opponent", "own"], Norm]
    table_columns: Annotated[Literal["recommended", "as_printed"], Norm]
    range_second_value: Annotated[Literal["pool", "damage"], Norm]
    outnumber_baseline: Annotated[Literal["free", "one"], Norm]
    undefended_zero: bool
    non_threat_disadvantage_only: bool
    drop_defence_disadvantage: bool
    difficulty_min: int
    difficulty_max: int
    ties_simultaneous: bool
    notice_roll: bool
    notice_difficulty: int
    notice_surprise: bool
    clash_speed: Annotated[Literal["own", "faster"], Norm]

    @field_validator("difficulty_max")
    @classmethod
    def _limits(cls, top: int, info: ValidationInfo) -> int:
        low = info.data.get("difficulty_min")
        if isinstance(low, int) and not 1 <= low <= top <= 10:
            raise PydanticCustomError(
                "limits", "must be at least amb.difficulty_min ({low}) and at most 10",
                {"low": low})
        return top


Column = int | list[int]
"""A modifier cell: one value, or one per grade (small/medium/large, bruise/wound/maiming)."""


class Core(TablesModel):
    base_difficulty: int
    die_sides: int
    outnumber_penalty: int
    free_base: int
    free_skill_floor: int
    talent_free_bonus: int
    talent_single_difficulty: int
    talent_skills: list[str]
    full_defence_attacker: int
    full_defence_own: int
    full_defence_floor: int
    faster_weapon: int
    disadvantage_step: int
    disadvantage_max: int
    default_choice: Annotated[Literal["wound", "disadvantage", "zranit", "nevyhoda"], Norm]
    brawl_length: int
    brawl_speed: int
    brawl_damage: int


class Skills(TablesModel):
    attribute: dict[str, list[str]]
    speed_source: dict[str, Literal["weapon", "brawl", "spell", "miracle", "none"]]
    defend_with: dict[str, list[str]]
    forcing: list[str]
    forced_from: list[str]
    trump: dict[str, list[str]]
    melee_or_brawl: list[str]
    ranged: list[str]


class Health(TablesModel):
    base_levels: int
    severity: list[int]
    check_attribute: str
    check_skills: list[str]
    recheck_against: Annotated[Literal["previous", "worst"], Norm]
    at_zero: Annotated[Literal["bezvedomi", "smrt", "unconscious", "dead"], Norm]
    penalty_from: list[int]


class Check(TablesModel):
    """T-CZ-3: the check roll's pool (attribute, skill; "SKILL" = the action's) by kind."""

    rovnovaha: list[str]
    houzevnatost: list[str]
    soustredeni: list[str]
    default: dict[str, str]

    def pool(self, kind: str) -> tuple[str, str]:
        attr, skill = getattr(self, kind)
        return attr, skill


class Row(TablesModel):
    """A row of the modifier table; a column the row does not give is 0 (see :meth:`has`)."""

    difficulty: Column = 0
    pool: Column = 0
    damage: Column = 0
    damage_taken: Column = 0
    second: Column = 0
    opponent_difficulty: Column = 0
    max: int | None = None

    def has(self, column: str) -> bool:
        return column in self.model_fields_set

    def cell(self, column: str, index: int = 0) -> int:
        v: Column = getattr(self, column)
        if isinstance(v, list):
            return v[min(index, len(v) - 1)] if v else 0
        return v


class Weapon(TablesModel):
    en: str
    cs: str = ""
    """The Czech name as shown (the key is it without diacritics); "" = the key."""
    speed: int
    length: int
    damage: int


class Tables(TablesModel):
    amb: Amb
    core: Core
    skills: Skills
    health: Health
    check: Check
    modifiers: dict[str, Row]
    modifiers_as_printed: dict[str, Row]
    weapons: dict[str, Weapon]
