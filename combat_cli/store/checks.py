"""What a loaded encounter must make sense as, beyond its JSON shape (the models check that):
names within the limits typed ones keep, ids unique and the next id past them, the round, the
clock and every time a number a fight can reach. Each problem is one line; nothing in a file
is trusted because it parsed."""

from __future__ import annotations

import re
from typing import Any

from combat_cli.engine.domain.models import Encounter
from combat_cli.engine.domain.names import MAX_NAME, shorten

MAX_NUMBER = 10**15
"""The largest round, clock value or time a save may hold (seconds: 30 million years)."""

_ID = re.compile(r"c(\d{1,15})")


def problem(enc: Encounter) -> str | None:
    """What makes no sense in ``enc`` (None: nothing)."""
    return _names(enc) or _ids(enc) or _numbers(enc)


def _names(enc: Encounter) -> str | None:
    seen: dict[str, str] = {}
    for c in enc.combatants:
        for what, value in (("name", c.name), ("tag", c.tag), ("template", c.template or "")):
            if len(value) > MAX_NAME:
                return (f"combatant {shorten(c.id, 20)} has a {what} of {len(value):,} "
                        f"characters (at most {MAX_NAME})")
        if not c.name.strip():
            return f"combatant {shorten(c.id, 20)} has no name"
        low = c.name.lower()
        if low in seen:
            return f'two combatants are named "{c.name}" ({seen[low]} and {c.id})'
        seen[low] = c.id
    for name in enc.templates:
        if len(name) > MAX_NAME:
            return f"a template has a name of {len(name):,} characters (at most {MAX_NAME})"
    return None


def _ids(enc: Encounter) -> str | None:
    used: list[int] = []
    for kind, ids in (("combatants", [c.id for c in enc.combatants]),
                      ("queued actions", [q.id for q in enc.queue]),
                      ("timers", [t.id for t in enc.timers])):
        dup = _duplicate(ids)
        if dup is not None:
            return f"two {kind} have the id {shorten(str(dup), 20)}"
    for c in enc.combatants:
        m = _ID.fullmatch(c.id)
        if m:
            used.append(int(m.group(1)))
    used += [t.id for t in enc.timers]  # (a queue lasts a round: its ids are not kept)
    top = max(used, default=0)
    if not 1 <= enc.next_id <= MAX_NUMBER or enc.next_id <= top:
        return (f"its next id ({_shown(enc.next_id)}) is not past the ids in use "
                f"(up to {_shown(top)})")
    return None


def _duplicate(ids: list[Any]) -> Any:
    seen: set[Any] = set()
    for i in ids:
        if i in seen:
            return i
        seen.add(i)
    return None


def _numbers(enc: Encounter) -> str | None:
    checks: list[tuple[str, int, int]] = [
        ("the round", enc.round, 0), ("the turn", enc.turn, -1),
        ("the clock's rounds", enc.clock.rounds, 0), ("the clock's seconds", enc.clock.seconds, 0)]
    checks += [(f"timer {t.id}'s time", t.due, -MAX_NUMBER) for t in enc.timers]
    checks += [(f"queued action {q.id}'s segment", q.segment, -MAX_NUMBER) for q in enc.queue]
    for c in enc.combatants:
        checks += [(f"{c.name}'s {shorten(k.name, 20)} end", k.until, -MAX_NUMBER)
                   for k in c.conditions if k.until is not None]
    for what, value, lo in checks:
        if not lo <= value <= MAX_NUMBER:
            low = "-10^15" if lo == -MAX_NUMBER else str(lo)
            return f"{what} is {_shown(value)}, out of range ({low}..10^15)"
    return None


def _shown(n: int) -> str:
    text = str(n)
    return text if len(text) <= 20 else f"a number of {len(text.lstrip('-')):,} digits"
