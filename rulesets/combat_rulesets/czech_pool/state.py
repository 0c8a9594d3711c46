"""What czech_pool keeps between commands, typed.

Per combatant (:class:`Fighter`): the wounds taken (levels each), the skills he must fight with
this turn and next (CZ-SKILL-3), surprised in turn 1 (AMB-CZ-14).

Per encounter (:class:`Souboj`, saved under ``czp``): the disadvantages between pairs
(CZ-RES-1), the environment for everyone, and this turn's model (:class:`Turn`): engagements,
pools and their faces, per-pair difficulties, speeds, and what has been resolved.
"""

from __future__ import annotations

from typing import Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    SerializationInfo,
    field_serializer,
    field_validator,
)

from combat_cli.api import (
    Combatant,
    CombatantState,
    EncounterState,
    Record,
    RulesContext,
    RulesView,
)

Where = RulesContext | RulesView
"""Rules code reads the state through its context (changes kept), display hooks through their
view (a copy)."""


class Part(BaseModel):
    """A piece of the state: unknown keys are refused like in the state itself."""

    model_config = ConfigDict(extra="forbid")


class Fighter(CombatantState):
    wounds: list[int] = Field(default_factory=list)
    """Each wound taken, in wound levels, oldest first (healing takes the latest first)."""
    forced: list[str] = Field(default_factory=list)
    """The skills he must fight with this turn (lost to Boj/Rvačka last turn)."""
    forced_next: list[str] = Field(default_factory=list)
    """The same, for the next turn (set when he loses this turn)."""
    surprised: bool = False
    """Turn 1: no success on the notice roll, threatens nobody (AMB-CZ-14)."""


class Pair(Part):
    """The disadvantage HOLDER imposed on VICTIM (the key ``"HOLDER>VICTIM"``)."""

    level: int = 0
    """+0..+3 difficulty for VICTIM against HOLDER."""
    fd: bool = False
    """Imposed while only defending (lost if HOLDER starts threatening, AMB-CZ-11)."""


class Threat(Part):
    """One declared threat, as understood (options matched) and, in the turn, its speed."""

    target: str
    skill: str
    action: str
    flags: list[str] = Field(default_factory=list)
    choice: str | None = None
    """wound | disadvantage (None: the table's default)."""
    attr: str | None = None
    check: str | None = None
    size: str | None = None
    range: str | None = None
    """The index of the range column ("0" short, "1" long)."""
    cover: str | None = None
    """The index of the cover column ("0" small .. "2" large)."""
    diff: int = 0
    pool: int = 0
    damage: int | None = None
    speed: int | None = None
    """The speed the GM gave (rychlost=), else from the weapon/spell."""
    speed_value: int = 0
    speed_text: str = ""


class Pool(Part):
    """A combatant's one roll this turn."""

    n: int
    skill: str
    attr: str
    free: int
    defended: int
    text: str
    faces: list[int] | None = None
    """Its faces (None: not rolled yet, or the GM typed only a total)."""
    total: int = 0


class Difficulty(Part):
    value: int
    parts: list[tuple[str, int]] = Field(default_factory=list)
    """What made it (name shown, value)."""


class Deferred(Part):
    """A slower winner's effect, waiting for his own speed (AMB-CZ-15)."""

    winner: str
    margin: int


class Turn(Part):
    """Everything fixed when the turn's resolution starts, and what has happened since."""

    pools: dict[str, Pool] = Field(default_factory=dict)
    diff: dict[str, dict[str, Difficulty]] = Field(default_factory=dict)
    """combatant -> opponent -> his difficulty against him."""
    self_diff: dict[str, int] = Field(default_factory=dict)
    threats: dict[str, list[Threat]] = Field(default_factory=dict)
    engage: dict[str, dict[str, str]] = Field(default_factory=dict)
    """combatant -> opponent -> the skill he faces him with."""
    used: dict[str, list[str]] = Field(default_factory=dict)
    defended: dict[str, list[str]] = Field(default_factory=dict)
    full: list[str] = Field(default_factory=list)
    stand: list[str] = Field(default_factory=list)
    resolved: list[str] = Field(default_factory=list)
    """The pairs decided this turn ("A|B", sorted)."""
    void: list[str] = Field(default_factory=list)
    """Who failed his check roll: his actions are lost."""
    checked: dict[str, bool] = Field(default_factory=dict)
    wounds: dict[str, list[tuple[int, int]]] = Field(default_factory=dict)
    """combatant -> (speed, levels) of each wound taken this turn."""
    out_speed: dict[str, int] = Field(default_factory=dict)
    speeds: dict[str, int | None] = Field(default_factory=dict)
    deferred: dict[str, Deferred] = Field(default_factory=dict)


class Czp(Part):
    pairs: dict[str, Pair] = Field(default_factory=dict)
    turn: Turn | None = None
    """This turn's model while it is resolved (None between turns; ``{}`` in the file, as
    it always was)."""
    env: dict[str, int] = Field(default_factory=dict)
    """``prostředí``: weather/terrain 0..2, dusk/dark/cramped 0..1, for everyone."""
    last_full: list[str] = Field(default_factory=list)
    """Who only defended last turn."""

    @field_validator("turn", mode="before")
    @classmethod
    def _no_turn(cls, value: Any) -> Any:
        return None if value == {} else value

    @field_serializer("turn")
    def _turn_json(self, turn: Turn | None, info: SerializationInfo) -> dict[str, Any]:
        return {} if turn is None else turn.model_dump(mode=info.mode)


class Slot(Record):
    """What the plan keeps with a queued action (``QueueItem.data``): its speed (the queue
    runs from the fastest) and whether its actor was surprised (his attack lapses,
    AMB-CZ-14). Stored as always (``{"speed": 9}``, ``{"speed": -1, "surprised": true}``)."""

    speed: int = 0
    surprised: bool = False


class Clash(Record):
    """What a clash's log entry keeps besides its text (``LogEntry.data``): both sides'
    successes, the other side's difficulty, the speed, the winner's name."""

    successes: int | None = None
    target_successes: int | None = None
    target_difficulty: int | None = None
    speed: int | None = None
    winner: str | None = None


class Counted(Record):
    """What a pool's roll entry keeps when its clashes count it at several difficulties:
    the successes per opponent, as shown (``Zbojník (obt. 7): 2; Vlk (obt. 8): 1``)."""

    successes: str | None = None


class Souboj(EncounterState):
    czp: Czp = Field(default_factory=Czp)


def fighter(where: Where, c: Combatant) -> Fighter:
    """c's state (in rules code: the same object for the whole command)."""
    return Fighter.of(where, c)


def czp(where: Where) -> Czp:
    """The encounter's pairs, environment and turn."""
    return Souboj.of(where, where.enc).czp
