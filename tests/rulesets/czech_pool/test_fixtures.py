"""Saves written before the state was typed (fixtures/, played with the CLI of that time) load,
show the same ``show --json`` and play on.

- mid_resolve: turn 2 half resolved (the turn model, a wound, forced / forced_next, a pair),
- declared_env: turn 2 declared (environment, a manual and a full-defence disadvantage,
  prone),
- surprised: turn 1 declared, a fighter surprised by the notice roll,
- over: ``end fight`` after a death, a knock-out and wounds.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from combat_cli.dice import RandomDice
from combat_cli.store.savefile import load

HERE = Path(__file__).parent / "fixtures"
NAMES = ("mid_resolve", "declared_env", "surprised", "over")


def combat(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, encoding="utf-8")


def _copy(tmp_path: Path, name: str) -> Path:
    path = tmp_path / f"{name}.json"
    shutil.copyfile(HERE / f"{name}.json", path)
    return path


def _play(path: Path, script: str) -> str:
    r = combat("play", str(path), "--script", "-", "--seed", "1", stdin=script)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr and "internal error" not in r.stdout
    return r.stdout


def _show(path: Path) -> dict[str, Any]:
    r = combat("show", str(path), "--json")
    assert r.returncode == 0, r.stderr
    return dict(json.loads(r.stdout))


@pytest.mark.parametrize("name", NAMES)
def test_an_old_save_shows_the_same_json(tmp_path: Path, name: str) -> None:
    path = _copy(tmp_path, name)
    before = path.read_bytes()
    want = json.loads((HERE / f"{name}.show.json").read_text(encoding="utf-8"))
    assert _show(path) == want
    assert path.read_bytes() == before   # loading changes nothing


def test_mid_resolve_plays_on(tmp_path: Path) -> None:
    path = _copy(tmp_path, "mid_resolve")
    _play(path, "resolve all\nend\n")
    d = _show(path)
    assert d["round"] == 3 and d["phase"] == "declare"
    fighters = d["czech_pool"]["fighters"]
    assert fighters["Zbojník"]["forced"] == ["boj", "rvacka"]  # forced_next became forced
    assert fighters["Zbojník"]["wounds"][0] == 4
    assert d["czech_pool"]["resolved_pairs"] == []


def test_declared_env_plays_on(tmp_path: Path) -> None:
    path = _copy(tmp_path, "declared_env")
    out = _play(path, "declare Cyril boj Bert\npřehled\nresolve all\nend\n")
    # the environment and the manual disadvantage still count; prone Ada stands at 6+2+1+1
    assert "obt. 8 (6 + šero 1 + počasí 1)" in out and "+ nevýhoda" in out
    assert "Ada se snaží vstát" in out and "při obt. 10" in out
    d = _show(path)
    assert d["round"] == 3
    assert {"holder": "Ada", "victim": "Bert", "level": 1,   # imposed while only defending
            "from_full_defence": True} in d["czech_pool"]["disadvantages"]


def test_surprised_plays_on(tmp_path: Path) -> None:
    path = _copy(tmp_path, "surprised")
    assert _show(path)["czech_pool"]["fighters"]["Ada"]["surprised"] is True
    out = _play(path, "declare Bert bránit\nresolve all\n")
    assert "překvapena" in out
    d = _show(path)
    assert d["czech_pool"]["fighters"]["Ada"]["surprised"] is True
    _play(path, "end\n")
    assert _show(path)["czech_pool"]["fighters"]["Ada"]["surprised"] is False


def test_over_plays_on(tmp_path: Path) -> None:
    path = _copy(tmp_path, "over")
    _play(path, "heal Ada 1\nnevýhoda Ada Bert 2\n")
    d = _show(path)
    fighters = d["czech_pool"]["fighters"]
    assert fighters["Ada"]["wounds"] == [1] and fighters["Ada"]["left"] == 6
    assert fighters["Bert"]["wounds"] == [5, 2] and fighters["Bert"]["left"] == 0
    assert {"holder": "Ada", "victim": "Bert", "level": 2,
            "from_full_defence": False} in d["czech_pool"]["disadvantages"]
    r = combat("play", str(path), "--script", "-", stdin="declare Ada boj Bert\n")
    assert r.returncode != 0 and "souboj skončil" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


@pytest.mark.parametrize("name", NAMES)
def test_an_old_save_loads(name: str, tmp_path: Path) -> None:
    t = load(_copy(tmp_path, name), RandomDice(1))
    assert t.enc.ruleset == "czech_pool" and not t.changed
