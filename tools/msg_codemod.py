"""Turn ``CommandError(f"...{x}...")`` and ``notes.append(f"...")`` into a catalogue key and
its values (``CommandError("... {x} ...", x=x)``), the placeholder names taken from the
catalogue's msgid where one has the same fixed text. Usage: python tools/msg_codemod.py FILE...

Also for a ruleset (``--rulesets``): ``ValueError(f"...")`` (a stat check's refusal) becomes
``ValueError(Msg("...", x=x))`` and ``X.log(f"...", ...)`` becomes ``X.log(X.say("...", x=x),
...)`` (a log line's text worded when it is logged, in the table's language). A value taken
from a status, a side or a condition's name is wrapped in ``Word(...)``; check the diff."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "combat_cli/locale/cs/LC_MESSAGES/combat_cli.po"
ERRORS = {"CommandError", "RuleError", "RollAborted", "DiceError", "SaveError", "OddsTooBig"}
PH = re.compile(r"\{([a-z_][a-z_0-9]*)\}")


def msgids() -> dict[tuple[str, ...], list[str]]:
    out: dict[tuple[str, ...], list[str]] = {}
    text = PO.read_text(encoding="utf-8")
    for m in re.finditer(r'^msgid ((?:".*"\n)+)', text, re.M):
        mid = "".join(ast.literal_eval(x) for x in m.group(1).split("\n") if x)
        parts = PH.split(mid)
        if len(parts) > 1:
            out.setdefault(tuple(parts[0::2]), parts[1::2])
    return out


def name_of(e: ast.expr) -> str:
    if isinstance(e, ast.Name):
        return e.id
    if isinstance(e, ast.Attribute):
        return e.attr if e.attr != "name" or not isinstance(e.value, ast.Name) else e.value.id \
            if e.value.id not in ("c", "spec", "o", "a", "self") else "name"
    if isinstance(e, ast.Call) and e.args:
        return name_of(e.args[0])
    if isinstance(e, ast.Subscript):
        return name_of(e.value)
    return "value"


def lit(t: str) -> str:
    if '"' in t and "'" not in t:
        return repr(t) if repr(t).startswith("'") else "'" + t.replace("\\", "\\\\") + "'"
    return '"' + t.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


WORDISH = re.compile(r"\.(status|side|level)$")


def convert(src: str, node: ast.expr, known: dict[tuple[str, ...], list[str]]) -> str:
    if isinstance(node, ast.BinOp):  # f"..." + more
        assert isinstance(node.left, ast.JoinedStr)
        more = ast.get_source_segment(src, node.right) or ast.unparse(node.right)
        node = ast.JoinedStr(values=[*node.left.values, ast.FormattedValue(
            value=ast.Name(id="more"), conversion=-1, format_spec=None)])
        node._more = more  # type: ignore[attr-defined]
    fixed: list[str] = [""]
    exprs: list[str] = []
    names: list[str] = []
    for v in node.values:
        if isinstance(v, ast.Constant):
            fixed[-1] += str(v.value)
        else:
            assert isinstance(v, ast.FormattedValue)
            e = getattr(node, "_more", None) if (isinstance(v.value, ast.Name) and
                                                 v.value.id == "more" and v is node.values[-1]
                                                 ) else None
            e = e or ast.get_source_segment(src, v.value) or ast.unparse(v.value)
            if v.conversion == ord("r"):
                e = f"repr({e})"
            elif v.conversion == ord("s"):
                e = f"str({e})"
            if v.format_spec is not None:
                spec = "".join(str(c.value) for c in v.format_spec.values
                               if isinstance(c, ast.Constant))
                e = f"format({e}, {spec!r})"
            if WORDISH.search(e) and v.conversion == -1 and v.format_spec is None:
                e = f"Word({e})"
            exprs.append(e)
            names.append(name_of(v.value))
            fixed.append("")
    cat = known.get(tuple(fixed))
    if cat is not None and len(cat) == len(names):
        names = cat
    final: dict[str, str] = {}
    used: list[str] = []
    for n, e in zip(names, exprs, strict=True):
        base, i = n, 2
        while n in final and final[n] != e:
            n, i = f"{base}{i}", i + 1
        final[n] = e
        used.append(n)
    template = fixed[0].replace("{", "{{").replace("}", "}}") if exprs else fixed[0]
    for n, f in zip(used, fixed[1:], strict=True):
        template += "{" + n + "}" + f.replace("{", "{{").replace("}", "}}")
    args = ", ".join(f"{n}={e}" for n, e in final.items())
    return lit(template) + (", " + args if args else "")


def targets(tree: ast.AST, rulesets: bool = False) -> list[tuple[ast.expr, str, str]]:
    """The f-strings to convert, each with what goes before and after its key and values."""
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        hit = (isinstance(f, ast.Name) and f.id in ERRORS) or (
            isinstance(f, ast.Attribute) and (
                f.attr == "note" or (f.attr == "append" and isinstance(f.value, ast.Attribute)
                                     and f.value.attr == "notes")))
        first: ast.expr = node.args[0]
        if (isinstance(first, ast.BinOp) and isinstance(first.op, ast.Add)
                and isinstance(first.left, ast.JoinedStr)):
            first = first  # f"..." + more: the key gets a last {more}
        elif not isinstance(first, ast.JoinedStr):
            continue
        if hit:
            out.append((first, "", ""))
        elif rulesets and isinstance(f, ast.Name) and f.id == "ValueError":
            out.append((first, "Msg(", ")"))
        elif rulesets and isinstance(f, ast.Attribute) and f.attr == "log":
            out.append((first, ast.unparse(f.value) + ".say(", ")"))
    return out


def offset(lines: list[str], starts: list[int], line: int, col: int) -> int:
    """The character offset of an AST (line, UTF-8 byte column) position."""
    return starts[line - 1] + len(lines[line - 1].encode()[:col].decode())


def main(files: list[str]) -> None:
    rulesets = "--rulesets" in files
    files = [f for f in files if f != "--rulesets"]
    known = msgids()
    for name in files:
        path = Path(name)
        src = path.read_text(encoding="utf-8")
        found = targets(ast.parse(src), rulesets)
        if not found:
            continue
        lines = src.splitlines(keepends=True)
        starts = [0]
        for ln in lines:
            starts.append(starts[-1] + len(ln))

        edits = []
        for node, before, after in found:
            a = offset(lines, starts, node.lineno, node.col_offset)
            b = offset(lines, starts, node.end_lineno or node.lineno, node.end_col_offset or 0)
            edits.append((a, b, before + convert(src, node, known) + after))
        for a, b, new in sorted(edits, reverse=True):
            src = src[:a] + new + src[b:]
        path.write_text(src, encoding="utf-8")
        print(f"{name}: {len(edits)}")


if __name__ == "__main__":
    main(sys.argv[1:])
