"""What can come next on a line: pure suggestions from the registry and the live state.

``suggest(text_before_cursor, table)`` returns (word being typed, candidates); the REPL's
completer only turns them into prompt-toolkit completions.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from combat_cli.commands.parsing import action_names
from combat_cli.commands.registry import all_verbs

if TYPE_CHECKING:
    from combat_cli.engine.models import Combatant
    from combat_cli.engine.table import Table

NAME_FIRST = {"set", "remove", "declare", "act", "react", "hold", "release", "damage", "heal",
              "condition", "rest", "status"}
ACTION_AFTER_NAME = {"declare", "act", "release"}


def _words(text: str) -> tuple[list[str], str]:
    """Complete words before the cursor, and the partial word being typed."""
    try:
        lex = shlex.shlex(text, posix=True, punctuation_chars=",")
        lex.whitespace_split = True
        lex.commenters = ""
        words = list(lex)
        open_quote = False
    except ValueError:
        q = max(text.rfind('"'), text.rfind("'"))
        words = _words(text[:q])[0] + [text[q + 1:]]
        open_quote = True
    if text and not text[-1].isspace() and text[-1] != "," or open_quote:
        partial = words.pop() if words else ""
    else:
        partial = ""
    return words, partial


def quote(name: str) -> str:
    return f'"{name}"' if " " in name else name


def suggest(text: str, table: Table) -> tuple[str, list[str]]:
    words, partial = _words(text)
    verbs = all_verbs(table)
    names = [quote(c.name) for c in table.enc.combatants]
    rs = table.ruleset
    if not words:
        return partial, sorted(verbs)
    verb = words[0].lower()
    for v in verbs.values():
        if verb in v.aliases:
            verb = v.name
    args = words[1:]
    if verb == "help":
        return partial, sorted(verbs) + [a.name for a in rs.actions] if not args else []
    if verb == "add":
        return partial, [o + "=" for o in ("side", "template")] + [s.name + "=" for s in rs.stats]
    if verb == "condition" and len(args) == 1:
        c = _find(table, args[0])
        present = ["-" + k.name for k in c.conditions] if c else []
        return partial, ["+" + k.name for k in rs.conditions] + present
    if verb not in NAME_FIRST and verb not in {v.name for v in rs.verbs}:
        return partial, []
    if not args:
        return partial, names
    if verb in ACTION_AFTER_NAME or verb == "react":
        group = args[1:]
        if "," in group:
            group = group[len(group) - group[::-1].index(","):]
        table_ = action_names(rs, True if verb == "react" else None)
        if not group:
            return partial, sorted(table_)
        spec = table_.get(group[0].lower())
        if spec is None:
            return partial, []
        if "=" in partial:
            key, _, _ = partial.partition("=")
            o = spec.option(key)
            if o and o.choices:
                return partial, [f"{o.name}={ch}" for ch in o.choices]
            return partial, []
        opts = [o.name + "=" for o in spec.options]
        if spec.target != "none" and len(group) == 1:
            return partial, names + opts
        return partial, opts
    if verb == "set" or verb == "rest":
        if verb == "rest":
            return partial, [o.name + "=" for o in rs.rest_options]
        return partial, [s.name + "=" for s in rs.stats] + ["side=", "name="]
    return partial, names


def _find(table: Table, word: str) -> Combatant | None:
    low = word.lower()
    for c in table.enc.combatants:
        if c.name.lower() == low:
            return c
    hits = [c for c in table.enc.combatants if c.name.lower().startswith(low)]
    return hits[0] if len(hits) == 1 else None
