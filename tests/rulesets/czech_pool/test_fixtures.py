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
from combat_rulesets.czech_pool.state import Fighter, Souboj

from combat_cli.api import RulesView
from combat_cli.dice import RandomDice
from combat_cli.store.savefile import load
from tests.saves import edit_encounter

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
    got = _show(path)
    # the ruleset's part of show --json (the core's own keys may grow)
    assert got["czech_pool"] == want["czech_pool"]
    assert [c["data"] for c in got["combatants"]] == [c["data"] for c in want["combatants"]]
    assert {k: got[k] for k in ("round", "phase", "order", "acting", "declarations", "queue")
            } == {k: want[k] for k in ("round", "phase", "order", "acting", "declarations",
                                       "queue")}
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


def _typed(tmp_path: Path, name: str) -> tuple[RulesView, dict[str, Fighter], Souboj]:
    t = load(_copy(tmp_path, name), RandomDice(1))
    view = RulesView(t.enc, t.ruleset)
    return view, {c.name: Fighter.of(view, c) for c in t.enc.combatants}, Souboj.of(view, t.enc)


def test_mid_resolve_typed(tmp_path: Path) -> None:
    _, f, enc = _typed(tmp_path, "mid_resolve")
    assert f["Zbojník"].wounds == [4] and f["Zbojník"].forced_next == ["boj", "rvacka"]
    assert f["Lučištník"].forced == ["boj", "rvacka"] and f["Bořek"].wounds == []
    assert enc.czp.pairs["c1>c2"].level == 1 and not enc.czp.pairs["c1>c2"].fd
    turn = enc.czp.turn
    assert turn is not None and turn.resolved == ["c1|c3"] and turn.wounds == {"c3": [(9, 4)]}
    assert turn.pools["c1"].faces == [1, 7, 4, 7, 1, 9, 4, 8] and turn.speeds["c2"] == 3
    assert turn.diff["c2"]["c1"].value == 8
    assert turn.diff["c2"]["c1"].parts[0] == ("nevýhoda", 1)
    assert [th.target for th in turn.threats["c1"]] == ["c3", "c2"]
    assert turn.threats["c1"][0].speed_value == 9 and enc.czp.last_full == ["c3"]


def test_declared_env_typed(tmp_path: Path) -> None:
    view, f, enc = _typed(tmp_path, "declared_env")
    assert enc.czp.env == {"pocasi": 1, "sero": 1} and enc.czp.turn is None
    assert enc.czp.pairs["c1>c2"].fd and enc.czp.pairs["c3>c1"].level == 2
    assert all(x.wounds == [] and not x.surprised for x in f.values())
    assert view.enc.round == 2 and set(view.enc.declarations) == {"c1", "c2"}


def test_surprised_and_over_typed(tmp_path: Path) -> None:
    _, f, enc = _typed(tmp_path, "surprised")
    assert f["Ada"].surprised and not f["Bert"].surprised and enc.czp.turn is None
    _, f, enc = _typed(tmp_path, "over")
    assert enc.fight_over and enc.czp.pairs["c1>c3"].level == 1
    assert f["Bert"].wounds == [5, 2] and f["Ada"].wounds == [2] and f["Cyril"].wounds == []


@pytest.mark.parametrize(("edit", "said"), [
    (lambda e: e["combatants"][0]["data"].update(wounds="many"), "Bořek: wounds"),
    (lambda e: e["combatants"][1]["data"].update(zranění=[1]),
     "Lučištník: no zranění in this ruleset's state"),
    (lambda e: e["data"]["czp"]["pairs"]["c1>c2"].update(level="high"),
     "the encounter: czp.pairs.c1>c2.level"),
    (lambda e: e["data"]["czp"]["turn"]["pools"]["c1"].pop("n"),
     "the encounter: czp.turn.pools.c1.n"),
])
def test_a_broken_state_is_one_line(tmp_path: Path, edit: Any, said: str) -> None:
    path = edit_encounter(_copy(tmp_path, "mid_resolve"), edit)
    r = combat("show", str(path), "--json")
    assert r.returncode != 0 and said in r.stdout + r.stderr, r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr
