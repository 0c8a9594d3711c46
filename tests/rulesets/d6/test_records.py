"""What d6 keeps with queued actions, timers and log entries is read and written as typed
records (rulesets/combat_rulesets/d6/records.py); the JSON is what it was, and a record damaged by hand in a
saved file is one line when the command that reads it runs, never a traceback."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

from combat_rulesets.d6.display import brief
from combat_rulesets.d6.records import AttackLog, Planned, situation_data

from tests.conftest import combat_cmd
from tests.rulesets.d6.conftest import T
from tests.saves import edit_encounter

HERE = Path(__file__).parent / "fixtures"
ACT = 'act Mina shoot "Demon Thug 1"\n'


def _resolving(tmp_path: Path, data: dict[str, Any]) -> Path:
    """The mid-round fixture, Mina's shot skipped for what the GM typed instead (the way an
    earlier version's ``release`` left it), its record ``data``."""
    def edit(e: dict[str, Any]) -> None:
        mina = next(i for i in e["queue"] if i["actor"] == "c2")
        mina["state"], mina["data"] = "skipped", data
    return edit_encounter(tmp_path / "resolving.json", edit, HERE / "resolving.json")


def _run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    r = subprocess.run([*combat_cmd(), *args], capture_output=True, text=True, input=stdin,
                       timeout=120)
    assert "Traceback" not in r.stdout + r.stderr, r.stdout + r.stderr
    return r


def _shown(path: Path) -> dict[str, Any]:
    r = _run("show", str(path), "--json")
    assert r.returncode == 0, r.stderr
    return dict(json.loads(r.stdout))


def _minas_item(path: Path) -> dict[str, Any]:
    from combat_cli.dice import FixedDice
    from combat_cli.store.savefile import load

    return dict(next(i for i in load(path, FixedDice([])).enc.queue if i.actor == "c2").data)


def test_an_action_typed_for_a_skipped_one_counts_once(tmp_path: Path) -> None:
    path = _resolving(tmp_path, {"n": 1, "replaced_by": 'shoot "Demon Thug 1"'})
    before = _shown(path)["d6"]["Mina"]["actions"]
    r = _run("play", str(path), "--seed", "3", "--script", "-", stdin=ACT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert _shown(path)["d6"]["Mina"]["actions"] == before         # it took the skipped one's place
    assert _minas_item(path) == {"n": 1, "replaced_by": 'shoot "Demon Thug 1"', "counted": True}
    r = _run("play", str(path), "--seed", "3", "--script", "-", stdin=ACT)
    assert r.returncode == 0, r.stdout + r.stderr
    assert _shown(path)["d6"]["Mina"]["actions"] == before + 1     # a second one is extra


def test_a_damaged_queued_record_is_one_line_and_changes_nothing(tmp_path: Path) -> None:
    path = _resolving(tmp_path, {"n": 1, "replaced_by": 'shoot "Demon Thug 1"',
                                 "counted": "perhaps"})
    before = _shown(path)
    r = _run("play", str(path), "--seed", "3", "--script", "-", stdin=ACT)
    said = [x for x in (r.stdout + r.stderr).splitlines() if "perhaps" in x]
    assert r.returncode != 0
    assert said == ["""error: the queued shoot "Demon Thug 2"'s counted must be a valid """
                    "boolean (found 'perhaps')"]
    assert _shown(path) == before


def test_records_keep_their_json() -> None:
    assert Planned(n=2).dump() == {"n": 2}
    assert AttackLog(pool="Firearms 4D", skill="Firearms", reaction=None,
                     full_dodge=False).dump() == {
        "pool": "Firearms 4D", "skill": "Firearms", "reaction": None, "full_dodge": False}
    said = {"conceal": "darkness", "range": "long"}           # in the order said
    assert list(situation_data(said)) == ["conceal", "range"]


def test_plan_numbers_each_actors_actions() -> None:
    t = T()
    t('add Mina side=pc Instincts=3D "Missile Weapons=5D" weapon="Repeating Crossbow"',
      "add Bob Instincts=1D", "start", "declare Mina shoot Bob, shoot Bob")
    t.dice([1] * 40)
    t("resolve")
    mine = [Planned.of(i).n for i in t.enc.queue if i.actor == t.c("Mina").id]
    assert mine == [1, 2]


def test_a_damaged_attack_entry_is_told_without_its_reaction() -> None:
    from combat_cli.api import LogEntry

    e = LogEntry(kind="attack", text="Mina shoots at Bob with a crossbow: 12 vs 10 (x)",
                 total=12, difficulty=10, outcome="hit",
                 data={"pool": "5D", "skill": "Missile Weapons", "reaction": ["dodge"]})
    assert brief([e]) == ["Mina shoots at Bob: 12 vs 10, hit"]
    e.data["reaction"] = "dodge"
    assert brief([e]) == ["Mina shoots at Bob: 12 vs 10 (dodge), hit"]
