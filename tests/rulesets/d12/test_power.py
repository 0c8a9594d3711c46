"""Weapon Power: Walton's formula (D12-POW-1) and the seed's Power list (D12-POW-2)."""

from __future__ import annotations

import pytest
from combat_rulesets.d12.power import attack_power, walton, weapon

from .helpers import fails, out, table, typed


@pytest.fixture
def tables():
    return typed(table())


@pytest.mark.parametrize(("build", "power"), [
    ("small+edged", 1),       # small knife 0 + 1
    ("medium+edged", 2),      # long (medium) dagger 1 + 1
    ("large", 2),             # heavy (large) bludgeon
    ("small+firearm", 3),     # small firearm 0 + 3
    ("large+edged", 3),       # large edged weapon 2 + 1
    ("medium", 1),
    ("large+edged+firearm", 6),
])
def test_D12_POW_1_walton_formula(tables, build, power):
    assert weapon(build, tables).power == power


def test_D12_POW_1_walton_parts(tables):
    assert walton("small", True, False, tables.power) == 1
    assert walton("medium", True, False, tables.power) == 2
    assert walton("large", False, False, tables.power) == 2
    assert walton("small", False, True, tables.power) == 3
    assert walton("large", True, False, tables.power) == 3


@pytest.mark.parametrize(("name", "power"), [
    ("punch", 1), ("kick", 1), (".22", 1), ("shank", 1), ("small-knife", 1),
    ("dislocate", 1), ("chair", 1), ("bottle", 1), ("light-bludgeon", 1),
    ("medium-gun", 2), ("long-dagger", 2), ("thunder", 2), ("break-leverage", 2),
    ("heavy-bludgeon", 2),
    ("shotgun", 3), ("semi-auto", 3), ("high-calibre", 3), ("break-force", 3), ("grenade", 3),
])
def test_D12_POW_2_power_list(tables, name, power):
    assert weapon(name, tables).power == power


def test_D12_POW_2_seed_checks_punch_and_strength(tables):
    punch = weapon("punch", tables)
    assert attack_power(punch, tables, strength=6, bid=6).power == 1   # Strength 6 -> 1
    assert attack_power(punch, tables, strength=7, bid=7).power == 2   # Strength 7, full bid
    assert attack_power(punch, tables, strength=7, bid=6).power == 1   # below full bid
    kick = weapon("kick", tables)
    assert attack_power(kick, tables, strength=7, bid=7).power == 2    # a kick the same
    assert attack_power(kick, tables, strength=8, bid=8).power == 2    # "7 or more"


def test_D12_POW_2_seed_checks_ranges(tables):
    p22 = weapon(".22", tables)
    assert attack_power(p22, tables, rng="far").power == 1
    assert attack_power(p22, tables, rng=None).power == 1
    assert attack_power(p22, tables, rng="close").power == 2
    assert attack_power(weapon("grenade", tables), tables, rng=12).power == 3
    thunder = weapon("thunder", tables)
    assert attack_power(thunder, tables, rng=8).power == 2          # 5-10 ft
    assert attack_power(thunder, tables, rng="close").power == 3
    assert attack_power(weapon("medium-gun", tables), tables, rng="close").power == 3


def test_AMB_D12_7_list_wins_over_walton_by_default_and_walton_switch():
    t = table()
    assert weapon(".22", typed(t)).power == 1            # the list
    w = table(house={"power": {"scheme": "walton"}})
    assert weapon(".22", typed(w)).power == 3            # small 0 + firearm 3
    assert weapon("long-dagger", typed(w)).power == 2
    assert weapon("dislocate", typed(w)).power == 1      # no Walton inputs: the list


def test_AMB_D12_10_strength_scope_switches():
    t = table(house={"power": {"strength_scope": "unarmed"}})
    assert attack_power(weapon("punch", typed(t)), typed(t), strength=7, bid=7).power == 2
    assert attack_power(weapon("long-dagger", typed(t)), typed(t), strength=7, bid=7).power == 2
    d = table()
    assert attack_power(weapon("long-dagger", typed(d)), typed(d), strength=7, bid=7).power == 3
    assert attack_power(weapon("shotgun", typed(d)), typed(d), strength=9, bid=9).power == 3
    n = table(house={"power": {"strength_scope": "none"}})
    assert attack_power(weapon("punch", typed(n)), typed(n), strength=7, bid=7).power == 1


def test_power_verb_shows_the_power():
    t = table()
    assert "Power 2" in out(t, "power punch strength=7 bid=7").notes[0]
    assert "Power 1" in out(t, "power punch strength=7 bid=6").notes[0]
    assert "Power 2" in out(t, "power .22 range=close").notes[0]
    assert "Power 3" in out(t, "power small+firearm").notes[0]
    assert "did you mean" in fails(t, "power shotgn")
    assert "needs a size" in fails(t, "power edged")
    fails(t, "power punch colour=red")
