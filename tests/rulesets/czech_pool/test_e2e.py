"""End to end: a Czech GM plays a whole turn from the command line (manual dice typed in the
script), then ``show --json`` has the exact numbers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = """\
add Bořek side=pc Obratnost=3 Boj=3 Konstituce=3 Odolnost=3 Postřeh=3 Obezřetnost=3 Zbraň=meč
add Vlk Obratnost=2 Boj=2 Konstituce=2 Odolnost=2 Postřeh=3 Obezřetnost=3 Zbraň=sekera
start
6 6 1 1 1 1
6 1 1 1 1 1
declare Bořek boj Vlk
declare Vlk boj Bořek volba=nevýhoda
resolve all
7 7 7 7 1 1
7 1 1 1
10 1 1 1
end
"""


def combat(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, encoding="utf-8")


def test_e2e_czech_round_from_the_command_line(tmp_path: Path) -> None:
    f = tmp_path / "souboj.json"
    script = tmp_path / "souboj.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    r = combat("new", str(f), "--ruleset", "czech_pool")
    assert r.returncode == 0, r.stderr
    r = combat("play", str(f), "--script", str(script), "--dice", "manual")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Tah 2" in r.stdout and "Jméno" in r.stdout
    r = combat("show", str(f), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["ruleset"] == "czech_pool" and d["round"] == 2 and d["phase"] == "declare"
    vlk = next(c for c in d["combatants"] if c["name"] == "Vlk")
    assert vlk["status"] == "Zraněný"
    fighters = d["czech_pool"]["fighters"]
    assert fighters["Vlk"] == {**fighters["Vlk"], "wound_levels": 7, "left": 2, "wounds": [5],
                               "forced": ["boj", "rvacka"]}
    assert fighters["Bořek"]["left"] == 8
    clash = next(e for e in d["log"] if e.get("outcome") in ("win", "loss", "draw"))
    assert clash["actor"] == "Bořek" and clash["target"] == "Vlk" and clash["outcome"] == "win"
    assert clash["difficulty"] == 6
    rolls = [e for e in d["log"] if e.get("faces") and e["actor"] in ("Bořek", "Vlk")]
    assert [e["faces"] for e in rolls][2:4] == [[7, 7, 7, 7, 1, 1], [7, 1, 1, 1]]
    texts = [e["text"] for e in d["log"]]
    assert "Bořek (4 úspěchy, obt. 6) vs Vlk (1 úspěch, obt. 7 (6 + rychlejší zbraň soupeře 1)): " \
           "vítězí Bořek" in texts
    assert "Zranění: Vlk 5 stupňů (rozdíl úspěchů 3 + zbraň 2; útočil Bořek)" in texts
    assert "Vlk: kontrola bezvědomí 1 úspěch při obt. 10 — zůstává při vědomí" in texts
    assert "Začíná tah 2" in texts and "Bořek ohlašuje: boj Vlk" in texts  # core sentences


def test_e2e_english_display(tmp_path: Path) -> None:
    import re

    f = tmp_path / "fight.json"
    assert combat("new", str(f), "--ruleset", "czech_pool").returncode == 0
    script = ("add Ann side=pc agility=3 melee=3 resilience=2 constitution=2 perception=2 "
              "caution=2 weapon=sword\nadd Wolf agility=2 melee=2 perception=1 caution=1 "
              "weapon=axe\nstart\noverview\ndeclare Ann melee Wolf\n"
              "declare Wolf melee Ann choice=disadvantage\nresolve all\nstatus Ann\nend\n"
              "help declare\nlog 30\n")
    r = combat("play", str(f), "--script", "-", "--lang", "en", "--seed", "1", stdin=script)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Round 2" in r.stdout and "Name" in r.stdout and "Agility" in r.stdout
    assert "Round 2 begins" in r.stdout and "Wolf declares: melee Ann" in r.stdout
    assert not re.search(r"[áčďéěíňóřšťúůýž]|\b(Kolo|úsp|obt|bank|Boj|boj|vítězí)\b",
                         r.stdout), r.stdout


def test_e2e_demo_runs_two_turns_for_several_seeds() -> None:
    for seed in ("1", "2", "3", "7"):
        r = combat("demo", "--ruleset", "czech_pool", "--seed", seed)
        assert r.returncode == 0, r.stdout + r.stderr
        assert "error" not in r.stdout
        assert "Tah 3" in r.stdout and "Začíná tah 2" in r.stdout
        assert "vítězí" in r.stdout or "remíza" in r.stdout
        assert "Round" not in r.stdout and "declares" not in r.stdout


def test_e2e_demo_in_english() -> None:
    r = combat("demo", "--ruleset", "czech_pool", "--lang", "en")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Round 3" in r.stdout and "Round 2 begins" in r.stdout
    for cz in ("úspěch", "obt.", "vítězí", "Tah", "ohlašuje", "bank", "Nucená", "Zdraví"):
        assert cz not in r.stdout, cz
