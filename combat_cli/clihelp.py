"""The command line's own words (``--help``, usage errors) in the command line's language.

typer carries its own copy of click, whose words ("Usage:", "Options", "Show this message and
exit.", "Missing argument", "No such option") are English and not translatable there. In
another language, the app's click command tree is built once with every help text taken
through the catalogue, and click's help pages and usage errors are reworded line by line from
the catalogue's ``cli`` entries (headings, markers) and its error templates. English runs the
app untouched; nothing here is imported for it.
"""

from __future__ import annotations

import re
import sys
from typing import Any

from combat_cli.locale import _, catalogue, message

try:  # typer >= 0.22 carries its own click
    from typer._click.core import Context
    from typer._click.exceptions import ClickException, UsageError
except ImportError:  # pragma: no cover - older typer uses click itself
    from click import ClickException, Context, UsageError  # type: ignore[assignment,unused-ignore]

HEADINGS = ("Usage:", "Options:", "Arguments:", "Commands:", "Error:")
MARKERS = ("[OPTIONS]", "COMMAND", "[ARGS]...", "[required]", "<str>", "<int>", "<text>",
           "<integer>", "<path>", "TEXT", "INTEGER", "PATH", "OUT", "OLD", "HOST")
_ARG = re.compile(r"\{(\w+)\}")
_TRY = re.compile(r"Try '(.*)' for help\.")
PHRASES = ("Show this message and exit.",)


def word(text: str) -> str:
    """A word of click's in the ``cli`` context ("Usage:" -> "Použití:")."""
    return catalogue().pgettext("cli", text)


def reword(text: str) -> str:
    """A help page or usage text of click's, in the current language (a two-column row keeps
    its second column where it was)."""
    out = []
    for line in text.split("\n"):
        row = _ROW.match(line)
        if row is None:
            out.append(_reword_piece(line))
            continue
        first, gap, rest = row.groups()
        arg = first.strip().removesuffix("...").lower() in _ARGUMENTS
        name = (first.replace(first.strip(), _argument_name(first.strip())) if arg
                else _reword_piece(first))
        width = max(len(first) + len(gap), len(name) + 2)
        out.append(name.ljust(width) + _reword_piece(rest))
    return "\n".join(out)


_ROW = re.compile(r"^(  +\S.*?)( {2,})(\S.*)$")


def _reword_piece(line: str) -> str:
    for heading in HEADINGS:
        if line.lstrip().startswith(heading):
            line = line.replace(heading, word(heading), 1)
    for marker in MARKERS:
        if marker in line:
            line = re.sub(rf"(?<![\w-]){re.escape(marker)}(?![\w-])", word(marker), line)
    for phrase in PHRASES:
        if phrase in line:
            line = line.replace(phrase, word(phrase))
    line = _ARG.sub(lambda m: "{" + word(m.group(1)) + "}", line)
    for arg in _ARGUMENTS:  # click's own metavar: the name in capitals (FILE, EXPR...)
        if arg.upper() in line:
            line = re.sub(rf"(?<![\w-]){arg.upper()}(?![\w-])", word(arg).upper(), line)
    line = line.replace("[default:", "[" + word("default:"))  # it may wrap before its "]"
    return _TRY.sub(lambda m: word("Help:") + " " + m.group(1), line)


_ARGUMENTS: set[str] = set()


def _argument_name(shown: str) -> str:
    """An argument's name as click shows it (``file``, ``FILE``, ``expr...``), translated."""
    bare = shown.removesuffix("...")
    name = word(bare.lower())
    return (name.upper() if bare.isupper() else name) + shown[len(bare):]


def _translate_tree(cmd: Any) -> None:
    """Every help text of ``cmd`` and its subcommands through the catalogue."""
    for attr in ("help", "short_help", "epilog"):
        value = getattr(cmd, attr, None)
        if isinstance(value, str) and value:
            setattr(cmd, attr, _(value.strip()))
    for param in getattr(cmd, "params", ()):
        if isinstance(getattr(param, "help", None), str) and param.help:
            param.help = _(param.help)
        if getattr(param, "param_type_name", "") == "argument" and param.name:
            _ARGUMENTS.add(param.name)
    for sub in getattr(cmd, "commands", {}).values():
        _translate_tree(sub)


def _get_help(self: Any) -> str:
    return reword(_ORIGINAL["help"](self))


def _get_usage(self: Any) -> str:
    return reword(_ORIGINAL["usage"](self))


def _show(self: Any, file: Any = None) -> None:
    """A usage error: its usage line and hint reworded, the error in the catalogue's words."""
    file = file if file is not None else sys.stderr
    ctx = getattr(self, "ctx", None)
    if ctx is not None:
        option = ctx.help_option_names[0] if ctx.help_option_names else "--help"
        file.write(f"{ctx.get_usage()}\n{word('Help:')} {ctx.command_path} {option}\n\n")
    text = message(" ".join(str(self.format_message()).split()))
    text = re.sub(r"'(\w+)'", lambda m: f"'{_argument_name(m.group(1))}'"
                  if m.group(1).lower() in _ARGUMENTS else m.group(0), text)
    file.write(f"{word('Error:')} {text}\n")
    file.flush()


_ORIGINAL: dict[str, Any] = {}


def localized(cmd: Any) -> Any:
    """The click command ``cmd`` (the typer app's) with every word in the current language."""
    _translate_tree(cmd)
    if not _ORIGINAL:
        _ORIGINAL["help"] = Context.get_help
        _ORIGINAL["usage"] = Context.get_usage
        Context.get_help = _get_help  # type: ignore[method-assign]
        Context.get_usage = _get_usage  # type: ignore[method-assign]
        ClickException.show = _show  # type: ignore[method-assign]
        UsageError.show = _show  # type: ignore[method-assign]
    return cmd
