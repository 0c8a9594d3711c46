"""What the display hooks see: a read-only view of the fight with its tables and language.

The round table, the toolbar, the players' page, ``show --json`` and the report ask the ruleset
for columns, brief lines and wound words through :class:`RulesView`: the encounter, the tables
the table plays with (typed and as read from ``tables.toml``), the language shown and the
ruleset's words for it. A display hook reads; it never changes the encounter (a test renders
every view and checks the state is byte-identical afterwards).
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any

from combat_cli.engine.contract import state as _state
from combat_cli.engine.contract.host import host

if TYPE_CHECKING:
    from collections.abc import Callable

    from combat_cli.engine.contract.rule_tables import TablesModel
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.contract.state import State
    from combat_cli.engine.domain.models import Combatant, Encounter


class RulesView:
    def __init__(self, enc: Encounter, ruleset: Ruleset, lang: str = "",
                 live: Callable[[Combatant | Encounter], State | None] | None = None) -> None:
        self.enc = enc
        self.ruleset = ruleset
        self._live = live
        """From a rules context: the typed state a command has changed but not yet written."""
        self.lang = "" if lang == ruleset.language else lang
        """The display language asked for ("" = the ruleset's own)."""
        self.language = self.lang or ruleset.language
        """The language shown."""

    @cached_property
    def tables(self) -> dict[str, Any]:
        """The tables (house rules merged) as plain values: shared, never change them."""
        return host(self.ruleset).tables(self.enc.house_rules)

    @cached_property
    def typed(self) -> TablesModel | None:
        """The same tables as the ruleset's model (read them as ``MyTables.of(view)``)."""
        return host(self.ruleset).typed(self.enc.house_rules)

    def label(self, word: str, gender: str = "") -> str:
        """The ruleset's word (or sentence template) in the language shown."""
        return host(self.ruleset).label(word, self.lang, gender)

    def state(self, owner: Combatant | Encounter) -> State:
        """The typed state of a combatant or of the encounter: a copy, read-only."""
        live = self._live(owner) if self._live is not None else None
        if live is not None:
            return live.model_copy(deep=True)
        return _state.read(_state.model_for(self.ruleset, owner), owner.data)
