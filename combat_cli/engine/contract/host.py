"""The host: the core's services around a loaded ruleset.

A ruleset is a declaration (what it has: stats, actions and their handlers, capabilities,
its tables' package and model) and the hooks of its system. What the core does for every
ruleset alike lives here, in one :class:`Host` per loaded ruleset, not in the plug-in's
object: the tables (``tables.toml`` loaded once, each set of house rules merged, range-checked
and validated once and cached) and the actions' handlers (a lazy ``"module:function"``
imported on first use).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from combat_cli.engine.contract.rule_tables import TablesModel
    from combat_cli.engine.contract.ruleset import Handler, Ruleset

__all__ = ["Host", "host"]


class Host:
    """One loaded ruleset and the services the core gives it."""

    def __init__(self, ruleset: Ruleset) -> None:
        self.ruleset = ruleset
        self._shipped: dict[str, Any] | None = None
        self._tables: dict[str, tuple[dict[str, Any], TablesModel | None]] = {}

    # -- tables --------------------------------------------------------------------------
    def tables(self, house_rules: dict[str, Any]) -> dict[str, Any]:
        """The tables a table plays with: the shipped ones with ``house_rules`` merged in,
        range-checked and validated by the ruleset's ``tables_model``; once per set of house
        rules (the result is shared: rules code reads it, never changes it). RuleError says
        in one line what is wrong."""
        return self._entry(house_rules)[0]

    def typed(self, house_rules: dict[str, Any]) -> TablesModel | None:
        """The same tables as the ruleset's ``tables_model`` (None if it declares none)."""
        return self._entry(house_rules)[1]

    def cached(self) -> int:
        """How many sets of house rules have their tables cached."""
        return len(self._tables)

    def _entry(self, house_rules: dict[str, Any]) -> tuple[dict[str, Any], TablesModel | None]:
        from combat_cli.engine.contract.rule_tables import house_rules_key, validate_tables
        from combat_cli.engine.contract.ruleset import check_ranges

        key = house_rules_key(house_rules)
        found = self._tables.get(key)
        if found is None:
            rs = self.ruleset
            if self._shipped is None:
                self._shipped = rs.load_tables()
            merged = rs.merge_house_rules(self._shipped, house_rules)
            check_ranges(merged, rs.table_ranges)
            model = rs.tables_model
            found = self._tables[key] = (merged, validate_tables(model, merged) if model
                                         else None)
        return found

    # -- actions -------------------------------------------------------------------------
    def handler(self, action: str, *, react: bool = False) -> Handler | None:
        """What does ``action`` (:func:`~combat_cli.engine.contract.ruleset.handler_for`)."""
        from combat_cli.engine.contract.ruleset import handler_for

        return handler_for(self.ruleset, action, react=react)


_HOSTS: weakref.WeakKeyDictionary[Ruleset, Host] = weakref.WeakKeyDictionary()


def host(ruleset: Ruleset) -> Host:
    """The host of a loaded ruleset (made on first use, one per ruleset object)."""
    found = _HOSTS.get(ruleset)
    if found is None:
        found = _HOSTS[ruleset] = Host(ruleset)
    return found
