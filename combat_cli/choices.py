"""Parameter types for the command line whose choices show in ``--help``, complete in the
shell and are checked by the parser. The list may be computed late (installed rulesets), so that
building the app costs nothing at start-up."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

try:  # typer >= 0.22 carries its own click
    from typer._click.shell_completion import CompletionItem
    from typer._click.types import ParamType
except ImportError:  # pragma: no cover - older typer uses click itself
    from click.shell_completion import CompletionItem  # type: ignore[assignment,unused-ignore]
    from click.types import ParamType  # type: ignore[assignment,unused-ignore]


class Choice(ParamType):
    """One of ``choices()``; ``accepts(value)``, if given, checks a value without the list."""

    name = "choice"

    def __init__(self, choices: Callable[[], Sequence[str]],
                 accepts: Callable[[str], bool] | None = None, hint: bool = False) -> None:
        self._choices = choices
        self._hint = hint
        self._accepts = accepts or (lambda value: value in self._choices())

    def all(self) -> list[str]:
        return list(self._choices())

    def get_metavar(self, param: Any, ctx: Any = None) -> str:  # click < 8.2 passes no ctx
        return "[" + "|".join(self.all()) + "]"

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if value is None or self._accepts(str(value)):
            return value
        from combat_cli.engine.domain.queries import closest

        guess = closest(str(value), self.all()) if self._hint else None
        hint = f" (did you mean {guess}?)" if guess else ""
        self.fail(f"{value!r} is not one of {', '.join(self.all())}{hint}", param, ctx)

    def shell_complete(self, ctx: Any, param: Any, incomplete: str) -> list[Any]:
        return [CompletionItem(c) for c in self.all() if c.startswith(incomplete)]


def fixed(*values: str) -> Choice:
    return Choice(lambda: values)


def rulesets() -> Choice:
    """The installed rulesets (a built-in name is accepted without scanning the packages)."""

    def every() -> list[str]:
        from combat_cli import plugins as registry

        return registry.names()

    def accepts(value: str) -> bool:
        from combat_cli import plugins as registry

        return registry.known(value)

    return Choice(every, accepts, hint=True)


def languages() -> Choice:
    """The display languages: English and every language with a compiled catalogue."""

    def every() -> tuple[str, ...]:
        from combat_cli.locale import languages as found

        return found()

    return Choice(every)


def report_formats() -> Choice:
    """What ``combat report --format`` writes (the report's own list, read when asked)."""

    def every() -> tuple[str, ...]:
        from combat_cli.report.build import FORMATS

        return tuple(FORMATS)

    return Choice(every)


def plain_arguments(command: Any) -> Any:
    """``command`` (a click command tree) with its arguments shown as the README writes them:
    ``combat play [OPTIONS] FILE``, not typer's ``{file}`` (0.2x) or ``file`` in the list."""

    def metavar(param: Any) -> Callable[..., str]:
        param.metavar = param.metavar or (param.name or "").upper()  # errors name it so too

        def make(*args: Any, **kwargs: Any) -> str:  # click < 8.2 passes no ctx
            shown = str(param.metavar)
            if param.nargs != 1:
                shown += "..."
            return shown if param.required else f"[{shown}]"

        return make

    for param in getattr(command, "params", ()):
        if getattr(param, "param_type_name", "") == "argument":
            param.make_metavar = metavar(param)
    for sub in getattr(command, "commands", {}).values():
        plain_arguments(sub)
    return command
