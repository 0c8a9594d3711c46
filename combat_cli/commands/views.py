"""What a command asks the front end to show: one small frozen dataclass per view.

A handler never prints: it asks for a view with ``cmd.show(RoundView())`` and the front end
renders it (:func:`combat_cli.render.output.print_view` matches on the type; mypy checks that
every member of :data:`View` is rendered). Views carry what the command found (an entry, a
verb, the combatants added), never text: the renderer words them in the table's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from combat_cli.commands.registry import Verb
    from combat_cli.engine.contract.ruleset import ActionSpec
    from combat_cli.engine.domain.models import Combatant, LogEntry


@dataclass(frozen=True)
class RoundView:
    """The round table: order, wounds, conditions, who acts (a round begins or ends)."""


@dataclass(frozen=True)
class StatusView:
    """``status``: the round table, then the timers."""


@dataclass(frozen=True)
class WhereView:
    """One line: who acts now (after a turn moves, undo, redo); nothing while declaring."""


@dataclass(frozen=True)
class CombatantView:
    """``status NAME``: one combatant's sheet."""

    cid: str


@dataclass(frozen=True)
class RosterView:
    """The combatants a command added, with the stats they were added with."""

    added: tuple[Combatant, ...]


@dataclass(frozen=True)
class LogView:
    """``log [N|all]``: the last ``count`` entries (0: all of them)."""

    count: int


@dataclass(frozen=True)
class WhyView:
    """``why [N]``: the full breakdown of one log entry."""

    entry: LogEntry


@dataclass(frozen=True)
class HelpView:
    """``help``: the verbs and the ruleset's actions on one screen."""


@dataclass(frozen=True)
class VerbHelp:
    """``help VERB``: its usage, summary, details and aliases."""

    verb: Verb


@dataclass(frozen=True)
class ActionHelp:
    """``help ACTION``: a ruleset action with its target and options."""

    action: ActionSpec


@dataclass(frozen=True)
class RulesHelp:
    """``help rules``: the house-rule switches with the rules they settle."""


View = (RoundView | StatusView | WhereView | CombatantView | RosterView | LogView | WhyView
        | HelpView | VerbHelp | ActionHelp | RulesHelp)
"""Every view a command can ask for (the renderer handles each one: mypy checks it)."""

TABLE_VIEWS = (RoundView, StatusView, WhereView)
"""Views that say the round and phase: a round entry beside them is not printed again."""

__all__ = ["TABLE_VIEWS", "ActionHelp", "CombatantView", "HelpView", "LogView", "RosterView",
           "RoundView", "RulesHelp", "StatusView", "VerbHelp", "View", "WhereView", "WhyView"]
