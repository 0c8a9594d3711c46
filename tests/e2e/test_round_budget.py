"""Issue 9: a round in few lines. The README's d6 round and a round of five combatants (a
group of three) in each other ruleset, run as a new user would (subprocess, real files,
COLUMNS=80, auto dice, a fixed seed), print at most their budget of lines (the typed
commands' echo not counted), none wider than the terminal, one table row per combatant."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.bench.round_lines import BUDGET, play, printed, rounds
from tests.conftest import combat_cmd

ROUNDS = rounds()


@pytest.mark.parametrize("name", list(ROUNDS))
@pytest.mark.parametrize("seed", [3, 11])
def test_a_round_prints_within_its_budget_at_80_columns(name: str, seed: int) -> None:
    lines = ROUNDS[name]
    r = play(name, lines, 80, seed)
    assert r.returncode == 0, r.stdout + r.stderr
    out = printed(r.stdout, lines)
    assert len(out) <= BUDGET[name], "\n".join(out)
    assert all(len(x) <= 80 for x in out), [x for x in out if len(x) > 80]
    assert "Traceback" not in r.stdout + r.stderr


def test_d6_round_one_line_per_action_and_the_table_only_at_round_start() -> None:
    lines = ROUNDS["d6_tour"]
    r = play("d6_tour", lines, 80, 3)
    out = printed(r.stdout, lines)
    text = "\n".join(out)
    # the attack, its damage, the resistance and the wound on one line
    assert "Mina shoots at Demon Thug 1: 16 vs 10, hit; damage 13 vs 9 → Wounded" in out
    assert "[4 6 5 1]" not in text and "(Mina: Missile Weapons" not in text
    # the table: at start, at the new round, on status — not after resolve/release/undo
    assert sum(1 for x in out if x.startswith("Round ") and "declare" in x) >= 3
    header_rows = [i for i, x in enumerate(out) if x.lstrip().startswith("#  Name")]
    assert len(header_rows) == 3
    # "Wounded" once per row; the healing timers are not in the round table but in status
    rows = [x for x in out if "Demon Thug 1" in x and "Wounded" in x and "due in" not in x]
    assert rows and all(x.count("Wounded") == 1 for x in rows)
    assert not any("heal" in x for x in rows)
    assert any(x.startswith("due in 2d 23h") and "Demon Thug 1" in x for x in out)
    assert "undone: end" in out


def _fight(tmp_path, ruleset: str, lines: list[str], seed: int = 3) -> str:  # noqa: ANN001
    f = tmp_path / "fight.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", ruleset], check=True,
                   capture_output=True, cwd=tmp_path)
    s = tmp_path / "round.txt"
    s.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = subprocess.run([*combat_cmd(), "play", str(f), "--script", str(s), "--seed", str(seed)],
                       capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    return str(f)


def _play(f: str, text: str, columns: int = 80, seed: int = 5) -> subprocess.CompletedProcess:
    import os

    env = dict(os.environ, COLUMNS=str(columns), NO_COLOR="1")
    return subprocess.run([*combat_cmd(), "play", f, "--seed", str(seed)], input=text,
                          capture_output=True, text=True, env=env, timeout=120)


def test_why_shows_the_breakdown_of_the_last_roll_and_of_entry_n(tmp_path) -> None:  # noqa: ANN001
    f = _fight(tmp_path, "d6", ROUNDS["d6"])             # the round, to end
    r = _play(f, "why\n")
    assert "Lector: damage 3D" in r.stdout or "resist damage" in r.stdout
    assert "faces" in r.stdout
    log = json.loads(subprocess.run([*combat_cmd(), "show", f, "--json"], capture_output=True,
                                    text=True).stdout)["log"]
    n = next(e["seq"] for e in log if e["kind"] == "attack")
    r = _play(f, f"why {n}\n")
    assert "Mina: Missile Weapons 4D (5D -1D 2 actions) vs 10" in r.stdout
    assert "faces 4 6 5 1" in r.stdout
    r = _play(f, "why 9999\n")
    assert "error: no log entry 9999" in r.stdout


def test_resuming_a_fight_shows_the_table_and_the_last_three_lines(tmp_path) -> None:  # noqa: ANN001
    f = _fight(tmp_path, "d6", ROUNDS["d6"])             # ends after end: round 2
    r = _play(f, "")
    out = r.stdout.splitlines()
    assert out[0].startswith("Round 2 · declare")
    assert any("Demon Thug 1" in x and "Wounded" in x for x in out)
    assert len(out) <= 1 + 1 + 5 + 3
    assert "Lector punches Demon Thug 3" in r.stdout


def test_the_table_at_60_columns_stays_one_line_per_combatant(tmp_path) -> None:  # noqa: ANN001
    f = _fight(tmp_path, "d6", ROUNDS["d6"][:8])         # declared, Lector holding
    for cols in (60, 80):
        r = _play(f, "status\n", cols)
        out = [x for x in r.stdout.split("> status")[-1].splitlines() if x.strip()]
        rows = [x for x in out if any(n in x for n in ("Mina", "Lector", "Demon Thug"))]
        assert len(rows) == 5, r.stdout
        assert all(len(x) <= cols for x in out), r.stdout
        assert sum("PC" in x for x in rows) == 2      # the PC marker survives NO_COLOR
    wide = _play(f, "status\n", 80).stdout
    assert "shoot DT" in wide or 'shoot "Demon' in wide or "shoot Demon" in wide
    assert "block" in wide                             # a declared reaction, not yet used
    r = _play(f, "resolve\nstatus\n", 80)   # seed 5: Mina shoots first; the block waits
    table = r.stdout.split("> status")[-1]
    assert "block" in table and table.count("block") == 1


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_the_repl_resumes_a_fight_with_the_table(tmp_path) -> None:  # noqa: ANN001
    import pexpect

    from tests.e2e.test_repl import control, ready, spawn

    f = _fight(tmp_path, "d6", ROUNDS["d6"])
    child = spawn(tmp_path / "fight.json")   # the prompt comes first, the table once loaded
    child.expect_exact("Round 2 · declare")
    child.expect_exact("Demon Thug 1")
    child.expect_exact("Lector punches Demon Thug 3")   # the last three log lines
    child.expect_exact("Round 2 begins")
    ready(child)
    child.sendline("status")
    child.expect_exact("Round 2 · declare")
    ready(child)
    control(child, "d")
    child.expect(pexpect.EOF)
    assert f
