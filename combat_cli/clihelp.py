"""The command line's own words (help pages, usage errors) in a language other than English.

English is click's own output, untouched; nothing here is imported for it. In another
language the project renders them itself, from the click command tree typer builds (its public
attributes, read by duck typing: ``params``, ``opts``, ``metavar``, ``help``, ``commands``...),
every word from the catalogue: the headings and markers in its ``cli`` context ("Usage:",
"[OPTIONS]", "FILE"), the help texts as they are written in the app. A usage error is worded
from a catalogue key and its values, chosen by what the exception carries (``possibilities``,
``option_name``, ``param``, the project's own ``msg``), never by reading click's English.
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import Any

from combat_cli.locale import Msg, _, catalogue, text


def word(source: str) -> str:
    """A word of the command line's in the ``cli`` context ("Usage:" -> "Použití:")."""
    return catalogue().pgettext("cli", source)


# -- help pages ----------------------------------------------------------------------------
def help_page(ctx: Any) -> str:
    """The help page of ``ctx``'s command (``combat -h``, ``combat play -h``), as click lays it
    out: usage, the command's help, then its arguments, options and subcommands."""
    command = ctx.command
    width = _width(ctx)
    out = [usage(ctx, width)]
    about = _help_text(command)
    if about:
        out += ["", _wrap(about, width, "  ", "  ")]
    params = [p for p in command.get_params(ctx) if not getattr(p, "hidden", False)]
    arguments = [(argument_name(p), _extras(_words(p.help), p, ctx))
                 for p in params if p.param_type_name == "argument"]
    options = [(_option_name(p), _extras(_words(p.help), p, ctx))
               for p in params if p.param_type_name == "option"]
    commands = []
    for name in getattr(command, "list_commands", lambda c: [])(ctx):
        sub = command.get_command(ctx, name)
        if sub is not None and not getattr(sub, "hidden", False):
            commands.append((name, _short_help(sub)))
    for heading, rows in (("Arguments:", arguments), ("Options:", options),
                          ("Commands:", commands)):
        if rows:
            out += ["", word(heading), *_rows(rows, width)]
    return "\n".join(out)


def usage(ctx: Any, width: int | None = None) -> str:
    """``Usage: combat play [OPTIONS] FILE`` in the current language."""
    command = ctx.command
    pieces = [word(command.options_metavar)] if getattr(command, "options_metavar", "") else []
    pieces += [usage_name(p) for p in command.get_params(ctx) if p.param_type_name == "argument"]
    sub = getattr(command, "subcommand_metavar", None)
    if sub:
        pieces += [word(piece) for piece in str(sub).split()]
    prefix = f"{word('Usage:')} {ctx.command_path} "
    width = width or _width(ctx)
    return _wrap(" ".join(pieces), width, prefix, " " * len(prefix))


def argument_name(param: Any) -> str:
    """An argument as help names it: ``SOUBOR``, ``VÝRAZ...``."""
    shown = str(param.metavar or (param.name or "").upper())
    bare = shown.removesuffix("...")
    return word(bare) + ("..." if param.nargs != 1 else "")


def usage_name(param: Any) -> str:
    name = argument_name(param)
    return name if param.required else f"[{name}]"


def _width(ctx: Any) -> int:
    """click's: the terminal's width, at most 80, less 2 (at least 50)."""
    given = getattr(ctx, "terminal_width", None)
    most = getattr(ctx, "max_content_width", None) or 80
    return int(given or max(min(shutil.get_terminal_size().columns, most) - 2, 50))


def _wrap(body: str, width: int, first: str, rest: str) -> str:
    """click's wrapping: each paragraph's lines joined, then filled (runs of spaces kept)."""
    wrapper = textwrap.TextWrapper(width, initial_indent=first, subsequent_indent=rest,
                                   replace_whitespace=False)
    paragraphs = [" ".join(line.strip() for line in p.splitlines())
                  for p in body.split("\n\n") if p.strip()]
    return "\n\n".join(wrapper.fill(p) for p in paragraphs) or first.rstrip()


def _words(help_text: str | None) -> str:
    """A help text in the current language: the app's own, or one of click's and typer's
    (``-h``'s "Show this message and exit.", in the ``cli`` context)."""
    if not help_text:
        return ""
    found = _(help_text)
    return word(help_text) if found == help_text else found


def _help_text(command: Any) -> str:
    found = getattr(command, "help", None) or ""
    return _words(textwrap.dedent(found).strip().partition("\f")[0])


def _short_help(command: Any) -> str:
    """A subcommand's line in the list: its short help, else its help's first paragraph,
    whole (it wraps; never cut)."""
    short = getattr(command, "short_help", None)
    if short:
        return _words(short)
    return _help_text(command).split("\n\n")[0]


def _option_name(param: Any) -> str:
    def joined(opts: Any) -> str:  # the short forms first, as click lists them
        return ", ".join(sorted(opts, key=lambda o: len(o) - len(o.lstrip("-/"))))

    shown = joined(param.opts)
    if getattr(param, "secondary_opts", None):
        shown += " / " + joined(param.secondary_opts)
    if not getattr(param, "is_flag", False) and not getattr(param, "count", False):
        metavar = param.metavar or getattr(param.type, "name", "text").upper()
        shown += " " + (metavar if metavar.startswith("[") else word(metavar))
    return shown


def _extras(help_text: str, param: Any, ctx: Any) -> str:
    """The help of a parameter with click's brackets: its default and whether it is required."""
    extra = []
    default = getattr(param, "default", None)
    show = getattr(param, "show_default", None)
    if show is None:
        show = getattr(ctx, "show_default", None)
    if isinstance(show, str):
        extra.append(f"{word('default:')} ({show})")
    elif show and default is not None and not callable(default) and not (
            getattr(param, "is_flag", False) and not default) and not param.required:
        value = ", ".join(map(str, default)) if isinstance(default, (list, tuple)) else (
            str(default) if default != "" else '""')
        extra.append(f"{word('default:')} {value}")
    if param.required:
        extra.append(word("required"))
    if not extra:
        return help_text
    return f"{help_text}  [{'; '.join(extra)}]" if help_text else f"[{'; '.join(extra)}]"


def _rows(rows: list[tuple[str, str]], width: int, col_max: int = 30) -> list[str]:
    """click's definition list: two columns, the second wrapped beside the first (or below a
    first column longer than ``col_max``)."""
    first_col = min(max(len(a) for a, _b in rows), col_max) + 2
    text_width = max(width - first_col - 2, 10)
    indent = " " * (first_col + 2)
    out = []
    for name, about in rows:
        if not about:
            out.append(f"  {name}")
            continue
        lines = _wrap(about, text_width, "", "").split("\n")
        if len(name) <= first_col - 2:
            out.append(f"  {name}{' ' * (first_col - len(name))}{lines[0]}")
        else:
            out += [f"  {name}", indent + lines[0]]
        out += [indent + line if line else "" for line in lines[1:]]
    return out


# -- usage errors --------------------------------------------------------------------------
def run(command: Any) -> int:
    """``command`` (the app's click group) run with its help pages and usage errors in the
    current language: its exit code."""
    try:
        code = command.main(standalone_mode=False)
    except Exception as raised:  # noqa: BLE001 - only the command line's own errors are handled
        e: Any = raised
        name = type(e).__name__
        if name == "Abort":
            sys.stderr.write(_("Aborted!") + "\n")
            return 1
        if not hasattr(e, "exit_code") or not (hasattr(e, "msg") or
                                               hasattr(e, "format_message")):
            raise
        if name == "NoArgsIsHelpError":  # its message is the (worded) help page
            sys.stderr.write(str(e.format_message()) + "\n")
        else:
            show_error(e)
        return int(e.exit_code)
    return code if isinstance(code, int) else 0


def show_error(e: Any) -> None:
    """A usage error as click shows one: the usage line and where help is, then the error."""
    from combat_cli.textsafe import escape_all

    ctx = getattr(e, "ctx", None)
    head = ""
    if ctx is not None:
        names = getattr(ctx, "help_option_names", None) or ["--help"]
        head = f"{usage(ctx)}\n{word('Help:')} {ctx.command_path} {names[0]}\n\n"
    said = escape_all(" ".join(text(problem(e)).split()))
    sys.stderr.write(f"{head}{word('Error:')} {said}\n")
    sys.stderr.flush()


def problem(e: Any) -> Any:
    """What a usage error says, as a :class:`Msg` chosen by what the exception carries (the
    text click made, as it is, only for an error this does not know)."""
    msg = getattr(e, "msg", None)
    ctx = getattr(e, "ctx", None)
    param = getattr(e, "param", None)
    if hasattr(e, "possibilities"):                      # an unknown option
        option = str(e.option_name)
        found = sorted(e.possibilities or ())
        if len(found) == 1:
            return Msg("No such option: {option} Did you mean {guess}?", option=option,
                       guess=found[0])
        if found:
            return Msg("No such option: {option} (Possible options: {options})",
                       option=option, options=", ".join(found))
        return Msg("No such option: {option}", option=option)
    if hasattr(e, "option_name") and ctx is not None:     # an option without its value, or
        name = str(e.option_name)                         # a flag given one
        flag = any(name in getattr(p, "opts", ()) and getattr(p, "is_flag", False)
                   for p in ctx.command.get_params(ctx))
        key = "Option {name} does not take a value." if flag else \
            "Option {name} requires an argument."
        return Msg(key, name=repr(name))
    if param is not None and hasattr(e, "param_type"):   # a missing argument or option
        kind = getattr(param, "param_type_name", "")
        if kind == "argument":
            return Msg("Missing argument {name}.", name=_hint(param))
        if kind == "option":
            return Msg("Missing option {name}.", name=_hint(param))
        return Msg("Missing parameter: {name}", name=_hint(param))
    if isinstance(msg, Msg) and param is not None:         # a value refused
        return Msg("Invalid value for {hint}: {problem}", hint=_hint(param), problem=msg)
    if isinstance(msg, Msg):
        return msg
    if param is not None:
        return Msg("Invalid value for {hint}: {problem}", hint=_hint(param),
                   problem=str(getattr(e, "message", "")))
    if ctx is not None and getattr(ctx.command, "commands", None) is not None:
        return Msg("Missing command.")                    # a group's only bare error
    return str(e.format_message())


def _hint(param: Any) -> str:
    """A parameter as an error names it: ``'--ruleset' / '-r'``, ``'SOUBOR'``."""
    if param.param_type_name == "argument":
        return f"'{argument_name(param)}'"
    return " / ".join(f"'{o}'" for o in param.opts)
