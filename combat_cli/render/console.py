"""The console: colour when it is a terminal (and NO_COLOR is unset), plain text when piped.

Whatever it prints, a control character inside the text (a name, a note, a condition or a line
from a file holding ``ESC]0;...BEL`` or ``ESC[2J``) is shown escaped, ``\\x1b``: only the
console's own styles reach the terminal as escape sequences.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable
from typing import IO, Any

from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from rich.theme import Theme

from combat_cli.textsafe import SHOWN, escape

THEME = Theme({
    "error": "bold red",
    "note": "dim",
    "hit": "bold green",
    "miss": "yellow",
    "wound": "bold red",
    "round": "bold cyan",
    "acting": "bold reverse",
    "held": "magenta",
    "out": "dim strike",
    "timer": "blue",
    "roll": "",
    "pc": "bold green",
    "npc": "red",
})


class SafeConsole(Console):
    """A rich Console that escapes control characters in the text it is given."""

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(escape(text), **kwargs)  # escaped before it is measured

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        return super()._render_buffer(_escaped(buffer))


def _escaped(buffer: Iterable[Segment]) -> Iterable[Segment]:
    for seg in buffer:
        if seg.control is None and SHOWN.search(seg.text):
            yield Segment(escape(seg.text), seg.style, None)
        else:
            yield seg


def make_console(file: IO[str] | None = None, width: int | None = None) -> Console:
    # No file: rich writes to whatever sys.stdout is at each print, so what is printed while
    # a served REPL's prompt is up (a phone joined) goes above it, and the rest straight out;
    # a console built while the prompt was up must not keep its stand-in for good.
    stream = file or sys.__stdout__ or sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    if width is None and not is_tty:
        width = int(os.environ.get("COLUMNS", "100") or 100)
    # markup off: names, conditions and lines the GM typed are printed as typed ("[/]" too);
    # styles are given as style= or rich Text, never as markup in strings
    return SafeConsole(file=file, theme=THEME, width=width, highlight=False, markup=False,
                   no_color=bool(os.environ.get("NO_COLOR")) or None, soft_wrap=False,
                   emoji=False)
