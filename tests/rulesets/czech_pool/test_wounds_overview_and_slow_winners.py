"""Issue 13, items 20-23: defects found in play (czech_pool), each with its regression test."""

from __future__ import annotations

from combat_cli.api import RulesView
from combat_cli.commands.registry import dispatch
from tests.rulesets.czech_pool.conftest import T


def test_wound_levels_stop_at_zero() -> None:
    t = T()
    t("add Ada Konstituce=2", "add Bor", "start", "damage Ada 5 bez", "damage Ada 4 bez")
    ada = t.c("Ada")
    assert ada.status == "Bezvědomí"
    assert t.t.ruleset.status_columns(RulesView(t.t.enc, t.t.ruleset), ada)["Health"] == "0/7"
    assert all("-" not in e.text.split("zbývá")[-1] for e in t.kinds("wound"))
    # healing one level does not silently bring her back: she stays unconscious, and says so
    out = t("heal Ada 1")
    ada = t.c("Ada")
    assert ada.status == "Bezvědomí" and ada.out
    assert t.t.ruleset.status_columns(RulesView(t.t.enc, t.t.ruleset), ada)["Health"] == "1/7"
    assert any("bezvědomí" in e.text and "revive Ada" in e.text for e in out)
    # bringing her back is explicit
    t("revive Ada")
    ada = t.c("Ada")
    assert not ada.out and ada.status == "Zraněný"


def test_heal_never_revives_the_dead() -> None:
    t = T()
    t("add Ada Konstituce=2", "add Bor", "start", "damage Ada smrt")
    err = t.fails("heal Ada 1")
    assert "revive Ada" in err
    t("revive Ada 3")
    ada = t.c("Ada")
    assert not ada.out and t.t.ruleset.status_columns(RulesView(t.t.enc, t.t.ruleset), ada)["Health"] == "3/7"
    assert "revive" in t.fails("revive Ada")  # not out: nothing to revive


def test_overview_shows_the_difficulty_the_roll_uses() -> None:
    # turn 1: Ada only defends and wins: a +1 disadvantage on Bor (held while defending)
    t = T([1, 1, 1] + [10, 10, 10])  # Bor rolls first (he has a speed)
    t("add Ada Obratnost=2 Boj=1", "add Bor Obratnost=2 Boj=1", "start",
      "declare Ada pouze_bránit", "declare Bor boj Ada", "resolve all")
    assert t.level("Ada", "Bor") == 1
    t("end")
    # turn 2: Ada attacks: AMB-CZ-11 drops the disadvantage, přehled must say so already
    t("declare Ada boj Bor", "declare Bor boj Ada")
    out = dispatch(t.t, "přehled")
    assert out.error is None
    bor = next(n for n in out.notes if n.startswith("Bor:"))
    assert "vs Ada: obt. 6" in bor and "nevýhoda" not in bor.split("vs Ada")[1]
    assert t.level("Ada", "Bor") == 1  # přehled changes nothing
    t.faces(1, 1, 1, 1, 1, 1)
    t("resolve all")
    assert t.diff("Bor", "Ada") == 6


FIGHT = ["add Fa Obratnost=4 Boj=3 Konstituce=3",
         "add Sl Obratnost=1 Boj=3 Konstituce=3 Odolnost=1",
         "add Xa Obratnost=3 Boj=2", "start",
         "declare Fa boj Sl", "declare Sl boj Fa", "declare Xa boj Sl"]
# pools in speed order: Fa 7 dice (speed 7), Xa 5 (speed 5), Sl 4 (speed 4)
POOLS = [1] * 7 + [10] * 5 + [10] * 4


def test_slow_winner_wounded_first_makes_his_check() -> None:
    # Sl beats Fa (4 - 0), but Xa (speed 5) wounds Sl before Sl's own speed 4: Sl stays
    # conscious (10) but fails the check roll before acting (1): his wound never lands
    t = T(POOLS + [10, 1, 1, 1] + [1])
    t(*FIGHT, "resolve all")
    assert t.me("Fa").wounds == []
    checks = [e for e in t.kinds("check") if e.actor == "Sl" and e.outcome == "lost"]
    assert len(checks) == 1


def test_slow_winner_who_passes_wounds_at_his_speed() -> None:
    t = T(POOLS + [10, 1, 1, 1] + [10] + [10, 10, 10])
    t(*FIGHT, "resolve all")
    assert t.me("Fa").wounds == [4]
    texts = [e.text for e in t.entries]
    wound_fa = next(i for i, x in enumerate(texts) if x.startswith("Zranění: Fa "))
    wound_sl = next(i for i, x in enumerate(texts) if x.startswith("Zranění: Sl "))
    assert wound_sl < wound_fa


def test_switch_faster_settles_at_the_faster_speed() -> None:
    t = T(POOLS + [10, 1, 1] + [10, 1, 1, 1], amb={"clash_speed": "faster"})
    t(*FIGHT, "resolve all")
    assert t.me("Fa").wounds == [4]
    assert not [e for e in t.kinds("check") if e.actor == "Sl" and e.action == "kontrola"
                and e.outcome == "lost"]


def test_surprised_lapsed_attack_is_not_ticked() -> None:
    t = T([1, 10], amb={"notice_roll": True})
    t("add Ada Obratnost=2 Boj=1 Postřeh=1 Obezřetnost=0",
      "add Bor Obratnost=1 Boj=1 Postřeh=1 Obezřetnost=0", "start")
    assert t.me("Ada").surprised
    t.faces(1, 1, 1, 1)
    t("declare Ada boj Bor", "declare Bor bránit", "resolve all")
    item = next(i for i in t.t.enc.queue if i.actor == t.c("Ada").id)
    assert item.state == "lapsed"
