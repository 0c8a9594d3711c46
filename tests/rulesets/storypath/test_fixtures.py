"""Save files made before Storypath's state was typed still load, show and play.

The fixtures were played through the installed CLI (``combat play F --seed N --script S``)
before the change: ``setup`` (an ambush waiting for ``start``, a new session, a Persistent
wound), ``mid`` (the demo fight in round 2: roster, slots, Momentum, ranges, Defense, a
Blocked), ``grap`` (a surprise round, then a grapple, a Disarm, a pending Enhancement, a
held action) and ``over`` (the demo fight through aftermath and first aid). Each
``NAME.show.json`` is what ``show --json`` printed for it then."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import combat_cmd
from tests.saves import edit_encounter

from .conftest import fails, run, view

HERE = Path(__file__).parent / "fixtures"
NAMES = ("setup", "mid", "grap", "over")


def _load(tmp_path: Path, name: str):  # noqa: ANN202
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import load

    path = tmp_path / f"{name}.json"
    shutil.copy(HERE / f"{name}.json", path)
    return load(path, RandomDice(seed=1))


def _state(t, name: str):  # noqa: ANN001, ANN202
    """The typed state of a combatant, as a display hook reads it."""
    from combat_rulesets.storypath.state import fighter

    from combat_cli.engine.domain.queries import find_combatant

    return fighter(view(t), find_combatant(t.enc, name))


def _fight(t):  # noqa: ANN001, ANN202
    from combat_rulesets.storypath.state import fight

    return fight(view(t))


@pytest.mark.parametrize("name", NAMES)
def test_show_json_is_what_it_was(tmp_path: Path, name: str):
    """The ruleset's part of ``show --json`` (its own block, each combatant's state) is what
    it was before the state was typed (the core's keys may grow)."""
    import json

    path = tmp_path / f"{name}.json"
    shutil.copy(HERE / f"{name}.json", path)
    out = subprocess.run([*combat_cmd(), "show", str(path), "--json"], capture_output=True,
                         text=True, check=True, cwd=tmp_path)
    now, then = json.loads(out.stdout), json.loads((HERE / f"{name}.show.json").read_text())
    assert now["storypath"] == then["storypath"]
    assert [(c["name"], c["data"], c["status"], c["conditions"]) for c in now["combatants"]] == [
        (c["name"], c["data"], c["status"], c["conditions"]) for c in then["combatants"]]


def test_setup_ambush_waits_for_start(tmp_path: Path):
    t = _load(tmp_path, "setup")
    assert _fight(t).session == 2
    assert _fight(t).ambush is not None and _fight(t).ambush.surprise == 1
    assert _state(t, "Thug 1").surprise_cmp == 1
    assert _state(t, "Ben").injuries[0].level == "injured"
    run(t, "start")
    assert [s.side for s in _fight(t).roster] == ["pc", "pc", "npc", "npc"]
    assert _state(t, "Thug 1").surprise_cmp is None
    assert "surprise_cmp" not in _state(t, "Thug 1").model_dump(exclude_defaults=True)


def test_mid_round_plays_on(tmp_path: Path):
    t = _load(tmp_path, "mid")
    assert _fight(t).slot == 3 and len(_fight(t).roster) == 4
    assert (_fight(t).momentum.players, _fight(t).momentum.storyguide) == (1, 0)
    assert _state(t, "Ann").defense is not None and _state(t, "Ann").defense.value == 1
    assert _state(t, "Thug 1").lose_turn_round == 1
    assert _state(t, "Ann").turn is not None and _state(t, "Ann").turn.used == "mixed"
    assert "already" in fails(t, "act Ann attack \"Thug 2\"")
    run(t, "act \"Thug 2\" attack Ben range=close", "next", "end")
    assert t.enc.round == 3
    assert _state(t, "Ann").init == 2


def test_grapple_file_plays_on(tmp_path: Path):
    t = _load(tmp_path, "grap")
    pending = _state(t, "Ann").pending
    assert [(p.kind, p.n, p.source) for p in pending] == [("enh", 1, "Bob")]
    assert _state(t, "Gob").held_round == 2
    surprise = _fight(t).surprise
    assert surprise is not None and surprise.attackers == ["c1"] and surprise.round == 1
    run(t, "end", "slot Ann", "act Ann attack Orc")
    assert _state(t, "Ann").pending == []  # the Enhancement was used
    assert "pending" not in _state(t, "Ann").model_dump(exclude_defaults=True)
    run(t, "next", "act Bob reflexive what=look", "next", "act Orc escape")


def test_over_file_takes_first_aid_and_scenes(tmp_path: Path):
    t = _load(tmp_path, "over")
    assert _state(t, "Ann").aid_session == 1
    assert [i.name for i in _state(t, "Thug 1").injuries] == ["Cracked Ribs", None]
    assert "already had first aid" in fails(t, "aid Ben Ann")
    run(t, "session", "scene")
    assert _fight(t).session == 2
    run(t, "aid Ben \"Thug 1\"")  # a new session: first aid again
    assert _state(t, "Thug 1").aid_session == 2


def test_cli_plays_each_file(tmp_path: Path):
    for name in NAMES:
        path = tmp_path / f"{name}.json"
        shutil.copy(HERE / f"{name}.json", path)
        script = tmp_path / "s.txt"
        script.write_text("status\nrange Ann \"Thug 2\" long\n" if name in ("setup", "mid", "over")
                          else "status\nrange Ann Gob long\n")
        out = subprocess.run([*combat_cmd(), "play", str(path), "--seed", "1", "--script",
                              str(script)], capture_output=True, text=True, cwd=tmp_path)
        assert out.returncode == 0, out.stderr + out.stdout
        assert "long range" in out.stdout


def test_files_keep_their_shape(tmp_path: Path):
    """Playing on writes the same keys as before: the pending Stunt's ``from``, a slot's
    roll, an injury's four fields."""
    t = _load(tmp_path, "grap")
    ann = next(c for c in t.enc.combatants if c.name == "Ann")
    assert ann.data["pending"] == [{"kind": "enh", "n": 1, "from": "Bob"}]
    run(t, "end")
    assert t.enc.data["roster"][0] == {"side": "pc", "value": 2, "roller": "c1", "seq": 0,
                                       "who": None}
    run(t, "damage Gob 1 name=Cut")
    gob = next(c for c in t.enc.combatants if c.name == "Gob")
    assert gob.data["injuries"] == [{"level": "hit", "name": "Cut", "persistent": False,
                                     "downgraded": False}]


@pytest.mark.parametrize(("key", "value", "said"), [
    ("injuries", [{"level": "bruised", "nme": "x"}], "Ann: no injuries.0.nme in this ruleset"),
    ("pending", [{"kind": "boost", "n": 1, "from": "Bob"}], "Ann: pending.0.kind must be"),
    ("init", "high", "Ann: init must be a valid integer"),
])
def test_a_damaged_state_is_one_line(tmp_path: Path, key: str, value: object, said: str):
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import SaveError, load

    path = edit_encounter(tmp_path / "bad.json",
                          lambda e: e["combatants"][0]["data"].update({key: value}),
                          HERE / "grap.json")
    with pytest.raises(SaveError) as e:
        load(path, RandomDice(seed=1))
    assert said in str(e.value) and "\n" not in str(e.value)


def _damaged(tmp_path: Path, name: str, who: int, cond: int, key: str, value: object) -> Path:
    """A copy of fixture ``name`` with one value of a condition's data of the wrong kind."""
    def edit(e: dict[str, Any]) -> None:
        e["combatants"][who]["conditions"][cond]["data"][key] = value
    return edit_encounter(tmp_path / "bad.json", edit, HERE / f"{name}.json")


def test_a_damaged_condition_record_is_one_line_through_the_cli(tmp_path: Path):
    """A Blocked whose rating is not a number: the file loads, and the command that reads it
    (removing the character who imposed it) says so in one line and changes nothing."""
    path = _damaged(tmp_path, "mid", 2, 0, "blocked", "lots")
    before = path.read_bytes()
    script = tmp_path / "s.txt"
    script.write_text('remove "Ben"\n')
    out = subprocess.run([*combat_cmd(), "play", str(path), "--seed", "1", "--script",
                          str(script)], capture_output=True, text=True, cwd=tmp_path)
    said = out.stdout + out.stderr
    assert out.returncode != 0
    assert "error: the condition Blocked 2's blocked must be a valid integer (found 'lots')" in said
    assert "Traceback" not in said and "internal error" not in said
    assert path.read_bytes() == before


@pytest.mark.parametrize(("name", "who", "cond", "key", "value", "line", "said"), [
    ("mid", 2, 0, "against", 7, 'remove "Ben"', "the condition Blocked 2's against"),
    ("grap", 2, 1, "by", ["c1"], "act Orc escape", "the condition Grappled's by"),
    ("grap", 2, 0, "weapon", {"x": 1}, "act Orc pickup", "the condition Disarmed's weapon"),
])
def test_a_damaged_condition_record_is_refused_in_one_line(
        tmp_path: Path, name: str, who: int, cond: int, key: str, value: object, line: str,
        said: str):
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import load

    t = load(_damaged(tmp_path, name, who, cond, key, value), RandomDice(seed=1))
    if name == "grap":
        run(t, "end", "slot Ann", "act Ann attack Orc", "next", "act Bob reflexive what=look",
            "next")
    msg = fails(t, line)
    assert said in msg and "\n" not in msg


def test_records_write_the_keys_as_before():
    """The condition and log-entry records write the keys, in the order, the dicts did."""
    from combat_rulesets.storypath.records import (
        AttackLogged,
        Blocked,
        Disarmed,
        Grappled,
        RosterLogged,
        SideValue,
    )

    blocked = Blocked(blocked=2, task="attack Ann", against=None, blocked_by="c2").dump()
    assert list(blocked.items()) == [("blocked", 2), ("task", "attack Ann"), ("against", None),
                                     ("blocked_by", "c2")]
    assert Blocked(blocked=2, task="attack").dump() == {"blocked": 2, "task": "attack"}
    assert Grappled(by="c1").dump() == {"by": "c1"}
    assert Disarmed(weapon="club").dump() == {"weapon": "club"}
    attack = AttackLogged(successes=1, enhancement=0, defense=1, stunts=["Disarm"], conditions=0,
                          weapon="sword", range="close").dump()
    assert list(attack) == ["successes", "enhancement", "defense", "stunts", "conditions",
                            "weapon", "range"]
    assert RosterLogged(roster=[SideValue(side="pc", value=None)]).dump() == {
        "roster": [{"side": "pc", "value": None}]}
