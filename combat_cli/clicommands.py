"""The app's command classes, given to typer as ``cls=`` (its documented way to adjust the
click commands it builds): subclasses of ``typer.core.TyperGroup`` / ``TyperCommand`` that
override click's public methods only.

- Every usage line names an argument by its metavar, as the README writes it
  (``combat play [OPTIONS] FILE``, not typer's ``{FILE}``).
- A help page shows the lists of choices (read only then: :func:`combat_cli.choices.show_in_help`).
- In another language (:func:`localize`, called by ``cli.main`` before the app runs), the help
  pages come from :mod:`combat_cli.clihelp`, and the usage errors click would raise as bare
  English sentences (no such command, extra arguments) are raised as :class:`CliUsageError`,
  a key and its values. English runs click's own code unchanged.
"""

from __future__ import annotations

from typing import Any

from typer.core import TyperCommand, TyperGroup

from combat_cli import choices

_LOCALIZED = [False]


def localize() -> None:
    """From now on, help pages and usage errors in the current language (not English)."""
    _LOCALIZED[0] = True


class CliUsageError(Exception):
    """A usage error as data: ``msg`` (a ``combat_cli.locale.Msg``) and the click context it
    arose in (``ctx``: its usage line and help hint are shown with it); exit code 2."""

    exit_code = 2

    def __init__(self, msg: Any, ctx: Any) -> None:
        super().__init__(str(msg))
        self.msg = msg
        self.ctx = ctx


def _help_page(command: Any, ctx: Any) -> str | None:
    choices.show_in_help(command)
    if not _LOCALIZED[0]:
        return None
    from combat_cli import clihelp

    return clihelp.help_page(ctx)


class Command(TyperCommand):
    def get_help(self, ctx: Any) -> str:
        page = _help_page(self, ctx)
        return super().get_help(ctx) if page is None else page

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        pieces = [self.options_metavar] if self.options_metavar else []
        return pieces + [usage_name(p) for p in self.get_params(ctx)
                         if getattr(p, "param_type_name", "") == "argument"]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not _LOCALIZED[0] or ctx.allow_extra_args:
            return super().parse_args(ctx, args)
        ctx.allow_extra_args = True  # the extra arguments kept, to be named in the error
        try:
            rest = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = False
        if rest and not ctx.resilient_parsing:
            from combat_cli.locale import Msg

            key = ("Got unexpected extra argument ({args})" if len(rest) == 1 else
                   "Got unexpected extra arguments ({args})")
            raise CliUsageError(Msg(key, args=" ".join(map(str, rest))), ctx)
        return rest


class Group(TyperGroup):
    def get_help(self, ctx: Any) -> str:
        page = _help_page(self, ctx)
        return super().get_help(ctx) if page is None else page

    def resolve_command(self, ctx: Any, args: list[str]) -> Any:
        name = str(args[0]) if args else ""
        if (not _LOCALIZED[0] or ctx.resilient_parsing or name.startswith("-")
                or self.get_command(ctx, name) is not None):
            return super().resolve_command(ctx, args)
        import difflib

        from combat_cli.locale import Msg

        guesses = difflib.get_close_matches(name, self.list_commands(ctx))
        msg = (Msg("No such command {name}. Did you mean {guess}?", name=repr(name),
                   guess=", ".join(map(repr, guesses))) if guesses else
               Msg("No such command {name}.", name=repr(name)))
        raise CliUsageError(msg, ctx)


def usage_name(param: Any) -> str:
    """An argument as the usage line shows it: ``FILE``, ``[FILE]``, ``EXPR...``."""
    shown = str(param.metavar or (param.name or "").upper())
    if param.nargs != 1 and not shown.endswith("..."):
        shown += "..."
    return shown if param.required else f"[{shown}]"
