"""The modifier table (every row of the seed's Tabulka bonusů a postihů v boji) and the
house-rule switches for the ambiguities AMB-CZ-*."""

from __future__ import annotations

import pytest

from tests.rulesets.czech_pool.conftest import T

ANN = "Ann Zručnost=3 Střelba=2 Obratnost=3 Boj=2"
BOB = "Bob Obratnost=2 Boj=2"


def fight(options: str = "", ann: str = "", bob: str = "", setup: tuple[str, ...] = (),
          pool: int = 5, **house: dict) -> T:
    t = T(**house)
    t(f"add {ANN} {ann}", f"add {BOB} {bob}", *setup, "start",
      f"declare Ann střelba Bob {options}")
    t.faces(*[1] * max(pool, 0), 1, 1)
    t("resolve all")
    return t


@pytest.mark.parametrize(("options", "diff", "pool"), [
    ("míření", 5, 5),                     # aiming -1
    ("aim", 5, 5),
    ("míření=ano", 5, 5),
    ("aim=yes", 5, 5),
    ("míření=ne", 6, 5),
    ("omráčit", 7, 5),                    # trying to stun +1
    ("cíl=větší", 5, 5),                  # larger target -1
    ("cil=mensi", 7, 5),                  # smaller target +1
    ("dostřel=malý", 7, 5),               # beyond short range +1
    ("dostřel=velký", 8, 3),              # beyond long range +2, -2 dice
    ("range=long", 8, 3),
    ("daleko", 7, 4),                     # long throw +1, -1 die
    ("překážka=malá", 7, 5),              # cover +1/+2/+3
    ("překážka=střední", 8, 5),
    ("cover=large", 9, 5),
    ("rozptyl", 5, 5),                    # wide spread -1
    ("obt=2", 8, 5),                      # other influences
    ("bank=-1", 6, 4),
])
def test_table_rows_on_the_declaration(options: str, diff: int, pool: int) -> None:
    t = fight(options, pool=pool)
    assert t.diff("Ann", "Bob") == diff
    assert t.pool("Ann")["n"] == pool


def test_table_row_back_turned_raises_the_targets_difficulty() -> None:
    t = fight("zády")
    assert t.diff("Bob", "Ann") == 7 and t.diff("Ann", "Bob") == 6


@pytest.mark.parametrize(("cond", "diff"), [("Ležící", 8), ("Šero", 7), ("Tma", 9),
                                            ("Stísněný", 7), ("dark", 9), ("cramped", 7)])
def test_table_rows_as_conditions(cond: str, diff: int) -> None:
    t = fight(setup=(f"condition Ann +{cond}",))
    assert t.diff("Ann", "Bob") == diff


@pytest.mark.parametrize(("stats", "diff"), [("Únava=1", 7), ("Únava=4", 10), ("Počasí=2", 8),
                                             ("Terén=1", 7), ("fatigue=3", 9)])
def test_table_rows_as_stats(stats: str, diff: int) -> None:
    t = fight(ann=stats)
    assert t.diff("Ann", "Bob") == diff


def test_table_fatigue_above_four_is_refused() -> None:
    t = T()
    assert "0..4" in t.fails(f"add {ANN} Únava=5")


@pytest.mark.parametrize(("demon", "diff", "pool"), [
    ("slabý útočný", 6, 6), ("silný útočný", 5, 7), ("slabý obranný", 6, 6),
    ("silný obranný", 5, 7)])
def test_table_demons(demon: str, diff: int, pool: int) -> None:
    t = fight(ann=f'"Démon={demon}"', pool=pool)
    assert t.diff("Ann", "Bob") == diff and t.pool("Ann")["n"] == pool


def test_table_strong_demon_numbers_per_combatant() -> None:
    t = fight(ann='"Démon=silný útočný" Démon_bank=3 Démon_obtížnost=-2', pool=8)
    assert t.diff("Ann", "Bob") == 4 and t.pool("Ann")["n"] == 8


def _wound(ann: str = "", bob: str = "", pool: int = 5, bob_pool: int = 4) -> int:
    t = T()
    t(f"add Ann Obratnost=3 Boj=2 {ann}", f"add Bob Obratnost=2 Boj=2 Konstituce=9 {bob}",
      "start", "declare Ann boj Bob", "declare Bob bránit")
    t.faces(*[6] * pool, *[1] * bob_pool)  # Ann: all successes, Bob none
    t.faces(10, 10)  # Bob's unconsciousness check
    out = t("resolve all")
    hits = [e for e in out if e.kind == "hit"]
    return hits[0].data["levels"]


def test_table_resistance_vulnerability_and_demon_damage() -> None:
    # Ann 5 dice all successes vs Bob 0: margin 5, no weapon damage
    assert _wound() == 5
    assert _wound(bob="Resistence=2") == 3
    assert _wound(bob="Zranitelnost=1") == 6
    assert _wound(ann='"Démon=silný útočný"', pool=7) == 8   # pool +2 -> margin 7, damage +1
    assert _wound(bob='"Démon=silný obranný"', bob_pool=6) == 4  # damage taken -1


# ------------------------------------------------------------------ AMB switches ---------
def test_AMB_CZ_2_success_strictly_above() -> None:
    from combat_rulesets.czech_pool.health import successes
    from combat_rulesets.czech_pool.schema import Tables

    t = T(amb={"success": ">"})
    assert successes([6, 7, 1], 0, 6, Tables.of(t.t.context())) == 1
    assert successes([6, 7, 1], 0, 6, Tables.of(T().t.context())) == 2


def test_AMB_CZ_3_ones_cancel() -> None:
    from combat_rulesets.czech_pool.health import successes
    from combat_rulesets.czech_pool.schema import Tables

    tables = Tables.of(T(amb={"ones_cancel": True}).t.context())
    assert successes([6, 7, 1], 0, 6, tables) == 1
    assert successes([1, 1, 7], 0, 6, tables) == 0


def test_AMB_CZ_4_highest_difficulty_switch() -> None:
    t = T(amb={"one_roll": "highest"})
    t("add Ann Obratnost=3 Boj=3", "add Bob Obratnost=1 Boj=1", "add Cyril Obratnost=1 Boj=1",
      "start", "nevýhoda Cyril Ann 2", "declare Ann boj Bob, boj Cyril")
    t.faces(*[1] * 6, 1, 1, 1, 1)
    t("resolve all")
    assert t.diff("Ann", "Bob") == 8 and t.diff("Ann", "Cyril") == 8


def test_AMB_CZ_7_as_printed_columns() -> None:
    t = T(amb={"table_columns": "as_printed"})
    t("add Ann Obratnost=3 Boj=2 Konstituce=9 Resistence=1", "add Bob Obratnost=2 Boj=2 "
      '"Démon=slabý útočný"', "damage Ann 3 bez", "start", "declare Ann boj Bob")
    t.faces(*[1] * 5, 1, 1, 1, 1)
    t("resolve all")
    # wounds -2 and resistance -1 lower her difficulty; Bob's weak demon raises it by 1
    assert t.diff("Ann", "Bob") == 6 - 2 - 1 + 1
    assert t.pool("Ann")["n"] == 5 and t.pool("Bob")["n"] == 4


def test_AMB_CZ_7_range_second_value_as_damage() -> None:
    t = T(amb={"range_second_value": "damage"})
    t(f"add {ANN}", f"add {BOB} Konstituce=9", "start", "declare Ann střelba Bob dostřel=velký")
    t.faces(*[10] * 5, 1, 1, 10, 10)
    t("resolve all")
    assert t.pool("Ann")["n"] == 5
    assert t.kinds("hit")[0].data["levels"] == 5 - 2


def test_AMB_CZ_9_undefended_counts_switch() -> None:
    for zero, outcome in ((True, "win"), (False, "loss")):
        t = T(amb={"undefended_zero": zero})
        t("add Ann Obratnost=2 Boj=2", "add Bob Obratnost=1 Boj=1",
          "add Cyril Obratnost=1 Boj=1 Konstituce=9", "start",
          "declare Ann boj Cyril, nebránit Bob", "declare Bob boj Ann")
        t.faces(6, 6, 6, 1, 6, 1, 1, 1)  # Ann 3, Bob 1, Cyril 0
        t.faces(10)                      # Cyril's unconsciousness check
        if zero:
            t.faces(10, 10)              # Ann's, wounded by Bob
        t("resolve all")
        clash = [e for e in t.kinds("clash") if e.actor == "Bob"][0]
        assert clash.outcome == outcome


def test_AMB_CZ_10_non_threatening_winner_may_wound_when_switched_off() -> None:
    t = T(amb={"non_threat_disadvantage_only": False})
    t("add Ann Obratnost=2 Boj=2 Konstituce=9", "add Bob Obratnost=1 Boj=1 Konstituce=9",
      "start", "declare Ann bránit", "declare Bob boj Ann")
    t.faces(1, 1, 6, 6, 1, 1, 10)
    t("resolve all")
    assert t.me("Bob").wounds == [2]


def test_AMB_CZ_11_switch_off_keeps_defence_disadvantages() -> None:
    t = T(amb={"drop_defence_disadvantage": False})
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann pouze_bránit", "declare Bob boj Ann")
    t.faces(1, 1, 1, 1, 6, 6, 6, 1, 1)
    t("resolve all", "end", "declare Ann boj Bob", "declare Bob boj Ann")
    t.faces(*[1] * 9)
    t("resolve all")
    assert t.level("Ann", "Bob") == 1


def test_AMB_CZ_12_difficulty_clamped() -> None:
    t = fight("míření", ann='"Démon=silný útočný" Démon_obtížnost=-5', pool=7,
              amb={"difficulty_min": 3})
    assert t.diff("Ann", "Bob") == 3


def test_AMB_CZ_13_equal_speeds_simultaneous() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2 Zranění_zbraně=5", "add Bob Obratnost=3 Boj=2 Konstituce=0",
      "add Cyril Obratnost=1 Boj=1 Konstituce=9", "start", "nevýhoda Ann Bob 3",
      "declare Ann boj Bob", "declare Bob boj Cyril")
    t.faces(6, 1, 1, 1, 1)   # Ann (speed 5): 1 success
    t.faces(7, 7, 1, 1, 1)   # Bob (speed 5): 0 at 9 vs Ann, 2 at 6 vs Cyril
    t.faces(1, 1)            # Cyril
    t.faces(10)              # Cyril's unconsciousness check
    out = t("resolve all")
    assert t.c("Bob").out   # 1 + 5 = 6 levels: all 5 gone
    assert [(e.actor, e.target, e.outcome) for e in out if e.kind == "clash"] == [
        ("Ann", "Bob", "win"), ("Bob", "Cyril", "win")]
    assert t.me("Cyril").wounds == [2]
    assert not [e for e in out if e.kind == "check" and e.outcome == "lost"]


def test_AMB_CZ_13_switch_off_knocked_out_at_same_speed_does_not_act() -> None:
    t = T(amb={"ties_simultaneous": False})
    t("add Ann Obratnost=3 Boj=2 Zranění_zbraně=5", "add Bob Obratnost=3 Boj=2 Konstituce=0",
      "add Cyril Obratnost=1 Boj=1 Konstituce=9", "start", "nevýhoda Ann Bob 3",
      "declare Ann boj Bob", "declare Bob boj Cyril")
    t.faces(6, 1, 1, 1, 1, 7, 7, 1, 1, 1, 1, 1)
    out = t("resolve all")
    assert [e.actor for e in out if e.kind == "clash"] == ["Ann"]
    assert not t.me("Cyril").wounds


def test_AMB_CZ_14_notice_roll_switches() -> None:
    t = T(amb={"notice_roll": True, "notice_difficulty": 8, "notice_surprise": False})
    t("add Ann Postřeh=1 Obezřetnost=1")
    t.faces(7, 7)
    t("start")
    e = t.kinds("initiative")[0]
    assert e.difficulty == 8 and e.data["successes"] == 0 and e.outcome == "aware"
    t2 = T()
    t2("add Ann Postřeh=3", "start")  # notice_roll off: no dice asked
    assert not t2.kinds("initiative")


def test_house_rules_are_named_and_exist() -> None:
    from combat_cli import plugins

    rs = plugins.load("czech_pool")
    tables = rs.load_tables()
    for key in rs.house_rules:
        node = tables
        for part in key.split("."):
            node = node[part]
    ambs = " ".join(rs.house_rules.values())
    for n in range(1, 15):
        assert f"AMB-CZ-{n} " in ambs


def test_environment_for_everyone() -> None:
    t = fight(setup=("prostředí počasí=2 šero=ano", "set Bob Počasí=1"))
    assert t.diff("Ann", "Bob") == 9 and t.diff("Bob", "Ann") == 9  # 6 + 2 + 1 each
    t2 = fight(setup=("environment weather=1 dark=1", "prostředí tma=0"))
    assert t2.diff("Ann", "Bob") == 7
    t3 = T()
    t3("add Ann")
    for bad in ("prostředí počasí=3", "prostředí vítr=1", "prostředí počasí", "prostředí"):
        t3.fails(bad)


def test_table_strong_demon_damage_numbers_per_combatant() -> None:
    # T-CZ-1 "?" cells: Démon zranění is the damage dealt (offensive) or taken (defensive)
    assert _wound(ann='"Démon=silný útočný" Démon_zranění=3 Démon_bank=0', pool=5) == 8
    assert _wound(bob='"Démon=silný obranný" Démon_zranění=-3 Démon_bank=0') == 2
    # a defensive demon's number never adds to the damage its owner deals
    assert _wound(ann='"Démon=silný obranný" Démon_zranění=4 Démon_bank=0', pool=5) == 5


def test_table_strong_demon_question_marks_are_asked_of_the_gm() -> None:
    from combat_cli.commands.registry import dispatch

    t = T()
    out = dispatch(t.t, 'add Ann "Démon=silný obranný" Démon_bank=3')
    assert out.notes == ["Ann: pravidla pro silný obranný démon udávají „?“ — výchozí "
                         "Démon_obtížnost=-1, Démon_zranění=-1 (jinak: nastav Ann "
                         "Démon_obtížnost=N ...)"]
    assert dispatch(t.t, "set Ann Démon_obtížnost=-2 Démon_zranění=-2").notes == []
    assert dispatch(t.t, 'add Bob "Démon=slabý útočný"').notes == []
    t2 = T(lang="en")
    out = dispatch(t2.t, 'add Ann "demon=strong offensive"')
    assert out.notes == ["Ann: the rules give \"?\" for strong offensive demon — defaults "
                         "demon_pool=+2, demon_difficulty=-1, demon_damage=+1 "
                         "(to change: set Ann demon_pool=N ...)"]


def test_house_rule_switches_refuse_unknown_values() -> None:
    from combat_rulesets.czech_pool import HOUSE_RULES
    from combat_rulesets.czech_pool.schema import Tables

    from combat_cli import plugins
    from combat_cli.dice import FixedDice
    from combat_cli.engine.domain.errors import RuleError
    from combat_cli.engine.table import Table

    rs = plugins.load("czech_pool")
    for key in HOUSE_RULES:   # each switch is a typed field of the tables
        part, name = key.split(".")
        section = Tables.model_fields[part].annotation
        assert name in section.model_fields, key  # type: ignore[union-attr]
        shipped = rs.load_tables()[part][name]
        for wrong in ("maybe", 1.5, *(() if isinstance(shipped, bool) else (True,))):
            with pytest.raises(RuleError, match=key.replace(".", r"\.")):
                Table.new(rs, FixedDice([]), house_rules={part: {name: wrong}})
    with pytest.raises(RuleError, match="difficulty_min"):
        Table.new(rs, FixedDice([]), house_rules={"amb": {"difficulty_min": 8,
                                                           "difficulty_max": 7}})
    for low, top in ((0, 5), (2, 11)):
        with pytest.raises(RuleError, match="1..10"):
            Table.new(rs, FixedDice([]), house_rules={"amb": {"difficulty_min": low,
                                                               "difficulty_max": top}})
    ok = Table.new(rs, FixedDice([]), house_rules={"amb": {"full_defence": "own"},
                                                   "health": {"at_zero": "Smrt"}})
    assert ok.tables["amb"]["full_defence"] == "own"
    typed = Tables.of(ok.context())
    assert typed.amb.full_defence == "own" and typed.health.at_zero == "smrt"
