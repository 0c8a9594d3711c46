"""What ``help`` says: one screen (verbs by group, the ruleset's actions one line each), and
``help rules`` (conditions, the rules' house-rule switches with their rule IDs)."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from combat_cli.engine.contract.host import host

if TYPE_CHECKING:
    from combat_cli.engine.table import Table

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("roster", ("add", "import", "set", "remove", "note", "move")),
    ("round", ("start", "declare", "act", "react", "resolve", "hold", "release", "next", "end")),
    ("health", ("damage", "heal", "condition", "rest")),
    ("clock", ("advance", "timer")),
    ("dice", ("roll", "odds", "dice")),
    ("look", ("status", "log", "why")),
    ("table", ("undo", "redo", "save", "help", "quit")),
)
RULE_ID = re.compile(r"\s*\(?\b(?:[A-Z][A-Z0-9]*-)+[A-Z0-9]+(?:/(?:[A-Z][A-Z0-9]*-)+[A-Z0-9]+)*\b\)?:?")
"""A rule ID (``D6-MULTI-2``, ``AMB-D6-3``, ``SP-INIT-3``), with its brackets or colon."""


def no_ids(text: str) -> str:
    """``text`` without rule IDs (they belong to ``help rules``)."""
    from combat_cli.views.ruleids import without_rule_ids

    return re.sub(r"\s{2,}", " ", RULE_ID.sub("", without_rule_ids(text))).strip()


def fit(text: str, width: int, indent: int = 4) -> list[str]:
    """``text`` in lines of at most ``width`` (the next ones indented by ``indent``): wrapped,
    never cut (help is what the GM asked for)."""
    import textwrap

    if len(text) <= width:
        return [text]
    return textwrap.wrap(text, width, subsequent_indent=" " * indent, break_long_words=True,
                         break_on_hyphens=False) or [text]


def overview(table: Table, width: int = 100) -> list[str]:
    """``help``: at most ~40 lines at 100 columns for every built-in ruleset."""
    from combat_cli.commands.registry import all_verbs, verb_name
    from combat_cli.locale import _

    rs, lang = table.ruleset, table.lang
    verbs = all_verbs(table)
    core = {n: v for n, v in verbs.items() if v.topic == "core"}
    lines = [_("Verbs ({ruleset}) — help VERB for its usage, help ACTION for its options").format(
        ruleset=rs.name)]
    grouped: set[str] = set()
    for title, names in GROUPS:
        shown = [n for n in names if n in core]
        grouped.update(shown)
        if shown:
            lines += fit(f"  {_(title):<8} " + "  ".join(
                verb_name(core[n], table.language) for n in shown), width, 11)
    rest = sorted(verb_name(v, table.language) for n, v in core.items() if n not in grouped)
    if rest:
        lines += fit(f"  {_('more'):<8} " + "  ".join(rest), width, 11)
    own = [verb_name(v, table.language) for v in verbs.values() if v.topic != "core"]
    if own:
        lines += fit(f"  {rs.name:<8} " + "  ".join(own), width, 11)
    if rs.actions:
        lines.append(_("Actions (declare/act NAME ACTION [TARGET] [opt=v]; * also react NAME "
                       "ACTION)"))
        labels = [host(rs).label(a.name, lang) + (" *" if a.reaction else "") for a in rs.actions]
        w = max(len(n) for n in labels)
        for a, name in zip(rs.actions, labels, strict=True):
            lines += fit(f"  {name:<{w}}  {no_ids(host(rs).label(a.help, lang))}", width, w + 4)
    if rs.conditions:
        lines += fit(_("Conditions: {names}").format(
            names=", ".join(host(rs).label(c.name, lang) for c in rs.conditions)), width)
    lines.append(_("A group (add NAME xN) is named by NAME; tags (DT1) work for names. "
                   "help rules: house rules"))
    return lines


def rules(table: Table) -> list[str]:
    """``help rules``: the conditions, the house-rule switches (with rule IDs), the notes."""
    from combat_cli.locale import _

    rs, lang = table.ruleset, table.lang
    lines = [_("Rules of {ruleset}: {title}").format(ruleset=rs.name, title=host(rs).label(rs.title, lang))]
    if rs.conditions:
        lines.append(_("Conditions: {names}").format(
            names=", ".join(host(rs).label(c.name, lang) for c in rs.conditions)))
    extra = rs.help_text()
    lines.extend(extra.splitlines() if extra else [_("no house-rule switches")])
    return lines
