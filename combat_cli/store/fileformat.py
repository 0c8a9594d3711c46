"""The save file's layout (schema 2): a snapshot, then a journal, one JSON object a line.

::

    {"schema":2,"app":"combat-cli","ruleset":"d6","lang":"en","encounter":{...},
     "history":{"undo":[{"line":..,"back":[..],"n":2}],"redo":[{"line":..,"fwd":[..],"n":1,"log":[..]}]},
     "log_lines":3}
    {"seq":1,...}                      <- the log, one entry a line (log_lines of them)
    {"seq":2,...}
    {"seq":3,...}
    {"op":"do","line":"damage Mina 3","fwd":[..],"back":[..],"log":[{"seq":4,...}]}
    {"op":"undo"}                      <- the journal: one line per command, appended + fsynced
    {"op":"redo"}
    {"op":"log","log":[..]}            <- a free roll: log entries only, never an undo step

The snapshot is written whole (temp + fsync + rename) when a fight is opened for play, every so
often and on quit; between, each command appends one line. A line cut short by a crash (no
newline yet) is the command in flight: it is ignored. Everything is plain JSON: loading never
executes anything.

``lang`` (added later, optional) is the ruleset's own display language, right after
``ruleset`` so the command line can word its first lines before the ruleset is loaded
(:mod:`combat_cli.clilang`); a file without it loads as before.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from combat_cli.engine.domain.history import History, Step, apply_moving
from combat_cli.store.fileio import SaveError

if TYPE_CHECKING:
    from combat_cli.engine.table import Table

SCHEMA = 2
"""The save file's schema: the one constant (:mod:`combat_cli.store.migrations` upgrades
older files up to it; ``show --json`` has its own view version)."""
APP = "combat-cli"
MAX_DEPTH = 64
"""Deepest nesting a save may hold (JSON nested 100,000 deep is refused in one line); the
journal's changes may not build anything deeper either."""
MAX_FILE_BYTES = 64 << 20
"""The largest save file read (64 MiB: years of fights; a fight's file is rarely a megabyte)."""
STATE_DEPTH = 48
"""Deepest nesting of the state (and of a change to it, or a log entry): well inside
:data:`MAX_DEPTH` wherever the snapshot holds them (a step of the undo history sits six
levels down), so what a journal builds can always be written again and read back."""
MAX_JOURNAL_LINES = 20_000
"""The most journal lines a save may hold: the writer starts a fresh snapshot long before
(:attr:`combat_cli.store.savefile.Saver.COMPACT_LINES`)."""
MAX_REPLAY = 1_000_000
"""The most work replaying a journal may take (edits made, log entries moved): an undo or a
redo costs what its step changed, and a file that would replay more is refused unread."""


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def snapshot_pieces(table: Table) -> Iterator[str]:
    """The snapshot of ``table`` in pieces (no journal after it)."""
    h = table.history
    undo = ",".join(_step(s, "back") for s in h.undo)
    redo = ",".join(_step(s, "fwd") for s in h.redo)
    yield (f'{{"schema":{SCHEMA},"app":"{APP}","ruleset":{dumps(table.ruleset.name)},'
           f'"lang":{dumps(table.ruleset.language)},"encounter":{table.state_json},"history":{{"undo":[{undo}],"redo":[{redo}]}},'
           f'"log_lines":{len(table.log_json)}}}\n')
    log = table.log_json
    for start in range(0, len(log), 500):
        yield "".join(x + "\n" for x in log[start:start + 500])


def _step(s: Step, which: str) -> str:
    patch = s.back if which == "back" else s.fwd
    text = f'{{"line":{dumps(s.line)},"{which}":{dumps(patch or [])},"n":{s.n_log}'
    if s.log:
        text += f',"log":[{",".join(s.log)}]'
    return text + "}"


def record(op: str, step: Step, entries: list[str]) -> str:
    """One journal line."""
    if op == "log":  # a free roll: entries only, no state change, no undo step
        return f'{{"op":"log","log":[{",".join(entries)}]}}\n'
    if op != "do":
        return f'{{"op":"{op}"}}\n'
    return (f'{{"op":"do","line":{dumps(step.line)},"fwd":{dumps(step.fwd or [])},'
            f'"back":{dumps(step.back or [])},"log":[{",".join(entries)}]}}\n')


def journal_head(name: str, text: str) -> dict[str, Any] | None:
    """The first line of a schema-2 file, parsed; None if ``text`` is laid out otherwise (a
    schema-1 file, or not a save at all)."""
    first, sep, _ = text.partition("\n")
    if not sep or '"log_lines"' not in first:
        return None
    try:
        head = _json(name, first, 1, walk=False)
    except SaveError:
        return None
    if not isinstance(head, dict) or "log_lines" not in head:
        return None
    head[_DEPTH] = text_depth(first)
    return head


_DEPTH = "\x00depth"
"""The head's nesting, measured on its text (a key no JSON text of ours can hold)."""
_BRACKETS = str.maketrans({**{c: None for c in map(chr, range(128)) if c not in "[]{}"},
                           "[": "(", "{": "(", "]": ")", "}": ")"})


def text_depth(line: str) -> int:
    """How deep the JSON value ``line`` (valid JSON) nests, from its text: its strings taken
    out, its brackets left, the innermost pairs stripped a level at a time (more than
    :data:`MAX_DEPTH` levels: ``MAX_DEPTH + 1``). The same as :func:`_depth` walked over the
    parsed value, in a fraction of the time for a 100,000-template library."""
    # outside its strings (no backslash is, in JSON; an escaped quote never ends one)
    outside = line.replace("\\\\", "").replace('\\"', "").split('"')[::2]
    brackets = "".join(outside).translate(_BRACKETS)
    if not brackets.isascii():  # only inside strings, and they are out: never, for JSON
        brackets = "".join(c for c in brackets if c in "()")
    depth = 0
    while brackets and depth <= MAX_DEPTH:
        inner = brackets.replace("()", "")
        if inner == brackets:
            break
        brackets, depth = inner, depth + 1
    return depth if not brackets else MAX_DEPTH + 1


def parse(name: str, text: str, head: dict[str, Any]) -> dict[str, Any]:
    """The raw save (``encounter`` after the journal is replayed, ``_log_texts``, ``_history``,
    ``_records``, ``_torn``) of a schema-2 text; SaveError if it is damaged."""
    depth = head.pop(_DEPTH, None)
    if depth is None or depth > MAX_DEPTH:
        check_depth(name, head)
    lines = text.split("\n")
    torn = lines.pop() != ""  # a last line without its newline: the command in flight
    if head.get("app") != APP:
        raise SaveError("{path} is not a combat-cli save file", path=name)
    _check_schema(name, head.get("schema"))
    n = head.get("log_lines")
    if not isinstance(n, int) or not 0 <= n <= len(lines) - 1:
        raise SaveError("{path} is damaged: its log is cut short", path=name)
    for key, kind in (("ruleset", str), ("encounter", dict), ("history", dict)):
        if not isinstance(head.get(key), kind):
            raise SaveError("{path} is damaged: {key} is missing or of the wrong kind", path=name,
                            key=f'"{key}"')
    log = lines[1:n + 1]
    for i, entry in enumerate(log, start=2):
        if not entry.startswith("{"):
            raise SaveError("{path} is damaged at line {n}: a log entry is not an object", path=name, n=i)
    history = _history(name, head["history"], len(log))
    state = head["encounter"]
    if depth is None or depth > STATE_DEPTH + 1:  # else the state, a level in, is within
        check_state_depth(name, state)
    records = lines[n + 1:]
    if len(records) > MAX_JOURNAL_LINES:
        raise SaveError("{path}: its journal has {lines} lines (at most {most}); the file was left as it is", path=name, lines=format(len(records), ','), most=format(MAX_JOURNAL_LINES, ','))
    work = 0
    for i, line in enumerate(records, start=n + 2):
        state, cost = _replay(name, i, _json(name, line, i), state, log, history)
        work += cost
        if work > MAX_REPLAY:
            raise SaveError("{path}: replaying its journal takes over {most} changes (the limit); the file was left as it is", path=name, most=format(MAX_REPLAY, ','))
    lang = head.get("lang")
    return {"schema": SCHEMA, "app": APP, "ruleset": head["ruleset"], "encounter": state,
            "lang": lang if isinstance(lang, str) and lang.isalpha() else "",
            "_log_texts": log, "_history": history, "_records": len(records), "_torn": torn}


def _check_schema(name: str, schema: Any) -> None:
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise SaveError("{path} has no valid schema version", path=name)
    if schema > SCHEMA:
        raise SaveError("{path} was written by a newer combat-cli (schema {n}; this one reads up to {k}): upgrade combat-cli", path=name, n=schema, k=SCHEMA)


def _json(name: str, line: str, number: int, walk: bool = True) -> Any:
    try:
        value = json.loads(line)
    except RecursionError:
        raise SaveError("{path} is damaged at line {n}: nested too deeply", path=name, n=number) from None
    except ValueError as e:  # JSONDecodeError, and numbers of thousands of digits
        raise SaveError("{path} is damaged at line {n}: {problem}", path=name, n=number, problem=_short(e)) from None
    if walk:
        check_depth(name, value)
    return value


def _short(e: ValueError) -> str:
    text = str(e).split(";")[0].split(" (char")[0]
    return text[:120]


def check_depth(name: str, value: Any) -> None:
    """SaveError if ``value`` nests deeper than :data:`MAX_DEPTH` (walked without recursion)."""
    todo = [(value, 1)]
    while todo:
        v, d = todo.pop()
        if d > MAX_DEPTH:
            raise SaveError("{path} is damaged: nested deeper than {n} levels", path=name, n=MAX_DEPTH)
        if type(v) is dict:
            todo.extend((x, d + 1) for x in v.values() if type(x) in (dict, list))
        elif type(v) is list:
            todo.extend((x, d + 1) for x in v if type(x) in (dict, list))


def _history(name: str, raw: dict[str, Any], log_lines: int) -> History:
    h = History()
    try:
        for s in raw.get("undo", []):
            h.undo.append(Step(str(s["line"]), None, _patch(s["back"]), _count(s["n"])))
        for s in raw.get("redo", []):
            h.redo.append(Step(str(s["line"]), _patch(s["fwd"]), None, _count(s["n"]),
                               _entries(s.get("log", []))))
        # the undo steps' entries are in the log; a redo step holds the entries it gives back
        if sum(s.n_log for s in h.undo) > log_lines or any(
                len(s.log) != s.n_log for s in h.redo):
            raise ValueError("count")
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError("{path} is damaged: its undo history is unreadable", path=name) from None
    except _TooDeep:
        raise SaveError("{path} is damaged: its undo history nests deeper than {n} levels", path=name, n=STATE_DEPTH) from None
    return h


class _TooDeep(Exception):
    pass


def _patch(value: Any) -> list[Any]:
    """A change as the journal holds it: a list of ``[path, value]`` / ``[path]`` edits, none
    building anything deeper than :data:`MAX_DEPTH` (_TooDeep)."""
    if not isinstance(value, list) or not all(
            isinstance(e, list) and e and isinstance(e[0], list) and len(e) <= 2 for e in value):
        raise ValueError("patch")
    for e in value:
        if len(e[0]) + (_depth(e[1]) if len(e) == 2 else 0) > STATE_DEPTH:
            raise _TooDeep
    return value


def _entries(value: Any) -> list[str]:
    """Log entries of a journal line or a redo step, as JSON text (_TooDeep: one nests
    deeper than :data:`STATE_DEPTH`)."""
    if not isinstance(value, list):
        raise TypeError("log")
    if any(_depth(e) > STATE_DEPTH for e in value):
        raise _TooDeep
    return [dumps(e) for e in value]


def check_state_depth(name: str, state: Any) -> None:
    """SaveError if the state nests deeper than :data:`STATE_DEPTH`."""
    if _depth(state) > STATE_DEPTH:
        raise SaveError("{path} is damaged: its state nests deeper than {n} levels", path=name, n=STATE_DEPTH)


def _depth(value: Any) -> int:
    """How many levels of objects and lists ``value`` nests (0 for a number or a text)."""
    deepest = 0
    todo = [(value, 1)]
    while todo:
        v, d = todo.pop()
        if type(v) is dict:
            deepest = max(deepest, d)
            todo.extend((x, d + 1) for x in v.values() if type(x) in (dict, list))
        elif type(v) is list:
            deepest = max(deepest, d)
            todo.extend((x, d + 1) for x in v if type(x) in (dict, list))
    return deepest


def _count(value: Any) -> int:
    if not isinstance(value, int) or value < 0:
        raise ValueError("count")
    return value


def _replay(name: str, number: int, rec: Any, state: Any, log: list[str],
            history: History) -> tuple[Any, int]:
    """The state after one journal line (log and history updated in place; ``state`` itself
    is changed) and the work it took."""
    try:
        op = rec["op"]
        if op == "do":
            fwd, back = _patch(rec["fwd"]), _patch(rec["back"])
            state, _undo = apply_moving(state, fwd)
            entries = _entries(rec["log"])
            log.extend(entries)
            history.push(Step(str(rec["line"]), None, back, len(entries)))
            cost = len(fwd) + len(entries)
        elif op == "log":
            entries = _entries(rec["log"])
            log.extend(entries)
            cost = len(entries)
        elif op == "undo":
            state, cost = history.undo_in_place(state, log)
        elif op == "redo":
            state, cost = history.redo_in_place(state, log)
        else:
            raise ValueError(op)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise SaveError("{path} is damaged at line {n}: a change that cannot be replayed", path=name, n=number) from None
    except _TooDeep:
        raise SaveError("{path} is damaged at line {n}: its change nests deeper than {k} levels", path=name, n=number, k=STATE_DEPTH) from None
    if not isinstance(state, dict):
        raise SaveError("{path} is damaged at line {n}: the state is not an object", path=name, n=number)
    return state, cost + 1


__all__ = ["APP", "SCHEMA", "dumps", "snapshot_pieces", "record", "parse"]
