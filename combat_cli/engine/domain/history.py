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

    def step_back(self, before: Any, after: Any, log: list[str],
                  fwd: Patch | None = None) -> Step:
        """Move the last step to the redo stack, taking its entries off ``log`` (``fwd``: the
        change from ``before`` to ``after``, when the caller has it already)."""
        step = self.undo.pop()
        step.fwd, step.back = diff(before, after) if fwd is None else fwd, None
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

    def step_forward(self, before: Any, after: Any, log: list[str],
                     back: Patch | None = None) -> Step:
        """Move the next redo step back to the undo stack, its entries back onto ``log``
        (``back``: the change from ``after`` to ``before``, when the caller has it)."""
        step = self.redo.pop()
        step.fwd, step.back = None, diff(after, before) if back is None else back
        log.extend(_numbered(t, len(log) + 1) for t in step.log)
        step.log = []
        self.undo.append(step)
        return step

    # -- replaying a journal: each step costs what it changes ----------------------------------
    def undo_in_place(self, state: Any, log: list[str]) -> tuple[Any, int]:
        """The last step undone on ``state`` itself, its values moved in (the step's change is
        used up, never copied), ``log`` updated; and the work it took (edits made, log entries
        looked at), for a caller that bounds it."""
        step = self.undo[-1]
        before_log = len(log)
        state, fwd = apply_moving(state, step.back or [])
        self.step_back(None, None, log, fwd=fwd)
        return state, len(fwd) + len(self.redo[-1].log) + max(0, before_log - len(log))

    def redo_in_place(self, state: Any, log: list[str]) -> tuple[Any, int]:
        """The next redo step made on ``state`` itself (as :meth:`undo_in_place`)."""
        step = self.redo[-1]
        state, back = apply_moving(state, step.fwd or [])
        n = len(step.log)
        self.step_forward(None, None, log, back=back)
        return state, len(back) + n


def _is_free(text: str) -> bool:
    """A free roll's log entry: logged, never part of an undo step."""
    if '"free":true' not in text:
        return False
    data = json.loads(text).get("data")
    return isinstance(data, dict) and data.get("free") is True


def _numbered(text: str, seq: int) -> str:
    """A log entry's JSON text with its number set to ``seq`` (unchanged text if it has it)."""
    if text.startswith(f'{{"seq":{seq},'):  # as the table writes it: no need to parse
        return text
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


def apply_moving(state: Any, patch: Patch) -> tuple[Any, Patch]:
    """``state`` with the edits made in place, the patch's values moved in, not copied (the
    patch is used up); and the patch that takes the new state back to ``state``, holding the
    values the edits took out. Costs what the edits touch, never the whole state.

    Raises LookupError, TypeError or ValueError for an edit that does not fit the state (the
    state is then half changed: for a caller that gives it up)."""
    undo: list[Patch] = []
    for edit in patch:
        where, value = edit[0], edit[1:]
        if not where:
            if not value:
                raise ValueError("the state deleted")
            undo.append([[[], state]])
            state = value[0]
            continue
        node = state
        for key in where[:-1]:
            node = node[_key(node, key)]
        last = _key(node, where[-1], append=bool(value))
        undo.append(_inverse(node, where, last, value))
        if not value:
            del node[last]
        elif type(node) is list and last == len(node):
            node.append(value[0])
        else:
            node[last] = value[0]
    return state, [e for edits in reversed(undo) for e in edits]


def _key(node: Any, key: Any, append: bool = False) -> Any:
    """``key`` if it can index ``node`` (a dict's key is a text, a list's index a whole number
    in range; one past the end when ``append``)."""
    if type(node) is dict:
        if type(key) is not str:
            raise TypeError("a key that is not a text")
        return key
    if type(node) is list:
        if type(key) is not int or not 0 <= key < len(node) + append:
            raise IndexError("an index out of range")
        return key
    raise TypeError("an edit inside a value that is not an object or a list")


def _inverse(node: Any, where: list[Any], last: Any, value: list[Any]) -> Patch:
    """The edits (in order) that undo one edit at ``node[last]``, keeping key and item order."""
    parent = where[:-1]
    if type(node) is dict:
        if last not in node:
            return [[where]]
        if value:
            return [[where, node[last]]]
        keys = list(node)
        after = keys[keys.index(last) + 1:]  # re-added after it, in their order
        return ([[[*parent, k]] for k in after] + [[where, node[last]]]
                + [[[*parent, k], node[k]] for k in after])
    if value:
        return [[where]] if last == len(node) else [[where, node[last]]]
    # an item taken out of a list: the items after it move back one place
    items = node[last:]
    return ([[[*parent, last + i], x] for i, x in enumerate(items[:-1])]
            + [[[*parent, len(node) - 1], items[-1]]])
