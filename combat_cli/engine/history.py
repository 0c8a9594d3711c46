"""Undo/redo by changes: each command keeps the change it made to the state (``fwd``), the change
that takes it back (``back``) and how many log entries it added. A change is a short list of
edits to the state's JSON, so a step costs what the command changed, not the whole state (a
bestiary imported once is not copied by every later step).

An edit is ``[path, value]`` (set the key or index at ``path``; an index one past the end
appends) or ``[path]`` (delete it). Edits keep the order of keys and items, so undoing a command
gives back the very same state, key order included.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import Any

LIMIT = 100

Patch = list[list[Any]]


@dataclass
class Step:
    """One command. On the undo stack it keeps ``back`` (the way to the state before it); on
    the redo stack ``fwd`` (the way to the state after it); the other is worked out when the
    step moves, so a save holds each change once."""

    line: str
    fwd: Patch | None
    back: Patch | None
    n_log: int
    log: list[str] = field(default_factory=list)
    """On the redo stack: the log entries the undo took away (as JSON text)."""


@dataclass
class History:
    undo: list[Step] = field(default_factory=list)
    redo: list[Step] = field(default_factory=list)

    def push(self, step: Step) -> None:
        step.fwd = None
        self.undo.append(step)
        if len(self.undo) > LIMIT:
            del self.undo[: len(self.undo) - LIMIT]
        self.redo.clear()

    def before_last(self, state: Any) -> Any:
        """The state before the last step (``state``: a copy the caller gives up)."""
        back = self.undo[-1].back
        return apply(state, back or [])

    def step_back(self, before: Any, after: Any, log: list[str]) -> Step:
        """Move the last step to the redo stack, taking its entries off ``log``."""
        step = self.undo.pop()
        step.fwd, step.back = diff(before, after), None
        taken: list[str] = []
        kept: list[str] = []  # free rolls logged after the step stay in the log
        cut = len(log)
        while len(taken) < step.n_log and cut > 0:
            cut -= 1
            (kept if _is_free(log[cut]) else taken).append(log[cut])
        del log[cut:]
        step.log = taken[::-1]
        log.extend(_numbered(t, len(log) + 1) for t in kept[::-1])
        self.redo.append(step)
        return step

    def after_next(self, state: Any) -> Any:
        """The state after the next redo step (``state``: a copy the caller gives up)."""
        return apply(state, self.redo[-1].fwd or [])

    def step_forward(self, before: Any, after: Any, log: list[str]) -> Step:
        """Move the next redo step back to the undo stack, its entries back onto ``log``."""
        step = self.redo.pop()
        step.fwd, step.back = None, diff(after, before)
        log.extend(_numbered(t, len(log) + 1) for t in step.log)
        step.log = []
        self.undo.append(step)
        return step


def _is_free(text: str) -> bool:
    """A free roll's log entry: logged, never part of an undo step."""
    if '"free":true' not in text:
        return False
    data = json.loads(text).get("data")
    return isinstance(data, dict) and data.get("free") is True


def _numbered(text: str, seq: int) -> str:
    """A log entry's JSON text with its number set to ``seq`` (unchanged text if it has it)."""
    obj = json.loads(text)
    if obj.get("seq") == seq:
        return text
    obj["seq"] = seq
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def diff(a: Any, b: Any, path: list[Any] | None = None, out: Patch | None = None) -> Patch:
    """The edits that turn ``a`` into ``b`` (both plain JSON values). A dict or list that loses
    more than it keeps is replaced whole (undoing an import of 5,000 templates is one edit)."""
    path = path or []
    out = [] if out is None else out
    if type(a) is dict and type(b) is dict and _same_key_order(a, b) and _kept(a, b):
        for k in [k for k in a if k not in b]:
            out.append([[*path, k]])
        for k, v in b.items():
            if k not in a:
                out.append([[*path, k], v])
            elif a[k] != v:
                diff(a[k], v, [*path, k], out)
    elif type(a) is list and type(b) is list and len(a) - len(b) <= max(len(b), 1):
        n = min(len(a), len(b))
        for i in range(n):
            if a[i] != b[i]:
                diff(a[i], b[i], [*path, i], out)
        out.extend([[*path, i]] for i in range(len(a) - 1, n - 1, -1))
        out.extend([[*path, i], b[i]] for i in range(n, len(b)))
    elif a != b or type(a) is not type(b):
        out.append([path, b])
    return out


def _kept(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """``b`` keeps more of ``a``'s keys than it drops (else replacing it is shorter)."""
    return len(a) - sum(1 for k in b if k in a) <= max(len(b), 1)


def _same_key_order(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Key-by-key edits keep the order only when the keys both share come first, in the same
    order, and the others follow them (added or removed at the end)."""
    common = [k for k in a if k in b]
    n = len(common)
    return list(a)[:n] == common and list(b)[:n] == common


def apply(state: Any, patch: Patch) -> Any:
    """``state`` with the edits made (in place where it can; the new root is returned)."""
    for edit in patch:
        where, value = edit[0], edit[1:]
        if not where:
            state = copy.deepcopy(value[0]) if value else None
            continue
        node = state
        for key in where[:-1]:
            node = node[key]
        last = where[-1]
        if not value:
            del node[last]
        elif type(node) is list and last == len(node):
            node.append(copy.deepcopy(value[0]))
        else:
            node[last] = copy.deepcopy(value[0])
    return state
