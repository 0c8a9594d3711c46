"""Control characters: refused in what the GM types, shown escaped (``\\x1b``) wherever text
from a file reaches the terminal, so no name, note or file can move the cursor, retitle the
window, clear the screen or write the clipboard."""

from __future__ import annotations

import json
import re
from typing import Any

Problem = tuple[str, dict[str, Any]]
"""A complaint as data: its catalogue key and its values (``Msg(key, **values)`` above this
layer, which may not import the catalogue)."""

BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
"""Bidirectional controls (the "Trojan Source" characters): they reorder what follows on the
line, so a name could make the table read differently from what it holds."""
SEPARATORS = "\u2028\u2029"
"""The Unicode line and paragraph separators: line breaks to a browser's script (and to
``str.splitlines``)."""
CONTROL = re.compile(f"[\\x00-\\x08\\x0a-\\x1f\\x7f-\\x9f{BIDI}{SEPARATORS}]")
"""C0 (but tab), DEL, C1, the bidirectional controls and the Unicode line separators: never
allowed in a typed line."""
SHOWN = re.compile(f"[\\x00-\\x08\\x0b-\\x1f\\x7f-\\x9f{BIDI}{SEPARATORS}]")
"""What output escapes: the same, less the newline that ends a line (tab is expanded). The
one filter of what reaches a terminal or a page (:func:`plain`, :func:`escape_controls`)."""
_JSON_C1 = re.compile(f"[\\x7f-\\x9f{BIDI}{SEPARATORS}]")


def _hex(m: re.Match[str]) -> str:
    n = ord(m.group())
    return f"\\x{n:02x}" if n <= 0xFF else f"\\u{n:04x}"


def escape(text: str) -> str:
    """``text`` with every control character but newline and tab written as ``\\xNN``."""
    return SHOWN.sub(_hex, text) if SHOWN.search(text) else text


def plain(text: str) -> str:
    """Text safe for a terminal (the players' view, the report): control characters become
    spaces."""
    return SHOWN.sub(" ", text)


def escape_controls(text: str) -> str:
    """Control characters as ``\\uXXXX`` (inside JSON strings this is the same text)."""
    return SHOWN.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def escape_all(text: str) -> str:
    """``text`` for one line: newlines escaped too."""
    return CONTROL.sub(_hex, text) if CONTROL.search(text) else text


def first_control(text: str) -> str | None:
    """The first forbidden character of a typed line, escaped (``\\x1b``); None if clean."""
    m = CONTROL.search(text)
    return _hex(m) if m else None


def json_text(value: Any) -> str:
    """Readable JSON (UTF-8 kept) with DEL and C1 escaped too (json escapes only C0)."""
    text = json.dumps(value, ensure_ascii=False, indent=2)
    return _JSON_C1.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


MAX_DIGITS = 12
"""The longest number a line may hold: more is a typing accident (and ``int`` refuses past
4,300 digits, with an error no GM should read)."""
_LONG = re.compile(r"\d{" + str(MAX_DIGITS + 1) + ",}")


def long_number(text: str) -> Problem | None:
    """A one-line complaint if ``text`` holds a number of more than :data:`MAX_DIGITS` digits
    (a key and its values)."""
    m = _LONG.search(text)
    if m is None:
        return None
    return ("a number of {digits} digits is too long (numbers have at most {limit} digits)",
            {"digits": f"{len(m.group()):,}", "limit": MAX_DIGITS})


def line_problem(line: str) -> Problem | None:
    """Why a typed line can't be used as it stands (a control character, a huge number): a key
    and its values."""
    bad = first_control(line)
    if bad:
        return ("the line holds a control character ({char}); type names and text without "
                "control characters", {"char": bad})
    return long_number(line)
