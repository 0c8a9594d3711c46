"""Time, initiative, segments and multiple actions (D6-TIME, D6-INIT, D6-MULTI)."""

from __future__ import annotations

from tests.rulesets.d6.conftest import LECTOR, MINA, THUG, T, faces


def names(t: T) -> list[str]:
    return [t.enc.name_of(i) for i in t.enc.order]


def test_D6_TIME_1_round_is_5_seconds_and_one_action_has_no_penalty(t):
    t(LECTOR, THUG, "start")
    assert t.table.ruleset.round_seconds == 5
    t("declare Lector shoot \"Demon Thug\"")
    t.dice(faces(4, 4))  # a miss
    t("resolve")
    assert t.asked()[-1].startswith("Lector: Firearms 4D (4D) vs 10")
    assert t.last("attack").dice == "4D"
    t("end")
    assert t.enc.clock.seconds == 5 and t.enc.round == 2


def test_D6_INIT_1_order_by_instincts_dice_then_pips(t):
    t('add A Instincts=3D+2', 'add B Instincts=4D', 'add C Instincts=2D', 'add D Instincts=3D+1',
      "start")
    assert names(t) == ["B", "A", "D", "C"]
    t.done()


def test_D6_INIT_2_hold_lets_a_lower_instincts_character_act_first(t):
    t(LECTOR, THUG, "start",
      'declare Lector shoot "Demon Thug"', 'declare "Demon Thug" shoot Lector',
      "hold Lector")
    t.dice(faces(3, 3))  # the thug misses
    t("resolve")
    assert t.last("attack").actor == "Demon Thug"
    t.dice(faces(4, 4))
    t("release Lector")
    assert t.last("attack").actor == "Lector"
    t.done()


def test_D6_INIT_3_and_D6_MULTI_3_first_actions_then_extra_actions(t):
    t(MINA, LECTOR, THUG, "add Vampire Instincts=1D Brawling=2D", "start",
      'declare Mina shoot "Demon Thug", shoot Vampire, shoot Lector',
      'declare Lector shoot "Demon Thug", shoot Vampire',
      'declare "Demon Thug" shoot Lector')
    t.dice(faces(3, 3))
    t("resolve")
    q = [(t.enc.name_of(i.actor), i.action.target and t.enc.name_of(i.action.target), i.segment)
         for i in t.enc.queue]
    assert q == [("Mina", "Demon Thug", 1), ("Lector", "Demon Thug", 1),
                 ("Demon Thug", "Lector", 1), ("Mina", "Vampire", 2), ("Mina", "Lector", 2),
                 ("Lector", "Vampire", 2)]


def test_D6_MULTI_1_lector_attacks_and_dodges_minus_1D_to_both(t):
    """Seed: Lector takes two actions, attack and Dodge: -1D to both."""
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug", dodge',
      'declare "Demon Thug" shoot Lector')
    t.dice(faces(3, 3))  # Lector 3D misses
    t("resolve")
    assert t.asked()[-1].startswith("Lector: Firearms 3D (4D -1D 2 actions)")
    t.dice(faces(3, 9), faces(3, 3))  # his declared dodge 3D rolls 9; the thug misses
    t("resolve")
    assert t.asked()[-2] == "Lector: Dodge 3D (4D -1D 2 actions)"
    assert t.last("attack").difficulty == 9
    t.done()


def test_D6_MULTI_2_five_actions_at_most_at_minus_4D(t):
    t('add Gunner Instincts=3D Firearms=6D weapon="Heavy Pistol" Dodge=5D',
      'add "Demon Thug" Instincts=2D', "start")
    err = t.err('declare Gunner shoot "Demon Thug", shoot "Demon Thug", shoot "Demon Thug", '
                "reload, dodge, dodge")
    assert "at most 5" in err or "one dodge" in err
    err = t.err('declare Gunner shoot "Demon Thug", shoot "Demon Thug", shoot "Demon Thug", '
                "reload, reload, reload")
    assert "at most 5" in err
    t('declare Gunner shoot "Demon Thug", shoot "Demon Thug", shoot "Demon Thug", reload, dodge')
    t.dice(faces(2, 2))
    t("resolve")
    assert t.asked()[-1].startswith("Gunner: Firearms 2D (6D -4D 5 actions)")


def test_D6_MULTI_4_drawing_is_an_action(t):
    t('add Lector Instincts=3D Melee=4D weapon="Heavy Pistol"', THUG, "start",
      'declare Lector draw weapon=Knife, attack "Demon Thug"')
    t("resolve")
    assert t.last("action").text == "Lector draws Knife"
    assert t.c("Lector").stats["weapon"] == "Knife"
    t.dice(faces(3, 3))
    t("resolve")
    assert t.asked()[-1].startswith("Lector: Melee Combat 3D (4D -1D 2 actions) vs 10")


def test_D6_MULTI_5_reloading_takes_the_weapons_reload_actions(t):
    t('add Mina Instincts=3D "Missile Weapons=5D" weapon=Crossbow', THUG, "start")
    # the crossbow takes 2 actions to reload: reload + shot = 3 actions, -2D
    t('declare Mina reload, shoot "Demon Thug"')
    assert t.state("Mina").rd.declared == 3
    t("resolve")
    assert "reloads Crossbow" in t.last("action").text
    t.dice(faces(3, 3))
    t("resolve")
    assert t.asked()[-1].startswith("Mina: Missile Weapons 3D (5D -2D 3 actions)")
    t("end", 'declare Mina shoot "Demon Thug"')
    t("resolve")
    assert "empty" in t.last("lapse").text


def test_D6_MULTI_6_rof_caps_shots_whatever_the_actions(t):
    t('add Mina Instincts=3D "Missile Weapons=5D" weapon=Crossbow Firearms=4D', THUG, "start")
    err = t.err('declare Mina shoot "Demon Thug", shoot "Demon Thug"')
    assert "ROF 1" in err
    # two weapons: each within its ROF
    t('declare Mina shoot "Demon Thug", shoot "Demon Thug" weapon="Heavy Pistol"')


def test_act_adds_an_undeclared_action_to_the_count(t):
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug"')
    t.dice(faces(4, 4))
    t("resolve")
    t.dice(faces(3, 3))
    t('act Lector shoot "Demon Thug"')
    assert t.asked()[-1].startswith("Lector: Firearms 3D (4D -1D 2 actions)")


def test_release_with_a_new_action_replaces_the_planned_one(t):
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug"',
      'declare "Demon Thug" shoot Lector', "hold Lector")
    t.dice(faces(3, 3))
    t("resolve")
    t.dice(faces(4, 4))
    t('release Lector brawl "Demon Thug"')
    assert t.asked()[-1].startswith("Lector: Brawling 4D (4D) vs 5")
    assert t.state("Lector").rd.extra == 0


def test_D6_MULTI_4_declared_draw_of_a_template_weapon(tmp_path) -> None:
    """Drawing a weapon a template defines (not in the catalogue) can be declared, as it can
    be acted."""
    f = tmp_path / "blocks.toml"
    f.write_text('[vampire]\nInstincts = "3D"\nBrawling = "4D"\nStrength = "4D"\n'
                 '[vampire.weapon]\nname = "Fangs"\ndamage = "STR+1D"\nmelee = true\n'
                 'skill = "Brawling"\n')
    t = T()
    t(f"import {f}", "add Drac template=vampire", "add Mina Dodge=4D Instincts=2D", "start",
      "declare Drac draw weapon=Fangs, attack Mina weapon=Fangs")
    assert [a.name for a in t.table.enc.declarations[t.table.enc.combatants[0].id].actions] == [
        "draw", "attack"]
