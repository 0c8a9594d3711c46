"""The report's picture: each combatant's wound level by round, as inline SVG (no script).

One row a combatant: a step line across the rounds from unhurt (top) to down (bottom), a dot
per round coloured and labelled by level, so it reads in colour and in black and white."""

from __future__ import annotations

from html import escape as _escape

from combat_cli.report.facts import Facts
from combat_cli.textsafe import plain

NAME_W, COL_W, ROW_H, TOP, PAD = 190, 46, 52, 34, 9
LEGEND_W = 120
COLOURS = ("#2e7d32", "#f9a825", "#ef6c00", "#c62828")
"""Unhurt, hurt, badly hurt, down."""
MAX_ROUNDS = 40


def svg(facts: Facts) -> str:
    rounds = list(range(1, facts.rounds + 1))[-MAX_ROUNDS:]
    rows = facts.fighters
    legend = _legend(facts, rounds)
    spans = [max(LEGEND_W, 44 + 8 * len(word)) for word in legend]
    width = max(NAME_W + COL_W * max(1, len(rounds)) + 130, NAME_W + LEGEND_W * 4)
    places, x, line = [], NAME_W, 0  # the legend wraps to more lines rather than widen
    for span in spans:
        if x > NAME_W and x + span > width:
            x, line = NAME_W, line + 1
        places.append((x, line))
        x += span
    height = TOP + ROW_H * max(1, len(rows)) + 30 + 20 * line
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="{width}" height="{height}" role="img" aria-labelledby="chart-title" '
           'font-family="system-ui, sans-serif" font-size="13">',
           f'<title id="chart-title">{escape(facts.words("chart"))}</title>',
           f'<rect width="{width}" height="{height}" fill="#fff"/>']
    for i, r in enumerate(rounds):
        x = NAME_W + COL_W * i + COL_W // 2
        out.append(f'<text x="{x}" y="{TOP - 12}" text-anchor="middle" fill="#333">{r}</text>')
    for n, f in enumerate(rows):
        if n % 2:
            out.append(f'<rect x="0" y="{TOP + ROW_H * n}" width="{width}" height="{ROW_H}" '
                       'fill="#f4f4f4"/>')
        out += _row(f.name, f.levels, f.marks, rounds, TOP + ROW_H * n)
    for level, (word, (x, line)) in enumerate(zip(legend, places, strict=True)):
        y = TOP + ROW_H * max(1, len(rows)) + 18 + 20 * line
        out.append(f'<circle cx="{x}" cy="{y - 4}" r="5" fill="{COLOURS[level]}"/>'
                   f'<text x="{x + 9}" y="{y}" fill="#222">{level} {escape(word)}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _legend(facts: Facts, rounds: list[int]) -> list[str]:
    """What each of the four heights means: the players' words in the players' report; in
    the GM's, the ruleset's own levels drawn at that height (Stunned, Wounded: both "1")."""
    words = facts.words("levels").split("|")
    if facts.player:
        return words
    out = []
    for level in range(4):
        seen = dict.fromkeys(f.marks[r] for f in facts.fighters for r in rounds
                             if f.levels.get(r) == level and r in f.marks)
        out.append(", ".join(seen) or words[level])
    return out


def _row(name: str, levels: dict[int, int], marks: dict[int, str], rounds: list[int],
         top: int) -> list[str]:
    def y(level: int) -> int:
        return top + PAD + level * (ROW_H - 2 * PAD) // 3

    out = [f'<text x="{NAME_W - 10}" y="{top + ROW_H // 2 + 5}" text-anchor="end" fill="#111">'
           f'{escape(_short(name))}</text>']
    for level in range(4):
        out.append(f'<line x1="{NAME_W}" x2="{NAME_W + COL_W * len(rounds)}" y1="{y(level)}" '
                   f'y2="{y(level)}" stroke="#ddd" stroke-width="1"/>')
    points = [(NAME_W + COL_W * i + COL_W // 2, levels[r], r) for i, r in enumerate(rounds)
              if r in levels]
    if len(points) > 1:
        path = " ".join(f"{x - COL_W // 2 if k else x},{y(lv)} {x + COL_W // 2 if k < len(points) - 1 else x},{y(lv)}"
                        for k, (x, lv, _) in enumerate(points))
        out.append(f'<polyline points="{path}" fill="none" stroke="#555" stroke-width="2"/>')
    for x, lv, r in points:
        out.append(f'<circle cx="{x}" cy="{y(lv)}" r="6" fill="{COLOURS[lv]}" stroke="#000" '
                   f'stroke-width="0.6"><title>{escape(name)}, {r}: {escape(marks[r])}</title>'
                   '</circle>')
    if points:
        last = points[-1][1]
        out.append(f'<text x="{NAME_W + COL_W * len(rounds) + 10}" y="{y(last) + 4}" '
                   f'fill="#111">{escape(marks[points[-1][2]])}</text>')
    return out


def escape(text: str) -> str:
    return _escape(plain(text))


def _short(name: str) -> str:
    return name if len(name) <= 24 else name[:23] + "…"
