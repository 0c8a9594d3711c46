"""``play FILE --dice MODE``: the mode given is the file's from then on (play -h: "default:
as the file was left"); the next session says which mode is on."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.conftest import combat_cmd


def _play(f: Path, lines: str, *flags: str) -> str:
    r = subprocess.run([*combat_cmd(), "play", str(f), "--script", "-", *flags], input=lines,
                       capture_output=True, text=True, timeout=60)
    assert "Traceback" not in r.stdout + r.stderr
    return r.stdout


def _new(tmp_path: Path) -> Path:
    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "d6"], check=True,
                   capture_output=True)
    return f


@pytest.mark.parametrize("mode", ["players", "manual"])
def test_the_dice_mode_given_to_play_is_kept_for_the_next_session(tmp_path, mode):
    f = _new(tmp_path)
    _play(f, "add Ann side=pc\nadd Orc\n", "--dice", mode)
    assert f"dice: {mode} (" in _play(f, "dice\n")


def test_a_resumed_fight_says_which_dice_mode_is_on(tmp_path):
    f = _new(tmp_path)
    _play(f, "add Ann side=pc\nadd Orc\nstart\n" + "3 3\n" * 4 + "next\n" * 4, "--dice",
          "players")
    out = _play(f, "")
    assert "dice: players (the PCs' rolls are typed, the rest rolled)" in out


def test_the_mode_given_on_the_command_line_is_a_setting_not_a_step(tmp_path):
    """undo takes back the GM's last command, not the mode the session was started with."""
    f = _new(tmp_path)
    _play(f, "add Ann\n")
    out = _play(f, "undo\ndice\n", "--dice", "players")
    assert "undone: add Ann" in out
    assert out.rstrip().endswith("dice: players (the PCs' rolls are typed, the rest rolled)")
    assert "dice: players (" in _play(f, "dice\n")


def test_the_dice_verb_still_changes_the_mode_and_is_undone(tmp_path):
    f = _new(tmp_path)
    out = _play(f, "dice manual\nundo\ndice\n", "--dice", "players")
    assert "undone: dice manual" in out and out.rstrip().endswith("rest rolled)")
