"""The Ruleset interface: what a rule system supplies to the core.

A ruleset is an object (``RULESET`` in its package) registered under the entry-point group
``combat_cli.rulesets``. The core owns the encounter, the round/phase/turn bookkeeping, the
declaration queue, holds, conditions, the clock and timers, dice, undo, saving and rendering;
the ruleset decides everything a rule system decides, through these methods. Each gets a
:class:`~combat_cli.engine.contract.context.RulesContext` (a working copy of the state, the dice, the
tables) and changes state only through it; it raises ``RuleError`` to refuse a line.

**The required core** (this class): ``name``, ``title``, the stats/actions/conditions it
declares, and :meth:`Ruleset.act`; every other hook here has a default. Its data is typed:
:attr:`Ruleset.tables_model` (``tables.toml``), :attr:`Ruleset.combatant_state` and
:attr:`Ruleset.encounter_state` (:mod:`combat_cli.engine.contract.state`). Display hooks get a
read-only :class:`~combat_cli.engine.contract.view.RulesView` (the encounter, the tables, the language).

**Capabilities** (:mod:`combat_cli.engine.contract.capabilities`), listed before ``Ruleset`` by the
systems that have them:

- ``DeclarePhase`` — declare-then-resolve (``d6``, ``d12``, ``czech_pool``): ``declare``,
  ``plan``, ``resolve``. Without it a system is turn-based (``storypath``): the core keeps
  ``order``/``turn``, ``act`` resolves at once, ``next`` calls :meth:`Ruleset.next_turn`.
- ``Reactions`` (``react``), ``Healing`` (``damage``, ``heal``, ``rest``, healing over time),
  ``OpenTurns`` (a turn the players give, Storypath's open PC slot).

Extra verbs (``slot NAME``) come from :attr:`Ruleset.verbs`. Rulesets import all of this through
:mod:`combat_cli.api` only; docs/writing-a-ruleset.md shows a whole plug-in.
"""

from __future__ import annotations

import functools
import importlib
import importlib.resources
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from combat_cli.engine.contract.state import OpenCombatantState, OpenEncounterState
from combat_cli.engine.domain.errors import RuleError
from combat_cli.engine.domain.models import (
    ActionRequest,
    Combatant,
    Encounter,
    LogEntry,
    QueueItem,
    Timer,
)
from combat_cli.engine.grammar.options import Options
from combat_cli.engine.grammar.options import specs as option_specs
from combat_cli.engine.grammar.syntax import Arg, Args, Opt, Syntax, syntax
from combat_cli.locale import Word

if TYPE_CHECKING:
    from combat_cli.engine.contract.context import RulesContext
    from combat_cli.engine.contract.rule_tables import TablesModel
    from combat_cli.engine.contract.state import State
    from combat_cli.engine.contract.view import RulesView

__all__ = [
    "ActionSpec", "ConditionSpec", "OptionSpec", "RuleError", "Ruleset", "StatCheck", "StatSpec",
    "VerbSpec", "handler_for", "hook", "level_by_fraction", "load_toml", "merge_tables", "perform",
    "wound_words",
]


Handler = Callable[["RulesContext", Combatant, ActionRequest], object]
"""An action's handler: the context, the actor and the action as typed (options through
``Model.of(action)``)."""


StatCheck = Callable[["RulesView", Combatant], object]
"""A stat's check against the fight: the read-only view (its tables) and the combatant, its
stats as checked; RuleError refuses."""


@dataclass(frozen=True)
class StatSpec:
    """A stat a combatant may have. ``parse`` turns what the GM typed (or a TOML value) into
    the stored value, raising RuleError with a hint; ``aliases`` are other accepted names."""

    name: str
    help: str = ""
    parse: Callable[[Any], Any] | None = None
    default: Any = None
    aliases: tuple[str, ...] = ()
    check: StatCheck | str | None = None
    """What the value must also be in the fight it is in (a weapon of the tables' catalogue,
    house rules included): ``check(view, c)``, or ``"package.module:function"`` imported on
    first use. The core runs it on every combatant and template that has the stat when a save
    is loaded, and refuses the file in one line naming the combatant; the ruleset's
    :meth:`~Ruleset.on_add` checks a joining combatant as it sets it up."""

    def __post_init__(self) -> None:
        if self.check is not None and not (callable(self.check) or (
                isinstance(self.check, str) and self.check.count(":") == 1)):
            raise TypeError(f"{self.name}: a check is a function or 'package.module:function', "
                            f"not {self.check!r}")


@dataclass(frozen=True)
class OptionSpec:
    """An option ``key=value`` of an action. ``choices`` are matched by unique prefix;
    ``kind`` "int" values are checked to be whole numbers; "name" (a combatant) and "names"
    (several, ``A,B``) are completed with the fight's names and passed as text for the rules
    to look up; anything else is passed as text."""

    name: str
    help: str = ""
    choices: tuple[str, ...] = ()
    kind: str = "text"
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class ActionSpec:
    """An action of the ruleset (``shoot``, ``dodge``, ``bid`` ...). ``target`` is
    "required", "optional" or "none"; ``reaction`` marks those usable with ``react``."""

    name: str
    help: str = ""
    target: str = "optional"
    options: tuple[OptionSpec, ...] = ()
    reaction: bool = False
    aliases: tuple[str, ...] = ()
    args: str = ""
    """Usage of extra positional words after the target, for help (e.g. ``"[BOX]"``)."""
    attack: bool = False
    """An attack: aimed at one's own side, the core warns (a slip, or a traitor)."""
    model: type[Options] | None = None
    """The options as a typed model (:mod:`combat_cli.engine.grammar.options`): its fields are the
    options (``options`` is derived from them) and rules code reads ``Model.of(action)``."""
    handler: Handler | str | None = None
    """What does the action: ``handler(ctx, actor, action)``, or ``"package.module:function"``
    imported on first use. The core routes every ``act``, ``resolve`` and ``react`` of the
    action to it (the queue item being resolved is ``ctx.resolving``)."""
    on_react: Handler | str | None = None
    """What ``react NAME ACTION`` does with it, when that is not :attr:`handler`."""

    def __post_init__(self) -> None:
        for ref in (self.handler, self.on_react):
            if ref is not None and not (callable(ref) or (isinstance(ref, str)
                                                          and ref.count(":") == 1)):
                raise TypeError(f"{self.name}: a handler is a function or "
                                f"'package.module:function', not {ref!r}")
        if self.model is not None:
            if not (isinstance(self.model, type) and issubclass(self.model, Options)):
                raise TypeError(f"{self.name}: the options model must be a subclass of Options "
                                f"from combat_cli.api, not {self.model!r}")
            if self.options:
                raise ValueError(f"{self.name}: give the options as a model or as OptionSpecs, "
                                 "not both")
            object.__setattr__(self, "options", option_specs(self.model))

    def option(self, key: str) -> OptionSpec | None:
        return named(self.options, key)


@dataclass(frozen=True)
class ConditionSpec:
    name: str
    help: str = ""
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class VerbSpec:
    """A verb the ruleset adds (``slot NAME [N]``). ``args`` declares what it takes (a
    :class:`~combat_cli.engine.grammar.syntax.Syntax` or a tuple of ``Arg``/``Opt``): the core parses
    the words with it, shows its usage in ``help`` and completes it. The handler gets the
    context and the parsed :class:`~combat_cli.engine.grammar.syntax.Args`; it changes state like any
    rules code. ``mutates`` False for read-only."""

    name: str
    args: Syntax | tuple[Arg | Opt, ...]
    help: str
    handler: Callable[[RulesContext, Args], None] | str
    """The handler, or ``"module:function"`` imported the first time the verb is used."""
    mutates: bool = True
    aliases: tuple[str, ...] = ()

    def run(self, ctx: RulesContext, args: Args) -> None:
        """Do the verb: its handler (a ``"module:function"`` is imported on first use)."""
        fn = load_ref(self.handler) if isinstance(self.handler, str) else self.handler
        fn(ctx, args)

    @property
    def syntax(self) -> Syntax:
        return syntax(self.args)

    @property
    def usage(self) -> str:
        return self.syntax.usage(self.name)


@functools.cache
def load_ref(ref: str) -> Callable[..., Any]:
    """``"package.module:function"`` as the function (imported once, on first use)."""
    module, _, attr = ref.partition(":")
    found = importlib.import_module(module)
    for part in attr.split("."):
        found = getattr(found, part)
    if not callable(found):
        raise TypeError(f"{ref} is not a function")
    return found


class hook:  # noqa: N801 - read as a declaration: ``plan = hook("pkg.mod:plan")``
    """A ruleset's hook implemented by a function elsewhere, named ``"module:function"`` and
    imported the first time the core calls it (the start-up stays light): the function takes
    what the hook takes, without ``self``::

        class D6(DeclarePhase, Ruleset):
            plan = hook("mydice.rounds:plan")
            carry_over = hook("mydice.roster:carry_over", method=True)

    ``method=True``: the function takes the ruleset first, as a method takes ``self`` (for a
    hook that asks the ruleset's other hooks or declarations). Where a method would call
    ``super()``, the function calls the core's default by name (``Ruleset.carry_over(rs, c)``).
    """

    def __init__(self, ref: str, *, method: bool = False) -> None:
        if ref.count(":") != 1:
            raise TypeError(f"a hook is named 'package.module:function', not {ref!r}")
        self.ref = ref
        self.method = method

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        fn = load_ref(self.ref)
        return types.MethodType(fn, obj) if self.method and obj is not None else fn

    def __repr__(self) -> str:
        return f"hook({self.ref!r}{', method=True' if self.method else ''})"


def handler_for(ruleset: Ruleset, name: str, *, react: bool = False) -> Handler | None:
    """The one route from an action's name to what does it: the declared action's
    :attr:`ActionSpec.handler` (its :attr:`ActionSpec.on_react` for ``react``); None when the
    ruleset declares no such action or no handler for it."""
    spec = named(ruleset.actions, name)
    if spec is None or (react and not spec.reaction):
        return None
    fn = (spec.on_react or spec.handler) if react else spec.handler
    return load_ref(fn) if isinstance(fn, str) else fn


def perform(ruleset: Ruleset, ctx: RulesContext, c: Combatant, action: ActionRequest, *,
            react: bool = False, missing: str = "") -> None:
    """Run ``action`` through its handler (:func:`handler_for`); RuleError ``missing``
    (default: the ruleset cannot resolve it) when it has none."""
    fn = handler_for(ruleset, action.name, react=react)
    if fn is None:
        raise RuleError(missing or f"{ruleset.name} cannot resolve {action.name}")
    fn(ctx, c, action)


class _Named(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def aliases(self) -> tuple[str, ...]: ...


N = TypeVar("N", bound=_Named)


def named(specs: Iterable[N], word: str) -> N | None:
    """The spec called ``word`` or one of its aliases, whatever the case (None: none is)."""
    low = word.lower()
    return next((s for s in specs if s.name.lower() == low
                 or low in (a.lower() for a in s.aliases)), None)


def load_toml(package: str, resource: str = "tables.toml") -> dict[str, Any]:
    """Read a TOML data file installed beside a ruleset package."""
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    text = importlib.resources.files(package).joinpath(resource).read_text(encoding="utf-8")
    return tomllib.loads(text)


def _values(tables: Any, parts: list[str], path: str) -> list[tuple[str, Any]]:
    if not parts:
        return [(path, tables)]
    if not isinstance(tables, dict):
        return []
    head, rest = parts[0], parts[1:]
    keys = list(tables) if head == "*" else [head] if head in tables else []
    return [x for k in keys for x in _values(tables[k], rest, f"{path}.{k}" if path else k)]


def check_ranges(tables: dict[str, Any], ranges: dict[str, tuple[int | None, int | None]]
                 ) -> None:
    """Refuse a numeric table value outside its range, naming the range (one line)."""
    for key, (lo, hi) in ranges.items():
        for path, value in _values(tables, key.split("."), ""):
            for v in value if isinstance(value, list) else [value]:
                ok = isinstance(v, int) and not isinstance(v, bool) and (
                    lo is None or v >= lo) and (hi is None or v <= hi)
                if not ok:
                    section, _, name = path.rpartition(".")
                    span = (f"{lo}..{hi}" if lo is not None and hi is not None else
                            f"{lo} or more" if lo is not None else f"{hi} or less")
                    raise RuleError("house rules: [{section}] {name} = {value} is out of range: a whole number, {span}", section=section, name=name, value=repr(v), span=span)


def merge_tables(base: dict[str, Any], override: dict[str, Any], path: str = "") -> dict[str, Any]:
    """Deep-merge a house-rules file over the ruleset's tables. Unknown keys are refused with
    a hint, so a typo in a house rule cannot be silently ignored."""
    out = dict(base)
    for key, value in override.items():
        where = f"{path}{key}"
        if key not in base:
            from combat_cli.engine.domain.queries import closest

            guess = closest(key, base)
            if guess:
                raise RuleError("house rules: unknown key {where} — did you mean {guess}?",
                                where=where, guess=f"{path}{guess}")
            raise RuleError("house rules: unknown key {where}", where=where)
        if isinstance(base[key], dict) and isinstance(value, dict):
            out[key] = merge_tables(base[key], value, where + ".")
        else:
            if isinstance(base[key], dict) != isinstance(value, dict):
                raise RuleError("house rules: {where} must be a {value}", where=where, value=Word('table' if isinstance(base[key], dict) else 'value'))
            _same_kind(where, base[key], value)
            out[key] = value
    return out


class Ruleset:
    """Base class with the generic behaviour; a ruleset overrides what its system changes."""

    name: str = ""
    title: str = ""
    """One line for ``combat rulesets``."""
    round_seconds: int = 6
    tables_package: str | None = None
    """Package holding ``tables.toml`` (the rules tables and house-rule switches)."""
    tables_model: type[TablesModel] | None = None
    """The pydantic model of ``tables.toml`` (:class:`~combat_cli.engine.contract.rule_tables.TablesModel`):
    the core validates the tables, house rules merged, against it."""
    stats: Sequence[StatSpec] = ()
    extra_stats: Callable[[Any], Any] | None = None
    """If set, stat names not in :attr:`stats` are accepted and parsed with it (skills)."""
    stat_typo_cutoff: float | None = None
    """With :attr:`extra_stats`: a name at least this close to a stat's (difflib's ratio,
    0..1; d12: 0.8) is refused as a typo of that stat instead of read as an extra one."""
    stat_typo_hint: str = ""
    """What that refusal adds in brackets: how an extra stat is written (d12: "other names
    are skills: Fighting=2")."""
    actions: Sequence[ActionSpec] = ()
    conditions: Sequence[ConditionSpec] = ()
    verbs: Sequence[VerbSpec] = ()
    house_rules: dict[str, str] = {}
    """House-rule switch (dotted key in tables.toml) -> what it does; for help and README."""
    typed_words: frozenset[str] = frozenset()
    """Words the GM types (action and option names) that are also catalogue words: shown as
    typed in every language (d12's ``bid: 3`` in ``why``), never translated."""
    language: str = "en"
    """The language the ruleset shows by default (``--lang`` with it is accepted too)."""
    languages: tuple[str, ...] = ()
    """Display languages besides the default (``("en",)`` for a Czech ruleset)."""
    table_ranges: dict[str, tuple[int | None, int | None]] = {}
    """Numeric table values and their valid range (``"damage.ev_step": (1, None)``; ``*``
    matches any key of one level, a list is checked item by item): a house rule outside the
    range is refused when the table is loaded."""
    fill_stat_defaults: bool = True
    """The core gives a new combatant each :attr:`StatSpec.default` it was not given (so rules
    code may read ``c.stats["hp"]``). A ruleset whose many defaults are read through its own
    helpers, and should not be listed as typed stats, sets this False."""

    combatant_state: type[State] = OpenCombatantState
    """The model of what the ruleset keeps per combatant (a subclass of
    :class:`~combat_cli.engine.contract.state.CombatantState`; rules code reads it as
    ``MyState.of(ctx, c)``). The default keeps any keys, unchecked."""
    encounter_state: type[State] = OpenEncounterState
    """The model of what the ruleset keeps per encounter (an ``EncounterState``)."""

    fight_only: tuple[str, ...] = ()
    """Combatant ``data`` keys that belong to one fight (round bookkeeping, initiative, per-pair
    state): dropped when the PCs go on to the next encounter (``combat new --from``)."""
    lasting_encounter: tuple[str, ...] = ()
    """Encounter ``data`` keys that outlast the fight (a momentum pool, the session number)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """One truth per capability: a ruleset has a declare phase by listing
        :class:`~combat_cli.engine.contract.capabilities.DeclarePhase`; an older
        ``declare_phase = ...`` that agrees is dropped, one that contradicts it is refused."""
        super().__init_subclass__(**kwargs)
        if "declare_phase" in cls.__dict__:
            from combat_cli.engine.contract.capabilities import DeclarePhase

            said, has = cls.__dict__["declare_phase"], issubclass(cls, DeclarePhase)
            if said is not has:
                raise TypeError(f"{cls.__name__}: declare_phase = {said!r} but it "
                                f"{'lists' if has else 'does not list'} DeclarePhase; the "
                                "capability says it (drop declare_phase)")
            delattr(cls, "declare_phase")

    @property
    def declare_phase(self) -> bool:
        """Declare-then-resolve: the ruleset lists
        :class:`~combat_cli.engine.contract.capabilities.DeclarePhase` (its one truth)."""
        from combat_cli.engine.contract.capabilities import DeclarePhase

        return isinstance(self, DeclarePhase)

    # -- data ----------------------------------------------------------------------------
    def migrate_state(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        """A saved state (``kind`` "combatant" or "encounter") as the models expect it now:
        a ruleset whose state changed shape converts older files here (renamed or retired
        keys). Called on every load, before validation; the default changes nothing."""
        return data

    def load_tables(self) -> dict[str, Any]:
        """The tables as shipped (``tables.toml`` of :attr:`tables_package`)."""
        return load_toml(self.tables_package) if self.tables_package else {}

    def merge_house_rules(self, tables: dict[str, Any], house_rules: dict[str, Any]
                          ) -> dict[str, Any]:
        """The shipped tables with a table's house rules merged in, before the core checks
        ranges and validates :attr:`tables_model` (default :func:`merge_tables`: no unknown
        key). A ruleset whose house rules may add entries (a weapon catalogue)
        overrides this; RuleError says in one line what is wrong."""
        return merge_tables(tables, house_rules)

    def tables_for(self, house_rules: dict[str, Any]) -> dict[str, Any]:
        """The tables a table plays with (the core's :class:`~combat_cli.engine.contract.host.Host`
        loads, merges, validates and caches them; kept here for older plug-ins)."""
        from combat_cli.engine.contract.host import host

        return host(self).tables(house_rules)

    def typed_tables(self, house_rules: dict[str, Any]) -> TablesModel | None:
        """The same tables as :attr:`tables_model` (None if the ruleset declares none)."""
        from combat_cli.engine.contract.host import host

        return host(self).typed(house_rules)

    def label(self, word: str, lang: str = "", gender: str = "") -> str:
        """The word as shown in ``lang`` ("" = the ruleset's :attr:`language`): the core's
        :meth:`~combat_cli.engine.contract.host.Host.label` (the catalogues, gender agreement,
        the ruleset's own words by its catalogue). Kept for plug-ins that call it; an older
        plug-in that still overrides it is obeyed (the host calls the override, whose
        ``super()`` is the host's service).

        The core asks for table headings ("Name", "Status", "Round" ...), phase names, and the
        sentences it logs, given as English templates with ``{placeholders}`` ("Round {n}
        begins", "{name} declares: {actions}", "{name} is {condition} for {span}" ...); a
        translation must keep the placeholders."""
        from combat_cli.engine.contract.host import host

        return host(self).label(word, lang, gender, overrides=False)

    def action_spec(self, name: str) -> ActionSpec | None:
        """The declared action called ``name`` (or one of its aliases)."""
        return named(self.actions, name)

    # -- roster --------------------------------------------------------------------------
    # The stat services are the core's (:class:`~combat_cli.engine.contract.host.Host`): what a
    # ruleset varies it declares (:attr:`stats` and their checks, :attr:`extra_stats`, the
    # typo policy, :attr:`fill_stat_defaults`). These methods stay for plug-ins that call
    # them; one that still overrides validate_stats, check_stats or stat_defaults is obeyed
    # (the host calls the override, whose ``super()`` is the host's service).
    def stat_spec(self, name: str) -> StatSpec | None:
        """The stat called ``name`` or one of its aliases, whatever the case (the host's
        index; kept for plug-ins that call it)."""
        from combat_cli.engine.contract.host import host

        return host(self).stat_spec(name)

    def stat_defaults(self) -> dict[str, Any]:
        """The stats a new combatant starts with before what the GM typed (the host's
        service; kept for plug-ins that call or override it)."""
        from combat_cli.engine.contract.host import host

        return host(self).stat_defaults(overrides=False)

    def validate_stats(self, raw: dict[str, Any]) -> dict[str, Any]:
        """Check and convert stats typed by the GM or read from a template (the host's
        service; kept for plug-ins that call or override it)."""
        from combat_cli.engine.contract.host import host

        return host(self).validate_stats(raw, overrides=False)

    def check_stats(self, view: RulesView, c: Combatant) -> dict[str, Any]:
        """``c``'s stats as read from a save file, checked as typed ones are and by the
        stats' declared :attr:`StatSpec.check` (the host's service; kept for plug-ins that
        call or override it)."""
        from combat_cli.engine.contract.host import host

        return host(self).check_stats(view, c, overrides=False)

    def on_add(self, ctx: RulesContext, c: Combatant) -> None:
        """A combatant was added (or its stats changed): set up per-ruleset data."""

    def on_remove(self, ctx: RulesContext, c: Combatant) -> None:
        """``c`` is about to leave the encounter: drop what the ruleset keeps about it
        (slots, grapples, per-pair state). The core then removes it from the roster, the
        order, the declarations and the queue."""

    def carry_over(self, c: Combatant) -> Combatant:
        """``c`` as it enters the next encounter (``combat new NEXT --from FILE``): stats,
        status, wounds, conditions, kits and the ruleset's lasting data; not what belongs to
        the fight left behind (:attr:`fight_only`, a held action)."""
        data = {k: v for k, v in c.data.items() if k not in self.fight_only}
        return c.model_copy(update={"data": data, "held": False}, deep=True)

    def join(self, ctx: RulesContext, c: Combatant) -> None:
        """A combatant was added after ``start``: place it in the order (default: last)."""
        ctx.enc.order.append(c.id)

    # -- rounds --------------------------------------------------------------------------
    def begin_round(self, ctx: RulesContext) -> None:
        """Round ``ctx.enc.round`` begins: set ``ctx.enc.order`` (default: as added)."""
        ctx.enc.order = [c.id for c in ctx.enc.combatants]

    def act(self, ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
        """Resolve ``act NAME ACTION`` at once: by default the action's declared handler
        (:func:`perform`); a ruleset overrides this only to frame every action (count it,
        refuse the verb)."""
        perform(self, ctx, c, action)

    def next_turn(self, ctx: RulesContext) -> None:
        """End the acting combatant's turn (turn-based phase): move to the next who can act."""
        enc = ctx.enc
        i = enc.turn + 1
        while i < len(enc.order) and enc.get(enc.order[i]).out:
            i += 1
        enc.turn = i

    def move_in_order(self, ctx: RulesContext, c: Combatant, other: Combatant, after: bool
                      ) -> None:
        """The GM's ``move NAME before|after OTHER``: reorder ``enc.order`` (the acting
        combatant keeps the turn). A ruleset whose order comes from elsewhere (slots)
        overrides this; refuse with RuleError when the move makes no sense."""
        enc = ctx.enc
        if other.id not in enc.order:
            raise RuleError("{other} is not in the order", other=other.name)
        acting = (enc.order[enc.turn] if enc.phase == "turns" and 0 <= enc.turn < len(enc.order)
                  else None)
        order = [x for x in enc.order if x != c.id]
        order.insert(order.index(other.id) + after, c.id)
        enc.order = order
        if acting is not None:
            enc.turn = order.index(acting)

    def end_round(self, ctx: RulesContext) -> None:
        """The round ends (before the clock moves and the next round begins)."""

    def current(self, enc: Encounter) -> Combatant | None:
        """Who acts now (toolbar, round table). Default: the next pending queue item's actor
        while resolving, the turn holder in the turns phase."""
        from combat_cli.engine.domain.queries import acting

        return acting(enc)

    def acting_label(self, view: RulesView) -> str | None:
        """What the header and the toolbar say acts now (default: :meth:`current`'s name; a
        ruleset may say more, e.g. an open initiative slot and who may take it)."""
        cur = self.current(view.enc)
        return cur.name if cur is not None else None

    def can_act(self, view: RulesView, c: Combatant) -> str | None:
        """Why ``c`` cannot act now (None: it can). Default: out of the fight. Rules code
        asks it with ``ctx.view``."""
        return f"{c.name} is {c.status}" if c.out else None

    # -- time ----------------------------------------------------------------------------
    def fire_timer(self, ctx: RulesContext, timer: Timer) -> None:
        """A timer of this ruleset is due (the core has removed it already)."""
        ctx.log(ctx.say("Due: {name}", name=timer.name), kind="timer", actor=timer.combatant)

    # -- display (a read-only view: the encounter, the tables, the language) ---------------
    def status_columns(self, view: RulesView, c: Combatant) -> dict[str, str]:
        """Extra columns for the status table (header -> cell text), in ``view.language``."""
        return {}

    def declare_costs(self, view: RulesView, c: Combatant) -> list[str]:
        """What declaring 1, 2, 3 ... actions this round costs ``c``, in the table's words
        (the phone's declaration form shows it as it is built; D6: "-1D on each"). The
        list's length is how many actions a round may hold ([] : one, at no cost)."""
        return []

    def queued(self, view: RulesView, c: Combatant) -> list[tuple[QueueItem, ActionRequest]]:
        """This round's queue items ``c`` acts in, with ``c``'s action in each (the round
        table's Action column). Default: the items ``c`` is the actor of; a ruleset that files
        two combatants' actions under one item (a duel) names the other's too."""
        return [(i, i.action) for i in view.enc.queue if i.actor == c.id]

    def brief(self, view: RulesView, entries: list[LogEntry]) -> list[str] | None:
        """The lines a command's log entries print, at most one per thing that happened
        (an attack with its damage and wound is one line); the full breakdown stays in the
        log (``why``, ``log``). None: each entry's text, one line each."""
        return None

    # -- the players' view ------------------------------------------------------------------
    wound_columns: tuple[str, ...] = ()
    """Headers of :meth:`status_columns` that show wounds: the players' screen shows them
    for PCs (NPCs get only :meth:`wound_word`)."""

    def wound_level(self, view: RulesView, c: Combatant) -> int:
        """How badly ``c`` is hurt as the players may know it: 0 unhurt, 1 hurt, 2 badly hurt,
        3 down. Default: out of the fight is down, any status but OK is hurt."""
        if c.out:
            return 3
        return 0 if c.status in ("OK", "", "Healthy") else 1

    def wound_word(self, view: RulesView, c: Combatant) -> str:
        """The word the players see for an NPC's wounds ("" when unhurt)."""
        return wound_words(view.language)[self.wound_level(view, c)]

    def order_labels(self, view: RulesView) -> list[str] | None:
        """Rows of the order column when the order is not just combatant names (slots)."""
        return None

    def json_extra(self, view: RulesView) -> dict[str, Any]:
        """Ruleset keys added beside the binding ones in ``show --json``."""
        return {}

    def parse_roll(self, text: str) -> Any:
        """A free ``roll EXPR`` in the table's notation (default: the core dice notation)."""
        from combat_cli.dice import parse

        return parse(text)

    def demo(self) -> list[str]:
        """Script lines of a short fight built from the rules' own examples."""
        return []

    def help_text(self) -> str:
        """Extra help for ``help`` (house-rule switches, notes)."""
        if not self.house_rules:
            return ""
        from combat_cli.locale import current

        lang = current()
        lines = [self.label("House-rule switches (tables.toml, override with --house-rules):",
                            lang)]
        lines += [f"  {k}: {self.label(v, lang)}" for k, v in self.house_rules.items()]
        return "\n".join(lines)


def wound_words(lang: str) -> tuple[str, str, str, str]:
    """The players' words for wound levels 0-3 in ``lang``: its ``words.toml`` ``[wounds]``
    (English when the language has none)."""
    from combat_cli.locale import SOURCE
    from combat_cli.locale import words as language_words

    found = language_words(lang).get("wounds", {}).get("levels") or \
        language_words(SOURCE).get("wounds", {}).get("levels") or ("hurt", "badly hurt", "down")
    one, two, three = (str(w) for w in list(found)[:3])
    return ("", one, two, three)


def level_by_fraction(left: float, most: float, out: bool = False) -> int:
    """A wound level 0-3 from what is left of a track: all of it unhurt, more than half hurt,
    some badly hurt, none (or out of the fight) down."""
    if out or left <= 0:
        return 3
    if most <= 0 or left >= most:
        return 0
    return 1 if left * 2 > most else 2


_KINDS = ((bool, "true or false"), (int, "a whole number"), (float, "a number"),
          (str, "a text in quotes"), (list, "a list [...]"))


def _toml(value: Any) -> str:
    """A value as the house-rules file writes it (``true``, ``"text"``, ``[1, 2]``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _same_kind(where: str, default: Any, value: Any) -> None:
    """A house rule keeps the kind of the value it replaces (5 stays a number, true a switch)."""
    for kind, name in _KINDS:
        if isinstance(default, kind):
            ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
            if kind is float:
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
            if not ok:
                raise RuleError("house rules: {where} must be {kind} (like {default}), not {value}", where=where, kind=Word(name), default=_toml(default), value=_toml(value))
            return


def _parse_stat(parse: Callable[[Any], Any] | None, name: str, value: Any) -> Any:
    if parse is None:
        return value
    try:
        return parse(value)
    except RuleError:
        raise
    except (ValueError, TypeError) as e:
        raise RuleError("{path}: {problem}", path=name, problem=e) from None
