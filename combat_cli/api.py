"""The contract a ruleset imports — and the only module of ``combat_cli`` it imports.

A ruleset is a :class:`Ruleset` instance (``RULESET`` in its package) registered under the
entry-point group ``combat_cli.rulesets`` with the same name as :attr:`Ruleset.name`::

    [project.entry-points."combat_cli.rulesets"]
    mygame = "mygame:RULESET"

Everything a ruleset needs is here: the base class and the specs it declares its stats,
actions, conditions and verbs with; the :class:`RulesContext` its hooks work through; the
errors that refuse a line; the dice and model types; the word helpers (closest names,
combatant lookup, durations) and the grammar a verb declares its arguments with. What a hook may
change and what it must not is described on :class:`Ruleset`. See docs/writing-a-ruleset.md.
"""

from __future__ import annotations

from combat_cli import locale  # the message catalogue: _(), n_(), g_(), gender_of(), ...
from combat_cli.dice import DiceError, DiceSource, DiceTerm, Roll, RollSpec, parse, pool, sum_dice
from combat_cli.engine.contract.capabilities import DeclarePhase, Healing, OpenTurns, Reactions
from combat_cli.engine.contract.context import RulesContext
from combat_cli.engine.contract.records import Record
from combat_cli.engine.contract.rule_tables import TablesModel
from combat_cli.engine.contract.ruleset import (
    ActionSpec,
    ConditionSpec,
    Handler,
    OptionSpec,
    Ruleset,
    StatCheck,
    StatSpec,
    VerbSpec,
    handler_for,
    hook,
    level_by_fraction,
    load_toml,
    merge_tables,
    perform,
    wound_words,
)
from combat_cli.engine.contract.state import CombatantState, EncounterState, State
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.domain.durations import format_clock, format_duration
from combat_cli.engine.domain.errors import CommandError, RollAborted, RuleError
from combat_cli.engine.domain.models import (
    ActionRequest,
    Combatant,
    Condition,
    Declaration,
    Encounter,
    LogEntry,
    QueueItem,
    Timer,
)
from combat_cli.engine.domain.queries import (
    closest,
    find_combatant,
    fold,
    is_combatant_name,
    match_word,
)
from combat_cli.engine.grammar.options import Name, Names, Options, internal, opt
from combat_cli.engine.grammar.parsing import COMMA, is_option, option, parse_action, partition
from combat_cli.engine.grammar.syntax import Arg, Args, Opt, Syntax
from combat_cli.locale import MessageError, Msg, Word

__all__ = [
    # the ruleset and what it declares
    "ActionSpec", "ConditionSpec", "OptionSpec", "Ruleset", "StatCheck", "StatSpec",
    "TablesModel", "VerbSpec", "load_toml", "merge_tables",
    # an action's handler, and the one route to it (act, resolve, react)
    "Handler", "handler_for", "perform",
    # a hook implemented elsewhere, imported on first use: plan = hook("pkg.mod:plan")
    # (method=True: the function takes the ruleset first, as a method takes self)
    "hook",
    # a verb's arguments: declared once, parsed by the core, shown in help, completed
    "Arg", "Args", "Opt", "Syntax",
    # what it may add to the required core (docs on each)
    "DeclarePhase", "Healing", "OpenTurns", "Reactions",
    # its typed data: tables, per-combatant and per-encounter state
    "CombatantState", "EncounterState", "State",
    # an action's options: a model per kind of action, its fields the options
    "Name", "Names", "Options", "internal", "opt",
    # what it keeps with a queued action, a condition, a timer or a log entry (their data)
    "Record",
    # the players' view: an NPC's wounds as a word
    "level_by_fraction", "wound_words",
    # what its hooks get and raise
    "CommandError", "RollAborted", "RuleError", "RulesContext", "RulesView",
    # dice
    "DiceError", "DiceSource", "DiceTerm", "Roll", "RollSpec", "parse", "pool", "sum_dice",
    # the encounter's models
    "ActionRequest", "Combatant", "Condition", "Declaration", "Encounter", "LogEntry",
    "QueueItem", "Timer",
    # words: names, durations, a verb's words
    "COMMA", "closest", "find_combatant", "fold", "format_clock", "format_duration",
    "is_combatant_name", "is_option", "match_word", "option", "parse_action", "partition",
    # the message catalogue (English source; a language is a catalogue file)
    "locale",
    # messages as data: Msg(key, **values) where it arises (a note, a log line), Word(...)
    # for a value that is itself a word (translated; a name never is); every error above is
    # a MessageError: SomeError(key, **values) keeps .key and .values
    "MessageError", "Msg", "Word",
]
