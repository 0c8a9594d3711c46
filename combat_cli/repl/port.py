"""The front ends' side of the table's port (:class:`combat_cli.engine.contract.port.Port`): the REPL
asks on a prompt, a script reads its next lines. Each may be racing a player's phone for the
same answer (a :class:`~combat_cli.web.hub.Race`): whichever comes first wins.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from combat_cli.dice import Answer, DiceError, DiceQuestion, parse_answer
from combat_cli.engine.contract.host import host
from combat_cli.engine.domain.errors import RollAborted
from combat_cli.locale import dice
from combat_cli.locale import text as worded

if TYPE_CHECKING:
    from combat_cli.engine.contract.port import Question
    from combat_cli.engine.domain.models import LogEntry
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.script import ScriptLines
    from combat_cli.web.hub import Race

ROLL_IT = "-"
"""The answer that lets the tracker roll (a blank line is skipped in a script)."""


class FrontPort:
    """What both front ends share: show through the driver, ask nothing by default."""

    players: Any = None
    """The GM's side of the phones (``players``), when the table is served."""

    def __init__(self) -> None:
        self.driver: Driver | None = None

    def bind(self, driver: Driver) -> None:
        self.driver = driver

    def word(self, text: str) -> str:
        """A word or sentence in the table's language (the ruleset's catalogue)."""
        if self.driver is None:
            return text
        table = self.driver.table
        return host(table.ruleset).label(text, table.lang)

    def tell(self, text: str, style: str = "note") -> None:
        if self.driver is not None:
            self.driver.console.print(text, style=style)

    def show(self, entries: Sequence[LogEntry]) -> None:
        if self.driver is not None:
            self.driver.stream(list(entries))

    def ask_dice(self, question: DiceQuestion, race: Race | None = None) -> Answer | None:
        return None

    def ask(self, question: Question, race: Race | None = None) -> str | None:
        return None

    wake: Callable[[], None] | None = None
    """Set by the front end while it waits for the GM's next line: makes it stop waiting
    (a phone sent something for the table to do)."""

    def pending(self) -> bool:
        """A phone sent something the table has not done yet."""
        return False

    def serve_inbox(self) -> None:
        """Do what the phones sent (between the GM's commands)."""

    def confirm(self, text: str) -> str | None:
        """Ask the GM to confirm something a phone proposed: "" (or y) confirms, "n" drops
        it, another line is a command of the GM's instead; None: nobody to ask."""
        return None

    def settled(self) -> None:
        """A command is over (the table page and the phones follow)."""

    def close(self) -> None:
        """The session ends."""


WOKEN = "\x00woken"
"""A question's prompt left because a phone answered or left (never a typed line)."""


def phone_answer(race: Race | None) -> Any:
    """The phone's answer if a phone won the race, else None."""
    return race.answer if race is not None and race.event.is_set() and race.by else None


class ReplPort(FrontPort):
    """The REPL: a prompt of its own for each roll or question."""

    def _prompt(self, text: str, race: Race | None, default: str = "") -> str | None:
        """A line typed at the prompt; None when a phone answered first. A phone that left
        while asked is told above the prompt, and the prompt comes back with what was
        typed."""
        from prompt_toolkit import PromptSession

        session: PromptSession[str] = PromptSession()
        kept = [default]
        if race is not None:
            def wake() -> None:
                app, loop = session.app, session.app.loop
                if app.is_running and loop is not None:
                    def leave() -> None:
                        if app.is_running:
                            kept[0] = app.current_buffer.text
                            app.exit(result=WOKEN)
                    loop.call_soon_threadsafe(leave)
            race.wake = wake

        def pre_run() -> None:
            if race is not None and (race.event.is_set() or race.notice):
                session.app.exit(result=WOKEN)
        try:
            while True:
                typed = session.prompt(text, pre_run=pre_run, default=kept[0])
                if typed is not WOKEN or race is None or race.event.is_set():
                    break
                notice = race.take_notice()
                if notice:
                    self.tell(notice)
        finally:
            if race is not None:
                race.wake = None
        return None if phone_answer(race) is not None else typed

    def ask_dice(self, question: DiceQuestion, race: Race | None = None) -> Answer | None:
        what = dice(question.purpose or question.spec.text())
        phone = race is not None and question.by is not None
        if phone:
            assert question.by is not None
            hint = self.word("waiting for {name}'s phone (or type the faces)").format(
                name=question.by.name)
            short = shortest = hint  # the words the players' design promises, always
        elif question.spec.faces_only:  # a total can't serve (each face is counted apart)
            hint = self.word("the faces, not a total (Enter or - rolls)")
            short = self.word("faces, Enter rolls, ? more")
            shortest = self.word("? more")
        else:
            hint = self.word("faces or =total (Enter or - rolls)")
            short = self.word("faces, Enter rolls, ? more")
            shortest = self.word("? more")
        width = self.driver.console.width if self.driver is not None else 80
        prompt = dice_prompt(what, [hint, short, shortest], width)
        while True:
            try:
                text = self._prompt(prompt, race)
            except (KeyboardInterrupt, EOFError):
                raise RollAborted("roll cancelled; nothing was changed") from None
            if text is None:
                return self._from_phone(race)
            if text.strip() == "?":   # the whole of it: the breakdown and how to answer
                self.tell(f"  {what}", style="")
                self.tell(f"  {hint}; {self.word('? shows this again')}")
                continue
            if not Answer(text).rolls_it:
                try:
                    parse_answer(question.spec, text, question.purpose)
                except DiceError as e:
                    self.tell(f"  {worded(e)}", style="error")
                    continue
            if race is not None and not race.offer(Answer(text), ""):
                return self._from_phone(race)
            return Answer(text)

    def _from_phone(self, race: Race | None) -> Answer | None:
        answer = phone_answer(race)
        if isinstance(answer, Answer):
            self.tell("  " + self.word("from the phone: {answer}").format(
                answer=answer.text if not answer.rolls_it else self.word("(rolled)")))
        return answer if isinstance(answer, Answer) else None

    def _choose(self, question: Question, race: Race | None) -> str | None:
        """One of the question's choices, typed (by unique prefix; asked again on a typo) or
        from the phone; Enter takes the last choice (pass)."""
        names = ", ".join(question.choices)
        hint = (self.word("waiting for {name}'s phone, or type").format(
            name=" / ".join(question.pcs)) if race is not None else "")
        while True:
            try:
                typed = self._prompt(f"  {question.text.strip()} ({names}) {hint}: "
                                     .replace("  :", ":"), race)
            except (KeyboardInterrupt, EOFError):
                raise RollAborted("cancelled; nothing was changed") from None
            if typed is None:
                answer = str(phone_answer(race))
                self.tell("  " + self.word("from the phone: {answer}").format(
                    answer=self.word(answer)))
                return answer
            word = typed.strip().lower()
            hits = [c for c in question.choices if c.startswith(word)] if word else \
                list(question.choices[-1:])
            if len(hits) == 1:
                if race is not None and not race.offer(hits[0], ""):
                    return str(phone_answer(race))
                return hits[0]
            self.tell("  " + self.word("type one of: {choices}").format(choices=names),
                      style="error")

    def confirm(self, text: str) -> str | None:
        try:
            return self._prompt(text, None)
        except (KeyboardInterrupt, EOFError):
            return "n"

    def ask(self, question: Question, race: Race | None = None) -> str | None:
        if question.phones_only and race is None:
            return None  # no phone is there to answer it: the GM types react, as ever
        if question.kind == "choice":
            return self._choose(question, race)
        try:
            typed = self._asked(question, question.text, race)
            if typed is None:  # a player claimed it on the phone: the GM confirms
                claimed = str(phone_answer(race))
                typed = self._asked(question, self.word(
                    "{name} takes it from the phone: Enter confirms, or type another "
                    "name: ").format(name=claimed), None, default=claimed)
            elif race is not None:
                race.offer(typed, "")
            return typed
        except (KeyboardInterrupt, EOFError):
            return ""

    def _asked(self, question: Question, text: str, race: Race | None,
               default: str = "") -> str | None:
        """A typed answer the question can use: one it can't is told what it takes, in one
        line, and asked again (never read as the next command); None: a phone answered."""
        while True:
            typed = self._prompt(text, race, default)
            problem = question.accepts(typed) if typed is not None and question.accepts else None
            if problem is None:
                return typed
            self.tell(f"  {problem}", style="error")


def confirmed(typed: str) -> bool | None:
    """A GM's answer to "confirm?": True (Enter, y), False (n), None (a command instead)."""
    word = typed.strip().lower()
    if word in ("", "y", "yes", "a", "ano"):
        return True
    if word in ("n", "no", "ne"):
        return False
    return None


ANSWER_ROOM = 10
"""Columns a dice prompt leaves on its line for the answer (``3 4 6 1 2``)."""


_BREAKDOWN = re.compile(r"\b(?:\d+[dDkK]\d*|[dDkK]\d+)(?:[+-]\d+)?(?= \()")
"""A dice term followed by its breakdown in brackets (``4D (5D -1D 2 actions)``)."""


def short_purpose(what: str) -> str:
    """What a roll is for without the breakdown of its dice (the bracketed part right after
    them: ``Mina: Missile Weapons 4D (5D -1D 2 actions) vs 10 - shoot Thug`` -> ``Mina:
    Missile Weapons 4D vs 10 - shoot Thug``): what to roll and what it must beat, which
    other brackets may say (``→ Zbojník (obt. 6)``) are kept."""
    out, i = [], 0
    for m in _BREAKDOWN.finditer(what):
        if m.start() < i:
            continue
        out.append(what[i:m.end()])
        j, depth = m.end() + 1, 0
        while j < len(what):
            depth += {"(": 1, ")": -1}.get(what[j], 0)
            j += 1
            if depth == 0:
                break
        i = j
    out.append(what[i:])
    return " ".join("".join(out).split())


def dice_prompt(what: str, hints: list[str], width: int) -> str:
    """The dice prompt: the first of the whole description with the whole hint, with the
    short hint, the description without its breakdown with each, then ``? more`` (``hints``:
    whole, short, shortest) that leaves :data:`ANSWER_ROOM` columns on one line of
    ``width``; when none does (a very long name), the shortest, which wraps (nothing is cut:
    ``?`` at the prompt shows the whole)."""
    short = short_purpose(what)
    pairs = [(what, hints[0]), (what, hints[1]), (short, hints[0]), (short, hints[1]),
             (what, hints[2]), (short, hints[2])]
    forms = list(dict.fromkeys(f"  {w} — {h}: " for w, h in pairs))
    fits = [p for p in forms if len(p) + ANSWER_ROOM <= width]
    return fits[0] if fits else min(forms, key=len)


class ScriptPort(FrontPort):
    """A script: the lines after a command answer its rolls (faces, ``=total``, ``-``)."""

    def __init__(self, lines: ScriptLines) -> None:
        super().__init__()
        self.lines = lines
        lines.tell = self.tell

    def ask_dice(self, question: DiceQuestion, race: Race | None = None) -> Answer | None:
        purpose = question.purpose or question.spec.text()
        line = self._answer(race)
        if line is None and phone_answer(race) is not None:
            answer = phone_answer(race)
            shown = self.word("(rolled)") if answer.rolls_it else answer.text
            self.tell(f"  {self.word('roll')} {dice(purpose)}: {shown} {self.word('(phone)')}")
            return answer  # type: ignore[no-any-return]
        if line is None:
            raise DiceError("the script ended while a roll was asked for ({purpose})", purpose=purpose)
        roll_it = line == ROLL_IT
        shown = self.word("(rolled)") if roll_it else line
        self.tell(f"  {self.word('roll')} {dice(purpose)}: {shown}")
        if race is not None and not race.offer(Answer(line), ""):
            return phone_answer(race)  # type: ignore[no-any-return]
        if roll_it:
            return None
        try:
            parse_answer(question.spec, line, question.purpose)
        except DiceError:
            self.lines.bad_answer = (self.lines.number, line)
            raise
        return Answer(line)

    def _answer(self, race: Race | None) -> str | None:
        """The script's next line, or None (a phone answered, or the script ended and no
        phone is left to answer: the GM is told if one left while asked)."""
        line = self.lines.answer(race)
        notice = race.take_notice() if race is not None else ""
        if notice:
            self.tell(notice)
        return line

    def confirm(self, text: str) -> str | None:
        self.tell(text.rstrip())
        line = self.lines.answer()
        return "n" if line is None else line

    def ask(self, question: Question, race: Race | None = None) -> str | None:
        """Only a question a phone may answer waits here: for the script's next line, or
        the phone, whichever comes first."""
        if race is None:
            return None
        line = self._answer(race)
        if line is None:
            answer = phone_answer(race)
            if answer is not None:
                self.tell(f"  {question.text.strip()} {self.word(str(answer))} "
                          f"{self.word('(phone)')}")
            return None if answer is None else str(answer)
        self.tell(f"  {question.text.strip()} {line}")
        if not race.offer(line, ""):
            return str(phone_answer(race))
        problem = question.accepts(line) if question.accepts is not None else None
        hits = [c for c in question.choices if c.startswith(line.strip().lower())]
        if question.kind == "choice" and len(hits) != 1:
            problem = self.word("type one of: {choices}").format(
                choices=", ".join(question.choices))
        if problem is not None:  # the script stops at this line (as a bad dice answer does)
            self.lines.bad_answer = (self.lines.number, line)
            raise RollAborted(problem)
        return hits[0] if question.kind == "choice" else line
