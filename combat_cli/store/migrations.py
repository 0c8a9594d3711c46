"""Upgrading older save files, one schema step at a time (``MIGRATIONS[n]`` takes n to n+1).

Schema 1 was one JSON document whose undo history held a whole copy of the state per step;
schema 2 keeps each step as the change it made (:mod:`combat_cli.engine.domain.history`). Migrating
works the changes out from the copies, so undo goes on working across the upgrade.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from combat_cli.engine.domain.history import History, Step, diff
from combat_cli.store.fileformat import SCHEMA


def _from_1(raw: dict[str, Any]) -> dict[str, Any]:
    """The whole-copy history of schema 1 as steps of changes."""
    state = raw["encounter"]
    log = raw["log"]
    hist = raw.get("history") or {}
    undo, redo = hist.get("undo", []), hist.get("redo", [])
    h = History()
    for i, u in enumerate(undo):
        after = undo[i + 1]["state"] if i + 1 < len(undo) else state
        end = undo[i + 1]["log_len"] if i + 1 < len(undo) else len(log)
        h.undo.append(Step(str(u["line"]), None, diff(after, _obj(u["state"])),
                           int(end) - int(u["log_len"])))
    before = state
    for r in reversed(redo):  # the last is the next to redo
        after = _obj(r["state"])
        entries = [json.dumps(e, ensure_ascii=False, separators=(",", ":")) for e in r["log"]]
        h.redo.insert(0, Step(str(r["line"]), diff(before, after), None, len(entries), entries))
        before = after
    raw["_history"] = h
    return raw


def _obj(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError("state")
    return value


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_1}


def upgrade(raw: dict[str, Any]) -> dict[str, Any]:
    version = raw["schema"]
    while version < SCHEMA:
        raw = MIGRATIONS[version](raw)
        version += 1
        raw["schema"] = version
    return raw
