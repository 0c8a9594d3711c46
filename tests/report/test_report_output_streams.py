"""Issue 22 item 8: ``combat report FILE -o -`` prints; a full standard output is one I/O
error line (``report`` and ``show``), not an internal error."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.web.helpers import combat, make_fight


def _fight(tmp_path: Path) -> Path:
    return make_fight(tmp_path / "f.json", "d12", ["add Cory", "add Thug", "start"])


def test_report_to_dash_prints_to_stdout(tmp_path: Path) -> None:
    fight = _fight(tmp_path)
    p = combat("report", str(fight), "-o", "-", cwd=tmp_path)
    assert p.stdout == combat("report", str(fight)).stdout and "# " in p.stdout
    assert not (tmp_path / "-").exists()
    p = combat("report", str(fight), "--format", "html", "-o", "-", cwd=tmp_path)
    assert p.stdout.lstrip().lower().startswith("<!doctype html") and not (tmp_path / "-").exists()


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["report"], ["report", "-o", "-"], ["show"],
                                  ["show", "--json"], ["show", "--player"]])
def test_a_full_stdout_is_one_io_error_line(tmp_path: Path, args: list[str]) -> None:
    fight = _fight(tmp_path)
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "combat_cli", args[0], str(fight), *args[1:]],
                           stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
    assert p.returncode == 1
    assert p.stderr == ("combat: can't write to the standard output: No space left on "
                        "device\n"), p.stderr


def test_the_gms_show_json_has_the_gm_notes_and_the_players_view_none(tmp_path: Path) -> None:
    import json

    fight = make_fight(tmp_path / "n.json", "d12", ["add Cory", "add Thug", "note Thug ambush",
                                                   "start"])
    gm = json.loads(combat("show", str(fight), "--json").stdout)
    assert next(c for c in gm["combatants"] if c["name"] == "Thug")["notes"] == ["ambush"]
    player = combat("show", str(fight), "--json", "--player").stdout
    assert "ambush" not in player
