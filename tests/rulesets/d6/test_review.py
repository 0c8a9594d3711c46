"""What a review added: the sweep, range/cover per shooter-target pair, actions taken while
declaring, house-ruled display, Medicine (A), a dodge against the round's very first shot."""

from __future__ import annotations

import json

from combat_cli.api import RulesView
from tests.rulesets.d6.conftest import LECTOR, MINA, THUG, T, faces

FAST_THUG = ('add "Demon Thug" Instincts=4D Firearms=3D Brawling=3D Strength=2D '
             'Constitution=2D weapon="Heavy Pistol"')
GUNNER = 'add Gunner Instincts=4D Firearms=5D Dodge=3D weapon="Assault Rifle"'
FIXED = {"modifiers": {"difficulty_dice": "fixed"}}


def test_D6_REACT_2_lector_dodges_the_very_first_shot_with_react_before_resolve(t):
    """react typed while still declaring closes the declarations; Lector has declared one
    shot, so the undeclared dodge is his second action: 4D -1D -1D = 2D, and the roll (7)
    replaces the thug's difficulty 10 before the thug's first shot."""
    t(LECTOR, FAST_THUG, "start", 'declare Lector shoot "Demon Thug"',
      'declare "Demon Thug" shoot Lector')
    assert t.enc.phase == "declare"
    t.dice([3, 4])
    t("react Lector dodge")
    assert t.enc.phase == "resolve"
    assert t.asked() == ["Lector: Dodge 2D (4D -1D 2 actions -1D reaction)"]
    assert not t.all("attack")  # nobody has shot yet
    t.dice(faces(3, 7), faces(5, 10), faces(3, 12))  # the thug rolls 7 = the dodge: a hit
    t("resolve")
    shot = t.last("attack", actor="Demon Thug")
    assert (shot.difficulty, shot.total, shot.outcome) == (7, 7, "hit")
    t.dice(faces(3, 3))
    t("resolve")  # Lector's own shot: two actions now, 4D -1D = 3D
    assert t.asked()[-1].startswith("Lector: Firearms 3D (4D -1D 2 actions) vs 10")
    t.done()


def test_D6_MULTI_2_actions_taken_while_declaring_count_toward_five():
    t = T()
    t('add Gunner Instincts=3D Firearms=6D Dodge=4D weapon="Heavy Pistol"', THUG, "start")
    t.dice(faces(3, 9))
    t("act Gunner dodge")  # undeclared, before declaring: one action already taken
    err = t.err('declare Gunner shoot "Demon Thug", shoot "Demon Thug", shoot "Demon Thug", '
                "reload, reload")
    assert "6 actions, 1 already taken: at most 5" in err
    t('declare Gunner shoot "Demon Thug", shoot "Demon Thug", shoot "Demon Thug", reload')
    t.dice(faces(2, 2))
    t("resolve")
    assert t.asked()[-1].startswith("Gunner: Firearms 2D (6D -4D 5 actions)")


def test_D6_MULTI_6_and_D6_RANGE_2_shots_acted_while_declaring_count():
    t = T()
    t('add Mina Instincts=3D "Missile Weapons=5D" weapon=Crossbow Firearms=4D', THUG,
      'add X Instincts=1D', "start")
    t.dice(faces(5, 5))
    t('act Mina shoot "Demon Thug"')
    assert "ROF 1" in t.err('declare Mina shoot X')
    t('declare Mina shoot X weapon="Heavy Pistol"')  # X is her second target: -1D more
    t.dice(faces(2, 2))
    t("resolve")
    assert t.asked()[-1].startswith(
        "Mina: Firearms 2D (4D -1D 2 actions -1D target 2)")


def test_D6_REACT_3_full_dodge_is_the_only_action_even_undeclared():
    t = T()
    t(MINA, THUG, "start")
    t.dice(faces(4, 12))
    t("act Mina fulldodge")
    assert "only action" in t.err('declare Mina shoot "Demon Thug"')
    assert "only action" in t.err('act Mina shoot "Demon Thug"')
    t2 = T()
    t2(MINA, THUG, "start")
    t2.dice(faces(5, 5))
    t2('act Mina shoot "Demon Thug"')
    assert "only action" in t2.err("declare Mina fulldodge")


def test_T_D6_2_sweep_is_one_roll_against_every_target(mk):
    t = mk(FIXED)
    t(GUNNER, 'add A Instincts=1D Constitution=2D', 'add B Instincts=1D+1 Dodge=3D Constitution=2D',
      'add C Instincts=1D+2 Constitution=2D', "start", "declare B dodge",
      "declare Gunner shoot A B C fire=sweep range=medium")
    # B's declared dodge rolls 12 (replaces 15); sweep -2D = -6: A 9, B 6, C 9
    t.dice(faces(3, 12), faces(5, 8))  # one roll of 8: B hit, A and C missed
    t.dice(faces(2, 10), faces(2, 5))  # damage 5D+2 -3D = 2D+2: 12 on B; B resists 5
    t("resolve")
    shots = t.all("attack", actor="Gunner")
    assert [(s.target, s.difficulty, s.total, s.outcome) for s in shots] == [
        ("A", 9, 8, "miss"), ("B", 6, 8, "hit"), ("C", 9, 8, "miss")]
    assert len([a for a in t.asked() if a.startswith("Gunner: Firearms")]) == 1
    assert "vs 9/6/9 - sweep A, B, C" in t.asked()[1]
    assert t.last("damage").dice == "2D+2"
    assert t.c("Gunner").data["ammo"]["Assault Rifle"] == 27  # a shot for each target
    assert t.c("B").status == "Wounded"
    t.done()


def test_T_D6_2_sweep_needs_an_automatic_weapon_and_the_rof(t):
    t(LECTOR, 'add A Instincts=1D', 'add B Instincts=1D+1', 'add C Instincts=1D+2',
      'add D Instincts=2D', GUNNER, "start")
    assert "automatic" in t.err("declare Lector shoot A B fire=sweep")
    assert "one too many" in t.err("declare Lector shoot A B")
    assert "ROF 3" in t.err("declare Gunner shoot A B C D fire=sweep")
    assert "named twice" in t.err("declare Gunner shoot A A fire=sweep")
    assert "not aimed" in t.err("declare Gunner shoot A B fire=sweep called=small")
    assert "unexpected" in t.err("declare Gunner brawl A B")


def test_range_and_cover_are_remembered_per_shooter_and_target(mk):
    t = mk(FIXED)
    t(LECTOR, MINA, 'add X Instincts=1D Constitution=2D', "start")
    t.dice(faces(4, 4))
    t("act Lector shoot X range=medium cover=half")
    assert t.last("attack").difficulty == 21
    t("end")
    t.dice(faces(4, 4))
    t("act Lector shoot X")  # the same pair: medium range, half cover
    assert t.last("attack").difficulty == 21
    t.dice(faces(5, 5))
    t("act Mina shoot X")  # another shooter: short range, no cover
    assert t.last("attack").difficulty == 10
    t("end")
    t.dice(faces(4, 4))
    t("act Lector shoot X cover=none")
    assert t.last("attack").difficulty == 15
    t("end", "position all X conceal=darkness", "position Lector X range=long")
    t.dice(faces(4, 4))
    t("act Lector shoot X")
    assert t.last("attack").difficulty == 20 + 12
    data = json.loads(t.table.ruleset.json_extra(RulesView(t.enc, t.table.ruleset)) and json.dumps(
        t.table.ruleset.json_extra(RulesView(t.enc, t.table.ruleset))))
    assert data["d6_positions"]["Lector > X"] == {"range": "long", "conceal": "darkness"}
    assert data["d6_positions"]["Mina > X"] == {"conceal": "darkness"}


def test_position_verb_bad_input(t):
    t(LECTOR, MINA, "start")
    assert "usage" in t.err("position Lector")
    assert "did you mean half" in t.err("position Lector Mina cover=halfish")
    assert "no option" in t.err("position Lector Mina rnage=short")
    assert "beyond" in t.err("position Lector Mina range=500")
    assert "no range" in t.err("position Lector Mina range=far")
    assert "Body code" in t.err("position Lector Mina protection=tree")
    assert "two different" in t.err("position Lector Lector")
    assert "did you mean Mina" in t.err("position Lector Minna")


def test_D6_HEAL_7_medicine_A_typed_with_its_parentheses(t):
    t('add Doc Instincts=2D "Medicine (A)=5D"', 'add Mina Instincts=3D Constitution=3D',
      )
    t.dice([1] * 10)
    t("damage Mina Incapacitated")
    assert t.c("Doc").stats["Medicine (A)"] == "5D"
    t.dice(faces(5, 15))
    t("firstaid Doc Mina facility=yes")
    assert t.asked()[-1] == "Doc: Medicine (A) on Mina 5D (5D) vs 15"
    assert t.c("Mina").status == "Wounded Twice"
    t("set Doc \"Medicine (A)=6D\"")
    assert t.c("Doc").stats["Medicine (A)"] == "6D"


def test_status_columns_and_json_follow_the_house_rules(mk):
    t = mk({"wounds": {"penalty": [0, 1, 2, 3, 0, 0, 0]},
            "actions": {"penalty_per_extra": 2}})
    t(LECTOR, THUG, "start", "damage Lector Wounded",
      'declare "Demon Thug" shoot Lector, shoot Lector')
    rs = t.table.ruleset
    assert rs.status_columns(RulesView(t.enc, rs), t.c("Lector"))["Penalty"] == "-2D"      # Wounded: the Status
    assert rs.status_columns(RulesView(t.enc, rs), t.c("Demon Thug"))["Penalty"] == "-2D"  # two actions
    assert rs.json_extra(RulesView(t.enc, rs))["d6"]["Lector"]["penalty"] == 2
    plain = T()
    plain(LECTOR, "damage Lector Wounded")
    assert plain.table.ruleset.status_columns(RulesView(plain.enc, plain.table.ruleset), plain.c("Lector"))["Penalty"] == "-1D"


def test_T_D6_2_full_auto_is_the_only_action_declared_or_not(mk):
    t = mk(FIXED)
    t(GUNNER, 'add X Instincts=1D Constitution=9D', "start")
    t("declare Gunner shoot X fire=full_auto")
    t('declare Gunner shoot X')  # a new declaration replaces it: defence is back
    t.dice(faces(3, 9))
    t("act Gunner dodge")
    t("end")
    t.dice(faces(5, 5))
    t("act Gunner shoot X fire=full_auto diff=+5")  # 5 vs 10 +5 -6 = 9: a miss
    assert "only action" in t.err("act Gunner shoot X")
    assert "no active defence" in t.err("act Gunner dodge")


def test_a_0D_pool_at_resolve_lapses_and_the_rest_goes_on(t):
    t('add Mina Instincts=3D "Missile Weapons=3D" weapon="Repeating Crossbow" Constitution=3D',
      'add A Instincts=1D', 'add B Instincts=1D+1', "start", "declare Mina shoot A, shoot B",
      "damage Mina Stunned")
    t.dice(faces(1, 2))
    t("resolve all")
    assert t.last("attack").dice == "1D"
    assert "0D" in t.last("lapse").text
    t.done()


def test_D6_REACT_5_punched_four_times_four_parries(t):
    """Seed: punched four times, he must attempt four parries or take the damage. Lector
    holds three blocks (4 actions: -3D each); the fourth punch meets no block (Brawling 5)."""
    t('add Lector side=pc Instincts=4D Brawling=4D Constitution=9D',
      *[f'add "Thug {i}" Instincts={i}D Brawling=3D Strength=1D' for i in (3, 2, 1)],
      'add "Thug 0" Instincts=1D+1 Brawling=3D Strength=1D', "start",
      "declare Lector block, block, block, block",
      *[f'declare "Thug {i}" brawl Lector' for i in (3, 2, 1, 0)])
    for _ in range(3):
        t.dice(faces(1, 4), faces(3, 3))  # each block rolls 1D (4D -3D): 4; the punch 3 misses
    t.dice(faces(1, 6), faces(3, 3))  # the fourth held block too
    t("resolve all")
    blocks = t.all("reaction", actor="Lector")
    assert [b.dice for b in blocks] == ["1D"] * 4
    assert [a.difficulty for a in t.all("attack")] == [4, 4, 4, 6]
    t.done()
    t2 = T()
    t2('add Lector side=pc Instincts=4D Brawling=4D Constitution=9D',
       *[f'add "Thug {i}" Instincts={i}D Brawling=3D Strength=1D' for i in (3, 2)], "start",
       "declare Lector block", *[f'declare "Thug {i}" brawl Lector' for i in (3, 2)])
    t2.dice(faces(4, 12), faces(3, 11))  # block 12 stops the first punch
    t2.dice(faces(3, 5), faces(1, 1), faces(9, 20))  # the second meets Brawling 5: a hit
    t2("resolve all")
    assert [(a.difficulty, a.outcome) for a in t2.all("attack")] == [(12, "miss"), (5, "hit")]
    t2.done()


def test_D6_HEAL_5_missing_by_exactly_10_does_not_lock(t):
    t('add Medic Instincts=2D "First Aid=4D" kits=1', 'add Mina Instincts=3D Constitution=3D')
    t.dice([1] * 10)
    t("damage Mina Incapacitated")
    t.dice(faces(4, 5))  # 5 vs 15: missed by 10, not more
    t("firstaid Medic Mina")
    assert "fa_lock_until" not in t.c("Mina").data
    t.dice(faces(4, 9))  # 9 vs 20 (second attempt today): missed by 11 -> locked
    t("firstaid Medic Mina")
    assert t.last("first_aid", outcome="locked")
    t.done()


def test_a_skill_set_again_with_underscores_replaces_the_old_value(t):
    t('add Mina Instincts=3D "Missile Weapons=5D" weapon="Repeating Crossbow"',
      'add X Instincts=1D', "set Mina Missile_Weapons=2D")
    assert t.c("Mina").stats["Missile Weapons"] == "2D"
    assert "Missile_Weapons" not in t.c("Mina").stats
    t("start")
    t.dice(faces(2, 2))
    t("act Mina shoot X")
    assert t.asked()[-1].startswith("Mina: Missile Weapons 2D (2D)")


def test_declared_block_against_a_named_attacker_waits_for_him(t):
    t('add Lector side=pc Instincts=4D Brawling=4D Constitution=9D',
      'add "Thug A" Instincts=2D Brawling=3D Strength=1D',
      'add "Thug B" Instincts=1D Brawling=3D Strength=1D', "start",
      'declare Lector block vs="Thug B"', 'declare "Thug A" brawl Lector',
      'declare "Thug B" brawl Lector')
    t.dice(faces(3, 4))  # Thug A: no block for him -> Brawling 5, a miss
    t("resolve")
    assert t.last("attack", actor="Thug A").difficulty == 5
    t.dice(faces(4, 14), faces(3, 10))  # the held block rolls for Thug B: 14
    t("resolve")
    assert t.last("attack", actor="Thug B").difficulty == 14
    assert "themself" in t.err("act Lector block vs=Lector")
    t.done()


def test_a_planned_first_aid_on_a_patient_not_hurt_lapses(t):
    t('add Medic Instincts=2D "First Aid=4D" kits=1', 'add Mina Instincts=3D', "start",
      "declare Medic firstaid Mina")
    t("resolve")
    assert "not hurt" in t.last("lapse").text
    assert t.enc.queue[0].state == "lapsed"


def test_T_D6_6b_destroyed_protection_leaves_no_cover(mk):
    t = mk(FIXED)
    t(LECTOR, 'add X Instincts=1D Constitution=2D', "start")
    # 13 vs 10 + half cover 6: the door; damage 25 vs 9: destroyed, full 5D passes
    t.dice(faces(4, 13), faces(5, 25), faces(2, 9), faces(5, 5), faces(2, 12))
    t("act Lector shoot X cover=half protection=wooden_door")
    assert t.last("protection", outcome="no cover")
    assert not t.enc.data.get("pairs")
    t("end")
    t.dice(faces(4, 4))
    t("act Lector shoot X")
    assert t.last("attack").difficulty == 10
    t.done()


def test_healed_on_the_spot_may_act_again_this_round(t):
    t(LECTOR, THUG, "start", "damage Lector Wounded")
    assert "no more actions" in t.err('act Lector shoot "Demon Thug"')
    t("heal Lector")
    t.dice(faces(4, 4))
    t('act Lector shoot "Demon Thug"')


def test_a_0D_reaction_says_whose_pool(t):
    t('add Lector side=pc Instincts=3D Dodge=1D', THUG, "start",
      'declare "Demon Thug" shoot Lector')
    assert t.err("react Lector dodge").startswith("Lector's dodge: pool reduced to 0D")
    t('add Medic Instincts=1D "First Aid=3D"', "damage Lector Wounded")
    assert 'restock Medic 2' in t.err("firstaid Medic Lector")
