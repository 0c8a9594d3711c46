"""What ``combat report`` tells, gathered once from a table: who fought, each round's sentences,
wounds given and taken, who is left standing, what is due, and each combatant's wound level
(0 unhurt .. 3 down) at the end of every round. ``player=True`` leaves every secret out."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from combat_cli.engine.contract.host import host
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.domain.durations import format_duration, in_rounds
from combat_cli.views.player import REMINDER
from combat_cli.views.sentences import PlayerTeller, hidden_ids
from combat_cli.views.words import Words

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset
    from combat_cli.engine.domain.models import Combatant, Encounter, LogEntry
    from combat_cli.engine.table import Table


@dataclass
class Fighter:
    id: str
    name: str
    side: str
    status: str
    out: bool
    given: int = 0
    taken: int = 0
    hidden: bool = False
    notes: list[str] = field(default_factory=list)
    levels: dict[int, int] = field(default_factory=dict)
    """Round -> wound level (0-3) at the round's end, where the file still knows it."""
    marks: dict[int, str] = field(default_factory=dict)
    """Round -> the word the chart writes for it: the ruleset's own level for the GM
    (Stunned, Wounded...), the players' word in the players' report."""


@dataclass
class Facts:
    words: Words
    player: bool
    title: str
    rounds: int
    fighters: list[Fighter]
    by_round: dict[int, list[str]]
    due: list[str]
    first_known: int | None
    """The first round whose wound levels the file's history still holds."""


def gather(table: Table, player: bool = False) -> Facts:
    enc, rs, log = table.enc, table.ruleset, table.log
    w = Words(table.lang or rs.language)
    secret = hidden_ids(enc, log) if player else set()
    fighters = [_fighter(enc, rs, table.lang, c, player) for c in enc.combatants
                if c.id not in secret]
    _count_wounds(fighters, log)
    from combat_cli.locale import gender_of

    levels, statuses = _levels_by_round(table)
    scale = w("levels").split("|")
    for f in fighters:
        f.levels = levels.get(f.id, {})
        own = statuses.get(f.id, {})
        if player:
            f.marks = {r: scale[lv] for r, lv in f.levels.items()}
            continue
        for r in f.levels:  # the GM's chart: the ruleset's own level ("OK" is unhurt, even
            if own.get(r) in ("", "OK"):  # while D6 still counts a stun whose round is over)
                f.levels[r] = 0
        gender = gender_of(f.name, enc.get(f.id).stats)
        f.marks = {r: scale[lv] if own.get(r) in (None, "", "OK") else
                   host(rs).label(own[r], table.lang, gender) for r, lv in f.levels.items()}
    known = [r for lv in levels.values() for r in lv]
    return Facts(w, player, host(rs).label(rs.title, table.lang) if rs.title else rs.name, enc.round, fighters,
                 _sentences(table, log, player), _due(enc, rs, table.lang, w, player, secret),
                 min(known) if known else None)


def _fighter(enc: Encounter, rs: Ruleset, lang: str, c: Combatant, player: bool) -> Fighter:
    from combat_cli.locale import agree, gender_of
    from combat_cli.views.player import pc_wounds

    if player and c.side != "pc":
        status = agree(rs.wound_word(RulesView(enc, rs, lang), c), gender_of(c.name, c.stats),
                       lang or rs.language) or Words(lang or rs.language)("levels").split("|")[0]
    else:
        status = pc_wounds(enc, rs, lang, c) or host(rs).label(c.status, lang,
                                                          gender_of(c.name, c.stats))
    return Fighter(c.id, c.name, c.side, status, c.out, hidden=c.hidden and not player,
                   notes=[] if player else list(c.notes))


def _count_wounds(fighters: list[Fighter], log: list[LogEntry]) -> None:
    """A wound entry names who took it; who gave it is its actor or, when a ruleset logs the
    hit and the wound apart, the actor of the hit just before it (same round, same target).
    Each is counted by combatant id (by name in a file older than the ids in the log), so a
    name used again later is not credited with what its first bearer did."""
    given: Counter[str] = Counter()
    taken: Counter[str] = Counter()

    def key(cid: str | None, name: str | None) -> str | None:
        return f"#{cid}" if cid else name

    for i, e in enumerate(log):
        if e.kind != "wound":
            continue
        who = key(e.target_id, e.target) if e.target else key(e.actor_id, e.actor)
        if who:
            taken[who] += 1
        giver = key(e.actor_id, e.actor) if e.target else None
        if giver is None and e.target:
            giver = next((key(p.actor_id, p.actor) for p in reversed(log[max(0, i - 3):i])
                          if p.round == e.round and p.target == e.target and p.actor), None)
        if giver and giver != who:
            given[giver] += 1
    for f in fighters:
        f.given = given[f"#{f.id}"] + given[f.name]
        f.taken = taken[f"#{f.id}"] + taken[f.name]


def _sentences(table: Table, log: list[LogEntry], player: bool) -> dict[int, list[str]]:
    out: dict[int, list[str]] = {}
    if player:
        teller = PlayerTeller(table.enc, table.ruleset, table.lang, log)
        for e in log:
            text = teller.tell(e)
            if text and not (e.kind == "round" and e.outcome != "over"):
                out.setdefault(e.round, []).append(teller.sentence(text))
        return out
    for e in log:
        if e.kind != "round" or e.outcome == "over":
            out.setdefault(e.round, []).append(e.text.strip())
    return out


def _due(enc: Encounter, rs: Ruleset, lang: str, w: Words, player: bool,
         secret: set[str]) -> list[str]:
    """Timers still to come (healing rolls, reminders) and conditions that end by themselves."""
    now = enc.clock.seconds
    out = []
    for t in sorted(enc.timers, key=lambda t: t.due):
        who = enc.name_of(t.combatant) if t.combatant else ""
        if player and (not who or t.kind == REMINDER or t.combatant in secret
                       or enc.get(t.combatant or "").side != "pc"):
            continue  # the GM's reminders and NPCs' timers are the GM's business
        out.append(f"{t.name} — {w('in', span=_span(t.due - now, rs))}")
    for c in enc.combatants:
        if c.id in secret:
            continue
        for k in c.conditions:
            if k.until is not None and not (player and k.secret):
                out.append(f"{c.name}: {host(rs).label(k.name, lang)} — "
                           f"{w('in', span=_span(k.until - now, rs))}")
    return out


def _span(seconds: int, rs: Ruleset) -> str:
    n = in_rounds(max(0, seconds), rs.round_seconds)
    return f"{n}r" if n is not None else format_duration(max(0, seconds))


def _past_states(table: Table) -> Iterator[Any]:
    """The state now, then the state before each command the undo history holds, newest first
    (each step keeps only the change that takes it back)."""
    import copy

    from combat_cli.engine.domain.history import apply

    state = copy.deepcopy(table.state_obj())
    yield state
    for step in reversed(table.history.undo):
        try:
            state = apply(copy.deepcopy(state), step.back or [])
        except (LookupError, TypeError, ValueError):
            return
        yield state


def _levels_by_round(table: Table) -> tuple[dict[str, dict[int, int]], dict[str, dict[int, str]]]:
    """Combatant id -> round -> wound level at the end of that round (and the combatant's
    status then, the ruleset's own word), from the states the undo history leads back
    through (the state before each command) and the state now."""
    from combat_cli.engine.domain.models import Encounter

    rs = table.ruleset
    out: dict[str, dict[int, int]] = {}
    status: dict[str, dict[int, str]] = {}
    for obj in reversed(list(_past_states(table))):
        try:
            enc = Encounter.model_validate(obj)
        except ValueError:
            continue
        if enc.round < 1:
            continue
        for c in enc.combatants:
            try:
                out.setdefault(c.id, {})[enc.round] = rs.wound_level(RulesView(enc, rs), c)
            except Exception:  # noqa: BLE001 - an old snapshot a ruleset can't read
                continue
            status.setdefault(c.id, {})[enc.round] = c.status
    return out, status
