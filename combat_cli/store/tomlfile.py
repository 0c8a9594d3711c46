"""Reading a TOML file someone gave us (stat blocks, house rules) within limits: a regular file
(a FIFO is refused before it is opened), at most :data:`MAX_BYTES`, nested at most
:data:`MAX_DEPTH` deep (brackets, inline tables, dotted keys), at most :data:`MAX_VALUES`
values. Each refusal is one line naming the limit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from combat_cli.engine.domain.errors import CommandError
from combat_cli.locale import Msg, Word
from combat_cli.store.fileio import SaveError, read_regular

MAX_BYTES = 2_000_000
MAX_DEPTH = 16
MAX_VALUES = 500_000

_MULTILINE = re.compile(r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'')
_STRING = re.compile(r'"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'')
_COMMENT = re.compile(r"#[^\n]*")
_BRACKET = re.compile(r"[\[\]{}]")


def read_toml(path: Path, what: str = "TOML file") -> dict[str, Any]:
    try:
        data = read_regular(path, Msg("can't read {path}: no such file", path=path), MAX_BYTES, what)
    except SaveError as e:
        if e.key == "{path} is too large ({size} bytes; at most {most})":
            raise CommandError("{path} is too large for a {what} ({size} bytes; at most {most})",
                               **e.values, what=Word(what)) from None
        raise CommandError(e) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise CommandError("{path} is not valid TOML: it is not UTF-8 text", path=path) from None
    _check_nesting(path, text)
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        said = str(e)  # tomllib's English: its problem and where, kept apart as values
        at = re.fullmatch(r"(.*) \(at line (\d+), column (\d+)\)", said, re.DOTALL)
        if at:
            raise CommandError("{path} is not valid TOML: {problem} (at line {n}, column {k})",
                               path=path, problem=at[1], n=int(at[2]), k=int(at[3])) from None
        if said.endswith(" (at end of document)"):
            raise CommandError("{path} is not valid TOML: {problem} (at end of document)",
                               path=path, problem=said.removesuffix(" (at end of document)")
                               ) from None
        raise CommandError("{path} is not valid TOML: {problem}", path=path, problem=said) from None
    except (RecursionError, ValueError) as e:  # the limits above should stop these first
        raise CommandError("{path} is not valid TOML: {problem}", path=path, problem=type(e).__name__) from None
    _check_count(path, doc)
    return doc


def _check_nesting(path: Path, text: str) -> None:
    bare = _COMMENT.sub("", _STRING.sub('""', _MULTILINE.sub('""', text)))
    depth = deepest = 0
    for m in _BRACKET.finditer(bare):
        depth += 1 if m.group() in "[{" else -1
        deepest = max(deepest, depth)
    dots = max((ln.split("=", 1)[0].count(".") for ln in bare.splitlines()), default=0)
    if max(deepest, dots + 1) > MAX_DEPTH:
        raise CommandError("{path} is nested too deeply (at most {n} levels of tables, {detail})",
                           path=path, n=MAX_DEPTH, detail=Word("arrays or dotted keys"))


def _check_count(path: Path, doc: dict[str, Any]) -> None:
    todo: list[Any] = [doc]
    count = 0
    while todo:
        v = todo.pop()
        count += 1
        if count > MAX_VALUES:
            raise CommandError("{path} holds too many values (at most {most})", path=path, most=format(MAX_VALUES, ','))
        if isinstance(v, dict):
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
