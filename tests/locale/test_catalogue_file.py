"""The Czech catalogue as a file: every entry whole (a msgid before its msgstr) and each
message once (Babel's reader takes a stray msgstr, or a second entry, without a word: the
first one shown would then be the wrong words)."""

from __future__ import annotations

import re
from pathlib import Path

from combat_cli.locale import DIR, DOMAIN

STRING = re.compile(r'^"(?:[^"\\]|\\.)*"$')


def _entries(po: Path) -> list[list[str]]:
    """The file's entries, comments left out: a new one starts at a blank line, or at a
    msgctxt or msgid that follows a msgstr."""
    entries: list[list[str]] = [[]]
    last = ""
    for line in po.read_text(encoding="utf-8").splitlines():
        word = _keyword(line)
        if not line.strip() or (word in ("msgctxt", "msgid") and last.startswith("msgstr")):
            entries.append([])
            last = ""
        if line.strip() and not line.startswith("#"):
            entries[-1].append(line)
            last = word or last
    return [e for e in entries if e]


def _keyword(line: str) -> str:
    return "" if STRING.match(line) else line.split(" ", 1)[0]


def test_every_entry_has_its_msgid_before_its_msgstr_and_each_message_is_there_once():
    for po in sorted(DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        seen: dict[str, int] = {}
        for number, entry in enumerate(_entries(po)):
            words = [w for w in map(_keyword, entry) if w]
            assert words and words[0] in ("msgctxt", "msgid"), (po.name, entry[:2])
            assert words.count("msgid") == 1 and "msgstr" in "".join(words), (po.name, entry)
            order = [w for w in words if w in ("msgctxt", "msgid", "msgid_plural")]
            assert words[:len(order)] == order, (po.name, entry)
            key = "\n".join(entry[:entry.index(next(ln for ln in entry
                                                    if ln.startswith("msgstr")))])
            assert key not in seen, (po.name, key)
            seen[key] = number
