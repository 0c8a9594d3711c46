"""What a combatant's (or a template's) name may be, wherever it comes from: typed, a script,
a stat-block file, a save file.

- At most :data:`MAX_NAME` characters (a name is shown in every table row and line).
- Kept in Unicode NFC, so ``Miná`` typed with a combining accent is the same name as with
  the precomposed letter.
- No control characters and no invisible format characters (Unicode category Cf: the
  zero-width space, joiners, bidirectional marks, the soft hyphen): two names that look the
  same must be the same name.
- A new name must not look like one already there: :func:`skeleton` folds case, diacritics,
  spacing and the common Cyrillic and Greek look-alikes of Latin letters (``Мina``, ``Mína``
  and ``Mina`` are all ``mina``), and :func:`clash` finds the name it would be taken for.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from combat_cli.engine.domain.errors import CommandError
from combat_cli.locale import Msg
from combat_cli.textsafe import CONTROL

MAX_NAME = 64
"""The longest name, in characters (after NFC)."""

# Cyrillic and Greek letters that look like Latin ones (case kept: Greek capital Eta looks
# like H, small eta like n), and Latin letters with a stroke that NFKD does not take apart.
_LOOKALIKE = str.maketrans({
    # Cyrillic
    "А": "A", "а": "a", "В": "B", "в": "b", "Е": "E", "е": "e", "Ё": "E", "ё": "e",
    "Һ": "H", "һ": "h", "І": "I", "і": "i", "Ї": "I", "ї": "i", "Ј": "J", "ј": "j",
    "К": "K", "к": "k", "М": "M", "м": "m", "Н": "H", "н": "h", "О": "O", "о": "o",
    "Р": "P", "р": "p", "С": "C", "с": "c", "Т": "T", "т": "t", "У": "Y", "у": "y",
    "Х": "X", "х": "x", "Ѕ": "S", "ѕ": "s", "Ԁ": "D", "ԁ": "d", "Ԛ": "Q", "ԛ": "q",
    "Ԝ": "W", "ԝ": "w", "Ү": "Y", "ү": "y", "Ь": "b", "ь": "b",
    # Greek
    "Α": "A", "α": "a", "Β": "B", "β": "b", "Ε": "E", "ε": "e", "Ζ": "Z", "Η": "H", "η": "n",
    "Ι": "I", "ι": "i", "Κ": "K", "κ": "k", "Μ": "M", "Ν": "N", "ν": "v", "Ο": "O", "ο": "o",
    "Ρ": "P", "ρ": "p", "Τ": "T", "τ": "t", "Υ": "Y", "υ": "u", "Χ": "X", "χ": "x",
    "Ϲ": "C", "ϲ": "c", "Ϳ": "J", "ϳ": "j", "ς": "c",
    # Latin
    "ı": "i", "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ø": "o", "Ø": "O", "ħ": "h", "Ħ": "H",
    "ŀ": "l", "Ŀ": "L", "ɡ": "g", "ſ": "s",
})


def skeleton(name: str) -> str:
    """What ``name`` looks like, folded: no case, diacritics, look-alike letters from other
    scripts, or spacing differences (``"Мína "`` -> ``"mina"``)."""
    text = unicodedata.normalize("NFKD", name).translate(_LOOKALIKE).casefold()
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch)
                   and unicodedata.category(ch) != "Cf")
    return " ".join(text.split())


def shorten(text: str, most: int = MAX_NAME) -> str:
    """``text`` cut to about ``most`` characters for a message (a name typed far too long is
    not echoed whole)."""
    return text if len(text) <= most else text[:most - 1] + "…"


def name_problem(name: str, what: str = "name") -> Msg | str | None:
    """Why ``name`` cannot be a name (None: it can). ``name`` is taken as NFC."""
    if len(name) > MAX_NAME:
        return Msg(f"a {what} is at most {{max}} characters (this one has {{size}}): type a "
                   "shorter one", max=MAX_NAME, size=f"{len(name):,}")  # what: the core's noun
    for ch in name:
        cat = unicodedata.category(ch)
        if cat == "Cc" or CONTROL.match(ch):
            return "control"
        if cat == "Cf":
            return Msg('"{name}" holds an invisible character (U+{code}): type the name without it',
                       name=_visible(name), code=f"{ord(ch):04X}")
    return None


def check_name(name: str, what: str = "name") -> str:
    """``name`` in NFC if it can be a name (CommandError saying why not)."""
    if len(name) > 4 * MAX_NAME:  # before normalising a name of a million characters
        raise CommandError(name_problem(name, what) or "")
    name = unicodedata.normalize("NFC", name)
    problem = name_problem(name, what)
    if problem == "control":
        raise CommandError('"{name}" holds a control character: type the name without it', name=_visible(name))
    if problem:
        raise CommandError(problem)
    return name


def _visible(name: str) -> str:
    return "".join(ch if ch.isprintable() and unicodedata.category(ch) != "Cf" else "?"
                   for ch in name)


def clash(name: str, others: Iterable[str]) -> str | None:
    """The name among ``others`` that ``name`` would be taken for (None: none)."""
    mine = skeleton(name)
    return next((o for o in others if skeleton(o) == mine), None)
