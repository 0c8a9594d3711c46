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


def _typed(table: Any, who: str | None = None) -> Any:
    from combat_cli.api import RulesView

    view = RulesView(table.enc, table.ruleset)
    if who is None:
        return view.state(table.enc)
    return view.state(next(c for c in table.enc.combatants if c.name == who))


def test_resolving_mid_round(tmp_path):
    table = _load(_copy(tmp_path, "resolving"))
    mina = _typed(table, "Mina")
    assert mina.rd is not None and mina.rd.dodge is not None and mina.rd.dodge.value == 8
    assert mina.rd.shots == {"Repeating Crossbow": 1} and mina.ammo == {"Repeating Crossbow": 4}
    lector = _typed(table, "Lector")
    assert lector.kits == 1 and lector.kit_uses == 2
    assert [x.kind for x in lector.rd.ready_melee] == ["block"]
    assert _typed(table, "Demon Thug 2").wound == 4
    assert _typed(table, "Demon Thug 2").heal.level == "Incapacitated"
    assert _typed(table).pairs["c4>c2"] == {"range": "medium", "cover": "half"}


def test_over(tmp_path):
    table = _load(_copy(tmp_path, "over"))
    enc = _typed(table)
    assert enc.fight_over and enc.protection == {"wooden door": "heavily damaged"}
    assert enc.pairs["c1>c4"]["protection"] == "wooden_door"
    brute = _typed(table, "Brute")
    assert brute.wound == 5 and brute.mw_rounds == 2 and brute.init_roll == 6
    lector = _typed(table, "Lector")
    assert lector.fa_attempts == [10] and lector.heal.need == 259200


def test_parried(tmp_path):
    table = _load(_copy(tmp_path, "parried"))
    knight = _typed(table, "Knight")
    assert knight.stuns == 1 and knight.stun_round == 3
    assert [(p.kind, p.value, p.vs) for p in knight.rd.parries] == [("parry", 1, None)]
    victim = _typed(table, "Victim")
    assert victim.fa_lock_until == 86405 and victim.fa_attempts == [5, 5]
    medic = _typed(table, "Medic")
    assert medic.new_skills == ["Firarms"] and medic.rd.ready_dodge.full is False


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


def test_fight_only_names_fields_of_the_combatant_state():
    from combat_cli import plugins

    rs = plugins.load("d6")
    assert set(rs.fight_only) <= set(rs.combatant_state.model_fields)
    assert set(rs.lasting_encounter) <= set(rs.encounter_state.model_fields)


def test_a_wrong_value_in_a_file_is_one_line(tmp_path):
    from combat_cli.store.fileio import SaveError

    path = _copy(tmp_path, "over")
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[0] = lines[0].replace('"mw_rounds":2', '"mw_rounds":"two"', 1)
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(SaveError, match=r"Brute: mw_rounds must be a valid integer"):
        _load(path)
