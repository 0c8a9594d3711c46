"""The demo fight and one whole round played through the installed CLI."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.conftest import combat_cmd


@pytest.mark.parametrize("seed", range(12))
def test_demo_runs_without_errors_whatever_the_dice(seed):
    from combat_cli import plugins
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    rs = plugins.load("d6")
    t = Table.new(rs, RandomDice(seed))
    for line in rs.demo():
        out = dispatch(t, line)
        assert out.error is None, (line, out.error)
    assert t.enc.round == 3
    assert any(e.kind == "first_aid" for e in t.log)


def test_combat_demo_command():
    r = subprocess.run([*combat_cmd(), "demo", "--ruleset", "d6"], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "Mina" in r.stdout and "Traceback" not in r.stdout + r.stderr


ROUND = """\
add Lector side=pc Instincts=3D+1 Dodge=4D Firearms=4D Constitution=3D weapon="Heavy Pistol"
add Mina side=pc Instincts=3D+2 Dodge=4D "Missile Weapons=5D" Constitution=3D weapon="Repeating Crossbow"
add "Demon Thug" Instincts=2D Firearms=3D Constitution=2D weapon="Heavy Pistol"
add "Vampire 1" Instincts=1D Constitution=3D
add "Vampire 2" Instincts=1D+1 Constitution=3D
start
declare Mina shoot "Vampire 1", shoot "Vampire 2"
declare Lector shoot "Demon Thug"
declare "Demon Thug" shoot Lector
position "Demon Thug" Lector range=medium
resolve
1 1 1 1
resolve
1 1 1 1
react Lector dodge
3 4
resolve
1 1 5
1 1 1 1 1
2 2 2
resolve
6 6 6
3 3 3 3
1 1 1
1 1 1 1 1 1 1 1 1 1
end
"""


def test_a_whole_round_from_the_command_line(tmp_path):
    f = tmp_path / "fight.json"
    s = tmp_path / "round.txt"
    s.write_text(ROUND)
    run = lambda *a: subprocess.run([*combat_cmd(), *a], capture_output=True, text=True,  # noqa: E731
                                    timeout=120)
    r = run("new", str(f), "--ruleset", "d6")
    assert r.returncode == 0, r.stderr
    r = run("play", str(f), "--script", str(s), "--dice", "manual")
    assert r.returncode == 0, r.stdout + r.stderr
    r = run("show", str(f), "--json")
    data = json.loads(r.stdout)
    assert data["ruleset"] == "d6" and data["round"] == 2 and data["phase"] == "declare"
    assert data["clock"] == {"rounds": 1, "seconds": 5}
    assert data["order"] == ["Mina", "Lector", "Demon Thug", "Vampire 2", "Vampire 1"]
    status = {c["name"]: c["status"] for c in data["combatants"]}
    assert status == {"Lector": "OK", "Mina": "OK", "Demon Thug": "OK",
                      "Vampire 1": "OK", "Vampire 2": "Incapacitated"}
    log = data["log"]
    mina = [e for e in log if e["kind"] == "attack" and e["actor"] == "Mina"]
    assert [(e["target"], e["dice"], e["total"], e["difficulty"], e["outcome"]) for e in mina] == [
        ("Vampire 1", "4D", 4, 10, "miss"), ("Vampire 2", "3D", 18, 10, "hit")]
    dodge = next(e for e in log if e["kind"] == "reaction")
    assert (dodge["actor"], dodge["dice"], dodge["faces"], dodge["total"]) == (
        "Lector", "2D", [3, 4], 7)
    assert dodge["data"]["for"] == "Lector: Dodge 2D (4D -1D 2 actions -1D reaction)"
    shot = next(e for e in log if e["kind"] == "attack" and e["actor"] == "Demon Thug")
    assert (shot["difficulty"], shot["total"], shot["outcome"]) == (7, 7, "hit")
    resist = next(e for e in log if e["kind"] == "resist" and e["actor"] == "Lector")
    assert (resist["total"], resist["outcome"]) == (6, "resisted")
    wound = next(e for e in log if e["kind"] == "wound")
    assert (wound["target"], wound["outcome"]) == ("Vampire 2", "Incapacitated")
    assert data["d6"]["Vampire 2"]["level"] == "Incapacitated"
    assert data["d6_positions"] == {"Demon Thug > Lector": {"range": "medium"}}
    assert "replaces medium range 15" in shot["text"]
