"""How d12's log entries print at the table: one line per exchange."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from combat_cli.api import ActionRequest, Combatant, LogEntry, QueueItem, RulesView


def _hit(e: LogEntry, lang: str = "") -> str:
    """``Cory -1 body 9/10``: what an exchange left on the one hit (the Status says Hurt)."""
    from combat_cli.api import RuleError
    from combat_rulesets.d12.records import Wound

    try:
        w = Wound.of(e)
    except RuleError:         # a hand-damaged entry: its own line, as written
        return e.text
    if w.damage is None:
        return e.text
    from combat_cli.api import locale

    lang = lang or locale.SOURCE
    down = f", {locale.g_(locale.gender_of(e.target or '', lang=lang), e.outcome or '', lang)}" \
        if e.outcome in DOWN else ""
    track = locale.text(w.track, lang) if w.track else w.track
    return f"{e.target} -{w.damage} {track} {w.hits}/{w.max_hits}{down}"


DOWN = ("Incapacitated", "Dead", "Soul destroyed", "Unconscious")
"""The statuses that take a figure out of the fight: an exchange's line says them."""


def _exchange_follows(entries: list[LogEntry], n: int) -> bool:
    """Whether the rolls after entry ``n`` lead straight to an exchange's outcome line."""
    for x in entries[n + 1:]:
        if x.kind != "roll":
            return x.kind == "attack"
    return False


def brief(entries: list[LogEntry], lang: str = "") -> list[str]:
    """An exchange on one line: both sides' rolls are in the exchange's own line (``why``
    shows them), the hits it did follow it. A natural 1's intervention check is always
    shown, whoever rolled it."""
    out: list[str] = []
    for n, e in enumerate(entries):
        if e.kind == "roll" and e.action not in ("roll", "intervention") and \
                _exchange_follows(entries, n):
            continue          # one side's d12 + bid + skill: in the exchange's line
        if e.kind == "wound" and out and e.target and e.target in out[-1]:
            out[-1] += f" → {_hit(e, lang)}"
            continue
        out.append(e.text)
    return out


_SHORT = {"corporeal": "corp", "ethereal": "eth", "celestial": "cel"}


def hits_text(view: RulesView, c: Combatant) -> str:
    """The tracks that took hits: ``Body 9/10``; nothing while unhurt."""
    from combat_rulesets.d12 import health
    from combat_rulesets.d12.schema import Tables
    from combat_rulesets.d12.state import TRACKS

    out = []
    t = Tables.of(view)
    for k in TRACKS:
        now, mx = health.current(view, c, k), health.max_hits(c, k, t)[0]
        if now != mx:
            out.append(f"{view.label(k.capitalize())} {now}/{mx}")
    return ", ".join(out)


def bids_left(view: RulesView, c: Combatant) -> str:
    """What ``c`` may still bid this round, per realm in use: ``corp 2``."""
    from combat_rulesets.d12.bid_sheet import _available, bids_json

    j = bids_json(view, c)
    out = []
    for realm in j["budget"]:
        avail = _available(j, realm)
        if avail is not None:
            out.append(f"{view.label(_SHORT.get(realm, realm))} "
                       f"{avail - j['committed'].get(realm, 0)}")
    return ", ".join(out)


def status_columns(view: RulesView, c: Combatant) -> dict[str, str]:
    """Hits taken, the round's bids (with committed/available per realm), bids left."""
    from combat_rulesets.d12.bid_sheet import bid_summary

    return {"Hits": hits_text(view, c), "Bids": bid_summary(view, c),
            "Left": bids_left(view, c)}


def acting_label(view: RulesView) -> str | None:
    """Who acts and where the round stands: ``Shooter 2 (exchange 3/5)``."""
    from combat_cli.api import Ruleset
    from combat_rulesets.d12.mob import step

    enc = view.enc
    name = Ruleset.acting_label(view.ruleset, view)  # the core's: who acts
    where = step(enc) if enc.phase == "resolve" else None
    if name and where:
        from combat_cli.api import locale

        return f"{name} ({locale.text(where, view.language)})"
    return name


def brief_lines(view: RulesView, entries: list[LogEntry]) -> list[str]:
    """The ruleset's ``brief``: :func:`brief`."""
    return brief(entries, view.language)


def queued(view: RulesView, c: Combatant) -> list[tuple[QueueItem, ActionRequest]]:
    """``c``'s items, and the duels filed under the opponent's item with ``c``'s attack."""
    from combat_rulesets.d12.records import shown

    out = []
    for i in view.enc.queue:
        if i.actor == c.id:
            out.append((i, i.action))
        elif (duel := shown(i).partner(c.id)) is not None:
            out.append((i, duel))
    return out


def json_extra(view: RulesView) -> dict[str, Any]:
    """d12's keys in ``show --json``: the realm, every track's hits, the bids, interventions."""
    from combat_rulesets.d12 import health, schema
    from combat_rulesets.d12.bid_sheet import bids_json
    from combat_rulesets.d12.state import TRACKS, Fighter, fight

    enc, t, now = view.enc, schema.Tables.of(view), fight(view)
    return {"d12": {
        "realm": now.realm or t.default_realm,
        "hits": {c.name: {k: {"current": health.current(view, c, k),
                              "max": health.max_hits(c, k, t)[0]}
                          for k in TRACKS} for c in enc.combatants},
        "bids": {c.name: bids_json(view, c) for c in enc.combatants
                 if c.id in enc.declarations or Fighter.of(view, c).spent},
        "interventions": [i.model_dump(mode="json") for i in now.interventions],
    }}
