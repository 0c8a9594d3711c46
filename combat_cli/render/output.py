"""Printing what a line produced: its log entries, notes, the views it asked for, or its error."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, NoReturn

from rich.console import Console
from rich.table import Table as RichTable
from rich.text import Text

from combat_cli.commands.registry import verb_name
from combat_cli.commands.views import (
    TABLE_VIEWS,
    ActionHelp,
    CombatantView,
    HelpView,
    LogView,
    RosterView,
    RoundView,
    RulesHelp,
    StatusView,
    VerbHelp,
    View,
    WhereView,
    WhyView,
)
from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.domain.errors import CommandError
from combat_cli.locale import _, dice, text
from combat_cli.locale.commands import commands
from combat_cli.render.tables import (
    combatant_table,
    header,
    log_table,
    round_table,
    timer_lines,
    timers_table,
    value_text,
)
from combat_cli.views.ruleids import without_rule_ids

if TYPE_CHECKING:
    from combat_cli.commands.registry import Verb
    from combat_cli.commands.results import Output
    from combat_cli.engine.contract.ruleset import ActionSpec, Ruleset
    from combat_cli.engine.domain.models import Combatant, LogEntry
    from combat_cli.engine.table import Table

_OUTCOME_STYLE = {"hit": "hit", "miss": "miss", "success": "hit", "failure": "miss"}
_KIND_STYLE = {"wound": "wound", "round": "round", "timer": "timer", "condition": "held",
               "lapse": "note", "declare": ""}


def entry_style(e: LogEntry) -> str:
    return _KIND_STYLE.get(e.kind, "") or _OUTCOME_STYLE.get((e.outcome or "").lower(), "")


def entry_text(e: LogEntry) -> Text:
    """One log entry with its breakdown: what the roll was for, its faces (``log``, ``why``)."""
    line = Text(without_rule_ids(e.text), style=entry_style(e))
    why = e.data.get("for")
    if e.dice and why:
        faces = "" if e.faces is None else f" [{' '.join(map(str, e.faces))}]"
        line.append(f"   ({dice(str(why))}{faces}{' ' + _('typed') if e.data.get('manual') else ''})", style="note")
    return line


def one_line(text: str | Text, style: str = "") -> Text:
    return text if isinstance(text, Text) else Text(text, style=style)


def put(console: Console, text: str | Text, style: str = "") -> None:
    """One line of output, whole: wider than the terminal, it wraps (at spaces; a word longer
    than the line, a path, is folded), never cut: an error, a hint, a warning or what the GM
    asked for loses nothing at 80 columns."""
    console.print(one_line(text, style), no_wrap=False, overflow="fold", crop=False)


def brief_lines(table: Table, entries: list[LogEntry], roster: bool = False) -> list[Text]:
    """What a command's log entries print: one line per thing that happened (the ruleset
    folds an action's rolls and consequences into one line; the breakdown stays in the log)."""
    rs, enc = table.ruleset, table.enc
    out: list[Text] = []
    run: list[LogEntry] = []

    def flush() -> None:
        if not run:
            return
        lines = rs.brief(RulesView(enc, rs, table.lang), list(run))
        if lines is None:
            lines = [e.text for e in run]
        style = entry_style(run[-1]) if len(run) == 1 else ""
        out.extend(one_line(without_rule_ids(x) if isinstance(x, str) else x, style)
                   for x in lines)
        run.clear()

    for e in entries:
        if e.kind == "roster" and roster:
            continue    # printed with the stats they were added with (the roster view)
        run.append(e)
    flush()
    return out


def print_output(console: Console, table: Table, out: Output) -> None:
    if out.error:
        put(console, f"{_('error', table.language)}: {without_rule_ids(out.error)}", "error")
        return
    tables = any(isinstance(v, TABLE_VIEWS) for v in out.views)
    entries = [e for e in out.entries if not (e.kind == "round" and tables)]
    roster = any(isinstance(v, RosterView) for v in out.views)
    with _told(console, table):
        for line in brief_lines(table, entries, roster=roster):
            put(console, line)
    for n in out.notes:
        put(console, without_rule_ids(n), "note")
    for view in out.views:
        with _told(console, table):
            print_view(console, table, view)


@contextmanager
def _told(console: Console, table: Table) -> Iterator[None]:
    """A display hook that refuses (a record in the file it cannot read) is one error line;
    the rest of the output is still shown."""
    try:
        yield
    except CommandError as e:
        error = text(e, table.language)
        put(console, f"{_('error', table.language)}: {without_rule_ids(error)}", "error")


def print_view(console: Console, table: Table, view: View) -> None:
    """Render one view; a view type with no case here is a mypy error (``_unrendered``)."""
    match view:
        case RoundView():
            _print_round(console, table)
        case StatusView():
            _print_round(console, table)
            for line in timer_lines(table.enc, table.ruleset, table.lang):
                put(console, line, "timer")
        case WhereView():
            _print_where(console, table)
        case CombatantView(cid=cid):
            enc = table.enc
            console.print(combatant_table(enc, table.ruleset, enc.get(cid), table.lang))
        case RosterView(added=added):
            for line in roster_lines(table, added):
                put(console, line)
        case LogView(count=count):
            _print_log(console, table, count)
        case WhyView(entry=entry):
            print_why(console, table, entry)
        case HelpView() | RulesHelp():
            _print_help_lines(console, table, rules=isinstance(view, RulesHelp))
        case VerbHelp(verb=v):
            _print_verb_help(console, table, v)
        case ActionHelp(action=a):
            _print_action_help(console, table, a)
        case _:
            _unrendered(view)


def _unrendered(view: NoReturn) -> NoReturn:
    raise TypeError(f"no renderer for {view!r}")  # mypy: every View is handled above


def _print_round(console: Console, table: Table) -> None:
    console.print(round_table(table.enc, table.ruleset, table.lang, console.width,
                              table.log_tail(40)))


def _print_where(console: Console, table: Table) -> None:
    enc = table.enc
    if enc.phase in ("resolve", "turns"):   # who acts now; while declaring: nobody
        put(console, header(enc, table.ruleset, table.lang))


def _print_log(console: Console, table: Table, count: int) -> None:
    entries = table.log_tail(count)
    if not entries:
        console.print(Text(_("the log is empty", table.lang), style="note"))
    else:
        console.print(log_table(entries, table.ruleset, table.lang))


def roster_lines(table: Table, added: tuple[Combatant, ...]) -> list[str]:
    """``Mina joins (pc): Dodge=4D, ...``; a group with one stat block on one line."""
    rs, lang = table.ruleset, table.lang
    joins = {e.actor: e.text for e in table.log_tail(len(added)) if e.kind == "roster"}
    out: list[str] = []
    i = 0
    while i < len(added):
        c, j = added[i], i + 1
        while j < len(added) and (added[j].stats, added[j].side) == (c.stats, c.side):
            j += 1
        stats = ", ".join(f"{host(rs).label(k, lang)}={_why_value(rs, v, lang)}"
                          for k, v in c.stats.items())
        head = (joins.get(c.name) or c.name) if j == i + 1 else \
            f"{', '.join(x.name for x in added[i:j])} ({host(rs).label(c.side, lang)})"
        out.append(f"{head}: {stats}" if stats else head)
        i = j
    return out


def print_why(console: Console, table: Table, e: LogEntry) -> None:
    """The full breakdown of one log entry: its text, what was rolled and why, the faces,
    the difficulty, the outcome and the numbers the rules kept."""
    rs, lang = table.ruleset, table.lang
    console.print(Text(f"#{e.seq} ({host(rs).label('Round', lang)} {e.round}) "
                       f"{without_rule_ids(e.text)}", style=entry_style(e)))
    if e.data.get("for"):
        console.print(Text(f"  {dice(without_rule_ids(str(e.data['for'])), lang or None)}"))
    bits = []
    if e.dice:
        bits.append(f"{host(rs).label('dice', lang)} {dice(e.dice, lang or None)}")
    if e.faces is not None:
        bits.append(f"{host(rs).label('faces', lang)} {' '.join(map(str, e.faces))}"
                    + (_(" (typed)", lang) if e.data.get("manual") else ""))
    if e.total is not None:
        bits.append(f"= {e.total}")
    if e.difficulty is not None:
        bits.append(f"{host(rs).label('vs', lang)} {e.difficulty}")
    if e.outcome:
        bits.append(f"→ {host(rs).label(e.outcome, lang)}")
    if bits:
        console.print(Text("  " + " ".join(bits)))
    rest = {k: v for k, v in e.data.items() if k not in ("for", "manual")}
    if rest:
        console.print(Text("  " + ", ".join(f"{host(rs).label(k, lang)}: {_why_value(rs, v, lang)}"
                                            for k, v in rest.items()),
                           style="note"))


def _why_value(rs: Ruleset, v: Any, lang: str) -> str:
    """A kept number or word as the GM reads it: words for none, yes and no (never Python's
    ``None``/``True``/``False``)."""
    if v is None:
        return host(rs).label("none", lang)
    if isinstance(v, bool):
        return host(rs).label("yes" if v else "no", lang)
    if isinstance(v, list):
        return ", ".join(_why_value(rs, x, lang) for x in v)
    if isinstance(v, dict):
        return value_text({k: x if k == "name" else _why_value(rs, x, lang)
                           for k, x in v.items()})
    if isinstance(v, str):  # a word of the rules (a skill's key, a talent): its name
        return host(rs).label(v, lang)
    return value_text(v)


def _print_verb_help(console: Console, table: Table, v: Verb) -> None:
    """``help VERB``: its usage, summary, details and aliases, without rule IDs; the
    ruleset's actions under the verbs that take one."""
    usage = _(v.usage)
    if v.shown and usage.startswith(v.name):  # a ruleset verb's name in the table's language
        usage = v.shown + usage[len(v.name):]
    console.print(Text(usage, style="bold"))
    console.print(Text(f"  {without_rule_ids(_(v.summary))}"))
    if v.details:
        console.print(Text(f"  {without_rule_ids(_(v.details))}"))
    own = commands(table.language).verbs.get(v.name, ()) if v.topic == "core" else ()
    also = list(dict.fromkeys(w for w in (own[1:] if own else v.aliases)
                              if w != verb_name(v, table.language)))
    if also:
        console.print("  " + _("aliases: {names}").format(names=", ".join(also)))
    if v.name in ("declare", "act", "react", "release"):
        _actions(console, table.ruleset, reaction=v.name == "react", lang=table.lang)


def _print_action_help(console: Console, table: Table, a: ActionSpec) -> None:
    """``help ACTION``: how to type it (target, words, options), what it does, each option."""
    rs, lang, plain = table.ruleset, table.lang, without_rule_ids
    name, args = host(rs).label(a.name, lang), host(rs).label(a.args, lang) if a.args else ""
    target = _("TARGET")
    console.print(Text(f"{name} {target + ' ' if a.target == 'required' else f'[{target}] ' if a.target == 'optional' else ''}"
                       f"{args + ' ' if args else ''}"
                       + " ".join(f"[{host(rs).label(o.name, lang)}=...]" for o in a.options), style="bold"))
    console.print(Text(f"  {plain(host(rs).label(a.help, lang))}" + (_("  (a reaction: react NAME {action})").format(action=name) if a.reaction else "")))
    for o in a.options:
        choices = f" ({'|'.join(o.choices)})" if o.choices else (" " + _("(number)") if o.kind == "int" else "")
        console.print(Text(f"  {host(rs).label(o.name, lang)}={choices}  {plain(host(rs).label(o.help, lang))}"))


def _print_help_lines(console: Console, table: Table, rules: bool) -> None:
    """``help``: verbs and actions on one screen; ``help rules``: the switches with the
    rules they settle."""
    from combat_cli.commands import helptext

    lines = (helptext.rules(table) if rules
             else helptext.overview(table, min(console.width, 100)))
    for line in lines:
        put(console, line)


def _actions(console: Console, rs: Ruleset, reaction: bool = False, lang: str = "") -> None:
    acts = [a for a in rs.actions if a.reaction or not reaction]
    if not acts:
        return
    t = RichTable(title=_("{ruleset} reactions" if reaction else "{ruleset} actions").format(
                  ruleset=rs.name), title_justify="left",
                  show_header=False)
    t.add_column("action", style="bold")
    t.add_column("what")
    t.add_column("options")
    from combat_cli.views.ruleids import without_rule_ids as plain

    for a in acts:
        t.add_row(host(rs).label(a.name, lang) + (" *" if a.reaction else ""),
                  Text(plain(host(rs).label(a.help, lang))),
                  " ".join(host(rs).label(o.name, lang) + "=" for o in a.options))
    console.print(t)


def print_state(console: Console, table: Table) -> None:
    """The full picture for ``combat show``: the round table, then the timers."""
    enc, rs, lang = table.enc, table.ruleset, table.lang
    console.print(round_table(enc, rs, lang, console.width, table.log_tail(40)))
    t = timers_table(enc, rs, lang)
    if t is not None:
        console.print(t)


def print_resume(console: Console, table: Table, lines: int = 3) -> None:
    """Where a resumed fight stands: the round table and the last ``lines`` log lines."""
    if table.enc.phase == "setup":
        return
    with _told(console, table):
        print_view(console, table, RoundView())
    tail = [e for e in table.log_tail(lines * 4) if e.kind != "roster"]
    with _told(console, table):
        shown = brief_lines(table, tail)[-lines:]
        for line in shown:
            put(console, line)
    from combat_cli.commands.dice import MEANING, current_mode

    mode = current_mode(table)
    said = _("dice: {mode} ({meaning})", table.language).format(
        mode=_(mode, table.language), meaning=host(table.ruleset).label(MEANING[mode], table.lang))
    if mode != "auto" and not any(x.plain.startswith(said.split(" (")[0]) for x in shown):
        put(console, said, "note")


__all__ = ["entry_text", "header", "print_output", "print_resume", "print_state", "print_view"]
