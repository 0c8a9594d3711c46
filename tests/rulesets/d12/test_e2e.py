"""End to end: a whole mob round typed from the command line (manual dice from the script),
checked through ``combat show --json``."""

from __future__ import annotations

import json
import os
import subprocess
import sys

SCRIPT = """\
# The seed's mob example: Cory has 6 physical, four shooters behind one table and a punch
add Cory side=pc physical=6 Agility=6 Strength=5 Dodge=1
add Puncher Strength=7 Agility=5 physical=7 Fighting=1
add Shooter x4 Agility=4 Precision=4 Guns=1 weapon=.22
add "Table Guy" Agility=3
start
declare "Table Guy" move to="in front of Shooter 4"
declare Puncher attack Cory bid=full
declare "Shooter 1" attack Cory bid=2
declare "Shooter 2" attack Cory bid=2
declare "Shooter 3" attack Cory bid=2
declare "Shooter 4" attack Cory bid=2
declare Cory defend 1 from=Puncher, defend 5 from="Shooter 1,Shooter 2,Shooter 3,Shooter 4"
bids Cory
resolve
path "Shooter 4" "Table Guy"
resolve all
6
6
5
4
9
2
1
7
12
resolve all
10
5
"""
# Faces, in order: Puncher 6 vs Cory 6 (6+7+1 = 14 vs 6+1+1 = 8: a punch by Strength 7 with a
# full bid, Power 2); Shooter 1 5 vs Cory 4 (8 vs 10); Shooter 2 9 vs Cory 2 (12 vs 8, .22
# Power 1); Shooter 3 a natural 1 and Cory 7 (thrown together), then the check 12: angelic
# intervention, the exchange halts and so does resolve all; the GM goes on: Shooter 4 10 vs Table Guy 5 in the path (13 vs 5): Table Guy
# is hit.


def _combat(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "combat_cli", *args], capture_output=True,
                          text=True, timeout=60, env=dict(os.environ))


def test_mob_round_from_the_command_line(tmp_path):
    f = tmp_path / "mob.json"
    house = tmp_path / "house.toml"
    house.write_text('[contest]\nties = "standoff"\n[task]\nsuccess = "under"\n')
    r = _combat("new", str(f), "--ruleset", "d12", "--house-rules", str(house))
    assert r.returncode == 0, r.stderr
    s = tmp_path / "round.txt"
    s.write_text(SCRIPT)
    r = _combat("play", str(f), "--script", str(s), "--dice", "manual")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "error" not in r.stdout.lower() and "Traceback" not in r.stdout + r.stderr
    assert "Cory: defend 1 vs Puncher; defend 5 vs Shooter 1, Shooter 2, Shooter 3, Shooter 4" \
        " [corporeal 6/6 physical]" in " ".join(r.stdout.split())
    assert "Stopped: angelic intervention (Shooter 3 attacks Cory) — resolve goes on" in r.stdout
    r = _combat("show", str(f), "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["ruleset"] == "d12" and data["round"] == 1 and data["phase"] == "resolve"
    assert data["order"][:3] == ["Cory", "Puncher", "Shooter 1"]
    d12 = data["d12"]
    assert d12["hits"]["Cory"]["body"] == {"current": 7, "max": 10}
    assert d12["hits"]["Table Guy"]["body"] == {"current": 7, "max": 8}
    assert d12["bids"]["Cory"]["committed"] == {"corporeal": 6}
    assert d12["bids"]["Cory"]["defences"] == [
        {"from": ["Puncher"], "bid": 1, "realm": "corporeal"},
        {"from": ["Shooter 1", "Shooter 2", "Shooter 3", "Shooter 4"], "bid": 5,
         "realm": "corporeal"}]
    assert d12["interventions"] == [
        {"round": 1, "who": "Shooter 3", "kind": "angelic", "where": "Shooter 3 attacks Cory"}]
    log = data["log"]
    moves = [e for e in log if e["kind"] == "move"]
    first_attack = next(i for i, e in enumerate(log) if e["kind"] == "attack")
    assert moves and log.index(moves[0]) < first_attack           # movement first
    attacks = [(e["actor"], e["target"], e["total"], e["difficulty"], e["outcome"])
               for e in log if e["kind"] == "attack"]
    assert attacks == [("Puncher", "Cory", 14, 8, "hit"), ("Shooter 1", "Cory", 8, 10, "miss"),
                       ("Shooter 2", "Cory", 12, 8, "hit"),
                       ("Shooter 4", "Table Guy", 13, 5, "hit")]
    cory_rolls = [e for e in log if e["kind"] == "roll" and e["actor"] == "Cory"]
    assert [(e["faces"], e["total"], e["data"]["bid"]) for e in cory_rolls] == [
        ([6], 8, 1), ([4], 10, 5), ([2], 8, 5), ([7], 13, 5)]
    wounds = [(e["target"], e["data"]["damage"]) for e in log if e["kind"] == "wound"]
    assert wounds == [("Cory", 2), ("Cory", 1), ("Table Guy", 1)]
    assert any(e["kind"] == "intervention" and "halts" in e["text"] for e in log)
    cory = next(c for c in data["combatants"] if c["name"] == "Cory")
    assert cory["status"] == "Hurt"
