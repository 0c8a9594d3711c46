"""A real full disk (a small tmpfs, where the machine lets us mount one): a command that can't be
saved is refused in one line and changes nothing; every answered command is in the file; the
fight opens again (and reads) with the disk still full, and goes on once there is room."""

from __future__ import annotations

import os
import subprocess
import tempfile
import uuid

import pytest

from combat_cli.store.savefile import read_json
from tests.conftest import combat_cmd


@pytest.fixture
def small_disk():
    where = os.path.join(tempfile.gettempdir(), f"combat-full-{uuid.uuid4().hex[:8]}")
    os.mkdir(where)
    r = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=96k", "tmpfs", where],
                       capture_output=True)
    if r.returncode:
        os.rmdir(where)
        pytest.skip("can't mount a small tmpfs here")
    try:
        yield where
    finally:
        subprocess.run(["umount", where], capture_output=True)
        os.rmdir(where)


def play(path, script: str) -> subprocess.CompletedProcess:
    return subprocess.run([*combat_cmd(), "play", str(path), "--script", "-"], input=script,
                          capture_output=True, text=True, timeout=120,
                          cwd=tempfile.gettempdir())


def test_a_real_full_disk(small_disk):
    path = os.path.join(small_disk, "fight.json")
    assert subprocess.run([*combat_cmd(), "new", path, "--ruleset", "toy"],
                          capture_output=True).returncode == 0
    with open(os.path.join(small_disk, "filler"), "wb") as f:
        f.write(b"x" * 40_000)
    r = play(path, "".join(f"add Fighter{i} skill=3 speed=2\n" for i in range(1, 400)))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    errors = [ln for ln in r.stdout.splitlines() if ln.startswith("error")]
    assert len(errors) == 1 and "No space left" in errors[0] and "not applied" in errors[0]
    answered = [ln.split()[0] for ln in r.stdout.splitlines() if " joins " in ln]
    assert 10 < len(answered) < 399
    names = [c["name"] for c in read_json(path)["encounter"]["combatants"]]
    assert names == answered
    r = play(path, "status Fighter1\nadd Late\n")  # still full: reads, refuses in one line
    assert "Fighter1" in r.stdout and "No space left" in r.stdout and "Traceback" not in r.stderr
    assert [c["name"] for c in read_json(path)["encounter"]["combatants"]] == answered
    assert sorted(os.listdir(small_disk)) == ["fight.json", "filler"]
    os.unlink(os.path.join(small_disk, "filler"))
    r = play(path, "add Late\nundo\nredo\n")
    assert r.returncode == 0, r.stdout + r.stderr
    assert read_json(path)["encounter"]["combatants"][-1]["name"] == "Late"
