"""What can come next on a line: pure suggestions from the verb's syntax and the live state.

``suggest(text_before_cursor, table)`` returns (word being typed, candidates); the REPL's
completer only turns them into prompt-toolkit completions. The verb being typed says what it
takes (its :class:`~combat_cli.engine.grammar.syntax.Syntax`, the one its parser and usage come
from): names where a name goes, the choices of a word or an option, option keys and their
values, the ruleset's actions after the name for declare/act/release/react, durations ...
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from combat_cli.commands.registry import Verb, all_verbs, keywords, lookup, verb_name
from combat_cli.engine.contract.capabilities import Healing, rest_options
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.grammar.parsing import COMMA, action_names
from combat_cli.engine.grammar.syntax import ACTION_KINDS, Arg, Opt, layout
from combat_cli.locale.commands import commands

if TYPE_CHECKING:
    from combat_cli.engine.domain.models import Combatant
    from combat_cli.engine.table import Table

DURATIONS = ("1r", "3r", "10r", "1m", "10m", "1h", "8h", "1d", "3d", "1w")


_TOKEN = re.compile(r"""(?:[^\s,"']+|"[^"]*"|'[^']*')+|,+|(?P<open>["'])""")
"""A word as the shell splits it (quoted parts kept together), a run of commas, or a quote
left open."""


def _words(text: str) -> tuple[list[str], str]:
    """Complete words before the cursor, and the partial word being typed (split as
    :mod:`shlex` splits the line, by one regular expression: a key costs microseconds on a
    line of thousands of characters)."""
    words: list[str] = []
    for m in _TOKEN.finditer(text):
        if m.group("open") is not None:   # an open quote: the rest is the word being typed
            if words and m.start() > 0 and not text[m.start() - 1].isspace() \
                    and text[m.start() - 1] != ",":
                words.pop()               # the word it is glued to (key=") is not complete
            return words, text[m.start() + 1:]
        token = m.group(0)
        words.append(token if not any(q in token for q in "\"'") else
                     re.sub(r'"([^"]*)"|\'([^\']*)\'', lambda q: q.group(1) or q.group(2) or "",
                            token))
    if text and not text[-1].isspace() and text[-1] != ",":
        partial = words.pop() if words else ""
    else:
        partial = ""
    return words, partial


def quote(name: str) -> str:
    return f'"{name}"' if " " in name else name


def names_of(table: Table, groups: bool = False) -> list[str]:
    """Combatant names, those still in the fight first (then the groups' names)."""
    from combat_cli.engine.domain.queries import group_names

    ordered = sorted(table.enc.combatants, key=lambda c: c.out)
    out = [quote(c.name) for c in ordered]
    return out + [quote(g) for g in group_names(table.enc)] if groups else out


def suggest(text: str, table: Table) -> tuple[str, list[str]]:
    words, partial = _words(text)
    verbs = all_verbs(table)
    lang = table.language
    if not words:
        return partial, sorted(verb_name(v, lang) for v in verbs.values())
    v = lookup(words[0], verbs, lang)
    if v is None:
        return partial, []
    typed = [COMMA if w and set(w) == {","} else w for w in keywords(v, words[1:], lang)]
    said = commands(lang)
    return partial, [said.keyword_name(c) if c in said.keywords else c
                     for c in candidates(v, table, _near(typed), partial)]


NEAR = 12
"""Words of a long line the completer walks: the first and the last ones (none between them
says what comes next), so a key costs the same on a line of any length."""


def _near(typed: list[str]) -> list[str]:
    """``typed`` cut for completion: a long line's first word (the name) and its last action
    (after the last comma), or its first and last :data:`NEAR` words."""
    if len(typed) <= 2 * NEAR:
        return typed
    if COMMA in typed[-NEAR:]:
        cut = len(typed) - typed[::-1].index(COMMA)
        return typed[:1] + typed[cut:]
    return typed[:NEAR] + typed[-NEAR:]


def candidates(v: Verb, table: Table, typed: list[str], partial: str) -> list[str]:
    """What may come next after ``typed`` (the words after the verb), walking its syntax."""
    spec = v.syntax
    got = layout(spec, typed)
    action = next((a for a in spec.args if a.kind in ACTION_KINDS), None)
    in_action = action is not None and (action.name in got.taken or got.next_arg is action)
    if in_action and action is not None:
        return _action_words(table, action, got.taken, partial)
    if "=" in partial:
        key = partial.partition("=")[0]
        return _values(table, spec.opt(key), key, got.taken)
    going, coming = _pending(spec.args, got.taken)
    out = [w for a in going + coming for w in _arg_words(table, v, a, got.taken)]
    if not out or not any(not a.optional for a in coming):
        out += _keys(table, spec.opts, got.options)
    return out


def _pending(args: tuple[Arg, ...], taken: dict[str, list[str]]
             ) -> tuple[list[Arg], list[Arg]]:
    """The arguments the next word may go to: the last one given if it takes more words
    (``NAME ...``, a VALUE of several words); those not given yet, up to the first required."""
    given = [a for a in args if a.name in taken]
    last = given[-1] if given else None
    going = [last] if last is not None and (last.repeat or last.kind in ("value", "text")) \
        else []
    coming: list[Arg] = []
    for a in args[args.index(last) + 1 if last is not None else 0:]:
        if a.name in taken:
            continue
        coming.append(a)
        if not a.optional:
            break
    return going, coming


def _arg_words(table: Table, v: Verb, a: Arg, taken: dict[str, list[str]]) -> list[str]:
    """The candidates of one positional argument, by its kind."""
    rs = table.ruleset
    if a.kind in ("name", "group"):
        return names_of(table, a.kind == "group") + list(a.choices)
    if a.kind in ("keyword", "choice", "int"):
        return list(a.choices)
    if a.kind == "duration":
        return list(DURATIONS)
    if a.kind == "value":
        return [quote(w) for w in rs.value_words(RulesView(table.enc, rs, table.lang), v.name)] \
            if isinstance(rs, Healing) else []
    if a.kind == "condition":
        first = next(iter(taken.values()), [""])
        c = _find(table, first[0])
        present = ["-" + k.name for k in c.conditions] if c else []
        return ["+" + k.name for k in rs.conditions] + present
    if a.kind == "topic":
        return sorted(all_verbs(table)) + [x.name for x in rs.actions] + ["rules"]
    return []


def _keys(table: Table, opts: tuple[Opt, ...], given: list[str]) -> list[str]:
    """``key=`` of the options not given yet (a ``stats``/``rest`` option: the ruleset's)."""
    have = {w.partition("=")[0].lower() for w in given}
    out: list[str] = []
    for o in opts:
        if o.hidden:
            continue
        if o.kind == "stats":
            out += [s.name + "=" for s in table.ruleset.stats]
        elif o.kind == "rest":
            out += [r.name + "=" for r in rest_options(table.ruleset)]
        elif o.name.lower() not in have:
            out.append(o.name + "=")
    return out


def _values(table: Table, o: Opt | None, key: str, taken: dict[str, list[str]]) -> list[str]:
    """Values after ``key=`` of the verb's own option (or of the ruleset's rest options)."""
    if o is None:
        rest = next((r for r in rest_options(table.ruleset) if r.name.lower() == key.lower()),
                    None)
        return [f"{rest.name}={ch}" for ch in rest.choices] if rest is not None else []
    if o.choices:
        return [f"{key}={ch}" for ch in o.choices]
    if o.kind == "duration":
        return [f"{key}={d}" for d in DURATIONS]
    if o.kind == "name":
        return _name_values(table, key)
    return []


def _name_values(table: Table, key: str) -> list[str]:
    return [f'{key}="{n.strip(chr(34))}"' if " " in n else f"{key}={n}"
            for n in names_of(table)]


def _action_words(table: Table, a: Arg, taken: dict[str, list[str]], partial: str
                  ) -> list[str]:
    """After the name: the actions; after an action: its target and option keys; after
    ``key=``: the option's values."""
    group = taken.get(a.name, [])
    if COMMA in group:
        group = group[len(group) - group[::-1].index(COMMA):]
    if a.choices:  # a verb standing for one action (d12: task NAME tn=N ...)
        group = [a.choices[0], *group]
    names = action_names(table.ruleset, True if a.kind == "reaction" else None)
    if not group:
        return [] if "=" in partial else sorted(names)
    spec = names.get(group[0].lower())
    if spec is None:
        return []
    actor = next((w[0] for k, w in taken.items() if k != a.name and w), "")
    if "=" in partial:
        return _action_values(table, spec, partial.partition("=")[0], actor)
    opts = [o.name + "=" for o in spec.options]
    if spec.target != "none" and len(group) == 1 and not a.choices:
        return [n for n in names_of(table) if n.strip('"') != _find_name(table, actor)] + opts
    return opts


def _action_values(table: Table, spec: Any, key: str, actor: str) -> list[str]:
    """Values of an action's option: its choices, durations, names, weapons, sides."""
    o = spec.option(key)
    low = key.lower()
    if o is not None and o.choices:
        return [f"{o.name}={ch}" for ch in o.choices]
    if low in ("for", "in"):
        return [f"{key}={d}" for d in DURATIONS]
    if o is not None and o.kind in ("name", "names"):
        return _name_values(table, key)
    if low == "weapon":
        return [f"{key}={quote(w)}" for w in _weapons(table, actor)]
    if low == "side":
        return [f"{key}=pc", f"{key}=npc"]
    return []


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
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.engine.domain.queries import find_combatant

    try:
        return find_combatant(table.enc, word)
    except CommandError:  # a half-typed or ambiguous name completes to nothing
        return None
