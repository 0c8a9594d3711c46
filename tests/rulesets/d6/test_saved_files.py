"""Files saved before the D6 state was typed still load, show and play.

The fixtures were played with the installed CLI before the change (the ``.txt`` scripts,
``--seed`` as in each test): ``resolving`` stops mid-round with the queue half done (a
remembered position, a rolled dodge, a held block); ``over`` is a closed fight (protection
damaged, Mortally Wounded, healing clocks, kit uses, first-aid attempts); ``parried`` is
mid-round with a parry rolled, a stun, a first-aid lockout and a misspelt skill;
``declaring`` is the same fight before the parry, still declaring. Each ``.show.json``
holds what ``show --json`` said of it then (the ruleset's keys and each combatant's data).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import combat_cmd

HERE = Path(__file__).parent / "fixtures"
NAMES = ("resolving", "over", "parried", "declaring")


def _copy(tmp_path: Path, name: str) -> Path:
    dest = tmp_path / f"{name}.json"
    shutil.copyfile(HERE / f"{name}.json", dest)
    return dest


def _load(path: Path) -> Any:
    from combat_cli.dice import FixedDice
    from combat_cli.store.savefile import load

    return load(path, FixedDice([]))


def _run(*args: str, stdin: str | None = None, cwd: Path | None = None
         ) -> subprocess.CompletedProcess[str]:
    r = subprocess.run([*combat_cmd(), *args], capture_output=True, text=True, input=stdin,
                       timeout=120, cwd=cwd)
    assert "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    return r


def _shown(path: Path) -> dict[str, Any]:
    r = _run("show", str(path), "--json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    return {"d6": d["d6"], "d6_positions": d["d6_positions"],
            "data": {c["name"]: c["data"] for c in d["combatants"]}}


@pytest.mark.parametrize("name", NAMES)
def test_an_old_file_loads_unchanged_and_shows_the_same_json(tmp_path, name):
    path = _copy(tmp_path, name)
    table = _load(path)
    assert not table.changed     # valid as it was: nothing migrated, nothing rewritten
    expected = json.loads((HERE / f"{name}.show.json").read_text(encoding="utf-8"))
    assert _shown(path) == expected


def _play(path: Path, lines: str, seed: int = 7) -> str:
    r = _run("play", str(path), "--seed", str(seed), "--script", "-", stdin=lines)
    assert r.returncode == 0, r.stdout + r.stderr
    return r.stdout


def test_play_on_resolving(tmp_path):
    path = _copy(tmp_path, "resolving")
    out = _play(path, "resolve all\nend\ndeclare Mina shoot \"Demon Thug 1\"\nresolve all\n"
                      "status\n")
    assert "Round 2" in out and "Mina shoots at Demon Thug 1" in out
    d = _shown(path)["d6"]
    assert d["Mina"]["ammo"]["Repeating Crossbow"] == 3  # one more bolt spent


def test_play_on_over(tmp_path):
    path = _copy(tmp_path, "over")
    out = _play(path, "restock Lector 5\nfirstaid Lector Gunner\nheal Brute\nrest Lector 4d\n"
                      "position Lector Brute cover=none\n")
    assert "Brute is healthy" in out
    shown = _shown(path)
    assert shown["d6"]["Lector"]["kit_uses"] == 4
    assert shown["d6_positions"] == {"Lector > Brute": {"protection": "wooden_door"}}
    assert "mw_rounds" not in shown["data"]["Brute"]


def test_play_on_parried_and_declaring(tmp_path):
    path = _copy(tmp_path, "parried")
    r = _run("play", str(path), "--script", "-", stdin="firstaid Medic Victim\n")
    assert r.returncode != 0 and "Victim cannot get first aid again" in r.stdout + r.stderr
    out = _play(path, "resolve all\nend\n")
    assert "Round 3" in out
    path = _copy(tmp_path, "declaring")
    out = _play(path, "react Knight parry\nresolve all\nend\nstatus\n")
    assert "Knight parries" in out and "Round 3" in out
