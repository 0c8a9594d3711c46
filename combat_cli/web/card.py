"""What each audience may see, built from an allow-list: the table page's view and each PC's
own card for its phone. Only the keys named here leave the process; a key added to the
encounter or a ruleset's state never reaches a page by accident.

A card holds the character's own state (its wounds, the ruleset's columns of the round
table for it, its conditions that are not secret with the time left, its healing timers, what
it declared, its own stats) and never another combatant's, an NPC's stats, a GM note, a
secret condition or a GM reminder.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.domain.durations import format_duration, in_rounds
from combat_cli.views.player import REMINDER

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.domain.models import Combatant, Encounter
    from combat_cli.engine.table import Snapshot



def table_view(table: Snapshot) -> dict[str, Any]:
    """The table page: the players' view and the players' Momentum (who is still to answer
    is added by the hub, as it changes within a command)."""
    from combat_cli.views.player import player_json

    data = player_json(table)
    momentum = table.ruleset.json_extra(RulesView(table.enc, table.ruleset)).get("momentum")
    if isinstance(momentum, dict) and isinstance(momentum.get("players"), int):
        data["momentum"] = momentum["players"]
    rs, lang = table.ruleset, table.lang
    data["labels"] = {**data["labels"], "waiting": host(rs).label("waiting", lang),
                      "momentum": host(rs).label("Momentum", lang),
                      "declared": host(rs).label("{done} of {of} declared", lang),
                      "to declare": host(rs).label("to declare", lang)}
    data["declared"] = declared(table)
    return data


def declared(table: Snapshot) -> dict[str, Any] | None:
    """In the declare phase: how many of those who can act (and whom the players see) have
    declared, and who is still to (nothing of what was declared)."""
    enc, rs = table.enc, table.ruleset
    if enc.phase != "declare" or not rs.declare_phase:
        return None
    view = RulesView(enc, rs, table.lang)
    rank = {cid: i for i, cid in enumerate(enc.order)}
    able = sorted((c for c in enc.combatants if not c.hidden and not rs.can_act(view, c)),
                  key=lambda c: rank.get(c.id, len(rank)))
    return {"done": sum(c.id in enc.declarations for c in able), "of": len(able),
            "waiting": [c.name for c in able if c.id not in enc.declarations]}


def phone_pcs(enc: Encounter) -> list[Combatant]:
    """The characters a phone may join as: the PCs the players can see."""
    return [c for c in enc.combatants if c.side == "pc" and not c.hidden]


PHONE_WORDS = {"live": "live", "offline": "reconnecting…", "now": "You act now",
               "next": "You're next", "roll": "Roll for me", "send": "Send", "total": "Total",
               "claim": "I take it", "wild die": "wild die", "Conditions": "Conditions",
               "Due": "Due", "Declared": "Declared", "Stats": "Stats"}
"""The phone page's own words (its key -> the English message)."""


def cards(table: Snapshot, view: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each PC's own card (keyed by id), given the table page's view."""
    rows = {r["name"]: r for r in view["combatants"]}
    rs, lang = table.ruleset, table.lang
    words = {k: host(rs).label(v, lang) for k, v in PHONE_WORDS.items()}
    shown = players_encounter(table.enc)
    form = form_parts(rs, lang)
    return {c.id: {**card(table, own_view(table.enc, shown, c), c, rows.get(c.name, {})),
                   "labels": words, "declare": declare_form(table, shown, c, form)}
            for c in phone_pcs(shown)}


def own_view(enc: Encounter, shown: Encounter, c: Combatant) -> Encounter:
    """The players' encounter with ``c``'s own declaration, sealed or not (its phone may
    see what it declared itself; no one else's sealed one)."""
    own = enc.declarations.get(c.id)
    if own is None:
        return shown
    mine = shown.model_copy()
    mine.declarations = {**shown.declarations, c.id: own}
    return mine


def players_encounter(enc: Encounter) -> Encounter:
    """The encounter less what only the GM knows (hidden combatants, notes, secret
    conditions, the GM's reminders): what a card's ruleset columns are computed from."""
    # shallow copies: what is left out is dropped, what is kept is shared with ``enc`` (a
    # snapshot's own copy, read only here)
    return enc.model_copy(update={
        "combatants": [c.model_copy(update={
            "notes": [], "conditions": [k for k in c.conditions if not k.secret]})
            for c in enc.combatants if not c.hidden],
        "timers": [t for t in enc.timers if t.kind != REMINDER],
        "declarations": {k: d for k, d in enc.declarations.items() if not d.sealed}})


FORM_WORDS = ("Declare", "Your turn", "actions", "target", "options", "add an action",
              "remove", "Send", "sealed until the GM reveals", "waiting for the GM",
              "no target", "declared", "change")
"""The declaration form's own words."""


def form_parts(rs: Any, lang: str) -> dict[str, Any]:
    """What every phone's form has alike: the ruleset's actions and the form's words."""
    return {"actions": [_action(rs, lang, a) for a in rs.actions],
            "words": {w: host(rs).label(w, lang) for w in FORM_WORDS}}


def declare_form(table: Snapshot, shown: Encounter, c: Combatant,
                 form: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The form ``c``'s phone declares with, built from the ruleset's action specs (None when
    ``c`` may not declare now): a declaration in the declare phase until the reveal, the
    action of ``c``'s own turn in a turn-by-turn system. What the form sends is read by the
    same parser as a typed line, for ``c`` only."""
    from combat_cli.engine.contract.state import EncounterState

    enc, rs, lang = table.enc, table.ruleset, table.lang
    view = RulesView(enc, rs, lang)
    if enc.phase == "declare" and rs.declare_phase:
        revealed = EncounterState.of(view, enc).revealed
        if revealed or rs.can_act(view, c):
            return None
        kind = "declare"
    elif enc.phase == "turns" and not rs.declare_phase:
        if rs.can_act(view, c) or not its_turn(table, c):
            return None
        kind = "act"
    else:
        return None
    costs = rs.declare_costs(view, c) if kind == "declare" else []
    mine = enc.declarations.get(c.id)
    form = form or form_parts(rs, lang)
    return {
        "kind": kind,
        "actions": form["actions"],
        "targets": [x.name for x in shown.combatants if x.id != c.id and not x.out],
        "self": c.name,
        "costs": costs,
        "most": max(1, len(costs)) if kind == "declare" else 1,
        "declared": [a.text or a.name for a in mine.actions] if mine else [],
        "by": mine.by if mine else "",
        "words": form["words"],
    }


def its_turn(table: Snapshot, c: Combatant) -> bool:
    """``c`` acts now, or may take the open turn (a Storypath PC slot) by acting."""
    from combat_cli.engine.contract.capabilities import OpenTurns

    enc, rs = table.enc, table.ruleset
    open_turn = rs.open_turn(enc) if isinstance(rs, OpenTurns) else None
    if open_turn is not None:
        return any(x.id == c.id for x in open_turn[1])
    cur = rs.current(enc)
    return cur is not None and cur.id == c.id


def _action(rs: Any, lang: str, a: Any) -> dict[str, Any]:
    return {"name": a.name, "label": host(rs).label(a.name, lang), "help": host(rs).label(a.help, lang),
            "target": a.target, "reaction": a.reaction,
            "options": [{"name": o.name, "kind": o.kind, "choices": list(o.choices),
                         "help": host(rs).label(o.help, lang)} for o in a.options]}


def card(table: Snapshot, enc: Encounter, c: Combatant, row: dict[str, Any]) -> dict[str, Any]:
    """``c``'s card, from ``enc``: the :func:`players_encounter`."""
    from combat_cli.views.player import pc_wounds

    rs, lang = table.ruleset, table.lang
    view = RulesView(enc, rs, lang)
    columns = [[host(rs).label(k, lang), v] for k, v in rs.status_columns(view, c).items() if v]
    declared = enc.declarations.get(c.id)
    queued = [i.action.text or i.action.name for i in enc.queue
              if i.actor == c.id and i.state == "pending"]
    return {
        "name": c.name,
        "wounds": pc_wounds(enc, rs, lang, c),  # from the players' encounter too
        "columns": columns,
        "conditions": [{"name": host(rs).label(k.name, lang), "left": _left(table, k.until)}
                       for k in c.conditions if not k.secret],
        "timers": [{"name": t.name, "left": _left(table, t.due)} for t in enc.timers
                   if t.combatant == c.id and t.kind != REMINDER],
        "declared": [a.text or a.name for a in declared.actions] if declared else [],
        "queued": queued,
        "stats": {str(k): _stat_value(rs, lang, v) for k, v in c.stats.items()},
        "acting": bool(row.get("acting")),
        "next": bool(row.get("next")),
        "out": c.out,
        "held": c.held,
    }


def _stat_value(rs: Ruleset, lang: str, value: Any) -> str:
    """A stat's value as the card shows it: a word (a catalogue weapon, a talent, yes or no)
    in the table's language, a list as its items, a number as typed."""
    if isinstance(value, bool):
        return host(rs).label("yes" if value else "no", lang)
    if isinstance(value, (list, tuple)):
        return ", ".join(_stat_value(rs, lang, v) for v in value)
    if isinstance(value, str):
        return host(rs).label(value, lang)
    return str(value)


def _left(table: Snapshot, until: int | None) -> str:
    """Time left until ``until`` on the clock ("" when it lasts until removed)."""
    if until is None:
        return ""
    left = max(0, until - table.enc.clock.seconds)
    rounds = in_rounds(left, table.ruleset.round_seconds)
    if rounds is not None:
        from combat_cli.locale import n_

        return n_("{n} round", "{n} rounds", rounds, table.language).format(n=rounds)
    return format_duration(left)
