"""Defects found in play, round three (issue 22, items 4 and 6, Storypath), each with its
regression test."""

from __future__ import annotations

import pytest

from .conftest import F, S, fails, feed, last, levels, new_table, run, view, who


def _three():
    """Ann (PC, slot 2) acts first; the Orc and Ben (PC, static Defense 1)."""
    t = new_table([S, S, F, F, F, S, F, F, F])
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 composure=2 close_combat=3 "
           "athletics=2 weapon=sword",
        "add Orc cunning=1 close_combat=2 might=2 stamina=2 defense=2 weapon=club",
        "add Ben side=pc stamina=3 defense=1", "start")
    return t


def _complicate(t, task: str) -> str:
    feed(t, S, S, F, F, F, F)          # 2 successes: Blocked 2
    run(t, f'act Ann complicate Orc task="{task}" pool=close_combat+might')
    echo = last(t, "condition").text
    run(t, "next")
    return echo


# -- 4: action aliases count in task=, and the echo says what it applies to ------------------
@pytest.mark.parametrize("task", ["shoot Ben", "hit Ben", "attack Ben"])
@pytest.mark.parametrize("verb", ["attack", "shoot", "hit"])
def test_a_complication_on_an_attack_alias_blocks_the_attack(task, verb):
    """SP-CMP-2: Blocked N on anyone attempting the stated action; "shoot Ben" states an
    attack on Ben (before: only task text starting with "attack" met an attack)."""
    t = _three()
    echo = _complicate(t, task)
    assert echo == (f"Ann complicates Orc: Complication (Blocked) 2 on {task}, for Orc's "
                    "attacks on Ben (attack, hit, shoot): buy it off or the action fails")
    feed(t, S, S, F, F)                # 2 successes vs Defense 1: 1 left < Blocked 2
    run(t, f"act Orc {verb} Ben")
    assert last(t, "attack").outcome == "blocked" and levels(t, "Ben") == []


def test_a_complication_on_attacks_on_ben_does_not_stop_an_attack_on_ann():
    """SP-CMP-2: the stated action is the attack on Ben; the Orc may still attack Ann."""
    t = _three()
    _complicate(t, "shoot Ben")
    feed(t, S, F, F, S, S, F, F)       # Ann's Defense 1; the Orc's 2 successes
    run(t, "act Orc attack Ann")
    assert last(t, "attack").outcome == "hit"
    assert who(t, "Orc").has_condition("Blocked 2")


def test_a_free_text_complication_says_it_meets_a_do_task_only():
    t = _three()
    echo = _complicate(t, "open the door")
    assert echo.endswith('on open the door, for a do task only (do task="open the door"): '
                         "buy it off or the action fails")


def test_protect_echo_is_unchanged():
    t = _three()
    feed(t, S, S, F, F, F, F)
    run(t, "act Ann complicate Orc protect=Ben pool=close_combat+might")
    assert last(t, "condition").text == ("Ann complicates Orc: Complication (Blocked) 2 on "
                                         "attacks on Ben (buy it off or the action fails)")


# -- 6: =N at a pool's prompt is its successes, at most one a die ---------------------------
def test_a_typed_total_above_the_dice_count_is_refused_saying_what_it_means():
    """SP-DICE: a 5-die pool shows 0..5 successes; =25 was taken as 25 successes. More than
    the dice (10s rolled again) are typed as faces."""
    from combat_cli.api import pool
    from combat_cli.dice.expr import DiceError
    from combat_cli.dice.sources import parse_answer

    spec = pool(5, 10, 8, explode=True)
    with pytest.raises(DiceError) as e:
        parse_answer(spec, "=25")
    assert str(e.value) == ("=N: the successes, 0..5 for 5 dice (more, from 10s again: type "
                            "the faces)")
    assert len("error: " + str(e.value)) <= 80
    assert parse_answer(spec, "=5").total == 5
    assert parse_answer(spec, "10 8 1 1 1 9").total == 3     # a 10 rolled again: faces


def test_a_typed_total_above_the_dice_count_in_a_script(tmp_path):
    import subprocess

    from tests.conftest import combat_cmd

    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "storypath"], check=True,
                   capture_output=True)
    r = subprocess.run([*combat_cmd(), "play", str(f), "--script", "-", "--dice", "manual"],
                       input="add Ann side=pc close_combat=2 cunning=2\nadd Orc defense=1\n"
                             "start\n=25\n", capture_output=True, text=True, timeout=60)
    assert "error: =N: the successes, 0..4 for 4 dice" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr and "internal" not in r.stdout


# -- shown wrong or not at all ---------------------------------------------------------------
def _lines(t, line: str) -> list[str]:
    from combat_cli.commands.registry import dispatch
    from combat_cli.render.output import brief_lines

    out = dispatch(t, line)
    assert not out.error, out.error
    return [x.plain for x in brief_lines(t, out.entries)]


def _armoured():
    """Ann (PC) against an Orc with Armor 2 and a Gob, both static Defense 1."""
    t = new_table([S, S, F, F, F, S, F, F, F, F, F])
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 composure=2 close_combat=3 "
           "athletics=2 weapon=sword",
        "add Orc cunning=1 close_combat=2 might=2 stamina=2 defense=1 weapon=club armor=2",
        "add Gob cunning=1 defense=1", "start")
    t.dice.queue.clear()
    return t


def test_an_attack_on_several_targets_says_each_targets_successes_and_harm():
    """SP-ATK-1: one roll split 4+1; each target's line has its share and its Injury (before:
    "None vs Defense 1", and the Orc's Health printed on the Gob's line)."""
    t = _armoured()
    feed(t, S, S, S, S, S, F)
    lines = _lines(t, "act Ann attack Orc Gob")
    assert lines[1:] == ["  Orc at close range: 4 vs Defense 1, hit → Orc Health 3/4",
                         "  Gob at close range: 1 vs Defense 1, hit → Gob Health 2/3"]
    assert not any("None" in x for x in lines)


def test_a_hit_that_cannot_pay_the_armor_says_nothing_was_inflicted():
    t = _armoured()
    feed(t, S, S, F, F, F, F)          # 2 vs Defense 1: 1 left, Inflict Damage costs 2
    assert _lines(t, "act Ann attack Orc") == [
        "Ann attacks Orc: 2 vs Defense 1, hit, nothing inflicted"]
    assert "nothing inflicted: Inflict Damage costs 2 (Armor 2), 1 left" in last(t, "attack").text


def test_a_mixed_actions_attack_line_counts_only_the_attacks_successes():
    """SP-MIX: 2 successes, 1 to the jump: the attack has 1 (before: the line said 2)."""
    t = _armoured()
    feed(t, S, S)
    lines = _lines(t, "act Ann attack Orc mixed=athletics other=jump")
    assert lines[0] == "Ann attacks Orc: 1 vs Defense 1, hit, nothing inflicted"
    assert lines[1].startswith("Ann's jump: 1 success")


def test_persistent_injury_conditions_are_marked_and_unnamed_ones_listed():
    from combat_rulesets.storypath.display import status_columns

    t = _armoured()
    run(t, "damage Ann injured persistent name=Cracked", "damage Ann bruised persistent",
        "damage Ann bruised")
    cols = status_columns(view(t), who(t, "Ann"))
    assert cols["Injury Conditions"] == ("Cracked (Injured, Persistent); Bruised, Persistent; "
                                         "Bruised")


@pytest.mark.parametrize(("lines", "pools"), [
    (["momentum +2"], (2, 0)), (["momentum +3", "momentum -2"], (1, 0)),
    (["momentum =4"], (4, 0)), (["momentum storyguide +2"], (0, 2)),
    (["momentum +2", "momentum =0"], (0, 0))])
def test_momentum_is_spent_gained_and_set(lines, pools):
    from combat_rulesets.storypath.state import fight

    t = _armoured()
    run(t, *lines)
    m = fight(view(t)).momentum
    assert (m.players, m.storyguide) == pools
    assert last(t, "note").text.endswith(f"→ {pools[0] or pools[1]})")


def test_momentum_spent_is_logged_and_undone():
    from combat_rulesets.storypath.state import fight

    t = _armoured()
    run(t, "momentum +3", "momentum -1")
    assert last(t, "note").text == "Players' Momentum -1 spent (3 → 2)"
    run(t, "undo")
    assert fight(view(t)).momentum.players == 3


@pytest.mark.parametrize(("line", "error"), [
    ("momentum -1", "Players' Momentum is 0: 1 cannot be spent"),
    ("momentum 2", "momentum [players|storyguide] +N|-N|=N (say, momentum -1), not '2'"),
    ("momentum gm", "momentum [players|storyguide] +N|-N|=N (say, momentum -1), not 'gm'")])
def test_a_wrong_momentum_line_is_one_error_and_changes_nothing(line, error):
    t = _armoured()
    assert fails(t, line) == error
