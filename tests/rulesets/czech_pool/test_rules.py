"""Every numbered rule of the digest (CZ-*) with fixed dice and exact numbers."""

from __future__ import annotations

import pytest

from combat_cli.api import RulesView
from tests.rulesets.czech_pool.conftest import T

SIX = [6] * 10
ONE = [1] * 10


def duel(t: T, a: str = "Ann Obratnost=3 Boj=2", b: str = "Bob Obratnost=2 Boj=2") -> None:
    t(f"add {a}", f"add {b}", "start")


# ---------------------------------------------------------------- CORE -----------------
def test_CZ_CORE_1_one_roll_counted_against_every_opponent() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=3", "add Bob Obratnost=1 Boj=1", "add Cyril Obratnost=1 Boj=1",
      "start", "declare Ann boj Bob, boj Cyril", "declare Bob boj Ann", "declare Cyril boj Ann")
    # Ann speed 6 rolls first: pool 3+3 = 6, 2 defended vs free 2 -> no penalty
    t.faces(7, 7, 2, 2, 2, 2, 6, 1, 6, 1)
    t.faces(6, 6)  # the unconsciousness checks of Bob and Cyril (1-level wounds, at 6)
    t("resolve all")
    pools = [e for e in t.entries if e.kind == "roll"]
    assert [e.actor for e in pools] == ["Ann", "Bob", "Cyril"]  # one roll each
    assert pools[0].faces == [7, 7, 2, 2, 2, 2]
    clashes = t.kinds("clash")
    assert [(e.actor, e.target, e.data["successes"], e.data["target_successes"])
            for e in clashes] == [("Ann", "Bob", 2, 1), ("Ann", "Cyril", 2, 1)]


def test_CZ_CORE_1_outnumbering_changes_the_pool_others_the_difficulty() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=1 Boj=1", "add Cyril Obratnost=1 Boj=1",
      "start", "declare Bob boj Ann", "declare Cyril boj Ann")
    t.faces(*[1] * 2, *[1] * 2, *[1] * 2)
    t("resolve all")
    assert t.pool("Ann")["n"] == 2  # 2 + 2 - 2 (one opponent beyond the free one)
    assert t.diff("Ann", "Bob") == 6


def test_CZ_CORE_2_choose_whom_to_defend_against() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=1 Boj=1", "add Cyril Obratnost=1 Boj=1",
      "start", "declare Ann bránit Bob, nebránit Cyril", "declare Bob boj Ann",
      "declare Cyril boj Ann volba=nevýhoda")
    t.faces(1, 1, 6, 1, 6, 6, 6, 6)  # Bob, Cyril (speed 2), then Ann (only defends)
    t("resolve all")
    assert t.pool("Ann")["n"] == 4  # no outnumbering penalty: Cyril is not defended against
    clash = [e for e in t.kinds("clash") if e.actor == "Cyril"][0]
    assert clash.data["target_successes"] == 0 and clash.outcome == "win"  # AMB-CZ-9
    assert t.level("Cyril", "Ann") == 1


# ---------------------------------------------------------------- INIT -----------------
def test_CZ_INIT_1_notice_roll_perception_caution_surprise() -> None:
    t = T(amb={"notice_roll": True})
    t("add Ann Obratnost=3 Boj=2 Postřeh=2 Obezřetnost=1",
      "add Bob Obratnost=2 Boj=2 Postřeh=1 Obezřetnost=1")
    t.faces(5, 5, 5, 6, 1)  # Ann 3 dice: no success; Bob 2 dice: one success
    t("start")
    notes = t.kinds("initiative")
    assert [(e.actor, e.data["successes"], e.outcome) for e in notes] == [
        ("Ann", 0, "surprised"), ("Bob", 1, "aware")]
    assert notes[0].difficulty == 6 and notes[0].dice == "3d10>=6"
    t("declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 9, 9, 9, 9, 9)  # Bob first: Ann threatens nobody now
    t("resolve all")
    # Ann's threat is dropped: she only defends, so her win only imposes a disadvantage
    assert t.turn["threats"][t.c("Ann").id] == []
    assert t.level("Ann", "Bob") == 1 and not t.me("Bob").wounds
    t("end")
    assert not t.me("Ann").surprised


def test_CZ_INIT_2_speed_by_kind_of_action() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2 Rychlost_zbraně=1 Zručnost=4 Střelba=1",
      "add Bob Paměť=3 Kouzlení=2 Rychlost_kouzla=2 Klamání=1 Charisma=4 Modlení=1 "
      "Rychlost_zázraku=1", "add Cyril Obratnost=1 Boj=1", "start",
      "declare Ann boj Cyril", "declare Bob kouzlení Cyril")
    t.faces(*ONE[:5], *ONE[:5], 1, 1)
    t("resolve all")
    assert t.turn["speeds"][t.c("Ann").id] == 6  # Obratnost 3 + Boj 2 + zbraň 1
    assert t.turn["speeds"][t.c("Bob").id] == 7  # Paměť 3 + Kouzlení 2 + kouzlo 2
    t("end", "declare Ann střelba Cyril", "declare Bob modlení Cyril")
    t.faces(*ONE[:5], *ONE[:5], 1, 1)
    t("resolve all")
    assert t.turn["speeds"][t.c("Ann").id] == 6  # Zručnost 4 + Střelba 1 + zbraň 1
    assert t.turn["speeds"][t.c("Bob").id] == 6  # Charisma 4 (best) + Modlení 1 + zázrak 1


def test_CZ_INIT_3_highest_speed_first_and_check_when_wounded_before_acting() -> None:
    t = T()
    t("add Ann Obratnost=5 Boj=3 Zranění_zbraně=1",          # speed 8
      "add Bob Obratnost=1 Boj=1 Odolnost=1 Konstituce=5 Pevnost=1",  # speed 2
      "add Cyril Obratnost=2 Boj=2", "start",
      "declare Ann boj Bob", "declare Bob boj Cyril")
    # pools in speed order: Ann 8 dice, Bob 2, Cyril 4 (defends vs Bob)
    t.faces(*[6] * 8, 1, 1, 1, 1, 1, 1)
    # Ann wins 8-0: wound 8 + 1 = 9 > 10 levels? Bob has 10: 1 left; unconsciousness check
    # at 10 (Odolnost 1 + Pevnost 1 = 2 dice) passes with a 10; then his own check roll
    # (toughness: Odolnost 1 + Pevnost mysli 1) at 10 fails: his action is lost
    t.faces(10, 1, 9, 9)
    t("resolve all")
    order = [e.actor for e in t.kinds("clash")]
    assert order == ["Ann"]
    checks = [e for e in t.kinds("check") if e.action == "kontrola"]
    assert [(e.outcome, e.difficulty) for e in checks] == [("ok", 10), ("lost", 10)]
    assert not t.me("Cyril").wounds


def test_CZ_INIT_3_check_passed_action_goes_ahead() -> None:
    t = T()
    t("add Ann Obratnost=5 Boj=3", "add Bob Obratnost=1 Boj=1 Odolnost=1 Konstituce=5 "
      "Pevnost=1 Zranění_zbraně=2", "add Cyril Obratnost=2 Boj=2", "start",
      "nevýhoda Ann Bob 3", "declare Ann boj Bob", "declare Bob boj Cyril")
    t.faces(9, 1, 1, 1, 1, 1, 1, 1)  # Ann: 1 success at 6
    t.faces(7, 7)                    # Bob: 0 at 9 (vs Ann), 2 at 6 (vs Cyril)
    t.faces(1, 1, 1, 1)              # Cyril: 0
    t.faces(6, 1)                    # Bob's unconsciousness check (1 level, at 6): passes
    t.faces(6, 1)                    # his check roll before acting (at 6): passes
    t.faces(9, 1)                    # Cyril's unconsciousness check (4 levels, at 9)
    t("resolve all")
    clashes = t.kinds("clash")
    assert [(e.actor, e.target, e.outcome) for e in clashes] == [
        ("Ann", "Bob", "win"), ("Bob", "Cyril", "win")]
    assert t.me("Bob").wounds == [1]
    assert t.me("Cyril").wounds == [4]  # 2 - 0 + weapon 2
    assert [e.outcome for e in t.kinds("check")] == ["ok", "ok", "ok"]


def test_CZ_INIT_4_faster_weapon_same_length_and_longer_weapon() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2 Zbraň=dýka Délka_zbraně=2",  # speed 2, length 2
      "add Bob Obratnost=2 Boj=2 Zbraň=meč", "add Cyril Obratnost=2 Boj=2 Zbraň=kopí", "start",
      "declare Ann boj Bob", "declare Bob boj Ann", "declare Cyril boj Bob")
    t.faces(*ONE[:4], *ONE[:4], *ONE[:2])
    t("resolve all")
    assert t.diff("Bob", "Ann") == 7  # Ann's faster weapon of the same length
    assert t.diff("Ann", "Bob") == 6
    assert t.diff("Cyril", "Bob") == 6  # Cyril has the longer weapon: no speed rule
    assert t.diff("Bob", "Cyril") == 6  # Bob only defends against Cyril: no "longer" row


@pytest.mark.parametrize(("row", "diff"), [(1, 7), (2, 8)])
def test_CZ_INIT_4_threatening_a_longer_weapon_plus_one(row: int, diff: int) -> None:
    # the table row "ohrožení někoho s delší zbraní" (editable: modifiers.delsi_zbran)
    t = T(modifiers={"delsi_zbran": {"difficulty": row}})
    t("add Ann Obratnost=2 Boj=2 Zbraň=meč", "add Bob Obratnost=2 Boj=2 Zbraň=kopí", "start",
      "declare Ann boj Bob", "declare Bob bránit")
    t.faces(*ONE[:4], *ONE[:4])
    t("resolve all")
    assert t.diff("Ann", "Bob") == diff
    assert t.diff("Bob", "Ann") == 6  # Bob only defends: he threatens no longer weapon


# ---------------------------------------------------------------- SKILL ----------------
def test_CZ_SKILL_1_athletics_only_defends_also_against_ranged() -> None:
    t = T()
    t("add Ann Zručnost=3 Střelba=3", "add Bob Obratnost=2 Boj=3 Atletika=1", "start")
    assert "atletika" in t.fails("declare Bob atletika Ann").lower()
    t("declare Ann střelba Bob")
    t.faces(*ONE[:6], 1, 1, 1)
    t("resolve all")
    assert t.pool("Bob")["skill"] == "atletika"  # Boj cannot parry arrows
    assert t.pool("Bob")["n"] == 3


def test_CZ_SKILL_2_3_melee_beats_shooting_forced_next_turn() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Zručnost=3 Střelba=3 Boj=1 Rvačka=1", "start",
      "declare Ann boj Bob volba=nevýhoda", "declare Bob střelba Ann")
    t.faces(1, 6, 6, 1, 1, 1)  # Bob (speed 6): Střelba vs Boj -> the lower, 0 + Boj 1 = 1 die
    t("resolve all", "end")
    assert t.me("Bob").forced == ["boj", "rvacka"]
    err = t.fails("declare Bob střelba Ann")
    assert "Boj/Rvačka" in err
    t("declare Bob rvačka Ann", "end")
    assert not t.me("Bob").forced


def test_CZ_SKILL_2_brawl_beats_melee() -> None:
    t = T()
    t("add Ann Obratnost=3 Rvačka=2", "add Bob Obratnost=3 Boj=2", "start",
      "declare Ann rvačka Bob volba=nevýhoda", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 1, 7, 7, 1, 1, 1)  # Bob first; Ann at 7 (Bob's longer weapon)
    t("resolve all", "end")
    assert t.me("Bob").forced == ["rvacka"]  # AMB-CZ-5 (a)
    t.fails("declare Bob boj Ann")


def test_CZ_SKILL_2_AMB_CZ_5_melee_or_brawl_switch() -> None:
    t = T(amb={"forced_skill": "melee_or_brawl"})
    t("add Ann Obratnost=3 Rvačka=2", "add Bob Obratnost=3 Boj=2", "start",
      "declare Ann rvačka Bob volba=nevýhoda", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 1, 7, 7, 1, 1, 1)
    t("resolve all", "end", "declare Bob boj Ann")
    assert t.me("Bob").forced == ["boj", "rvacka"]


@pytest.mark.parametrize(("stats", "skill", "dice"), [
    ("Zručnost=2 Obratnost=2 Střelba=4 Boj=2", "boj", 4),  # Shooting 4, Melee 2 -> 2
    ("Zručnost=2 Obratnost=2 Střelba=2 Atletika=3", "strelba", 4),  # Shooting 2, Athl. 3 -> 2
])
def test_CZ_SKILL_4_conflicting_skills_use_the_lower(stats: str, skill: str, dice: int) -> None:
    t = T()
    t(f"add Ann {stats}", "add Bob Obratnost=2 Boj=2", "start", "declare Ann střelba Bob",
      "declare Bob boj Ann")
    t.faces(*ONE[:4], *ONE[:dice])
    t("resolve all")
    assert t.pool("Ann")["skill"] == skill and t.pool("Ann")["n"] == dice


# ---------------------------------------------------------------- POOL -----------------
def test_CZ_POOL_1_attribute_skill_bonus_minus_wounds() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2 Bonus=1 Konstituce=5", "add Bob Obratnost=1 Boj=1",
      "damage Ann 3 bez", "start", "declare Ann boj Bob")
    t.faces(*ONE[:4], 1, 1)
    t("resolve all")
    p = t.pool("Ann")
    assert p["n"] == 4  # 3 + 2 + 1 - 2 (a 3-level wound: "zranění" -2)
    assert p["text"] == "Obratnost 3 + Boj 2 + bonus 1 - zranění 2"


@pytest.mark.parametrize(("worst", "penalty"), [(1, -1), (2, -1), (3, -2), (4, -5), (6, -5)])
def test_CZ_POOL_1_wound_penalty_tiers(worst: int, penalty: int) -> None:
    t = T()
    t("add Ann Obratnost=5 Boj=5 Konstituce=9", "add Bob Obratnost=1 Boj=1",
      f"damage Ann {worst} bez", "start", "declare Ann boj Bob")
    t.faces(*ONE[: 10 + penalty], 1, 1)
    t("resolve all")
    assert t.pool("Ann")["n"] == 10 + penalty


def test_CZ_POOL_2_minus_two_per_extra_defended_opponent() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=3", *[f"add O{i} Obratnost=1 Boj=1" for i in range(4)], "start",
      *[f"declare O{i} boj Ann" for i in range(4)])
    t.faces(*ONE[:2], *ONE[:2], *ONE[:2], *ONE[:2], *ONE[:2])
    t("resolve all")
    p = t.pool("Ann")
    assert p["free"] == 2 and p["defended"] == 4 and p["n"] == 6 - 4


def test_CZ_POOL_2_AMB_CZ_8_baseline_one_switch() -> None:
    t = T(amb={"outnumber_baseline": "one"})
    t("add Ann Obratnost=3 Boj=3", *[f"add O{i} Obratnost=1 Boj=1" for i in range(4)], "start",
      *[f"declare O{i} boj Ann" for i in range(4)])
    t.faces(*ONE[:2], *ONE[:2], *ONE[:2], *ONE[:2], *ONE[:2])
    t("resolve all")
    assert t.pool("Ann")["n"] == 0  # 6 - 2 x 3


@pytest.mark.parametrize(("skill", "free"), [(0, 1), (1, 1), (2, 1), (3, 2), (5, 4)])
def test_CZ_POOL_3_free_number(skill: int, free: int) -> None:
    from combat_rulesets.czech_pool.combat import free_number

    t = T()
    t(f"add Ann Boj={skill}")
    ctx = t.t.context()
    assert free_number(ctx, t.c("Ann"), "boj") == free


def test_CZ_POOL_3_threaten_at_most_the_free_number() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Ben Obratnost=2 Boj=3", "add X", "add Y", "add Z",
      "start")
    assert "nejvýše 1" in t.fails("declare Ann boj X, boj Y")
    t("declare Ben boj X, boj Y")
    assert "nejvýše 2" in t.fails("declare Ben boj X, boj Y, boj Z")


def test_CZ_POOL_4_shield_and_two_weapons_add_one() -> None:
    from combat_rulesets.czech_pool.combat import free_number

    t = T()
    t('add Ann Boj=3 Talenty="Boj se štítem, Boj se dvěma zbraněmi"',
      'add Ben Boj=3 Talenty=štít Štít=ne', 'add Cid Boj=2 Talenty=shield')
    ctx = t.t.context()
    assert free_number(ctx, t.c("Ann"), "boj") == 4
    assert free_number(ctx, t.c("Ann"), "strelba") == 1  # no shield help when shooting
    assert free_number(ctx, t.c("Ben"), "boj") == 2      # shield unusable
    assert free_number(ctx, t.c("Cid"), "boj") == 2
    t("add X", "add Y", "start")
    t("declare Cid boj X, boj Y")


def test_CZ_POOL_5_talent_vs_single_opponent_raises_his_difficulty() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2 Talenty=štít", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(*ONE[:4], *ONE[:4])
    t("resolve all")
    assert t.diff("Bob", "Ann") == 7 and t.diff("Ann", "Bob") == 6


def test_CZ_POOL_5_AMB_CZ_6_not_against_two_opponents_and_own_switch() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=3 Talenty=štít", "add Bob Obratnost=2 Boj=2",
      "add Cyril Obratnost=2 Boj=2", "start", "declare Ann boj Bob", "declare Cyril boj Ann")
    t.faces(*ONE[:5], *ONE[:4], *ONE[:4])
    t("resolve all")
    assert t.diff("Bob", "Ann") == 6 and t.diff("Cyril", "Ann") == 6
    t2 = T(amb={"talent_difficulty": "own"})
    t2("add Ann Obratnost=2 Boj=2 Talenty=štít", "add Bob Obratnost=2 Boj=2", "start",
       "declare Ann boj Bob", "declare Bob boj Ann")
    t2.faces(*ONE[:4], *ONE[:4])
    t2("resolve all")
    assert t2.diff("Ann", "Bob") == 7 and t2.diff("Bob", "Ann") == 6


# ---------------------------------------------------------------- DEF ------------------
def test_CZ_DEF_1_full_defence_attacker_plus_one_and_disadvantage_only_while_defending() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann pouze_bránit", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 6, 6, 6, 1, 1)
    t("resolve all")
    assert t.diff("Bob", "Ann") == 7
    assert t.level("Ann", "Bob") == 1  # AMB-CZ-10: a defender's win is a disadvantage
    t("end", "declare Ann pouze_bránit", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 6, 6, 6, 1, 1)
    t("resolve all")
    assert t.level("Ann", "Bob") == 2
    t("end", "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 1, 1, 1, 1, 1)
    t("resolve all")  # she attacks: the disadvantage she won while defending is lost
    assert t.level("Ann", "Bob") == 0
    assert t.diff("Bob", "Ann") == 6  # already in the turn she attacks (not 6 + 2)
    assert any(e.outcome == "lost" and e.kind == "disadvantage" for e in t.entries)


def test_CZ_DEF_1_attack_from_defence_keeps_the_disadvantage() -> None:
    t = T()
    t('add Ann Obratnost=3 Boj=2 Talenty="Útok z obrany"', "add Bob Obratnost=2 Boj=2",
      "start", "declare Ann pouze", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 6, 6, 6, 1, 1)
    t("resolve all", "end", "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 1, 1, 1, 1, 1)
    t("resolve all")
    assert t.level("Ann", "Bob") == 1
    assert t.diff("Bob", "Ann") == 7


def test_CZ_DEF_2_own_difficulty_minus_one_never_below_six() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "nevýhoda Bob Ann 2", "declare Ann pouze_bránit", "declare Bob boj Ann")
    t.faces(*ONE[:5], *ONE[:4])
    t("resolve all")
    assert t.diff("Ann", "Bob") == 7  # 6 + 2 - 1
    t("end", "nevýhoda Bob Ann 0", "declare Ann pouze_bránit", "declare Bob boj Ann")
    t.faces(*ONE[:5], *ONE[:4])
    t("resolve all")
    assert t.diff("Ann", "Bob") == 6  # already 6: unchanged


@pytest.mark.parametrize(("mode", "attacker", "own"), [
    ("both", 7, 7), ("attacker", 7, 8), ("own", 6, 7)])
def test_AMB_CZ_1_full_defence_readings(mode: str, attacker: int, own: int) -> None:
    t = T(amb={"full_defence": mode})
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "nevýhoda Bob Ann 2", "declare Ann pouze_bránit", "declare Bob boj Ann")
    t.faces(*ONE[:5], *ONE[:4])
    t("resolve all")
    assert t.diff("Bob", "Ann") == attacker and t.diff("Ann", "Bob") == own


# ---------------------------------------------------------------- RES ------------------
def test_CZ_RES_1_wound_by_difference_weapon_and_armour() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2 Zbraň=sekera", "add Bob Obratnost=2 Boj=2 Zbroj=1 Zbraň=sekera "
      "Konstituce=5 Odolnost=3", "start", "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(6, 6, 6, 9, 1, 6, 1, 1, 1)  # Ann 4 successes, Bob 1
    t.faces(8, 1, 1, 1, 1)  # unconsciousness check: 6 levels -> 10... see below
    t("resolve all")
    hit = t.kinds("hit")[0]
    assert hit.data["levels"] == 5  # difference 3 + axe 3 - armour 1
    assert t.me("Bob").wounds == [5]
    check = [e for e in t.kinds("check")][0]
    assert check.difficulty == 10 and check.outcome == "unconscious"
    assert t.c("Bob").out


def test_CZ_RES_1_disadvantage_option_cumulative_to_three() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start")
    for expected in (1, 2, 3, 3):
        t("declare Ann boj Bob volba=nevýhoda", "declare Bob boj Ann")
        t.faces(6, 1, 1, 1, 1, 1, 1, 1, 1)
        t("resolve all")
        assert t.level("Ann", "Bob") == expected
        t("end")
    t("declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(*ONE[:5], *ONE[:4])
    t("resolve all")
    assert t.diff("Bob", "Ann") == 9  # 6 + 3


def test_CZ_RES_2_lost_when_the_other_side_wins_kept_on_draw() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start", "nevýhoda Ann Bob 3",
      "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(6, 1, 1, 1, 1, 9, 1, 1, 1)  # Ann 1 at 6; Bob 1 at 9: draw
    t("resolve all")
    assert t.kinds("clash")[-1].outcome == "draw" and t.level("Ann", "Bob") == 3
    t("end", "declare Ann boj Bob", "declare Bob boj Ann volba=nevýhoda")
    t.faces(1, 1, 1, 1, 1, 9, 9, 1, 1)
    t("resolve all")
    assert t.level("Ann", "Bob") == 0 and t.level("Bob", "Ann") == 1


# ---------------------------------------------------------------- HP -------------------
def test_CZ_HP_1_five_plus_constitution_levels() -> None:
    t = T()
    t("add Ann Konstituce=3", "damage Ann 2 bez")
    extra = t.t.ruleset.json_extra(RulesView(t.t.enc, t.t.ruleset))["czech_pool"]["fighters"]["Ann"]
    assert extra["wound_levels"] == 8 and extra["left"] == 6
    assert t.t.ruleset.status_columns(RulesView(t.t.enc, t.t.ruleset), t.c("Ann"))["Health"] == "6/8"
    assert t.t.ruleset.label("Health") == "Zdraví"


def test_CZ_HP_2_light_wounds_no_recheck_a_deadly_one_at_ten() -> None:
    t = T()
    t("add Ann Konstituce=5 Odolnost=1 Boj=1")
    t.faces(6, 1)  # first wound (1 level): check at 6, passes
    t("damage Ann 1")
    t("damage Ann 1", "damage Ann 1")  # not worse: no check
    assert len(t.kinds("check")) == 1
    t.faces(10, 1)
    t("damage Ann 5")
    assert [e.difficulty for e in t.kinds("check")] == [6, 10]
    assert t.c("Ann").status == "Zraněný"


def test_CZ_HP_3_all_levels_gone_unconscious_or_dead() -> None:
    t = T()
    t("add Ann Konstituce=0", "damage Ann 5 bez")
    assert t.c("Ann").status == "Bezvědomí" and t.c("Ann").out
    t2 = T(health={"at_zero": "smrt"})
    t2("add Ann Konstituce=0", "damage Ann 6 bez")
    assert t2.c("Ann").status == "Mrtvý"


@pytest.mark.parametrize(("levels", "diff"), [(1, 6), (2, 7), (3, 8), (4, 9), (5, 10), (7, 10)])
def test_CZ_HP_4_unconsciousness_check_by_severity(levels: int, diff: int) -> None:
    t = T()
    t("add Ann Konstituce=9 Odolnost=2 Boj=1 Rvačka=3 Pevnost=2")
    t.faces(*[1] * 5)  # Odolnost 2 + best of Boj/Rvačka/Pevnost (3) = 5 dice, all fail
    t(f"damage Ann {levels}")
    check = t.kinds("check")[0]
    assert check.difficulty == diff and check.dice == f"5d10>={diff}"
    assert t.c("Ann").status == "Bezvědomí"


def test_CZ_HP_4_repeated_when_a_worse_wound_comes() -> None:
    t = T()
    t("add Ann Konstituce=9 Odolnost=1")
    t.faces(7)
    t("damage Ann 2")
    t("damage Ann 1")
    t.faces(8)
    t("damage Ann 3")
    t("damage Ann 2")
    assert [e.difficulty for e in t.kinds("check")] == [7, 8]


def test_CZ_HP_4_worse_than_the_previous_wound() -> None:
    t = T()
    t("add Ann Konstituce=9 Odolnost=1")
    t.faces(7)
    t("damage Ann 2", "damage Ann 1")
    t.faces(7)
    t("damage Ann 2")  # worse than the previous (1), though not than the worst (2)
    assert [e.difficulty for e in t.kinds("check")] == [7, 7]


def test_CZ_HP_4_worst_wound_switch() -> None:
    t = T(health={"recheck_against": "worst"})
    t("add Ann Konstituce=9 Odolnost=1")
    t.faces(7)
    t("damage Ann 2", "damage Ann 1", "damage Ann 2")
    assert [e.difficulty for e in t.kinds("check")] == [7]


def test_heal_levels_and_all() -> None:
    t = T()
    t("add Ann Konstituce=3", "damage Ann 3 bez", "damage Ann 2 bez", "heal Ann 3")
    assert t.me("Ann").wounds == [2]
    t("heal Ann")
    assert t.me("Ann").wounds == [] and t.c("Ann").status == "OK"
    t("damage Ann 8 bez")
    assert t.c("Ann").out
    t("heal Ann 2")  # healing alone does not wake her (issue 13 item 20)
    assert t.c("Ann").out
    t("revive Ann")
    assert not t.c("Ann").out and t.c("Ann").status == "Zraněný"


# ---------------------------------------------------------------- DIFF -----------------
def test_CZ_DIFF_1_standard_six_skill_difference_not_counted() -> None:
    t = T()
    t("add Ann Obratnost=1 Boj=5", "add Bob Obratnost=1 Boj=1", "start",
      "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(*ONE[:6], *ONE[:2])
    t("resolve all")
    assert t.diff("Ann", "Bob") == 6 and t.diff("Bob", "Ann") == 6


def test_CZ_DIFF_2_fatigue_weather_terrain_and_clamp() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2 Únava=2 Počasí=1", "add Bob Obratnost=2 Boj=2 Terén=2 "
      "Únava=4 Počasí=2", "start", "nevýhoda Ann Bob 1", "declare Ann boj Bob",
      "declare Bob boj Ann")
    t.faces(*ONE[:4], *ONE[:4])
    t("resolve all")
    assert t.diff("Ann", "Bob") == 9
    assert t.diff("Bob", "Ann") == 10  # 6 + 2 + 4 + 2 + 1 = 15, clamped (AMB-CZ-12)


def test_CZ_PRONE_1_stand_up_at_plus_two() -> None:
    t = T()
    t("add Ann Obratnost=2 Atletika=1", "add Bob", "start", "condition Ann +Ležící")
    assert "neleží" in t.fails("declare Bob vstát")
    t("declare Ann vstát")
    t.faces(7, 7, 7)
    t("resolve all")
    st = t.kinds("stand")[0]
    assert st.difficulty == 8 and st.outcome == "prone" and t.c("Ann").has_condition("Ležící")
    t("end", "declare Ann vstat")
    t.faces(8, 1, 1)
    t("resolve all")
    assert t.kinds("stand")[-1].outcome == "stands" and not t.c("Ann").has_condition("Ležící")


def test_CZ_PRONE_1_prone_fighter_at_plus_two() -> None:
    t = T()
    t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "condition Bob +prone", "declare Ann boj Bob")
    t.faces(*ONE[:4], *ONE[:4])
    t("resolve all")
    assert t.diff("Bob", "Ann") == 8 and t.diff("Ann", "Bob") == 6


def test_CZ_SKILL_3_seed_example_shooter_beaten_by_melee_must_melee() -> None:
    # the seed's example: I attack a shooter with Boj and succeed -> next turn he must use
    # Boj/Rvačka (even though he parried with Atletika, the lower skill, this turn)
    t = T()
    t("add Bořek Obratnost=4 Boj=4 Zbraň=meč", "add Lučištník Obratnost=2 Zručnost=3 Střelba=3 "
      "Atletika=2 Konstituce=5 Odolnost=2 Zbraň=luk", "start",
      "declare Bořek boj Lučištník", "declare Lučištník střelba Bořek")
    # Bořek (speed 9) parries arrows with Atletika 0: 4 + 0 dice, 3 successes; archer 0
    t.faces(7, 7, 7, 1, 1, 1, 1, 1)
    t.faces(10, 1)                           # 3 + sword 2 = 5 levels: check at 10 passes
    t("resolve all")
    assert t.pool("Lučištník")["skill"] == "atletika" and t.pool("Lučištník")["n"] == 4
    assert t.me("Lučištník").wounds == [5]
    t("end")
    assert t.me("Lučištník").forced == ["boj", "rvacka"]
    assert "Boj/Rvačka" in t.fails("declare Lučištník střelba Bořek")


def test_CZ_RES_1_spell_wound_by_difference_spell_damage_and_armour() -> None:
    t = T()
    t('add Jitka Paměť=4 Kouzlení=3 "Rychlost kouzla=1" "Zranění kouzla=2"',
      "add Šíp Obratnost=2 Atletika=1 Zbroj=1 Konstituce=5 Odolnost=1", "start",
      "declare Jitka kouzlení Šíp")
    t.faces(9, 9, 9, 1, 1, 1, 1)   # Jitka (speed 8): 3 successes
    t.faces(6, 1, 1)              # Šíp parries with Atletika: 2 + 1 dice, 1 success
    t.faces(9)                    # 2 + 2 - 1 = 3 levels: check at 8 (1 die: Odolnost 1 + 0)
    t("resolve all")
    assert t.turn["speeds"][t.c("Jitka").id] == 8
    hit = t.kinds("hit")[0]
    assert hit.data["levels"] == 3
    assert hit.text == "Zranění: Šíp 3 stupně (rozdíl úspěchů 2 + kouzlo 2 - zbroj 1; útočila Jitka)"
    assert t.me("Šíp").wounds == [3] and t.kinds("check")[0].difficulty == 8
