"""Issue 13, items 24-29, 31-33: defects of the core found in play, each with its test."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from combat_cli.commands.registry import dispatch
from tests.conftest import fails, run

ROOT = Path(__file__).resolve().parent.parent.parent


# ---------------------------------------------------------------- 24 own side ---------------
OWN_SIDE = [
    ("toy", ["add Ann side=pc", "add Bob side=pc", "add Orc", "start"],
     "declare Ann attack Bob"),
    ("d6", ["add Ann side=pc Brawling=3D", "add Bob side=pc", "add Orc", "start"],
     "declare Ann brawl Bob"),
    ("storypath", ["add Ann side=pc", "add Bob side=pc", "add Orc", "start"],
     "act Ann attack Bob"),
    ("d12", ["add Ann side=pc", "add Bob side=pc", "add Orc", "start"],
     "declare Ann attack Bob bid=1"),
    ("czech_pool", ["add Ann side=pc", "add Bob side=pc", "add Orc", "start"],
     "declare Ann boj Bob"),
]


@pytest.mark.parametrize(("ruleset", "setup", "line"), OWN_SIDE,
                         ids=[x[0] for x in OWN_SIDE])
def test_attacking_own_side_warns(make_table, ruleset, setup, line) -> None:
    t = make_table(ruleset=ruleset, seed=3)
    run(t, *setup)
    if ruleset == "storypath":  # turn by turn: Ann must be the one acting
        while t.ruleset.open_turn(t.enc) is None and t.ruleset.current(t.enc).name != "Ann":
            run(t, "next")
    out = run(t, line)
    warned = [n for n in out.notes if "Bob" in n and ("side" in n or "stran" in n)]
    assert len(warned) == 1, out.notes
    assert "\n" not in warned[0]


def test_attacking_the_other_side_says_nothing(make_table) -> None:
    t = make_table()
    run(t, "add Ann side=pc", "add Orc", "start")
    out = run(t, "declare Ann attack Orc")
    assert not [n for n in out.notes if "side" in n]


def test_no_warning_when_the_encounter_uses_no_sides(make_table) -> None:
    t = make_table()
    run(t, "add Orc", "add Goblin", "start")  # everyone on the default side
    out = run(t, "declare Orc attack Goblin")
    assert not [n for n in out.notes if "side" in n]


# ---------------------------------------------------------------- 25 roll words -------------
def test_roll_does_not_join_words(make_table) -> None:
    t = make_table()
    err = fails(t, "roll 2d6 3")
    assert "2d63" not in err and "2d6+3" in err
    err = fails(t, "odds 2d6 3 10")
    assert "2d63" not in err
    out = run(t, "roll 2d6 + 3")  # spaces around an operator are still one expression
    assert out.entries[-1].total is not None or "2d6+3" in out.entries[-1].text


def test_command_line_roll_does_not_join_words() -> None:
    from tests.e2e.test_cli import combat

    r = combat("roll", "2d6", "3")
    assert r.returncode != 0
    assert "2d63" not in r.stdout + r.stderr and "2d6+3" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    r = combat("roll", "2d6", "+", "3", "--seed", "1")
    assert r.returncode == 0 and r.stdout.startswith("2d6+3:")


# ---------------------------------------------------------------- 26 / 33 scripts -----------
def _script(tmp_path: Path, text: str):  # noqa: ANN202
    from tests.e2e.test_cli import combat

    f = tmp_path / "fight.json"
    assert combat("new", str(f), "--ruleset", "toy").returncode == 0
    s = tmp_path / "s.txt"
    s.write_text(text)
    return combat("play", str(f), "--script", str(s), "--dice", "manual", "--seed", "1")


def test_a_comment_between_a_roll_and_its_answers_is_skipped(tmp_path: Path) -> None:
    r = _script(tmp_path, "roll 2d6\n# the players' dice:\n3 4\n")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "= 7" in r.stdout


def test_a_bad_answer_stops_the_script_at_its_own_line(tmp_path: Path) -> None:
    r = _script(tmp_path, "add Ann\nroll 2d6\n# comment\n3 x\n")
    assert r.returncode == 1
    assert "script stopped at line 4: 3 x" in r.stderr


def test_a_blank_line_in_a_manual_script_is_skipped(tmp_path: Path) -> None:
    r = _script(tmp_path, "roll 2d6\n\n5 6\nroll 1d6\n-\n")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "= 11" in r.stdout          # the blank line was skipped, "5 6" answered
    assert re.search(r"1d6 \[\d\] = \d", r.stdout)   # "-" let the tracker roll
    readme = (ROOT / "README.md").read_text()
    manual = " ".join(readme[readme.index("### Scripts"):readme.index("### The command line")]
                      .split())
    assert "Blank lines and `#` comments are skipped" in manual and "`-`" in manual


# ---------------------------------------------------------------- 27 free roll / undo -------
def test_free_roll_is_not_an_undo_step(make_table) -> None:
    t = make_table()
    run(t, "add Ann", "add Bob", "roll 2d6")
    assert len(t.history.undo) == 2
    out = run(t, "undo")
    assert out.notes == ["undone: add Bob"]
    assert [c.name for c in t.enc.combatants] == ["Ann"]
    assert any(e.action == "roll" for e in t.log)  # the roll stays in the log
    run(t, "redo")
    assert [c.name for c in t.enc.combatants] == ["Ann", "Bob"]
    assert sum(e.action == "roll" for e in t.log) == 1


# ---------------------------------------------------------------- 28 odds limit -------------
def test_odds_refuses_what_it_cannot_compute_quickly(make_table) -> None:
    t = make_table()
    begin = time.perf_counter()
    out = dispatch(t, "odds 100d1000 50000")
    assert time.perf_counter() - begin < 1.0
    assert out.error and "\n" not in out.error and "limit" in out.error
    assert "%" in run(t, "odds 3d6 10").notes[0]


@pytest.mark.parametrize("line", ["odds 60d100 3000", "odds 20d20-1d100 200",
                                  "odds 100d10>=6 50", "odds 30d6! 120"])
def test_odds_answers_or_refuses_in_well_under_a_second(make_table, line) -> None:
    t = make_table(ruleset="d6") if "!" in line else make_table()
    begin = time.perf_counter()
    out = dispatch(t, line)
    assert time.perf_counter() - begin < 1.0, line
    assert out.error or "%" in out.notes[0]


# ---------------------------------------------------------------- 29 help log ---------------
def test_help_log_and_readme_agree(make_table) -> None:
    from combat_cli.commands.registry import all_verbs

    usage = all_verbs()["log"].usage
    assert usage == "log [N|all]"
    assert "`log [N\\|all]`" in (ROOT / "README.md").read_text()


# ---------------------------------------------------------------- 31 typer floor ------------
def test_typer_floor_is_a_working_version() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    m = re.search(r'"typer>=([0-9.]+)', text)
    assert m and tuple(int(x) for x in m.group(1).split(".")) >= (0, 18)
    assert (ROOT / ".ci" / "lowest").exists()


# ---------------------------------------------------------------- 32 table ranges -----------
BAD_TABLES = [
    ("d6", {"damage": {"ev_step": 0}}, "[damage] ev_step = 0", "1 or more"),
    ("d6", {"weapons": {"Crossbow": {"rof": 0}}}, "rof = 0", "1 or more"),
    ("storypath", {"dice": {"target_number": {"mortal": 0}}}, "mortal = 0", "1..10"),
    ("storypath", {"defense": {"full_multiplier": 0}}, "full_multiplier = 0", "1 or more"),
    ("d12", {"health": {"default_hits": 0}}, "default_hits = 0", "1 or more"),
    ("d12", {"contest": {"max_rerolls": -1}}, "max_rerolls = -1", "0 or more"),
    ("czech_pool", {"core": {"die_sides": 0}}, "die_sides = 0", "2..100"),
    ("czech_pool", {"health": {"base_levels": 0}}, "base_levels = 0", "1 or more"),
]


@pytest.mark.parametrize(("ruleset", "house", "named", "span"), BAD_TABLES,
                         ids=[f"{x[0]}-{x[2]}" for x in BAD_TABLES])
def test_table_values_are_checked_for_range(ruleset, house, named, span) -> None:
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.engine.table import Table

    with pytest.raises(CommandError) as e:
        Table.new(plugins.load(ruleset), RandomDice(1), house_rules=house)
    msg = str(e.value)
    assert named in msg and span in msg and "\n" not in msg


def test_ev_step_zero_refused_from_the_command_line(tmp_path: Path) -> None:
    from tests.e2e.test_cli import combat

    hr = tmp_path / "house.toml"
    hr.write_text("[damage]\nev_step = 0\n")
    r = combat("new", str(tmp_path / "f.json"), "--ruleset", "d6", "--house-rules", str(hr))
    assert r.returncode == 1 and "Traceback" not in r.stderr
    assert "[damage] ev_step = 0 is out of range: a whole number, 1 or more" in r.stderr
    assert not (tmp_path / "f.json").exists()
