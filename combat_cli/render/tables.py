"""Rich tables: the round, status, the log, help."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Group, JustifyMethod
from rich.table import Table as RichTable
from rich.text import Text

from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.domain.durations import format_clock, format_duration, in_rounds
from combat_cli.views.ruleids import without_rule_ids

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.domain.models import ActionRequest, Combatant, Encounter, LogEntry


def _l(rs: Ruleset, word: str, lang: str) -> str:
    return host(rs).label(word, lang)


def _status(rs: Ruleset, c: Combatant, lang: str) -> str:
    """The status word agreeing with the combatant's grammatical gender (Zraněná, Mrtvé)."""
    from combat_cli.locale import gender_of

    return host(rs).label(c.status, lang, gender_of(c.name, c.stats))


def header(enc: Encounter, rs: Ruleset, lang: str = "") -> Text:
    who = rs.acting_label(RulesView(enc, rs, lang))
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


def short_name(enc: Encounter, cid: str | None) -> str:
    """A combatant as a table cell names it: its tag when it has one, else its name."""
    if cid is None:
        return ""
    try:
        c = enc.get(cid)
    except KeyError:
        return cid
    return getattr(c, "tag", "") or c.name


def _action_text(enc: Encounter, a: ActionRequest) -> str:
    """``shoot DT1``: the action and its target, short (the full text is in the log)."""
    return f"{a.name} {short_name(enc, a.target)}".strip() if a.target else a.name


_MARKS = {"pending": "", "done": "✓", "skipped": "–", "lapsed": "✗"}


def _lapsed_in_log(enc: Encounter, log: list[LogEntry] | None, c: Combatant) -> set[str]:
    """Actions of ``c`` the log says lapsed this round (a ruleset may close them as done)."""
    out: set[str] = set()
    for e in reversed(log or []):
        if e.round != enc.round:
            break
        if e.kind == "lapse" and e.actor == c.name and e.action:
            out.add(e.action)
    return out


def plan_text(enc: Encounter, c: Combatant, log: list[LogEntry] | None = None,
              view: RulesView | None = None) -> str:
    """This round's actions of ``c``: ✓ done, ✗ lapsed, – skipped; planned ones plain (with
    ``view``, the queue items the ruleset says ``c`` acts in: :meth:`Ruleset.queued`)."""
    if enc.phase == "resolve" or (enc.queue and enc.phase != "declare"):
        lapsed = _lapsed_in_log(enc, log, c)
        parts = []
        mine = (view.ruleset.queued(view, c) if view is not None
                else [(i, i.action) for i in enc.queue if i.actor == c.id])
        for i, action in mine:
            state = "lapsed" if i.state == "done" and action.name in lapsed else i.state
            parts.append(f"{_MARKS[state]}{_action_text(enc, action)}")
        return ", ".join(parts)
    d = enc.declarations.get(c.id)
    if d is None:
        return ""
    text = ", ".join(_action_text(enc, a) for a in d.actions)
    if d.sealed:
        from combat_cli.locale import _

        mark = _("sealed (phone)") if d.by == "phone" else _("sealed")
        return f"{mark}: {text}"
    return text


def upcoming(enc: Encounter, rs: Ruleset) -> tuple[str | None, str | None]:
    """The ids of who acts now and who acts next (either may be None)."""
    from combat_cli.engine.contract.capabilities import OpenTurns

    cur = rs.current(enc)
    now = cur.id if cur is not None else None
    if enc.phase == "turns" and isinstance(rs, OpenTurns):  # turns passed on its own way
        nxt = rs.up_next(RulesView(enc, rs))
        return now, nxt.id if nxt is not None and nxt.id != now else None
    if enc.phase == "resolve":
        seq = [i.actor for i in enc.queue if i.state == "pending" and not enc.get(i.actor).held]
    elif enc.phase == "turns" and now in enc.order:
        seq = enc.order[enc.order.index(now):]
    else:
        return now, None
    seq = [x for x in dict.fromkeys(seq) if not enc.get(x).out]
    rest = [x for x in seq if x != now]
    return now, rest[0] if rest else None


@dataclass
class Column:
    header: str
    cells: list[Text]
    keep: int
    """Priority: on a narrow terminal the lowest goes first; 100 never goes."""
    justify: JustifyMethod = "left"
    max_width: int | None = None
    wraps: bool = False
    """A cell wider than ``max_width`` wraps inside its column (else it is cut with …)."""

    def width(self) -> int:
        return max([cell_len(self.header), *(min(x.cell_len, self.max_width or 999)
                                             for x in self.cells)])


def fit(columns: list[Column], width: int) -> list[Column]:
    """Empty columns left out, then the lowest-priority ones until the rest fits ``width``."""
    cols = [c for c in columns if any(x.plain.strip() for x in c.cells)]
    while sum(c.width() for c in cols) + 2 * (len(cols) - 1) > width:
        droppable = [c for c in cols if c.keep < 100]
        if not droppable:
            break
        cols.remove(min(droppable, key=lambda c: c.keep))
    return cols


def _marks(rs: Ruleset, c: Combatant, lang: str) -> str:
    """``PC`` (readable without colour), ``held``, ``hidden`` (kept from the players)."""
    pc = "PC" if _l(rs, "pc", lang) == "pc" else _l(rs, "pc", lang)
    return " ".join(w for w, on in ((pc, c.side == "pc"), (_l(rs, "held", lang), c.held),
                                    (_l(rs, "hidden", lang), getattr(c, "hidden", False))) if on)


def _no_repeat(status: str, cell: str) -> str:
    """A column does not say again what Status says (``Wounded -1D`` beside ``Wounded``)."""
    if status and cell.startswith(status):
        return cell[len(status):].strip()
    return cell


def round_table(enc: Encounter, rs: Ruleset, lang: str = "", width: int = 100,
                log: list[LogEntry] | None = None) -> Group:
    """One line per combatant: who acts now (▶) and next (›), PCs marked, the ruleset's
    columns; empty columns left out, low-priority ones dropped to fit ``width``."""
    rows = _order(enc)
    now, nxt = upcoming(enc, rs)
    view = RulesView(enc, rs, lang)
    extras = [rs.status_columns(view, c) for c in rows]
    status = [_status(rs, c, lang) if c.status not in ("OK", "") else "" for c in rows]
    cols = [
        Column("", [Text("▶" if c.id == now else "›" if c.id == nxt else "") for c in rows], 100),
        Column("#", [Text(str(n)) for n in range(1, len(rows) + 1)], 40, "right"),
        Column(_l(rs, "Name", lang), [Text(c.name, style="pc" if c.side == "pc" else "npc")
                                      for c in rows], 100, max_width=18),
        Column("", [Text(_marks(rs, c, lang), style="pc" if c.side == "pc" else "")
                    for c in rows], 100),
        Column(_l(rs, "Tag", lang), [Text(getattr(c, "tag", "") or "") for c in rows], 30),
        Column(_l(rs, "Status", lang), [Text(s, style="wound" if s else "") for s in status], 95),
        # conditions (Prone, Unconscious, the GM's own) go after the ruleset's columns, and
        # a long list wraps in its cell rather than being cut
        Column(_l(rs, "Conditions", lang), [Text(conditions_text(enc, rs, c, lang))
                                            for c in rows], 91, max_width=24, wraps=True),
    ]
    if rs.declare_phase:
        cols.append(Column(_l(rs, "Action", lang), [Text(plan_text(enc, c, log, view))
                                                    for c in rows], 92, max_width=28))
    keys: list[str] = []
    for e in extras:
        keys += [k for k in e if k not in keys]
    for n, k in enumerate(keys):
        cells = [Text(_no_repeat(s, e.get(k, ""))) for s, e in zip(status, extras, strict=True)]
        cols.append(Column(_l(rs, k, lang), cells, 90 - 3 * n, max_width=24, wraps=True))
    cols = fit(cols, width)
    t = RichTable(expand=False, box=None, padding=(0, 1), pad_edge=False, header_style="bold",
                  show_edge=False)
    for col in cols:
        t.add_column(col.header, justify=col.justify, no_wrap=not col.wraps,
                     overflow="fold" if col.wraps else "ellipsis", max_width=col.max_width)
    for i, c in enumerate(rows):
        style = "acting" if c.id == now else ("out" if c.out else "")
        t.add_row(*(col.cells[i] for col in cols), style=style)
    parts: list[Any] = [header(enc, rs, lang), t]   # both wrap: nothing of them is cut
    labels = rs.order_labels(RulesView(enc, rs, lang))
    if labels:
        parts.append(Text(_l(rs, "Order: ", lang) + " · ".join(labels)))
    return Group(*parts)


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


def timer_lines(enc: Encounter, rs: Ruleset, lang: str = "") -> list[str]:
    """The timers, soonest first, one line each (``status``): ``in 2d 23h (day 4 00:00:00):
    Demon Thug 1: natural healing roll``."""
    day = _l(rs, "day", lang)
    return [f"{_l(rs, 'due in', lang)} {format_duration(tm.due - enc.clock.seconds)} "
            f"({format_clock(tm.due, day)}): {tm.name}"
            for tm in sorted(enc.timers, key=lambda x: (x.due, x.id))]


def combatant_table(enc: Encounter, rs: Ruleset, c: Combatant, lang: str = "") -> RichTable:
    t = RichTable(title=c.name, title_justify="left", show_header=False)
    t.add_column("key")
    t.add_column("value")
    t.add_row(_l(rs, "Side", lang), _l(rs, c.side, lang))
    t.add_row(_l(rs, "Status", lang), _status(rs, c, lang) + (f" ({_l(rs, 'out', lang)})" if c.out else ""))
    t.add_row(_l(rs, "Conditions", lang), conditions_text(enc, rs, c, lang) or "-")
    t.add_row(_l(rs, "Held", lang), _l(rs, "yes" if c.held else "no", lang))
    if c.hidden:
        t.add_row(_l(rs, "hidden", lang), _l(rs, "yes (off the players' screen)", lang))
    for n in c.notes:
        t.add_row(_l(rs, "note", lang), n)
    for k, v in rs.status_columns(RulesView(enc, rs, lang), c).items():
        t.add_row(_l(rs, k, lang), v)
    for k, v in c.stats.items():
        t.add_row(_l(rs, k, lang), _l(rs, "yes" if v else "no", lang) if isinstance(v, bool)
                  else value_text(v))
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
    from combat_cli.locale import dice

    t = RichTable(title=_l(rs, "Log", lang), title_justify="left")
    t.add_column("#", justify="right")
    t.add_column(_l(rs, "Round", lang), justify="right")
    t.add_column(_l(rs, "What happened", lang))
    t.add_column(_l(rs, "dice", lang))
    t.add_column(_l(rs, "faces", lang))
    t.add_column(_l(rs, "vs", lang), justify="right")
    t.add_column(_l(rs, "Outcome", lang))
    for e in entries:
        faces = "" if e.faces is None else " ".join(map(str, e.faces))
        text = Text(without_rule_ids(e.text))
        if e.data.get("for"):   # the breakdown: what was rolled for and how the pool was built
            text.append(f"\n{dice(without_rule_ids(str(e.data['for'])), lang or None)}",
                        style="note")
        t.add_row(str(e.seq), str(e.round), text, dice(e.dice or "", lang or None), faces,
                  "" if e.difficulty is None else str(e.difficulty),
                  _l(rs, e.outcome, lang) if e.outcome else "")
    return t
