"""Hostile script lines and folders: a line of a megabyte is refused in one short line, and neither
echo (``> line``) nor the line the script stopped at writes it to the terminal whole;
``python -m combat_cli`` runs nothing planted in the folder it is started from."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.test_hostile import combat, new


@pytest.mark.parametrize("line", ["add {big}", "roll 1d6 {big}", 'note Ann "{big}"',
                                  "status {big}"])
def test_a_megabyte_line_is_echoed_short_and_costs_no_seconds(tmp_path: Path, line: str) -> None:
    f = new(tmp_path)
    script = tmp_path / "big.txt"
    script.write_text(line.format(big="x" * 1_000_000) + "\n", encoding="utf-8")
    r, took = combat("play", str(f), "--script", str(script))
    out = r.stdout + r.stderr
    assert "Traceback" not in out and "internal error" not in out
    assert len(out) < 2_000, f"{len(out):,} characters written"
    assert max(len(ln) for ln in out.splitlines()) <= 120
    echo = next(ln for ln in r.stdout.splitlines() if ln.startswith("> "))
    assert echo.endswith("characters)") and ("1,000,0" in echo)
    if r.returncode:
        stopped = [ln for ln in r.stderr.splitlines() if "script stopped at line 1" in ln]
        assert stopped and "characters)" in stopped[0]
    assert took < 8


def test_a_line_of_ordinary_length_is_echoed_whole(tmp_path: Path) -> None:
    f = new(tmp_path)
    line = 'note Ann "' + "y" * 150 + '"'
    r, _ = combat("play", str(f), "--script", "-", input=line + "\n")
    assert r.returncode == 0, r.stderr
    assert f"> {line}" in r.stdout.replace("\n", "")


def test_python_m_in_a_hostile_folder_runs_nothing_from_it(tmp_path: Path) -> None:
    import subprocess
    import sys

    meta = tmp_path / "evilrs-1.0.dist-info"
    meta.mkdir()
    (meta / "METADATA").write_text("Metadata-Version: 2.1\nName: evilrs\nVersion: 1.0\n")
    (meta / "entry_points.txt").write_text(
        "[combat_cli.rulesets]\nevil = evilmod:RULESET\nd6 = evilmod:RULESET\n")
    (tmp_path / "evilmod.py").write_text(
        f"open({str(tmp_path / 'RAN')!r}, 'w').write('ran')\n")
    (tmp_path / "combat_rulesets").mkdir()  # the built-ins' package name, planted
    (tmp_path / "combat_rulesets" / "__init__.py").write_text(
        f"open({str(tmp_path / 'RAN')!r}, 'w').write('ran')\n")
    r = subprocess.run([sys.executable, "-m", "combat_cli", "rulesets"], cwd=tmp_path,
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    assert not (tmp_path / "RAN").exists(), "code from the current folder ran"
    assert "evil" not in r.stdout and "D6 (WEG-style)" in r.stdout
