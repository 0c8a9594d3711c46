"""The context rules code works through.

A ruleset method gets a :class:`RulesContext`: a working copy of the encounter, the dice source,
the table's rule tables (defaults merged with house rules) and a record of what happened. Every
change it makes goes through the helpers here or onto the working copy; if it raises
:class:`~combat_cli.engine.domain.errors.CommandError`, the copy is thrown away and the encounter is as
it was. Rules code never prints: what the GM should read goes into log entries and notes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from combat_cli.dice import DiceError, Roll, Roller, RollSpec, parse
from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.port import Port, Quiet
from combat_cli.engine.domain.durations import format_duration, in_rounds
from combat_cli.engine.domain.errors import CommandError, RollAborted
from combat_cli.engine.domain.models import (
    Combatant,
    Condition,
    Encounter,
    LogEntry,
    QueueItem,
    Timer,
)
from combat_cli.engine.domain.queries import find_combatant

if TYPE_CHECKING:
    from combat_cli.dice import DiceSource
    from combat_cli.engine.contract.rule_tables import TablesModel
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.contract.state import State
    from combat_cli.engine.contract.view import RulesView


class RulesContext:
    def __init__(self, enc: Encounter, dice: DiceSource, tables: dict[str, Any],
                 round_seconds: int = 6, lang: str = "",
                 label: Callable[[str], str] | None = None, language: str = "en",
                 ruleset: Ruleset | None = None, port: Port | None = None) -> None:
        self.enc = enc
        self.port: Port = port or Quiet()
        """The front end: what is logged is shown through it before a roll is asked."""
        self.ruleset = ruleset
        """The ruleset playing (None only in bare tests of the core)."""
        self.dice = dice
        self.tables = tables
        self.round_seconds = round_seconds
        self.lang = lang
        self.language = language
        """The language shown: ``lang``, or the ruleset's own when ``lang`` is ""."""
        self.entries: list[LogEntry] = []
        self.notes: list[Any] = []
        self.rolls: list[Roll] = []
        self.label = label or (lambda word: word)
        """The ruleset's word (or sentence template) for the table's display language."""
        self.halted: str | None = None
        self.shown = 0
        """How many of :attr:`entries` were already shown (before a roll was asked)."""
        self._states: dict[int, tuple[Combatant | Encounter, State, dict[str, Any]]] = {}
        self.resolving: QueueItem | None = None
        """The planned queue item an action's handler is resolving (``resolve``); None when
        it runs at once (``act``, ``react``)."""
        self.aborted: RollAborted | None = None
        """A roll or an answer that could not be had: the command is abandoned even if a
        rule caught the error (a planned action must not lapse because the GM mistyped)."""

    # -- typed data ----------------------------------------------------------------------
    @property
    def typed(self) -> TablesModel | None:
        """The tables as the ruleset's :class:`~combat_cli.engine.contract.rule_tables.TablesModel` (read
        them through ``MyTables.of(ctx)``); None when the ruleset declares no model."""
        if self.ruleset is None:
            return None
        return host(self.ruleset).typed(self.enc.house_rules)

    def state(self, owner: Combatant | Encounter) -> State:
        """The typed state of a combatant or of the encounter (the ruleset's model), the
        same object for the whole command; what rules code changes in it is kept by
        :meth:`commit` when the command succeeds. Read it as ``MyState.of(ctx, c)``."""
        from combat_cli.engine.contract import state

        hit = self._states.get(id(owner))
        if hit is None or hit[0] is not owner:
            model = state.model_for(self.ruleset, owner) if self.ruleset is not None else (
                state.OpenCombatantState if isinstance(owner, Combatant)
                else state.OpenEncounterState)
            typed = state.read(model, owner.data)
            hit = (owner, typed, state.dump(typed))
            self._states[id(owner)] = hit
        return hit[1]

    def commit(self) -> None:
        """Write the typed states back into the working copy's ``data`` (the table calls it
        when the command's work is done; a test driving a ruleset by hand may too)."""
        from combat_cli.engine.contract.state import dump

        for owner, st, base in self._states.values():
            now = dump(st)
            if now == base:
                continue
            data = dict(owner.data)
            for key in base.keys() - now.keys():
                data.pop(key, None)
            # a value already there is kept, not replaced by its copy: in the middle of a
            # command (ctx.view) rules code may still hold it and write on into it
            data.update((k, v) for k, v in now.items()
                        if (k not in base or base[k] != v) and (k not in data or data[k] != v))
            # the model's order, whatever order the fields were first set in: two owners with
            # equal data have equal JSON (the undo journal diffs lists of them item by item);
            # in place, for the same reason
            fields = type(st).model_fields
            owner.data.clear()
            owner.data.update({k: data[k] for k in fields if k in data})
            owner.data.update((k, v) for k, v in data.items() if k not in fields)
            self._states[id(owner)] = (owner, st, now)

    @property
    def view(self) -> RulesView:
        """This state as the display hooks see it (``can_act`` asked from rules code), with
        what the command changed in the typed states so far."""
        from combat_cli.engine.contract.view import RulesView

        assert self.ruleset is not None, "a view needs the ruleset"
        return RulesView(self.enc, self.ruleset, self.lang, live=self._live_state)

    def _live_state(self, owner: Combatant | Encounter) -> State | None:
        hit = self._states.get(id(owner))
        return hit[1] if hit is not None and hit[0] is owner else None

    def say(self, template: str, **values: Any) -> str:
        """A sentence of the core's in the table's language: ``template`` is English with
        ``{placeholders}``; the ruleset's :meth:`label` may give it in another language. A value
        that is a :class:`~combat_cli.locale.Word` is translated, a ``Msg`` or an error worded,
        a name shown as it is."""
        from combat_cli.locale import PAIRS, Said, say, worded

        values = {k: worded(v, self.language) for k, v in values.items()}
        if template in PAIRS:
            return Said(say(template, self.language, **values))
        return Said(self.label(template).format(**values))

    def halt(self, reason: str) -> None:
        """Stop a running ``resolve all`` after this action (an intervention, a surprise the
        GM must narrate). The reason is shown to the GM."""
        self.halted = reason

    # -- lookups -------------------------------------------------------------------------
    @property
    def now(self) -> int:
        return self.enc.clock.seconds

    def combatant(self, cid: str) -> Combatant:
        return self.enc.get(cid)

    def find(self, name: str) -> Combatant:
        return find_combatant(self.enc, name)

    def name(self, who: Combatant | str | None) -> str | None:
        if who is None:
            return None
        if isinstance(who, Combatant):
            return who.name
        return self.enc.name_of(who)

    def ident(self, who: Combatant | str | None) -> str | None:
        """The id of ``who`` (a combatant, or a present one's id or name); None otherwise."""
        if who is None:
            return None
        if isinstance(who, Combatant):
            return who.id
        for c in self.enc.combatants:
            if c.id == who:
                return c.id
        found = [c.id for c in self.enc.combatants if c.name == who]
        return found[0] if len(found) == 1 else None

    # -- dice ----------------------------------------------------------------------------
    def roll(self, spec: RollSpec | str, purpose: str,
             by: Combatant | None = None) -> Roll:
        """Roll ``spec``; ``purpose`` says what for, how the pool was computed and what it
        must beat. ``by`` is whose roll it is; without it, a purpose starting ``NAME:`` names
        the roller, and anything else is the GM's roll. Before a roll is asked for, what the
        command has logged so far is shown (the GM sees a hit before the damage is asked)."""
        if isinstance(spec, str):
            try:
                spec = parse(spec)
            except DiceError as e:
                raise CommandError(e) from None
        roller = self.roller(by, purpose)
        if self.dice.will_ask(roller):
            self.flush()
        try:
            r = self.dice.roll(spec, purpose, by=roller)
        except DiceError as e:
            raise self.abort(RollAborted(e)) from None
        except RollAborted as e:
            raise self.abort(e) from None
        self.rolls.append(r)
        return r

    def roller(self, by: Combatant | None, purpose: str) -> Roller | None:
        """Whose roll this is, for the dice source (PC or not, the combatant's own dice=)."""
        if by is None:
            named = [c for c in self.enc.combatants if purpose.startswith(c.name + ":")]
            by = max(named, key=lambda c: len(c.name)) if named else None
        if by is None:
            return None
        own = self.state(by)
        return Roller(by.name, by.side == "pc", getattr(own, "dice", None))

    def ask(self, text: str, choices: tuple[str, ...], pcs: tuple[str, ...],
            phones_only: bool = False) -> str | None:
        """One of ``choices`` from the people at the table (a PC's phone, or the GM for it),
        or None when nobody answers (a script, no phone)."""
        from combat_cli.engine.contract.port import Question

        self.flush()
        try:
            answer = self.port.ask(Question(text, choices, pcs, "choice", phones_only))
        except RollAborted as e:
            raise self.abort(e) from None
        return answer if answer in choices else None

    def abort(self, e: RollAborted) -> RollAborted:
        """Remember that the command cannot go on (:attr:`aborted`); ``e`` to raise."""
        self.aborted = self.aborted or e
        return e

    def flush(self) -> None:
        """Show the entries logged since the last flush (through the front end's port)."""
        if self.shown < len(self.entries):
            self.port.show(self.entries[self.shown:])
        self.shown = len(self.entries)

    # -- the record ----------------------------------------------------------------------
    def log(self, text: str, *, kind: str = "note", actor: Combatant | str | None = None,
            action: str | None = None, target: Combatant | str | None = None,
            roll: Roll | None = None, difficulty: int | None = None,
            outcome: str | None = None, **data: Any) -> LogEntry:
        entry = LogEntry(
            round=self.enc.round, kind=kind, actor=self.name(actor), action=action,
            target=self.name(target), difficulty=difficulty, outcome=outcome, text=text,
            data=data, actor_id=self.ident(actor), target_id=self.ident(target),
        )
        if roll is not None:
            entry.kind = kind if kind != "note" else "roll"
            entry.dice = roll.dice
            entry.faces = list(roll.faces) if roll.faces is not None else None
            entry.total = roll.total
            if roll.purpose:
                entry.data.setdefault("for", roll.purpose)
            if roll.manual:
                entry.data["manual"] = True
            if roll.entered == "phone":  # the player's own dice, entered on the phone
                entry.data["by"] = "phone"
                entry.text = f"{text} {self.label('(phone)')}"
        if kind == "wound":
            self._players_level(entry, target if target is not None else actor)
        self.entries.append(entry)
        return entry

    def _players_level(self, entry: LogEntry, who: Combatant | str | None) -> None:
        """An NPC's wound entry keeps the players' wound level just after it (``seen``, 0-3),
        so the players' log says "badly hurt" or "down" where the GM's says the level."""
        if self.ruleset is None or not isinstance(who, Combatant) or who.side == "pc":
            return
        try:
            entry.data.setdefault("seen", self.ruleset.wound_level(self.view, who))
        except Exception:  # noqa: BLE001 - a level the ruleset can't tell yet: the plain word
            return

    def note(self, text: Any, /, **values: Any) -> None:
        """A line for the GM that is not part of the record (a hint, a reminder): a message
        (``Msg``), or a catalogue key and its values, ``note("{name} is {status}", name=...,
        status=Word(...))``; worded where it is shown."""
        if values:
            from combat_cli.locale import Msg

            text = Msg(text, **values)
        self.notes.append(text)

    # -- state helpers -------------------------------------------------------------------
    def set_status(self, c: Combatant, status: str, *, out: bool | None = None) -> None:
        c.status = status
        if out is not None:
            c.out = out

    def add_condition(self, c: Combatant, name: str, *, duration: int | None = None,
                      data: dict[str, Any] | None = None, quiet: bool = False) -> Condition:
        """Give ``c`` a condition, for ``duration`` seconds of game time or until removed.
        A condition already there is replaced (its end moves)."""
        until = None if duration is None else self.now + duration
        c.conditions = [x for x in c.conditions if x.name.lower() != name.lower()]
        cond = Condition(name=name, until=until, data=data or {})
        c.conditions.append(cond)
        if not quiet:
            text = (self.say("{name} is {condition} for {span}", name=c.name,
                             condition=self.label(name), span=self.span(duration))
                    if duration else
                    self.say("{name} is {condition}", name=c.name, condition=self.label(name)))
            self.log(text, kind="condition", actor=c, outcome=f"+{name}")
        return cond

    def remove_condition(self, c: Combatant, name: str, *, quiet: bool = False,
                         reason: str = "") -> bool:
        before = len(c.conditions)
        c.conditions = [x for x in c.conditions if x.name.lower() != name.lower()]
        gone = len(c.conditions) != before
        if gone and not quiet:
            why = f" ({self.label(reason)})" if reason else ""
            text = self.say("{name} is no longer {condition}", name=c.name,
                            condition=self.label(name))
            self.log(text + why, kind="condition", actor=c,
                     outcome=f"-{name}")
        return gone

    def add_timer(self, name: str, *, due_in: int, kind: str,
                  combatant: Combatant | None = None, data: dict[str, Any] | None = None,
                  quiet: bool = False) -> Timer:
        t = Timer(id=self.enc.new_id(), name=name, due=self.now + max(0, due_in), kind=kind,
                  combatant=combatant.id if combatant else None, data=data or {})
        self.enc.timers.append(t)
        if not quiet:
            self.log(self.say("Timer: {name} in {span}", name=name, span=self.span(due_in) or "0s"),
                     kind="timer", actor=combatant)
        return t

    def remove_timers(self, *, kind: str | None = None, combatant: Combatant | None = None) -> int:
        keep = [t for t in self.enc.timers
                if not ((kind is None or t.kind == kind)
                        and (combatant is None or t.combatant == combatant.id))]
        n = len(self.enc.timers) - len(keep)
        self.enc.timers = keep
        return n

    def span(self, seconds: int | None) -> str:
        if not seconds:
            return ""
        n = in_rounds(seconds, self.round_seconds)
        if n is not None:
            return self.say("{n} round" if n == 1 else "{n} rounds", n=n)
        return format_duration(seconds)
