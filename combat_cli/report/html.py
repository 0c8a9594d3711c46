"""The report as one self-contained HTML file: inline style, the SVG chart, no script, printable."""

from __future__ import annotations

from html import escape

from combat_cli.report import chart
from combat_cli.report.facts import Facts
from combat_cli.textsafe import plain

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 60rem;
       margin: 2rem auto; padding: 0 1rem; color: #111; background: #fff; line-height: 1.45; }
h1 { margin-bottom: 0.2rem; } h2 { margin-top: 2rem; border-bottom: 2px solid #222; }
h3 { margin-bottom: 0.3rem; }
table { border-collapse: collapse; } th, td { padding: 0.3rem 0.7rem; border-bottom: 1px solid #bbb;
text-align: left; } td.n { text-align: right; }
.meta { color: #444; } .hidden { font-size: 0.8em; color: #a00; }
figure { margin: 1rem 0; overflow-x: auto; } figcaption { color: #444; font-size: 0.9em; }
@media print { body { margin: 0; max-width: none; } h2 { break-after: avoid; }
  section.round, figure { break-inside: avoid; } }
"""


def h(text: str) -> str:
    return escape(plain(text))


def render(facts: Facts) -> str:
    w = facts.words
    title = w("report_player_title" if facts.player else "report_title")
    out = ["<!doctype html>", f'<html lang="{w.lang}">', "<head>", '<meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           f"<title>{h(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
           f"<h1>{h(title)}</h1>",
           f'<p class="meta">{h(w("ruleset", title=facts.title))} · '
           f'{h(w("rounds_fought", n=facts.rounds))}</p>']
    out += _who(facts)
    out += [f"<h2>{h(w('chart'))}</h2>", "<figure>", chart.svg(facts)]
    notes = []
    if facts.first_known and facts.first_known > 1:
        notes.append(w("unknown_before", n=facts.first_known))
    if facts.rounds > chart.MAX_ROUNDS:
        notes.append(w("last_rounds", n=chart.MAX_ROUNDS))
    if notes:
        out.append(f"<figcaption>{h(' '.join(notes))}</figcaption>")
    out.append("</figure>")
    out += _rounds(facts) + _standing(facts)
    out += [f"<h2>{h(w('due'))}</h2>"]
    out += (["<ul>"] + [f"<li>{h(x)}</li>" for x in facts.due] + ["</ul>"]
            if facts.due else [f"<p>{h(w('nothing_due'))}</p>"])
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def _who(facts: Facts) -> list[str]:
    w = facts.words
    out = [f"<h2>{h(w('who'))}</h2>", "<table>", "<thead><tr>"
           + "".join(f'<th scope="col">{h(w(k))}</th>'
                     for k in ("Name", "Side", "status", "given", "taken"))
           + "</tr></thead>", "<tbody>"]
    for f in facts.fighters:
        mark = f' <span class="hidden">({h(w("hidden_mark"))})</span>' if f.hidden else ""
        out.append(f'<tr><th scope="row">{h(f.name)}{mark}</th><td>{h(w(f.side))}</td>'
                   f'<td>{h(f.status) or w("none")}</td><td class="n">{f.given}</td>'
                   f'<td class="n">{f.taken}</td></tr>')
    out += ["</tbody>", "</table>"]
    notes = [(f.name, n) for f in facts.fighters for n in f.notes]
    if notes:
        out += [f"<h3>{h(w('notes'))}</h3>", "<ul>"]
        out += [f"<li><b>{h(a)}</b>: {h(b)}</li>" for a, b in notes] + ["</ul>"]
    return out


def _rounds(facts: Facts) -> list[str]:
    w = facts.words
    out = [f"<h2>{h(w('rounds'))}</h2>"]
    if not facts.by_round:
        out.append(f"<p>{h(w('no_rounds'))}</p>")
    for r, lines in sorted(facts.by_round.items()):
        out += ['<section class="round">',
                f"<h3>{h(w('round', n=r) if r else w('setup_part'))}</h3>", "<ul>"]
        out += [f"<li>{h(x)}</li>" for x in lines] + ["</ul>", "</section>"]
    return out


def _standing(facts: Facts) -> list[str]:
    w = facts.words
    out = [f"<h2>{h(w('standing'))}</h2>", "<ul>"]
    for side in ("pc", "npc"):
        names = [h(f.name) for f in facts.fighters if not f.out and f.side == side]
        out.append(f"<li>{h(w(side + 's'))}: {', '.join(names) or h(w('nobody'))}</li>")
    fallen = [f"{h(f.name)} ({h(f.status)})" for f in facts.fighters if f.out]
    out.append(f"<li>{h(w('fallen'))}: {', '.join(fallen) or h(w('nobody'))}</li>")
    return out + ["</ul>"]
