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

import pytest

from tests.conftest import combat_cmd

from .conftest import fails, run

HERE = Path(__file__).parent / "fixtures"
NAMES = ("setup", "mid", "grap", "over")


def _load(tmp_path: Path, name: str):  # noqa: ANN202
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import load

    path = tmp_path / f"{name}.json"
    shutil.copy(HERE / f"{name}.json", path)
    return load(path, RandomDice(seed=1))


def _state(t, name: str):  # noqa: ANN001, ANN202
    from combat_cli.engine.queries import find_combatant

    return find_combatant(t.enc, name).data


@pytest.mark.parametrize("name", NAMES)
def test_show_json_is_what_it_was(tmp_path: Path, name: str):
    path = tmp_path / f"{name}.json"
    shutil.copy(HERE / f"{name}.json", path)
    out = subprocess.run([*combat_cmd(), "show", str(path), "--json"], capture_output=True,
                         text=True, check=True, cwd=tmp_path)
    assert out.stdout == (HERE / f"{name}.show.json").read_text()


def test_setup_ambush_waits_for_start(tmp_path: Path):
    t = _load(tmp_path, "setup")
    assert t.enc.data["session"] == 2
    assert t.enc.data["ambush"]["surprise"] == 1
    assert _state(t, "Thug 1")["surprise_cmp"] == 1
    assert _state(t, "Ben")["injuries"][0]["level"] == "injured"
    run(t, "start")
    assert t.enc.data["roster"]
    assert "surprise_cmp" not in _state(t, "Thug 1")


def test_mid_round_plays_on(tmp_path: Path):
    t = _load(tmp_path, "mid")
    assert t.enc.data["slot"] == 3 and len(t.enc.data["roster"]) == 4
    assert t.enc.data["momentum"] == {"players": 1, "storyguide": 0}
    assert _state(t, "Ann")["defense"]["value"] == 1
    assert _state(t, "Thug 1")["lose_turn_round"] == 1
    assert "already" in fails(t, "act Ann attack \"Thug 2\"")
    run(t, "act \"Thug 2\" attack Ben range=close", "next", "end")
    assert t.enc.round == 3
    assert _state(t, "Ann")["init"] == 2


def test_grapple_file_plays_on(tmp_path: Path):
    t = _load(tmp_path, "grap")
    assert _state(t, "Ann")["pending"] == [{"kind": "enh", "n": 1, "from": "Bob"}]
    assert _state(t, "Gob")["held_round"] == 2
    assert t.enc.data["surprise"]["attackers"] == ["c1"]
    run(t, "end", "slot Ann", "act Ann attack Orc")
    assert "pending" not in _state(t, "Ann")  # the Enhancement was used
    run(t, "next", "act Bob reflexive what=look", "next", "act Orc escape")


def test_over_file_takes_first_aid_and_scenes(tmp_path: Path):
    t = _load(tmp_path, "over")
    assert _state(t, "Ann")["aid_session"] == 1
    assert len(_state(t, "Thug 1")["injuries"]) == 2
    assert "already had first aid" in fails(t, "aid Ben Ann")
    run(t, "session", "scene")
    assert t.enc.data["session"] == 2


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
