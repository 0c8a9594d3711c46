"""Printing what a line produced: its log entries, notes, the views it asked for, or its error."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from combat_cli.render.ruleids import without_rule_ids
from combat_cli.render.tables import (
    combatant_table,
    header,
    log_table,
    round_table,
    timers_table,
    value_text,
)

if TYPE_CHECKING:
    from combat_cli.commands.registry import Output
    from combat_cli.engine.models import LogEntry
    from combat_cli.engine.table import Table

_OUTCOME_STYLE = {"hit": "hit", "miss": "miss", "success": "hit", "failure": "miss"}
_KIND_STYLE = {"wound": "wound", "round": "round", "timer": "timer", "condition": "held",
               "lapse": "note", "declare": ""}


def entry_text(e: LogEntry) -> Text:
    style = _KIND_STYLE.get(e.kind, "") or _OUTCOME_STYLE.get((e.outcome or "").lower(), "")
    line = Text(without_rule_ids(e.text), style=style)
    why = e.data.get("for")
    if e.dice and why:
        faces = "" if e.faces is None else f" [{' '.join(map(str, e.faces))}]"
        line.append(f"   ({why}{faces}{' typed' if e.data.get('manual') else ''})", style="note")
    return line


def print_output(console: Console, table: Table, out: Output) -> None:
    if out.error:
        console.print(Text(f"error: {without_rule_ids(out.error)}", style="error"))
        return
    for e in out.entries:
        if e.kind == "round" and any(v == "round" for v, _ in out.views):
            continue
        console.print(entry_text(e))
    for n in out.notes:
        console.print(Text(without_rule_ids(n), style="note"))
    for view, payload in out.views:
        print_view(console, table, view, payload)


def print_view(console: Console, table: Table, view: str, payload: Any) -> None:
    enc, rs, lang = table.enc, table.ruleset, table.lang
    if view == "round":
        console.print(round_table(enc, rs, lang))
    elif view == "status":
        console.print(round_table(enc, rs, lang))
        t = timers_table(enc, rs, lang)
        if t is not None:
            console.print(t)
    elif view == "combatant":
        console.print(combatant_table(enc, rs, enc.get(payload), lang))
    elif view == "roster":
        for c in payload:
            if c.stats:
                console.print(Text(f"  {c.name}: " + ", ".join(
                    f"{rs.label(k, lang)}={value_text(v)}" for k, v in c.stats.items()),
                    style="note"))
    elif view == "log":
        entries = table.log_tail(payload)
        if not entries:
            console.print(Text("the log is empty", style="note"))
        else:
            console.print(log_table(entries, rs, lang))
    elif view == "help-rules":
        console.print(Text(table.ruleset.help_text() or f"{table.ruleset.name} has no switches"))
    elif view in ("help", "help-verb", "help-action"):
        print_help(console, table, view, payload)


def print_help(console: Console, table: Table, view: str, payload: Any) -> None:
    """``help``: verbs, actions, switches; without rule IDs (``help rules`` shows them)."""
    from combat_cli.commands.registry import all_verbs
    from combat_cli.render.ruleids import without_rule_ids as plain

    rs = table.ruleset
    if view == "help-verb":
        v = payload
        console.print(Text(v.usage, style="bold"))
        console.print(Text(f"  {plain(v.summary)}"))
        if v.details:
            console.print(Text(f"  {plain(v.details)}"))
        if v.aliases:
            console.print(f"  aliases: {', '.join(v.aliases)}")
        if v.name in ("declare", "act", "react", "release"):
            _actions(console, rs, reaction=v.name == "react", lang=table.lang)
        return
    if view == "help-action":
        a, lang = payload, table.lang
        name, args = rs.label(a.name, lang), rs.label(a.args, lang) if a.args else ""
        console.print(Text(f"{name} {'TARGET ' if a.target == 'required' else '[TARGET] ' if a.target == 'optional' else ''}"
                           f"{args + ' ' if args else ''}"
                           + " ".join(f"[{rs.label(o.name, lang)}=...]" for o in a.options), style="bold"))
        console.print(Text(f"  {plain(rs.label(a.help, lang))}" + ("  (a reaction: react NAME " + name + ")" if a.reaction else "")))
        for o in a.options:
            choices = f" ({'|'.join(o.choices)})" if o.choices else (" (number)" if o.kind == "int" else "")
            console.print(Text(f"  {rs.label(o.name, lang)}={choices}  {plain(rs.label(o.help, lang))}"))
        return
    t = RichTable(title=f"Verbs ({rs.name})", title_justify="left", show_header=False)
    t.add_column("usage", style="bold")
    t.add_column("what")
    for v in all_verbs(table).values():
        t.add_row(Text(v.usage), Text(plain(v.summary)))   # usages hold [opt=v]: not markup
    console.print(t)
    _actions(console, rs, lang=table.lang)
    if rs.conditions:
        console.print("Conditions: " + ", ".join(c.name for c in rs.conditions))
    extra = plain(rs.help_text())
    if extra:
        console.print(Text(extra))
    console.print(Text("help VERB or help ACTION for details; help rules: the switches with their "
                       "rule labels", style="note"))


def _actions(console: Console, rs: Any, reaction: bool = False, lang: str = "") -> None:
    acts = [a for a in rs.actions if a.reaction or not reaction]
    if not acts:
        return
    t = RichTable(title=f"{rs.name} {'reactions' if reaction else 'actions'}", title_justify="left",
                  show_header=False)
    t.add_column("action", style="bold")
    t.add_column("what")
    t.add_column("options")
    from combat_cli.render.ruleids import without_rule_ids as plain

    for a in acts:
        t.add_row(rs.label(a.name, lang) + (" *" if a.reaction else ""),
                  Text(plain(rs.label(a.help, lang))),
                  " ".join(rs.label(o.name, lang) + "=" for o in a.options))
    console.print(t)


def print_state(console: Console, table: Table) -> None:
    """The full picture for ``combat show``: header, round table, timers."""
    console.print(round_table(table.enc, table.ruleset, table.lang))
    t = timers_table(table.enc, table.ruleset, table.lang)
    if t is not None:
        console.print(t)


__all__ = ["entry_text", "header", "print_output", "print_state", "print_view"]
