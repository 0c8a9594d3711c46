"""Rich tables: the round, status, the log, help."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.table import Table as RichTable
from rich.text import Text

from combat_cli.engine.durations import format_clock, format_duration, in_rounds
from combat_cli.render.ruleids import without_rule_ids

if TYPE_CHECKING:
    from combat_cli.engine.models import Combatant, Encounter, LogEntry
    from combat_cli.engine.ruleset import Ruleset


def _l(rs: Ruleset, word: str, lang: str) -> str:
    return rs.label(word, lang)


def header(enc: Encounter, rs: Ruleset, lang: str = "") -> Text:
    who = rs.acting_label(enc)
    bits = [f"{_l(rs, 'Round', lang)} {enc.round}" if enc.round else _l(rs, "setup", lang)]
    if enc.round:
        bits.append(_l(rs, enc.phase, lang))
        pending = [i for i in enc.queue if i.state == "pending"]
        if enc.phase == "resolve" and pending and any(i.segment > 1 for i in enc.queue):
            bits.append(f"{_l(rs, 'segment', lang)} {pending[0].segment}")
    bits.append(format_clock(enc.clock.seconds, _l(rs, "day", lang)))
    if who:
        bits.append(f"{_l(rs, 'Acts', lang)}: {who}")
    return Text(" · ".join(bits), style="round")


def conditions_text(enc: Encounter, rs: Ruleset, c: Combatant, lang: str = "") -> str:
    out = []
    for cond in c.conditions:
        name = _l(rs, cond.name, lang) + (" (secret)" if cond.secret else "")
        if cond.until is None:
            out.append(name)
        else:
            left = cond.until - enc.clock.seconds
            n = in_rounds(left, rs.round_seconds)
            out.append(f"{name} ({n}r)" if n is not None else f"{name} ({format_duration(left)})")
    return ", ".join(out)


def _order(enc: Encounter) -> list[Combatant]:
    rank = {cid: i for i, cid in enumerate(enc.order)}
    return sorted(enc.combatants, key=lambda c: rank.get(c.id, len(rank)))


def _plan_text(enc: Encounter, c: Combatant) -> str:
    marks = {"pending": "", "done": "✓ ", "skipped": "– ", "lapsed": "✗ "}
    if enc.phase == "resolve" or (enc.queue and enc.phase != "declare"):
        items = [i for i in enc.queue if i.actor == c.id]
        return ", ".join(f"{marks[i.state]}{i.action.text}" for i in items)
    d = enc.declarations.get(c.id)
    return ", ".join(a.text for a in d.actions) if d else ""


def round_table(enc: Encounter, rs: Ruleset, lang: str = "") -> RichTable:
    t = RichTable(title=header(enc, rs, lang), title_justify="left", expand=False)
    labels = rs.order_labels(enc)
    t.add_column("#", justify="right")
    t.add_column(_l(rs, "Name", lang))
    t.add_column(_l(rs, "Status", lang))
    t.add_column(_l(rs, "Conditions", lang))
    if rs.declare_phase:
        t.add_column(_l(rs, "Action", lang))
    cur = rs.current(enc)
    extra_cols: list[str] = []
    rows = _order(enc)
    extras = [rs.columns(enc, c, lang) for c in rows]
    for e in extras:
        for k in e:
            if k not in extra_cols:
                extra_cols.append(k)
    for k in extra_cols:
        t.add_column(_l(rs, k, lang))
    for n, (c, extra) in enumerate(zip(rows, extras, strict=True), start=1):
        style = "acting" if cur is not None and c.id == cur.id else ("out" if c.out else "")
        name = (c.name + (f" ({_l(rs, 'held', lang)})" if c.held else "")
                + (" [pc]" if c.side == "pc" else "") + (" [hidden]" if c.hidden else ""))
        cells = [str(n), name, _l(rs, c.status, lang), conditions_text(enc, rs, c, lang)]
        if rs.declare_phase:
            cells.append(_plan_text(enc, c))
        cells += [extra.get(k, "") for k in extra_cols]
        t.add_row(*cells, style=style)
    if labels:
        t.caption = "Order: " + " · ".join(labels)
    return t


def timers_table(enc: Encounter, rs: Ruleset, lang: str = "") -> RichTable | None:
    if not enc.timers:
        return None
    t = RichTable(title=_l(rs, "Timers", lang), title_justify="left")
    t.add_column(_l(rs, "due in", lang), justify="right")
    t.add_column(_l(rs, "at", lang))
    t.add_column(_l(rs, "what", lang))
    t.add_column(_l(rs, "Name", lang))
    for tm in sorted(enc.timers, key=lambda x: (x.due, x.id)):
        t.add_row(format_duration(tm.due - enc.clock.seconds),
                  format_clock(tm.due, _l(rs, "day", lang)), tm.name,
                  enc.name_of(tm.combatant), style="timer")
    return t


def combatant_table(enc: Encounter, rs: Ruleset, c: Combatant, lang: str = "") -> RichTable:
    t = RichTable(title=c.name, title_justify="left", show_header=False)
    t.add_column("key")
    t.add_column("value")
    t.add_row(_l(rs, "Side", lang), c.side)
    t.add_row(_l(rs, "Status", lang), _l(rs, c.status, lang) + (f" ({_l(rs, 'out', lang)})" if c.out else ""))
    t.add_row(_l(rs, "Conditions", lang), conditions_text(enc, rs, c, lang) or "-")
    t.add_row(_l(rs, "Held", lang), _l(rs, "yes" if c.held else "no", lang))
    if c.hidden:
        t.add_row("hidden", "yes (off the players' screen)")
    for n in c.notes:
        t.add_row("note", n)
    for k, v in rs.columns(enc, c, lang).items():
        t.add_row(_l(rs, k, lang), v)
    for k, v in c.stats.items():
        t.add_row(_l(rs, k, lang), value_text(v))
    for tm in enc.timers:
        if tm.combatant == c.id:
            t.add_row(_l(rs, "timer", lang),
                      f"{tm.name} ({format_duration(tm.due - enc.clock.seconds)})")
    return t


def value_text(v: Any) -> str:
    """A stat's value as a GM reads it: tables as key=value, lists comma-separated."""
    if isinstance(v, dict):
        rest = ", ".join(f"{k} {value_text(x)}" for k, x in v.items() if k != "name")
        if "name" in v:
            return f"{v['name']} ({rest})" if rest else str(v["name"])
        return rest
    if isinstance(v, list):
        return ", ".join(value_text(x) for x in v)
    return str(v)


def log_table(entries: list[LogEntry], rs: Ruleset, lang: str = "") -> RichTable:
    t = RichTable(title=_l(rs, "Log", lang), title_justify="left")
    t.add_column("#", justify="right")
    t.add_column(_l(rs, "Round", lang), justify="right")
    t.add_column("")
    t.add_column(_l(rs, "dice", lang))
    t.add_column(_l(rs, "faces", lang))
    t.add_column(_l(rs, "vs", lang), justify="right")
    t.add_column(_l(rs, "Outcome", lang))
    for e in entries:
        faces = "" if e.faces is None else " ".join(map(str, e.faces))
        t.add_row(str(e.seq), str(e.round), without_rule_ids(e.text), e.dice or "", faces,
                  "" if e.difficulty is None else str(e.difficulty),
                  _l(rs, e.outcome, lang) if e.outcome else "")
    return t
