"""The command line's choices (rulesets, languages, report formats, fixed lists) and its whole
numbers, through typer's public parameters only: a choice shows in ``--help`` (``metavar=``),
completes in the shell (``autocompletion=``) and is checked, with "did you mean", by a
``callback=``; a number is read by a ``parser=``. A refused value raises :class:`ValueRefused`
(``typer.BadParameter``, which click words in English as it always has), carrying its message
as data (``.msg``: a catalogue key and its values) for the other languages.

A list may be computed late (the installed rulesets): until a help page is shown
(:func:`show_in_help`), its metavar is a placeholder, so building the app costs nothing at
start-up."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import typer


class ValueRefused(typer.BadParameter):
    """A value the command line refuses: ``str(e)`` the English, ``e.msg`` the message as data
    (``combat_cli.locale.Msg``), worded by :mod:`combat_cli.clihelp` in another language."""

    def __init__(self, key: str, /, **values: Any) -> None:
        from combat_cli.locale import Msg

        self.msg = Msg(key, **values)
        super().__init__(str(self.msg))


_PLACEHOLDERS: dict[str, Choice] = {}


class Choice:
    """One of ``choices()``; ``accepts(value)``, if given, checks a value without the list;
    ``hint``: a refused value is answered with the closest choice ("did you mean d6?")."""

    def __init__(self, placeholder: str, choices: Callable[[], Sequence[str]],
                 accepts: Callable[[str], bool] | None = None, hint: bool = False) -> None:
        self.placeholder = placeholder
        self._choices = choices
        self._hint = hint
        self._accepts = accepts or (lambda value: value in self._choices())
        _PLACEHOLDERS[placeholder] = self

    def all(self) -> list[str]:
        return list(self._choices())

    def metavar(self) -> str:
        """What ``--help`` shows after the option: ``[auto|manual|players]``."""
        return "[" + "|".join(self.all()) + "]"

    def complete(self, incomplete: str) -> list[str]:
        """The shell's completions of ``incomplete`` (typer's ``autocompletion``)."""
        return [c for c in self.all() if c.startswith(incomplete)]

    def check(self, value: str | None) -> str | None:
        """``value`` if it is one of the choices (typer's ``callback``), else refused."""
        if value is None or self._accepts(str(value)):
            return value
        every = ", ".join(self.all())
        if self._hint:
            from combat_cli.engine.domain.queries import closest

            guess = closest(str(value), self.all())
            if guess:
                raise ValueRefused("{value} is not one of {choices} (did you mean {guess}?)",
                                   value=repr(value), choices=every, guess=guess)
        raise ValueRefused("{value} is not one of {choices}", value=repr(value), choices=every)

    def option(self, default: Any, *names: str, help: str) -> Any:  # noqa: A002 - typer's name
        """The ``typer.Option`` of this choice."""
        return typer.Option(default, *names, metavar=self.placeholder, help=help,
                            callback=self.check, autocompletion=self.complete)


def fixed(*values: str) -> Choice:
    return Choice("[" + "|".join(values) + "]", lambda: values)


def rulesets() -> Choice:
    """The installed rulesets (a built-in name is accepted without scanning the packages)."""

    def every() -> list[str]:
        from combat_cli import plugins as registry

        return registry.names()

    def accepts(value: str) -> bool:
        from combat_cli import plugins as registry

        return registry.known(value)

    return Choice("RULESET", every, accepts, hint=True)


def languages() -> Choice:
    """The display languages: English and every language with a compiled catalogue."""

    def every() -> tuple[str, ...]:
        from combat_cli.locale import languages as found

        return found()

    return Choice("LANG", every)


def report_formats() -> Choice:
    """What ``combat report --format`` writes (the report's own list, read when asked)."""

    def every() -> tuple[str, ...]:
        from combat_cli.report.build import FORMATS

        return tuple(FORMATS)

    return Choice("FORMAT", every)


def integer(value: Any) -> int:
    """A whole number typed on the command line (typer's ``parser``), else refused."""
    if isinstance(value, int):
        return value
    try:
        return int(value)
    except ValueError:
        raise ValueRefused("{value} is not a valid int.", value=repr(value)) from None


def show_in_help(command: Any) -> None:
    """The placeholders of ``command``'s options replaced by their lists of choices (read
    now, when a help page is shown)."""
    for param in getattr(command, "params", ()):
        choice = _PLACEHOLDERS.get(getattr(param, "metavar", None) or "")
        if choice is not None:
            param.metavar = choice.metavar()
