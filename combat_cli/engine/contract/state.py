"""Typed state: what a ruleset keeps per combatant and per encounter, as pydantic models.

A ruleset declares a subclass of :class:`CombatantState` (``Ruleset.combatant_state``) and of
:class:`EncounterState` (``Ruleset.encounter_state``) with a field per thing it keeps (a wound
count, a bid, the range bands between pairs). Rules code reads and writes fields::

    me = Fighter.of(ctx, c)          # the typed state of c for this command
    me.wounds += 1                   # kept when the command succeeds

In the save file they stay plain JSON (``Combatant.data``, ``Encounter.data``): a field is
written when it differs from its default, so a file holds no more than before.
Loading a save validates every combatant's and the encounter's state against the models (a
wrong value is one line naming the combatant and the field); a ruleset whose state changed
shape converts older files in :meth:`~combat_cli.engine.contract.ruleset.Ruleset.migrate_state`.

The core's own keys live in the same place and are fields of the two base classes (a
combatant's own dice mode; the encounter's dice mode, the closed fight, the GM's order moves).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from combat_cli.engine.contract.host import Host, host
from combat_cli.engine.domain.errors import RuleError, invalid
from combat_cli.locale import Word

if TYPE_CHECKING:
    from combat_cli.engine.domain.models import Combatant, Encounter

S = TypeVar("S", bound="State")


class State(BaseModel):
    """Base of the typed states: unknown keys are refused (a typo never silently adds one)."""

    model_config = ConfigDict(extra="forbid", validate_assignment=False)

    @classmethod
    def of(cls: type[S], where: StateSource, owner: Combatant | Encounter) -> S:
        """The state of ``owner`` (a combatant, or the encounter) as this model.

        ``where`` is the rules context (changes are kept when the command succeeds) or a
        read-only view (display hooks: changes are never kept)."""
        found = where.state(owner)
        if not isinstance(found, cls):
            raise TypeError(f"{cls.__name__} is not the state model the ruleset declares "
                            f"for {type(owner).__name__} (it is {type(found).__name__})")
        return found


class CombatantState(State):
    """Base of a ruleset's per-combatant state; the core's field: the combatant's own dice."""

    dice: str | None = None
    """``set NAME dice=manual|auto``: who rolls for this combatant (None: the table's mode)."""


class EncounterState(State):
    """Base of a ruleset's per-encounter state; the core's fields."""

    dice: str | None = None
    """``dice auto|manual|players``: who rolls, as the GM last said (None: the flag's)."""
    fight_over: bool = False
    """``end fight`` closed the fight."""
    order_moves: list[list[Any]] = Field(default_factory=list)
    """This round's ``move NAME before|after OTHER`` ([id, other id, after]), kept for the
    next round's order."""
    revealed: bool = False
    """This round's sealed declarations were opened (``reveal``): a phone may not change its
    own any more, and what the GM declares now is seen at once."""
    reveal_auto: bool = False
    """``reveal auto``: the last declaration coming in opens them all."""


class OpenCombatantState(CombatantState):
    """The state of a ruleset that declares no model: any JSON keys, unchecked."""

    model_config = ConfigDict(extra="allow")


class OpenEncounterState(EncounterState):
    model_config = ConfigDict(extra="allow")


class StateSource(Protocol):
    def state(self, owner: Combatant | Encounter) -> State: ...


def model_for(ruleset: Any, owner: Combatant | Encounter) -> type[State]:
    from combat_cli.engine.domain.models import Combatant

    if isinstance(owner, Combatant):
        model: type[State] = ruleset.combatant_state
    else:
        model = ruleset.encounter_state
    return model


def read(model: type[S], data: dict[str, Any]) -> S:
    """``data`` as ``model`` (the caller has validated it on load: a failure is a bug)."""
    return model.model_validate(data)


def dump(state: State) -> dict[str, Any]:
    """The JSON to keep: the fields that differ from their default (and, in an open state,
    every key it holds)."""
    full = state.model_dump(mode="json")
    fields = type(state).model_fields
    return {k: v for k, v in full.items() if k not in fields or v != _default_json(fields[k])}


def _default_json(field: Any) -> Any:
    default = field.get_default(call_default_factory=True)
    if isinstance(default, BaseModel):
        return default.model_dump(mode="json")
    return default


def check(ruleset: Any, enc: Encounter) -> None:
    """Validate (and migrate) the ruleset state of a loaded encounter, in place, and the
    options of its declared and queued actions; RuleError naming the combatant and the field
    when something is wrong. Valid data that needed no migration is left as it was, byte for
    byte."""
    enc.data = _checked(ruleset, "encounter", enc.data, ruleset.encounter_state, "")
    for c in enc.combatants:
        c.data = _checked(ruleset, "combatant", c.data, ruleset.combatant_state, c.name)
    from combat_cli.engine.grammar import options

    options.check(ruleset, enc)
    check_stats(ruleset, enc)


def check_stats(ruleset: Any, enc: Encounter) -> None:
    """Check every combatant's and template's stats as typed ones are (``set NAME STAT=VALUE``,
    ``import FILE``): RuleError naming the combatant (or template) and the field. A value the
    rules read in another form (``"3"`` for 3) is kept in that form; valid data is left as
    it was."""
    from combat_cli.engine.contract.view import RulesView
    from combat_cli.engine.domain.models import Combatant

    view = RulesView(enc, ruleset)
    services = host(ruleset)
    for c in enc.combatants:
        stats = _checked_stats(services, view, c, c.name)
        if stats != c.stats:
            c.stats = stats
    # each template is checked through one stand-in combatant, its name and stats set in
    # turn: building one per template was a third of opening a 100,000-template library
    # (the rules only read the stand-in; they keep copies, never the stand-in itself)
    stand_in = Combatant(id="", name="-", tag="-")
    fields = stand_in.__dict__
    for name, t in enc.templates.items():
        fields["name"], fields["stats"] = name, t.stats
        stats = _checked_stats(services, view, stand_in, f"template {name}")
        if stats != t.stats:
            t.stats = stats


def _checked_stats(services: Host, view: Any, c: Any, who: str) -> dict[str, Any]:
    try:
        return services.check_stats(view, c)
    except RuleError as e:
        if str(e).startswith(f"{who}:"):
            raise
        raise RuleError("{name}: {note}", name=who, note=e.msg) from None
    except (LookupError, TypeError, ValueError, AttributeError):
        raise RuleError("{name}: {stat} cannot be read", name=who,
                        stat=_bad_stat(services, c.stats)) from None


def _bad_stat(services: Host, stats: dict[str, Any]) -> str:
    """The stat the ruleset cannot read (the first that fails alone; "a stat" if none does)."""
    for k, v in stats.items():
        try:
            services.validate_stats({k: v})
        except Exception:  # noqa: BLE001 - which one, whatever the ruleset raises
            return k
    return "a stat"


def _checked(ruleset: Any, kind: str, data: dict[str, Any], model: type[State],
             who: str) -> dict[str, Any]:
    migrated = ruleset.migrate_state(kind, dict(data))
    try:
        typed = model.model_validate(migrated)
        return data if migrated == data else dump(typed)
    except ValidationError as e:
        error, where, msg, found = invalid(e)
        owner = who or Word("the encounter")
        if error == "extra_forbidden":
            raise RuleError("{who}: no {where} in this ruleset's state (found {found})", who=owner, where=where, found=found
                            ) from None
        raise RuleError("{who}: {where} {problem} (found {found})", who=owner, where=where, problem=msg, found=found) from None
