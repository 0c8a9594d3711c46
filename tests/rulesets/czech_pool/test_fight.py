"""A whole fight typed in Czech, turn by turn, with every number checked."""

from __future__ import annotations

from tests.rulesets.czech_pool.conftest import T


def test_whole_fight_in_czech() -> None:
    t = T(amb={"notice_roll": True})
    t('add Bořek side=pc Obratnost=3 Boj=3 Odolnost=3 Konstituce=3 Postřeh=2 Obezřetnost=2 '
      'Zbraň=meč Zbroj=1 Talenty="Boj se štítem"',
      "add Vlk Obratnost=2 Boj=2 Rvačka=1 Odolnost=2 Konstituce=1 Postřeh=1 Obezřetnost=1 "
      "Zbraň=sekera",
      "add Šíp Zručnost=3 Střelba=2 Obratnost=2 Atletika=2 Odolnost=1 Konstituce=1 "
      "Postřeh=1 Obezřetnost=1 Zbraň=luk")
    # round 1 notice rolls in speed order: Bořek (3+3+1), Vlk (2+2+0), Šíp (2+0+0)
    t.faces(6, 1, 1, 1, 7, 1, 8, 1)
    t("start")
    assert not any(e.outcome == "surprised" for e in t.kinds("initiative"))

    # --- turn 1: Bořek attacks both; Vlk attacks Bořek and takes a disadvantage; Šíp shoots
    t('declare Bořek boj Vlk, boj Šíp', "declare Vlk boj Bořek volba=nevýhoda",
      "declare Šíp střelba Bořek míření")
    # Bořek: Boj 3 but parries arrows with Atletika 0 -> pool skill 0: Obratnost 3 + 0,
    # free 1 + 0 = 1, defends against 2 -> -2: 1 die
    t.faces(8)                 # Bořek (speed 7)
    t.faces(1, 1, 1, 1)        # Šíp (speed 3+2+0 = 5): Střelba 2 vs Atletika 2 -> 2 + 2
    t.faces(9, 9, 1, 1)        # Vlk (speed 4)
    t.faces(8)                 # Šíp's unconsciousness check (1 die, 3 levels, at 8)
    out = t("resolve all")
    assert t.pool("Bořek")["n"] == 1 and t.pool("Bořek")["skill"] == "atletika"
    assert t.pool("Šíp")["n"] == 4
    clashes = [(e.actor, e.target, e.data["successes"], e.data["target_successes"], e.outcome)
               for e in out if e.kind == "clash"]
    assert clashes == [("Bořek", "Vlk", 1, 2, "loss"), ("Bořek", "Šíp", 1, 0, "win")]
    # Vlk wins with volba=nevýhoda: +1 on Bořek; Bořek wounds Šíp 1 + 2 = 3
    assert t.level("Vlk", "Bořek") == 1
    assert t.me("Šíp").wounds == [3]
    assert t.c("Šíp").status == "Zraněný"
    t("end")
    assert t.me("Šíp").forced == ["boj", "rvacka"]  # beaten by Boj while shooting

    # --- turn 2: the disadvantage counts; Šíp must melee
    t("declare Bořek boj Vlk", "declare Vlk boj Bořek", "declare Šíp pouze_bránit")
    # Bořek: only Boj 3 now: 3 + 3 = 6 dice, free 2 (+1 shield) = 3
    t.faces(7, 7, 7, 6, 1, 1)  # Bořek: 4 at 6, 3 at 7
    t.faces(9, 1, 1, 1)        # Vlk: 1 success at 8
    t.faces(9, 1, 1, 1)        # (Šíp is not attacked: no roll) Vlk's check at 9: passes
    out = t("resolve all")
    assert t.diff("Bořek", "Vlk") == 7  # 6 + Vlk's disadvantage 1
    # Bořek's faster sword of the same length +1, his shield against a single opponent +1
    assert t.diff("Vlk", "Bořek") == 8
    assert t.pool("Bořek")["n"] == 6 and "Šíp" not in [e.actor for e in out if e.kind == "roll"]
    clash = next(e for e in out if e.kind == "clash")
    assert (clash.data["successes"], clash.data["target_successes"]) == (3, 1)
    # Bořek wins 3-1: wound 2 + sword 2 = 4 >= Vlk's 6 levels? no: 6 - 4 = 2 left, check at 9
    assert t.level("Vlk", "Bořek") == 0  # the other side won: the disadvantage is lost
    assert t.me("Vlk").wounds == [4]
    assert t.kinds("check")[-1].difficulty == 9
    assert t.kinds("check")[-1].outcome == "ok" and not t.dice.queue
