"""What D6 keeps per combatant and per encounter (typed, checked when a file is loaded).

Per combatant: the wound level and stuns, this round's bookkeeping (actions, reactions
ready and rolled, targets, shots), the initiative tie-break roll, ammunition, first-aid kits
and attempts, the natural-healing clock. Per encounter: what was said between a shooter and
a target (range, cover ...) and the state of protection that was shot at.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from combat_cli.api import ActionRequest, CombatantState, EncounterState
from combat_rulesets.d6.options import GuardKind, guard_of, guard_problem

if TYPE_CHECKING:
    from combat_cli.api import RulesContext, RulesView
    from combat_rulesets.d6.options import Block, Parry

Where = Union["RulesContext", "RulesView"]
"""Rules code's context (changes are kept) or a display hook's view (read-only)."""


class Part(BaseModel):
    """A nested piece of state: unknown keys refused, like the state itself."""

    model_config = ConfigDict(extra="forbid")


class ReadyDodge(Part):
    """A dodge declared and not rolled yet."""

    full: bool


class ReadyMelee(Part):
    """A parry or block declared and not rolled yet (with the options it was declared with)."""

    kind: GuardKind
    options: dict[str, Any] = Field(default_factory=dict)
    """The declared action's options as the GM typed them (vs=, weapon=, with=), read
    through :meth:`declared`."""

    @field_validator("options")
    @classmethod
    def _options_fit(cls, options: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        kind = info.data.get("kind")
        problem = guard_problem(kind, options) if kind is not None else None
        if problem is not None:  # the loader adds what it found: the options
            raise PydanticCustomError("options", problem)
        return options

    def declared(self) -> Parry | Block:
        """The options it was declared with, as the parry's or block's model."""
        return guard_of(ActionRequest(name=self.kind, options=self.options))


class Dodge(Part):
    """This round's dodge roll: every ranged attack's difficulty (full: added to it)."""

    value: int
    full: bool


class Defence(Part):
    """A rolled reaction: a parry or block waiting for its melee attack (``parries``), or
    what an attack meets (``kind`` dodge, parry or block)."""

    value: int
    kind: str
    vs: str | None = None
    """The attacker's id it is for (None: the next one)."""
    full: bool = False


class RoundState(Part):
    """One combatant's bookkeeping for round :attr:`round` (fresh when the round moves on)."""

    round: int
    declared: int = 0
    """Actions declared (a reload counts its actions)."""
    extra: int = 0
    """Actions added since: act, undeclared reactions, the GM."""
    held: int = 0
    """Reactions declared (held)."""
    used_held: int = 0
    """Declared reactions already rolled."""
    ready_dodge: ReadyDodge | None = None
    ready_melee: list[ReadyMelee] = Field(default_factory=list)
    dodge: Dodge | None = None
    parries: list[Defence] = Field(default_factory=list)
    targets: list[str] = Field(default_factory=list)
    """The round's targets in order (the extra-target penalty)."""
    fired_at: list[str] = Field(default_factory=list)
    """Who was actually fired at this round."""
    shots: dict[str, int] = Field(default_factory=dict)
    """Shots fired this round per weapon (ROF)."""
    no_more: bool = False
    """Wounded this round: no more actions."""
    full_dodge: bool = False
    no_defence: bool = False
    """Fires full auto this round: no active defence."""


class HealClock(Part):
    """The natural-healing period running for the current wound level (T-D6-8)."""

    start: int
    """When it began (clock seconds)."""
    level: str
    need: int
    """Seconds of rest it needs."""
    care: Literal["rest", "easy", "work"] = "rest"
    worked: bool = False


SituationKey = Literal["range", "cover", "conceal", "protection"]


class D6Fighter(CombatantState):
    wound: int = 0
    """The wound level's index (0 healthy, 2 Wounded ... 6 Killed); stuns are kept apart."""
    stuns: int = 0
    """Stuns taken (they count towards a knockout until they wear off)."""
    stun_round: int = -1
    """The last round the stun penalty applies (-1: none)."""
    mw_rounds: int = 0
    """Rounds spent Mortally Wounded (the end-of-round check)."""
    rd: RoundState | None = None
    """This round's bookkeeping (read it through ``core.rd``)."""
    init_roll: int | None = None
    """The Instincts roll that breaks initiative ties, made once when first needed."""
    ammo: dict[str, int] = Field(default_factory=dict)
    """Shots left per weapon with a magazine."""
    kits: int = 0
    """The kits stat as last seen (kit uses follow it when it changes)."""
    kit_uses: int = 0
    fa_attempts: list[int] = Field(default_factory=list)
    """When first aid was tried on this combatant (clock seconds), for the same-day step up."""
    fa_lock_until: int | None = None
    """No first aid before this time (a roll missed badly)."""
    heal: HealClock | None = None
    new_skills: list[str] = Field(default_factory=list)
    """Skills typed close to a known one, already warned about."""


class D6Fight(EncounterState):
    pairs: dict[str, dict[SituationKey, str]] = Field(default_factory=dict)
    """``shooter id>target id`` -> what was said between them (range, cover ...)."""
    protection: dict[str, str] = Field(default_factory=dict)
    """Protection shot at -> its state (heavily damaged ...)."""
    moves: list[tuple[str, str, bool]] = Field(default_factory=list)
    """The GM's ``move NAME before|after OTHER`` ([id, other id, after]) in the order they
    were made: the Instincts order is the same every round, so each round keeps them."""


def fighter(where: Where, c: Any) -> D6Fighter:
    """The typed state of combatant ``c``."""
    return D6Fighter.of(where, c)


def fight(where: Where) -> D6Fight:
    """The typed state of the encounter."""
    return D6Fight.of(where, where.enc)
