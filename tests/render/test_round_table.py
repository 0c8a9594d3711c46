"""Issue 9, the table: one line per combatant at 80 columns (10 combatants, names of 16
characters), empty columns left out, nothing said twice in a row, low-priority columns drop
first at 60 columns, PCs marked without colour, ▶ now and › next, lapsed actions marked."""

from __future__ import annotations

import io

from combat_cli.commands.registry import dispatch
from combat_cli.render.console import make_console
from combat_cli.render.output import print_output
from tests.conftest import run


def rendered(t, line: str, width: int = 80) -> list[str]:  # noqa: ANN001
    buf = io.StringIO()
    print_output(make_console(buf, width=width), t, dispatch(t, line))
    return buf.getvalue().splitlines()


def test_ten_combatants_with_long_names_one_line_each_at_80_and_60(make_table):
    t = make_table(ruleset="d6", seed=5)
    run(t, "add Mina side=pc Instincts=3D+2 \"Missile Weapons=5D\" weapon=\"Repeating Crossbow\"",
        "add Abcdefghijklmn x9 Instincts=2D Brawling=3D Strength=3D Constitution=3D", "start")
    names = [c.name for c in t.enc.combatants]
    assert max(len(n) for n in names) == 16 and len(names) == 10
    run(t, 'declare Mina shoot "Abcdefghijklmn 1", shoot "Abcdefghijklmn 2"',
        *(f'declare "{n}" brawl Mina' for n in names[1:]))
    for width in (80, 60):
        out = rendered(t, "status", width)
        rows = [x for x in out if any(n in x for n in names)]
        assert len(rows) == 10, out
        assert all(len(x) <= width for x in out), out
        assert sum(" PC" in x for x in rows) == 1
    wide = rendered(t, "status", 80)
    assert "Action" in wide[1] and "Conditions" not in wide[1]     # empty: left out
    assert "Penalty" in wide[1]                                    # Mina's -1D
    narrow = rendered(t, "status", 60)
    assert "Name" in narrow[1]


def test_now_next_and_a_lapsed_action(make_table):
    t = make_table(ruleset="d6", seed=3)
    run(t, "add Mina side=pc Instincts=6D \"Missile Weapons=5D\" weapon=\"Repeating Crossbow\"",
        "add Thug Instincts=1D Brawling=3D Constitution=3D",
        "add Bob Instincts=1D Brawling=3D Constitution=3D",
        "start", "declare Mina draw weapon=Knife", "declare Thug brawl Mina", "declare Bob brawl Mina")
    assert [c.name for c in map(t.enc.get, t.enc.order)][0] == "Mina"
    out = rendered(t, "resolve")
    assert len(out) <= 3 and not any("Name" in x for x in out)     # what changed, no table
    table = rendered(t, "status")
    now = next(x for x in table if x.startswith("▶"))
    nxt = next(x for x in table if x.startswith("›"))
    assert {now.split()[2], nxt.split()[2]} == {"Thug", "Bob"}
    assert "✓draw" in next(x for x in table if "Mina" in x)
    run(t, "damage Thug Incapacitated", "resolve all")
    table = rendered(t, "status")
    thug = next(x for x in table if "Thug" in x)
    assert "✗brawl Mi" in thug and "✓" not in thug
    assert thug.count("Incapacitated") == 1
