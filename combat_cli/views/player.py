"""The players' view (``combat serve``, ``show --json --player``, ``report --player``): built
from an allow-list, for the terminal, the page and the report alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.view import RulesView
from combat_cli.views.sentences import PlayerTeller

if TYPE_CHECKING:
    from combat_cli.engine.table import Snapshot, Table

SCHEMA = 1
"""The version of the JSON views, this one and ``show --json``'s (the save file's own schema is
the store's business)."""
REMINDER = "reminder"
"""The timer kind of the GM's own reminders (``timer ... who=PC``): never on a card, nor in a
players' report."""

PLAYER_LOG_LINES = 8
PLAYER_LABELS = ("Name", "Side", "Wounds", "Conditions", "Order", "Log", "pc", "npc", "out",
                 "held", "acting", "next_mark", "updated", "offline")


def player_json(table: Table | Snapshot, show_rolls: bool = False) -> dict[str, Any]:
    """What the players may see (``combat serve``, ``show --json --player``): no hidden
    combatant, GM note, secret condition, stat or house rule; NPC wounds as a word."""
    from combat_cli.engine.domain.models import LogEntry

    enc, rs, lang = table.enc, table.ruleset, table.lang
    texts = table.log_json
    flagged = [LogEntry.model_validate_json(t) for t in texts if '"hidden"' in t]
    teller = PlayerTeller(enc, rs, lang, flagged, show_rolls)
    w, hidden = teller.w, teller.hidden
    lines = teller.tail(texts, PLAYER_LOG_LINES)
    over = _is_over(enc, table.log_tail(50))
    cur, nxt = rs.current(enc), _next(enc, rs)
    if cur is not None and rs.acting_label(RulesView(enc, rs)) != cur.name:
        cur = nxt = None  # the ruleset says more (an open slot): its line, no one marked
    if cur is not None and (cur.hidden or cur.out):
        cur = None  # unseen, or down (out of the fight): not shown as the one acting
    rank = {cid: i for i, cid in enumerate(enc.order)}
    shown = sorted((c for c in enc.combatants if not c.hidden),
                   key=lambda c: rank.get(c.id, len(rank)))
    return {
        "view": "player",
        "schema": SCHEMA,
        "ruleset": rs.name,
        "lang": w.lang,
        "round": enc.round,
        "phase": enc.phase,
        "heading": _heading(enc, rs, lang, w, over),
        "turn": teller.sentence(_turn_line(enc, rs, lang, w, hidden, over)),
        "acting": cur.name if cur else None,
        "next": nxt.name if nxt else None,
        "over": over,
        "order": [c.name for c in shown if c.id in rank],
        "combatants": [_player_row(enc, rs, lang, w, c, cur, nxt) for c in shown],
        "log": [{"round": ln.round, "text": ln.text} for ln in lines],
        "labels": {k: w(k) for k in PLAYER_LABELS},
    }


def pc_wounds(enc: Any, rs: Any, lang: str, c: Any) -> str:
    """A PC's wounds in full: the status and the ruleset's wound columns."""
    cols = rs.status_columns(RulesView(enc, rs, lang), c)
    keys = [k for k in rs.wound_columns if cols.get(k)]
    vals = [f"{host(rs).label(k, lang)} {cols[k]}" if len(rs.wound_columns) > 1 else cols[k]
            for k in keys]
    from combat_cli.locale import gender_of

    status = host(rs).label(c.status, lang, gender_of(c.name, c.stats)) if c.status not in ("OK", "") \
        else ""
    if status and not any(v.startswith(status) for v in vals):
        vals.insert(0, status)
    return " · ".join(vals)


def _is_over(enc: Any, log: list[Any]) -> bool:
    if enc.data.get("over") or enc.data.get("fight_over") or (
            enc.phase == "setup" and enc.round > 0):
        return True
    last = next((e for e in reversed(log) if e.kind == "round"), None)
    return bool(last is not None and last.outcome == "over")


def _heading(enc: Any, rs: Any, lang: str, w: Callable[..., str], over: bool) -> str:
    if over:
        return w("after")
    if enc.phase == "setup":
        return w("before")
    return f"{w('round', n=enc.round)} · {host(rs).label(enc.phase, lang)}"


def _turn_line(enc: Any, rs: Any, lang: str, w: Callable[..., str], hidden: set[str],
               over: bool) -> str:
    """The line read out for the turn (aria-live): who acts, who is next."""
    if over:
        return w("over")
    if enc.phase == "setup":
        return w("waiting")
    if enc.phase == "declare":
        return w("declare")
    label, cur = rs.acting_label(RulesView(enc, rs, lang)), rs.current(enc)
    unseen = bool(label and (any(h in label for h in hidden) or (cur is not None and cur.hidden)))
    if unseen:
        label = None  # a hidden combatant is in no order the players see, acting or next
    if label and cur is not None and label != cur.name:
        return str(label)  # the ruleset's own words (Storypath: the open slot, who may take it)
    if label and cur is not None and cur.out:
        text = w("down_now", name=label)  # its turn, but it is out of the fight
    else:
        text = w("acts", name=label) if label else ""
    nxt = _next(enc, rs)
    if nxt is not None:
        text = f"{text} · {w('next', name=nxt.name)}" if text else w("next", name=nxt.name)
    # a hidden one acting: "the GM goes on" (not "every action is resolved": one is not)
    return text or w("resolved" if enc.phase == "resolve" and not unseen else "gm")


def _next(enc: Any, rs: Any) -> Any:
    """Who the players see acting after the one acting now (None: nobody known). A hidden
    combatant is passed over: the players learn nothing of it from the order."""
    from combat_cli.engine.contract.capabilities import OpenTurns

    cur, view = rs.current(enc), RulesView(enc, rs)
    if enc.phase == "turns" and isinstance(rs, OpenTurns):  # turns passed on its own way
        nxt = rs.up_next(view)
        return nxt if nxt is not None and not nxt.hidden and (
            cur is None or nxt.id != cur.id) else None
    if enc.phase == "resolve":
        pending = [enc.get(i.actor) for i in enc.queue if i.state == "pending"]
        return next((c for c in pending if (cur is None or c.id != cur.id)
                     and not c.hidden and not c.out), None)
    if enc.phase == "turns":
        for cid in enc.order[enc.turn + 1:]:
            c = enc.get(cid)
            if not c.out and not c.hidden:
                return c
    return None


def _player_row(enc: Any, rs: Any, lang: str, w: Any, c: Any, cur: Any, nxt: Any
                ) -> dict[str, Any]:
    if c.side == "pc":
        wounds = pc_wounds(enc, rs, lang, c)
    else:
        from combat_cli.locale import agree, gender_of

        wounds = agree(rs.wound_word(RulesView(enc, rs, lang), c), gender_of(c.name, c.stats),
                       lang or rs.language)
    return {
        "name": c.name,
        "side": c.side,
        "wounds": wounds,
        "conditions": [host(rs).label(k.name, lang) for k in c.conditions if not k.secret],
        "out": c.out,
        "held": c.held,
        "acting": cur is not None and cur.id == c.id,
        "next": nxt is not None and nxt.id == c.id,
    }
