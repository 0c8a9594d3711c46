"""The report as Markdown (renders cleanly on a code-hosting site)."""

from __future__ import annotations

import re

from combat_cli.report.facts import Facts
from combat_cli.textsafe import plain

_SPECIAL = re.compile(r"([\\`*_\[\]<>#|~])")


def md(text: str) -> str:
    """Text as literal Markdown: no markup, no control characters, one line."""
    return _SPECIAL.sub(r"\\\1", plain(text).replace("\n", " "))


def render(facts: Facts) -> str:
    w = facts.words
    out = [f"# {w('report_player_title' if facts.player else 'report_title')}", "",
           f"{md(w('ruleset', title=facts.title))} · {w('rounds_fought', n=facts.rounds)}", "",
           f"## {w('who')}", "",
           f"| {w('Name')} | {w('Side')} | {w('status')} | {w('given')} | {w('taken')} |",
           "| --- | --- | --- | ---: | ---: |"]
    for f in facts.fighters:
        name = md(f.name) + (f" ({w('hidden_mark')})" if f.hidden else "")
        out.append(f"| {name} | {w(f.side)} | {md(f.status) or w('none')} | {f.given} | "
                   f"{f.taken} |")
    notes = [(f.name, n) for f in facts.fighters for n in f.notes]
    if notes:
        out += ["", f"**{w('notes')}**", ""] + [f"- {md(a)}: {md(b)}" for a, b in notes]
    out += ["", f"## {w('rounds')}"]
    if not facts.by_round:
        out += ["", w("no_rounds")]
    for r, lines in sorted(facts.by_round.items()):
        out += ["", f"### {w('round', n=r) if r else w('setup_part')}", ""]
        out += [f"- {md(x)}" for x in lines]
    out += ["", f"## {w('wounds')}", ""]
    out += [f"- **{md(f.name)}**: {w('given')} {f.given}, {w('taken')} {f.taken}"
            for f in facts.fighters if f.given or f.taken] or [f"- {w('nobody')}"]
    standing = [f for f in facts.fighters if not f.out]
    fallen = [f for f in facts.fighters if f.out]
    out += ["", f"## {w('standing')}", ""]
    for side in ("pc", "npc"):
        names = [md(f.name) for f in standing if f.side == side]
        out.append(f"- {w(side + 's')}: {', '.join(names) or w('nobody')}")
    out.append(f"- {w('fallen')}: " + (", ".join(f"{md(f.name)} ({md(f.status)})"
                                                 for f in fallen) or w("nobody")))
    out += ["", f"## {w('due')}", ""]
    out += [f"- {md(x)}" for x in facts.due] or [w("nothing_due")]
    return "\n".join(out) + "\n"
