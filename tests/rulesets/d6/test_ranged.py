"""Ranged combat, scale, modifiers, protection, armour (D6-RANGE, D6-SCALE, D6-MOD, D6-PROT,
D6-ARMOR; T-D6-1..6)."""

from __future__ import annotations

import pytest

from tests.rulesets.d6.conftest import LECTOR, MINA, T, faces

VAMPS = ['add "Vampire 1" Instincts=1D Constitution=3D', 'add "Vampire 2" Instincts=1D+1 Constitution=3D']
THUGS = [f'add "Thug {i}" Instincts={i}D Constitution=2D' for i in (1, 2)] + [
    'add "Thug 3" Instincts=1D+2 Constitution=2D']
FIXED = {"modifiers": {"difficulty_dice": "fixed"}}


def test_D6_RANGE_1_and_T_D6_1_difficulty_by_range(t):
    t(LECTOR, 'add Target Instincts=1D Constitution=2D', "start")
    err = t.err("act Lector shoot Target range=121")
    assert "beyond" in err and "120" in err
    for rng, want in (("point_blank", 5), ("short", 10), ("medium", 15), ("long", 20),
                      ("2", 5), ("10m", 10), ("11", 15), ("30", 15), ("31", 20), ("120", 20)):
        t.dice(faces(4, 4))
        t(f"act Lector shoot Target range={rng}")
        assert t.last("attack").difficulty == want, rng
        t("end")


def test_D6_RANGE_2_mina_two_vampires_minus_1D_then_minus_2D(t):
    """Seed: Mina fires once at each of two vampires: -1D to the first shot (two actions), -2D
    to the second (two actions + second target)."""
    t(MINA, *VAMPS, "start", 'declare Mina shoot "Vampire 1", shoot "Vampire 2"')
    t.dice(faces(4, 4), faces(3, 3))
    t("resolve all")
    shots = t.all("attack", actor="Mina")
    assert [(s.target, s.dice) for s in shots] == [("Vampire 1", "4D"), ("Vampire 2", "3D")]
    assert t.asked()[0].startswith("Mina: Missile Weapons 4D (5D -1D 2 actions) vs 10")
    assert t.asked()[1].startswith("Mina: Missile Weapons 3D (5D -1D 2 actions -1D target 2)")
    t.done()


def test_D6_RANGE_2_mina_three_thugs_minus_2D_3D_4D(t):
    """Seed: three demon thugs, one shot each: -2D, -3D, -4D."""
    t(MINA, *THUGS, "start", 'declare Mina shoot "Thug 1", shoot "Thug 2", shoot "Thug 3"')
    t.dice(faces(3, 3), faces(2, 2), faces(1, 1))
    t("resolve all")
    shots = t.all("attack", actor="Mina")
    assert [s.dice for s in shots] == ["3D", "2D", "1D"]
    assert [a.split(" vs")[0] for a in t.asked()] == [
        "Mina: Missile Weapons 3D (5D -2D 3 actions)",
        "Mina: Missile Weapons 2D (5D -2D 3 actions -1D target 2)",
        "Mina: Missile Weapons 1D (5D -2D 3 actions -2D target 3)"]
    t.done()


def test_D6_RANGE_2_same_target_twice_has_no_target_penalty(t):
    t(MINA, *VAMPS, "start", 'declare Mina shoot "Vampire 1", shoot "Vampire 1"')
    t.dice(faces(4, 4), faces(4, 4))
    t("resolve all")
    assert [s.dice for s in t.all("attack")] == ["4D", "4D"]


def test_D6_RANGE_2_a_pool_reduced_to_0D_is_refused(t):
    t('add Mina Instincts=3D "Missile Weapons=3D" weapon="Repeating Crossbow"', *THUGS, "start")
    err = t.err('declare Mina shoot "Thug 1", shoot "Thug 2", shoot "Thug 3"')
    assert "0D" in err


def test_D6_RANGE_3_and_T_D6_2_full_auto_spray(mk):
    t = mk(FIXED)
    t('add Gunner Instincts=3D Firearms=4D weapon="Assault Rifle"',
      'add Target Instincts=1D Constitution=1D', "start")
    err = t.err("declare Gunner shoot Target fire=full_auto, shoot Target")
    assert "only action" in err
    t("declare Gunner shoot Target fire=full_auto")
    t.dice(faces(4, 4), faces(8, 8), faces(1, 6))  # 4 vs 10-6=4: hit; damage 5D+2 +2D = 7D+2
    t("resolve")
    a = t.last("attack")
    assert (a.difficulty, a.outcome) == (4, "hit")
    assert t.last("damage").dice == "7D+2"
    assert "no active defence" in t.err("act Gunner dodge")
    t2 = mk(FIXED)
    t2('add Pistolero Instincts=3D Firearms=4D weapon="Heavy Pistol"', 'add X Instincts=1D',
       "start")
    assert "automatic" in t2.err("act Pistolero shoot X fire=full_auto")


def test_T_D6_2_single_fire_as_multi(mk):
    t = mk(FIXED)
    t('add Gunner Instincts=3D Firearms=4D weapon="Heavy Pistol"',
      'add Target Instincts=1D Constitution=3D', "start")
    t.dice(faces(4, 4), faces(7, 7), faces(3, 18))  # 3 rounds: 10 -6 = 4; damage 5D +2D
    t("act Gunner shoot Target fire=multi rounds=3")
    a = t.last("attack")
    assert (a.dice, a.difficulty, a.outcome) == ("4D", 4, "hit")  # not a multi-action
    assert t.last("damage").dice == "7D"
    assert t.state("Gunner").ammo["Heavy Pistol"] == 7
    assert "ROF" in t.err("act Gunner shoot Target fire=multi rounds=4")
    assert "fire=multi" in t.err("act Gunner shoot Target rounds=2")


def test_D6_RANGE_4_and_T_D6_3_two_guns(mk):
    t = mk({"two_guns": {"offhand_penalty": 1}})
    t('add Ana Instincts=3D Firearms=5D weapon="Heavy Pistol"', 'add X Instincts=1D', "start",
      'declare Ana shoot X, shoot X weapon="Light Pistol" offhand=yes')
    t.dice(faces(4, 4), faces(3, 3))
    t("resolve all")
    assert [s.dice for s in t.all("attack")] == ["4D", "3D"]
    assert "-1D off hand" in t.asked()[1]
    t2 = T()  # default: no off-hand penalty (OpenD6)
    t2('add Ana Instincts=3D Firearms=5D weapon="Heavy Pistol"', 'add X Instincts=1D', "start",
       'declare Ana shoot X, shoot X weapon="Light Pistol" offhand=yes')
    t2.dice(faces(4, 4), faces(4, 4))
    t2("resolve all")
    assert [s.dice for s in t2.all("attack")] == ["4D", "4D"]


def test_D6_RANGE_5_called_shots_add_1D_4D_8D_rolled(t):
    t(LECTOR, 'add X Instincts=1D', "start")
    for size, n in (("large", 1), ("small", 4), ("tiny", 8)):
        t.dice(faces(n, n * 3), faces(4, 4))
        t(f"act Lector shoot X called={size}")
        assert t.last("attack").difficulty == 10 + n * 3
        assert f"difficulty +{n}D called shot ({size})" in t.asked()[-2]
        t("end")
    t.done()


def test_AMB_D6_9_fixed_difficulty_dice_option(mk):
    t = mk(FIXED)
    t(LECTOR, 'add X Instincts=1D', "start")
    for size, add in (("large", 3), ("small", 12), ("tiny", 24)):
        t.dice(faces(4, 4))
        t(f"act Lector shoot X called={size}")
        assert t.last("attack").difficulty == 10 + add
        t("end")
    t.done()


def test_D6_SCALE_1_same_scale_no_modifier(t):
    t(LECTOR, 'add X Instincts=1D', "start")
    t.dice(faces(4, 4))
    t("act Lector shoot X")
    assert "scale" not in t.asked()[-1]


def test_D6_SCALE_2_smaller_attacker_adds_to_attack_target_adds_to_body(t):
    t(LECTOR, 'add Speeder Instincts=1D Constitution=2D scale=speeder', "start")
    t.dice(faces(6, 30), faces(7, 20), faces(4, 4))  # 30 vs 10: +2D Effect Value
    t("act Lector shoot Speeder")
    assert t.asked()[0].startswith("Lector: Firearms 6D (4D +2D scale)")
    assert t.asked()[2] == "Speeder: resist damage 4D (Constitution 2D + scale 2D) vs 20 damage"
    t.done()


def test_D6_SCALE_3_larger_attacker_target_adds_to_dodge_attacker_to_damage(t):
    t('add Speeder Instincts=4D Firearms=3D scale=car weapon="Heavy Pistol"',
      'add Mina side=pc Instincts=3D Dodge=3D Constitution=3D', "start",
      "declare Mina dodge", "declare Speeder shoot Mina")
    # Mina's dodge 3D = 6, +2D scale to the dodge = 4 -> 10; speeder rolls 3D = 15 -> hit;
    # damage 5D +2D scale
    t.dice(faces(3, 6), faces(2, 4), faces(3, 15), faces(7, 7), faces(3, 18))
    t("resolve")
    assert t.asked()[1] == "Mina: dodge +2D scale (vs Speeder)"
    assert t.asked()[2].startswith("Speeder: Firearms 3D (3D) vs 10")
    assert t.asked()[3].startswith("Speeder: damage 7D (Heavy Pistol 5D +2D scale)")
    t.done()


def test_D6_MOD_1_targeting_systems_help(t, tmp_path):
    f = tmp_path / "gun.toml"
    f.write_text('[gunner]\nInstincts = "2D"\nFirearms = "3D"\n'
                 '[gunner.weapon]\nname = "Tank Gun"\ndamage = "6D"\nranges = [50, 200, 500]\n'
                 'targeting = "2D"\n')
    t(f"import {f}", "add G template=gunner", 'add X Instincts=1D', "start")
    t.dice(faces(5, 5))
    t("act G shoot X")
    assert t.asked()[-1].startswith("G: Firearms 5D (3D +2D targeting)")


def test_D6_MOD_2_T_D6_5a_T_D6_5b_concealment_and_cover_add_dice(mk):
    for opt, add in (("conceal=light_smoke", 3), ("conceal=thick_smoke", 6),
                     ("conceal=very_thick_smoke", 12), ("conceal=poor_light", 3),
                     ("conceal=moonlit", 6), ("conceal=darkness", 12),
                     ("cover=quarter", 3), ("cover=half", 6), ("cover=three_quarters", 12)):
        t = mk(FIXED)
        t(LECTOR, 'add X Instincts=1D', "start")
        t.dice(faces(4, 4))
        t(f"act Lector shoot X {opt}")
        assert t.last("attack").difficulty == 10 + add, opt


def test_D6_PROT_1_and_2_T_D6_6_shot_hits_the_door(mk):
    """Constructed check: base 10, half cover +2D (fixed +6): an attack of 13 hits the door;
    damage 18 vs the door's 9 -> 9: heavily damaged; the character takes the damage -2D."""
    t = mk(FIXED)
    t(LECTOR, 'add X Instincts=1D Constitution=2D', "start")
    t.dice(faces(4, 13), faces(5, 18), faces(2, 9), faces(3, 3), faces(2, 12))
    t("act Lector shoot X cover=half protection=wooden_door")
    a = t.last("attack")
    assert (a.total, a.difficulty, a.outcome) == (13, 16, "protection")
    door = t.last("protection")
    assert door.total == 18 and door.difficulty == 9 and door.outcome == "heavily damaged"
    assert t.asked()[3] == "Lector: damage through the wooden door 3D (5D -2D)"
    assert t.state().protection["wooden door"] == "heavily damaged"
    t.done()


def test_D6_PROT_2_damage_below_body_leaves_the_target_unharmed(mk):
    t = mk(FIXED)
    t(LECTOR, 'add X Instincts=1D Constitution=2D', "start")
    t.dice(faces(4, 13), faces(5, 8), faces(3, 9))
    t("act Lector shoot X cover=half protection=3D")
    assert t.last("protection").outcome == "undamaged"
    assert t.c("X").status == "OK"
    t.done()


def test_T_D6_6b_protection_chart_bands(mk):
    for dmg, body, state, extra in ((12, 9, "not seriously damaged", []),
                                    (13, 9, "lightly damaged", [faces(1, 1), faces(2, 12)]),
                                    (25, 9, "destroyed", [faces(5, 5), faces(2, 12)])):
        t = mk(FIXED)
        t(LECTOR, 'add X Instincts=1D Constitution=2D', "start")
        t.dice(faces(4, 13), faces(5, dmg), faces(2, body), *extra)
        t("act Lector shoot X cover=half protection=wooden_door")
        assert t.last("protection", outcome=state)
        t.done()


def test_D6_ARMOR_1_armor_adds_to_constitution(t):
    t(LECTOR, 'add X Instincts=1D Constitution=2D armor=1D+1', "start")
    t.dice(faces(4, 19), faces(5, 10), faces(3, 10))
    t("act Lector shoot X")
    assert t.asked()[-1] == "X: resist damage 3D+1 (Constitution 2D + armor 1D+1) vs 10 damage"
    assert t.last("resist").total == 11 and t.c("X").status == "OK"
    t.done()


@pytest.mark.parametrize("scale,dice", [("speeder", 2), ("walker", 4), ("starfighter", 6),
                                        ("capital", 12), ("tank", 4), ("building", 12)])
def test_T_D6_4_scale_dice_and_difference(t, scale, dice):
    t('add G Instincts=3D Firearms=1D weapon="Heavy Pistol"',
      f'add Big Instincts=1D scale={scale}', "start")
    t.dice(faces(1 + dice, 1 + dice))
    t("act G shoot Big range=long")
    assert f"+{dice}D scale" in t.asked()[-1]


@pytest.mark.parametrize("door,code", [("flimsy_door", "1D"), ("wooden_door", "2D"),
                                       ("metal_door", "3D"), ("reinforced_door", "4D"),
                                       ("blast_door", "6D")])
def test_T_D6_6a_body_strength_of_protection(mk, door, code):
    t = mk(FIXED)
    t(LECTOR, 'add X Instincts=1D Constitution=2D', "start")
    n = int(code[0])
    t.dice(faces(4, 13), faces(5, 5), faces(n, 6 * n))
    t(f"act Lector shoot X cover=half protection={door}")
    assert t.asked()[-1] == f"{door.replace('_', ' ')}: Body Strength {code} vs 5 damage"
    assert t.last("protection").outcome == "undamaged"


@pytest.mark.parametrize("dmg,state,left", [(13, "lightly damaged", "1D"),
                                            (22, "severely damaged", "4D"),
                                            (25, "destroyed", "5D")])
def test_T_D6_6c_damage_passed_through(mk, dmg, state, left):
    t = mk(FIXED)
    t(LECTOR, 'add X Instincts=1D Constitution=2D', "start")
    n = int(left[0])
    t.dice(faces(4, 13), faces(5, dmg), faces(2, 9), faces(n, n), faces(2, 12))
    t("act Lector shoot X cover=half protection=wooden_door")
    assert t.last("protection", outcome=state)
    assert t.asked()[3].startswith(f"Lector: damage through the wooden door {left} (5D")
    t.done()
