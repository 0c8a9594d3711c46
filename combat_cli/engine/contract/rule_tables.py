"""Typed rule tables: a ruleset describes its ``tables.toml`` with pydantic models; the core
loads the file, merges the table's house rules, validates the result and caches it once.

A ruleset sets :attr:`~combat_cli.engine.contract.ruleset.Ruleset.tables_model` to a subclass of
:class:`TablesModel`. House-rule switches are ``Literal`` (or enum) fields, so a bad value is
refused with its choices: ``house rules: ties.mode is one of 'literal', 'ge' or 'gt', not
'bogus'``. Values are checked strictly (no "5" for 5). A section a model leaves open
(``dict[str, Any]``) is still checked by :func:`~combat_cli.engine.contract.ruleset.merge_tables` (no
unknown key, each value keeps its kind).
"""

from __future__ import annotations

import json
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from combat_cli.engine.domain.errors import RuleError

T = TypeVar("T", bound="TablesModel")


class HasTables(Protocol):
    @property
    def typed(self) -> TablesModel | None: ...


class TablesModel(BaseModel):
    """Base of a ruleset's table models (the whole file, and each section that is typed)."""

    model_config = ConfigDict(extra="allow", strict=True, frozen=True)

    @classmethod
    def of(cls: type[T], where: HasTables) -> T:
        """The tables the table plays with, as this model: ``D6Tables.of(ctx).ties.mode``
        (``where`` is the rules context or a display hook's view)."""
        found = where.typed
        if not isinstance(found, cls):
            raise TypeError(f"{cls.__name__} is not the ruleset's tables_model "
                            f"({type(found).__name__})")
        return found


def house_rules_key(house_rules: dict[str, Any]) -> str:
    """The cache key of a set of house rules."""
    return json.dumps(house_rules, sort_keys=True, default=str)


def validate_tables(model: type[TablesModel], tables: dict[str, Any]) -> TablesModel:
    """The typed tables; RuleError saying in one line which key is wrong and what is right."""
    try:
        return model.model_validate(tables)
    except ValidationError as e:
        raise RuleError(_first_problem(e)) from None


def _first_problem(e: ValidationError) -> str:
    err = e.errors(include_url=False)[0]
    where = ".".join(str(p) for p in err["loc"] if not str(p).startswith(("function-", "literal[")))
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if err["type"] == "literal_error":
        return f"house rules: {where} is one of {ctx.get('expected')}, not {value!r}"
    if err["type"] == "missing":
        return f"tables: {where} is missing"
    msg = str(err["msg"]).replace("Input should be", "must be")
    return f"house rules: {where} {msg[0].lower()}{msg[1:]}, not {value!r}"
