"""What can come next on a line: pure suggestions from the registry and the live state.

``suggest(text_before_cursor, table)`` returns (word being typed, candidates); the REPL's
completer only turns them into prompt-toolkit completions.
"""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

from combat_cli.commands.parsing import action_names
from combat_cli.commands.registry import all_verbs
from combat_cli.engine.capabilities import Healing, rest_options

if TYPE_CHECKING:
    from combat_cli.engine.models import Combatant
    from combat_cli.engine.table import Table

NAME_FIRST = {"set", "remove", "declare", "act", "react", "hold", "release", "damage", "heal",
              "condition", "rest", "status", "note", "move"}
ACTION_AFTER_NAME = {"declare", "act", "release"}
GROUP_VERBS = {"declare", "act", "damage", "condition", "remove"}
NAME_OPTIONS = {"from", "vs", "who", "target", "with"}
"""Options whose value is a combatant's name."""
DURATIONS = ("1r", "3r", "10r", "1m", "10m", "1h", "8h", "1d", "3d", "1w")


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


def names_of(table: Table, groups: bool = False) -> list[str]:
    """Combatant names, those still in the fight first (then the groups' names)."""
    from combat_cli.engine.queries import group_names

    ordered = sorted(table.enc.combatants, key=lambda c: c.out)
    out = [quote(c.name) for c in ordered]
    return out + [quote(g) for g in group_names(table.enc)] if groups else out


def suggest(text: str, table: Table) -> tuple[str, list[str]]:
    words, partial = _words(text)
    verbs = all_verbs(table)
    rs = table.ruleset
    if not words:
        return partial, sorted(verbs)
    verb = words[0].lower()
    for v in verbs.values():
        if verb in v.aliases:
            verb = v.name
    args = words[1:]
    names = names_of(table, verb in GROUP_VERBS)
    if "=" in partial:
        hit = _option_value(table, verb, args, partial)
        if hit is not None:
            return partial, hit
    if verb == "help":
        return partial, (sorted(verbs) + [a.name for a in rs.actions] + ["rules"]) if not args else []
    if verb == "add":
        return partial, [o + "=" for o in ("side", "template")] + [s.name + "=" for s in rs.stats]
    if verb == "advance":
        return partial, list(DURATIONS) if not args else []
    if verb == "end":
        return partial, ["fight"] if not args else []
    if verb == "timer":
        return partial, ["in=", "who="]
    if verb == "condition" and len(args) == 1:
        c = _find(table, args[0])
        present = ["-" + k.name for k in c.conditions] if c else []
        return partial, ["+" + k.name for k in rs.conditions] + present
    if verb == "condition" and len(args) >= 2:
        return partial, ["for="]
    if verb not in NAME_FIRST and verb not in {v.name for v in rs.verbs}:
        return partial, []
    if not args:
        return partial, names
    if verb == "move":
        return partial, ["before", "after"] if len(args) == 1 else names if len(args) == 2 else []
    if verb in ("damage", "heal") and len(args) == 1:
        return partial, [quote(w) for w in rs.value_words(table.tables, verb)] if isinstance(rs, Healing) else []
    if verb == "rest" and len(args) == 1:
        return partial, list(DURATIONS)
    if verb in ACTION_AFTER_NAME or verb == "react":
        return partial, _action_words(table, verb, args, names)
    if verb == "set":
        return partial, [s.name + "=" for s in rs.stats] + ["side=", "name="]
    if verb == "rest":
        return partial, [o.name + "=" for o in rest_options(rs)]
    return partial, names if verb in {v.name for v in rs.verbs} else []


def _action_words(table: Table, verb: str, args: list[str], names: list[str]) -> list[str]:
    group = args[1:]
    if "," in group:
        group = group[len(group) - group[::-1].index(","):]
    table_ = action_names(table.ruleset, True if verb == "react" else None)
    if not group:
        return sorted(table_)
    spec = table_.get(group[0].lower())
    if spec is None:
        return []
    opts = [o.name + "=" for o in spec.options]
    if spec.target != "none" and len(group) == 1:
        return [n for n in names if n.strip('"') != _find_name(table, args[0])] + opts
    return opts


def _option_value(table: Table, verb: str, args: list[str], partial: str) -> list[str] | None:
    """Values after ``key=``: an option's choices, names, weapons, durations."""
    key, _, _ = partial.partition("=")
    low = key.lower()
    spec = None
    if verb in ACTION_AFTER_NAME or verb == "react":
        group = args[1:]
        if "," in group:
            group = group[len(group) - group[::-1].index(","):]
        if group:
            spec = action_names(table.ruleset).get(group[0].lower())
    elif verb == "rest":
        rest = next((o for o in rest_options(table.ruleset) if o.name.lower() == low), None)
        if rest is not None and rest.choices:
            return [f"{rest.name}={ch}" for ch in rest.choices]
    o = spec.option(key) if spec is not None else None
    if o is not None and o.choices:
        return [f"{o.name}={ch}" for ch in o.choices]
    if low in ("for", "in"):
        return [f"{key}={d}" for d in DURATIONS]
    if low in NAME_OPTIONS:
        return [f'{key}="{n.strip(chr(34))}"' if " " in n else f"{key}={n}"
                for n in names_of(table)]
    if low == "weapon":
        return [f"{key}={quote(w)}" for w in _weapons(table, args[0] if args else "")]
    if low == "side":
        return [f"{key}=pc", f"{key}=npc"]
    return None if o is None else []


def _weapons(table: Table, who: str) -> list[str]:
    """The actor's own weapons first, then the table's catalogue."""
    out: list[str] = []
    c = _find(table, who) if who else None
    if c is not None:
        for k in ("weapon", "weapons"):
            v = c.stats.get(k)
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, dict):
                out += [str(x) for x in v]
            elif isinstance(v, list):
                out += [str(x.get("name", x)) if isinstance(x, dict) else str(x) for x in v]
    cat = table.tables.get("weapons")
    if isinstance(cat, dict):
        out += [str(w) for w in cat]
    return list(dict.fromkeys(out))


def _find_name(table: Table, word: str) -> str | None:
    c = _find(table, word)
    return c.name if c else None


def _find(table: Table, word: str) -> Combatant | None:
    from combat_cli.engine.errors import CommandError
    from combat_cli.engine.queries import find_combatant

    try:
        return find_combatant(table.enc, word)
    except CommandError:  # a half-typed or ambiguous name completes to nothing
        return None
