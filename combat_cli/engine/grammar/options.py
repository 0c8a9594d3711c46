"""Typed action options: the ``key=value`` words an action takes, as a pydantic model.

A ruleset declares a model per kind of action, one field per option, and names it in the
action's spec; the fields drive parsing, ``help ACTION`` and completion::

    class Shot(Options):
        weapon: str | None = opt("the weapon used")
        cover: Literal["half", "full"] | None = opt("physical cover", aliases=("c",))
        diff: int | None = opt("GM modifier to the difficulty")
        vs: Name | None = opt("the attacker this is for")

    ActionSpec("shoot", options=Shot, target="required")

What a field's type means to the GM: ``int`` is a whole number; a ``Literal`` is a choice
(matched by unique prefix, completed); :data:`Name` / :data:`Names` is one combatant / a
list ``A,B`` (completed with the fight's names, passed as text for the rules to look up);
anything else is text. Rules code reads fields::

    o = Shot.of(action)
    if o.cover == "half": ...

In the save an action keeps its options as plain JSON (``ActionRequest.options``), the keys
the GM typed and nothing else, so a file holds no more than before. Loading a save validates
every declared and queued action's options against its model (one line naming whose action
and the option). Rules code that must remember something with the action (the bid a
declaration stood at) declares it with :func:`internal` (stored under a key starting
with ``_``, which the GM can never type) and writes it back with :meth:`Options.put`.
"""

from __future__ import annotations

import types
from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from combat_cli.engine.domain.errors import RuleError, invalid
from combat_cli.locale import Msg

if TYPE_CHECKING:
    from pydantic.fields import FieldInfo

    from combat_cli.engine.contract.ruleset import ActionSpec, OptionSpec
    from combat_cli.engine.domain.models import ActionRequest, Encounter

OptionsT = TypeVar("OptionsT", bound="Options")


class _Kind:
    """A marker in ``Annotated`` for the option kinds that are text to pydantic."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    def __repr__(self) -> str:
        return f"kind:{self.kind}"


Name = Annotated[str, _Kind("name")]
"""One combatant, by name (completed with the fight's names; the rules look it up)."""
Names = Annotated[str, _Kind("names")]
"""Several combatants, ``A,B`` (completed with the fight's names)."""


def opt(help: str = "", *, aliases: tuple[str, ...] = (), default: Any = None,
        key: str | None = None) -> Any:
    """A field that is an option the GM types: its help line and other names. ``key`` is the
    option's name when it cannot be the field's (a Python keyword: ``with_ = opt(...,
    key="with")``)."""
    return Field(default, alias=key, description=help,
                 json_schema_extra={"aliases": list(aliases)})


def internal(key: str, default: Any = None) -> Any:
    """A field the rules keep with the action, stored under ``key`` (``"_bid"``: a leading
    underscore, so the GM can never type it); not an option."""
    if not key.startswith("_"):
        raise ValueError(f"an internal option's key starts with _, not {key!r}")
    return Field(default, alias=key, json_schema_extra={"internal": True})


class Options(BaseModel):
    """Base of an action's options model. Unknown keys are refused; a model with no fields
    is an action without options."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)

    @classmethod
    def of(cls: type[OptionsT], action: ActionRequest) -> OptionsT:
        """The options of ``action`` as this model (checked when typed and when loaded: a
        failure here is a rules bug, told in one line)."""
        try:
            return cls.model_validate(action.options)
        except ValidationError as e:
            raise RuleError(_problem(e, action.name)) from None

    def put(self, action: ActionRequest) -> None:
        """Write these options back to ``action`` (the keys set, internal ones as ``_name``)."""
        action.options = self.dump()

    def dump(self) -> dict[str, Any]:
        """The JSON kept in the save: the options given or set, nothing else (one set to
        None is taken away: ``o.path = None; o.put(a)`` clears it)."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True, exclude_none=True)


def _internal(f: FieldInfo) -> bool:
    extra = f.json_schema_extra
    return isinstance(extra, dict) and bool(extra.get("internal"))


def specs(model: type[Options]) -> tuple[OptionSpec, ...]:
    """The option specs (name, help, kind, choices, aliases) the model's fields declare."""
    from combat_cli.engine.contract.ruleset import OptionSpec

    out = []
    for name, f in model.model_fields.items():
        if _internal(f):
            continue
        kind, choices = _kind(f.annotation, f.metadata)
        extra = f.json_schema_extra
        found = extra.get("aliases") if isinstance(extra, dict) else None
        aliases = tuple(str(a) for a in found) if isinstance(found, list) else ()
        out.append(OptionSpec(f.alias or name, f.description or "", choices=choices, kind=kind,
                              aliases=aliases))
    return tuple(out)


def _kind(annotation: Any, metadata: list[Any]) -> tuple[str, tuple[str, ...]]:
    for m in metadata:
        if isinstance(m, _Kind):
            return m.kind, ()
    for t in _members(annotation):
        if get_origin(t) is Annotated:
            kind = next((m.kind for m in t.__metadata__ if isinstance(m, _Kind)), None)
            if kind:
                return kind, ()
        if get_origin(t) is Literal:
            return "text", tuple(str(v) for v in get_args(t))
        if t is int:
            return "int", ()
    return "text", ()


def _members(annotation: Any) -> Iterator[Any]:
    """The types of ``X | Y | None`` (or of ``X`` alone), without None."""
    if get_origin(annotation) in (Union, types.UnionType):
        for t in get_args(annotation):
            if t is not type(None):
                yield t
    elif annotation is not None:
        yield annotation


def _problem(e: ValidationError, action: str) -> Msg:
    kind, key, msg, found = invalid(e)
    if kind == "extra_forbidden":
        return Msg("{action} has no option {key}= (found {found})", action=action, key=key,
                   found=found)
    return Msg("{action}'s {key}= {problem} (found {found})", action=action, key=key,
               problem=msg, found=found)


def validate(spec: ActionSpec, options: dict[str, Any]) -> None:
    """Refuse (RuleError) options the action's model does not take."""
    if spec.model is None:
        return
    try:
        spec.model.model_validate(options)
    except ValidationError as e:
        raise RuleError(_problem(e, spec.name)) from None


def check(ruleset: Any, enc: Encounter) -> None:
    """Every declared and queued action of a loaded encounter is one of the ruleset's, with
    options its model takes; RuleError naming whose action otherwise."""
    from combat_cli.engine.contract.ruleset import named

    stored = [(d.actor, a) for d in enc.declarations.values() for a in d.actions]
    stored += [(q.actor, q.action) for q in enc.queue]
    for actor, a in stored:
        spec = named(ruleset.actions, a.name)
        who = next((c.name for c in enc.combatants if c.id == actor), actor)
        if spec is None:
            raise RuleError("{path}: {problem}", path=who, problem=Msg(
                "{action} is not an action of this ruleset", action=repr(a.name)))
        try:
            validate(spec, a.options)
        except RuleError as e:
            raise RuleError("{path}: {problem}", path=who, problem=e) from None


__all__ = ["Name", "Names", "Options", "internal", "opt", "specs"]
