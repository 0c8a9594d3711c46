"""The console: colour when it is a terminal (and NO_COLOR is unset), plain text when piped."""

from __future__ import annotations

import os
import sys
from typing import IO

from rich.console import Console
from rich.theme import Theme

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


def make_console(file: IO[str] | None = None, width: int | None = None) -> Console:
    stream = file or sys.stdout
    is_tty = hasattr(stream, "isatty") and stream.isatty()
    if width is None and not is_tty:
        width = int(os.environ.get("COLUMNS", "100") or 100)
    # markup off: names, conditions and lines the GM typed are printed as typed ("[/]" too);
    # styles are given as style= or rich Text, never as markup in strings
    return Console(file=stream, theme=THEME, width=width, highlight=False, markup=False,
                   no_color=bool(os.environ.get("NO_COLOR")) or None, soft_wrap=False,
                   emoji=False)
