"""Defects found in play (issue 13, items 1-8): each with the test that failed before the fix."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.d6.conftest import LECTOR, THUG, T, faces

W = "add W Instincts=2D Constitution=2D"
VAMPIRE = 'add Vampire Instincts=4D Brawling=4D Strength=2D Constitution=3D weapon=Claws'
FIXED = {"modifiers": {"difficulty_dice": "fixed"}}


def _texts(out: object) -> list[str]:
    return [e.text for e in out.entries] + list(out.notes)  # type: ignore[attr-defined]


# -- 1 -------------------------------------------------------------------------------------
def test_stun_knocks_out_wounded(t):
    """T-D6-7 / AMB-D6-13: stuns >= Constitution dice knock out, Wounded or not."""
    t(W)
    t.dice([3, 3])
    t("damage W 10")  # 10 vs 6: Wounded
    t.dice([3, 3])
    t("damage W 6")  # 6 vs 6: Stunned; stays Wounded (1 stun < 2D)
    assert not t.c("W").has_condition("Unconscious")
    t.dice([3, 3], [2, 3])  # the second stun: 2 stuns >= Constitution 2D -> 2D minutes
    out = t("damage W 6")
    w = t.c("W")
    assert t.state("W").stuns == 2 and t.state("W").wound == 2
    assert w.has_condition("Unconscious")
    assert t.asked()[-1] == "W: knocked out for 2D minutes (2 stuns >= Constitution 2D)"
    assert any("knocked unconscious by 2 stuns for 5 minutes" in x for x in _texts(out))
    t.done()


def test_stun_knocks_out_wounded_twice(t):
    t(W, "damage W Wounded Twice")
    t.dice([3, 3])
    t("damage W 6")
    t.dice([3, 3], [1, 1])
    t("damage W 6")
    assert t.c("W").has_condition("Unconscious") and t.state("W").wound == 3
    t.done()


def test_healthy_character_two_stuns_knocked_out(t):
    t(W)
    t.dice([3, 3])
    t("damage W 6")
    t.dice([3, 3], [1, 1])
    t("damage W 6")
    assert t.c("W").has_condition("Unconscious")
    t.done()


def test_knockout_switch_off_keeps_the_wounded_awake():
    t = T({"wounds": {"stun_knockout": False}})
    t(W, "damage W Wounded")
    t.dice([3, 3], [3, 3])
    t("damage W 6", "damage W 6")
    assert not t.c("W").has_condition("Unconscious")
    t.done()


# -- 2 -------------------------------------------------------------------------------------
def test_brawling_is_very_easy(t):
    """D6-MELEE-1: an attack made with Brawling (natural claws) is Very Easy (5); the
    weapon's damage is added to Strength."""
    t(VAMPIRE, LECTOR, "start", "declare Vampire attack Lector")
    t.dice(faces(4, 6))  # 6: hits against 5 (would miss against 10)
    t.dice(faces(3, 3), faces(3, 12))  # damage 3D (Strength 2D + Claws 1D); Lector resists
    t("resolve")
    a = t.last("attack", actor="Vampire")
    assert (a.difficulty, a.outcome) == (5, "hit")
    assert "Brawling 5" in a.text
    assert t.asked()[0].startswith("Vampire: Brawling 4D (4D) vs 5")
    assert t.asked()[1] == "Vampire: damage 3D (Strength 2D + Claws 1D) on Lector"
    t.done()


def test_brawling_is_very_easy_whatever_the_verb(t):
    """brawl by a creature whose weapon is a natural (Brawling) weapon: vs 5, claws' damage."""
    t(VAMPIRE, LECTOR, "start", "declare Vampire brawl Lector")
    t.dice(faces(4, 6), faces(3, 3), faces(3, 12))
    t("resolve")
    assert t.last("attack", actor="Vampire").difficulty == 5
    assert t.asked()[1] == "Vampire: damage 3D (Strength 2D + Claws 1D) on Lector"
    t.done()


def test_a_fist_is_still_a_fist_and_a_knife_still_easy(t):
    t('add Lector side=pc Instincts=3D Brawling=4D "Melee Combat=4D" Strength=2D weapon=Knife',
      THUG, "start", 'declare Lector brawl "Demon Thug"')
    t.dice(faces(4, 6), faces(2, 2), faces(2, 12))
    t("resolve")
    assert t.asked()[1] == "Lector: damage 2D (Strength 2D) on Demon Thug"
    t("end", 'declare Lector attack "Demon Thug"')
    t.dice(faces(4, 6))
    t("resolve")
    assert t.last("attack", actor="Lector").difficulty == 10


# -- 3 -------------------------------------------------------------------------------------
def _stunned_mina(t: T) -> None:
    t('add Mina side=pc Instincts=3D Constitution=3D')
    t.dice([1, 1, 1])
    t("damage Mina 3")
    assert t.c("Mina").has_condition("Stunned")


def test_working_is_not_resting_a_minute(t):
    _stunned_mina(t)
    out = t("rest Mina 10m care=work")
    assert t.c("Mina").has_condition("Stunned")  # worked 10 minutes: still stunned
    assert not any("rested a minute" in x for x in _texts(out))
    out = t("rest Mina 3d care=work")  # the 30 minutes pass: the stun wears off by time
    assert not t.c("Mina").has_condition("Stunned")
    texts = " ".join(_texts(out))
    assert "rested a minute" not in texts and "30 minutes passed" in texts


def test_resting_a_minute_still_clears_a_stun(t):
    _stunned_mina(t)
    out = t("rest Mina 1m")
    assert not t.c("Mina").has_condition("Stunned")
    assert any("rested a minute" in x for x in _texts(out))


# -- 4 -------------------------------------------------------------------------------------
def test_heal_says_what_happened(t):
    t('add Mina side=pc Instincts=3D Constitution=3D')
    out = t("heal Mina 5")
    assert any("Mina is not hurt" in x for x in _texts(out))
    out = t("heal Mina")
    assert any("Mina is not hurt" in x for x in _texts(out))
    t("damage Mina Wounded")
    out = t("heal Mina 5")
    assert any("Mina is healthy" in x for x in _texts(out))


def test_heal_refuses_the_killed_use_revive(t):
    t('add Mina side=pc Instincts=3D Constitution=3D', "damage Mina Killed")
    for line in ("heal Mina", "heal Mina 2", "heal Mina Wounded"):
        err = t.err(line)
        assert "Killed" in err and "revive Mina" in err, err
    assert t.c("Mina").status == "Killed"


def test_revive_brings_back_the_killed(t):
    t('add Mina side=pc Instincts=3D Constitution=3D', "damage Mina Killed")
    out = t("revive Mina")  # default (AMB-D6-16): Mortally Wounded
    mina = t.c("Mina")
    assert mina.status == "Mortally Wounded" and mina.out
    assert any("revived" in x for x in _texts(out))
    t("damage Mina Killed", "revive Mina Wounded")
    assert t.c("Mina").status == "Wounded" and not t.c("Mina").out
    t("damage Mina Killed", "revive Mina healthy")
    assert t.c("Mina").status == "OK"


def test_revive_refuses_the_living_and_bad_levels(t):
    t('add Mina side=pc Instincts=3D Constitution=3D')
    assert "not Killed" in t.err("revive Mina")
    t("damage Mina Killed")
    assert "wound level" in t.err("revive Mina Killed")
    assert "no wound level" in t.err("revive Mina Bruised")
    assert "usage" in t.err("revive")


def test_revive_level_is_a_house_rule():
    t = T({"healing": {"revive_level": "Incapacitated"}})
    t('add Mina side=pc Instincts=3D Constitution=3D', "damage Mina Killed")
    t.dice([1] * 10)  # back at Incapacitated: unconscious 10D minutes
    t("revive Mina")
    assert t.c("Mina").status == "Incapacitated"


# -- 5 -------------------------------------------------------------------------------------
def test_a_misspelt_skill_is_warned(t):
    out = t('add Mina side=pc Instincts=3D Dodg=3D')
    assert "Dodg is not a known skill (did you mean Dodge?); kept as a new skill" in out.notes
    assert t.c("Mina").stats["Dodg"] == "3D"
    out = t("set Mina Firarms=4D")
    assert "Firarms is not a known skill (did you mean Firearms?); kept as a new skill" in (
        out.notes)


def test_known_and_new_skills_are_quiet(t):
    out = t('add Mina side=pc "Missile Weapons=5D" Sneak=3D Dodge=4D')
    assert not out.notes
    out = t("set Mina Strength=3D")  # the earlier skills are not warned about again
    assert not out.notes


def test_a_misspelt_skill_in_a_group_warns_once(t):
    out = t("add Thug x3 Brawlng=3D")
    assert out.notes.count("Brawlng is not a known skill (did you mean Brawling?); kept as a "
                           "new skill") == 1


# -- 6 -------------------------------------------------------------------------------------
def test_remembered_cover_is_named():
    t = T(FIXED)
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug" cover=half')
    t.dice(faces(4, 4))
    t("resolve", "end")
    out = t('declare Lector shoot "Demon Thug"')
    assert any("remembered: cover=half" in x for x in out.notes), out.notes
    t.dice(faces(4, 4))
    t("resolve")
    assert "remembered: cover=half" in t.asked()[-1], t.asked()[-1]
    t.done()


def test_cover_typed_on_the_line_is_not_called_remembered():
    t = T(FIXED)
    t(LECTOR, THUG, "start")
    out = t('declare Lector shoot "Demon Thug" cover=half')
    assert not any("remembered" in x for x in out.notes)
    t.dice(faces(4, 4))
    t("resolve")
    assert "remembered" not in t.asked()[-1]


# -- 7 -------------------------------------------------------------------------------------
KNIGHT = 'add Lector side=pc Instincts=3D "Melee Combat=4D" Constitution=3D weapon=Knife'


def test_parry_vs_attacker_without_attack_refused(t):
    t(KNIGHT, VAMPIRE, 'add Mina side=pc Instincts=1D Dodge=4D', "start",
      "declare Vampire attack Mina", "declare Lector attack Vampire weapon=Knife")
    err = t.err("react Lector parry vs=Vampire")
    assert "Vampire has no melee attack planned at Lector" in err


def test_parry_vs_attacker_with_attack_accepted(t):
    t(KNIGHT, VAMPIRE, "start", "declare Vampire attack Lector",
      "declare Lector attack Vampire")
    t.dice(faces(2, 9))
    t("react Lector parry vs=Vampire")
    assert t.last("reaction", actor="Lector").total == 9


def test_dodge_without_ranged_attack_warned(t):
    t('add Mina side=pc Instincts=3D Dodge=4D', VAMPIRE, "start", "declare Vampire attack Mina")
    t.dice(faces(3, 9))
    out = t("react Mina dodge")
    assert any("no ranged attack is coming at Mina" in x for x in out.notes), out.notes
    assert t.last("reaction", actor="Mina").total == 9  # accepted: it costs the action


def test_dodge_with_a_shot_coming_is_quiet(t):
    t('add Mina side=pc Instincts=3D Dodge=4D', THUG, "start",
      'declare "Demon Thug" shoot Mina')
    t.dice(faces(3, 9))
    out = t("react Mina dodge")
    assert not any("no ranged attack" in x for x in out.notes)


# -- 8 -------------------------------------------------------------------------------------
def test_parry_reads_parries_and_a_template_weapon_echoes_whole(t, tmp_path: Path):
    t(KNIGHT, VAMPIRE, "start", "declare Vampire attack Lector")
    t.dice(faces(3, 9))
    t("react Lector parry")
    assert t.last("reaction", actor="Lector").text.startswith("Lector parries: 9")
    f = tmp_path / "ghoul.toml"
    f.write_text('[ghoul]\nInstincts = "2D"\nBrawling = "3D"\n'
                 'weapon = { name = "Fangs", damage = "STR+1D", skill = "Brawling" }\n',
                 encoding="utf-8")
    t(f"import {f}", "add Ghoul template=ghoul")
    from combat_cli.render.tables import value_text

    assert value_text(t.c("Ghoul").stats["weapon"]) == "Fangs (damage STR+1D, skill Brawling)"


def test_block_reads_blocks_and_a_ranged_weapon_without_a_skill_shoots(t, tmp_path: Path):
    t('add Lector side=pc Instincts=3D Brawling=4D', THUG, "start",
      'declare "Demon Thug" brawl Lector')
    t.dice(faces(3, 9))
    t("react Lector block")
    assert t.last("reaction", actor="Lector").text.startswith("Lector blocks: 9")
    f = tmp_path / "gun.toml"
    f.write_text('[gunman]\nInstincts = "1D"\nFirearms = "3D"\n'
                 'weapon = { name = "Blaster", damage = "4D", ranges = [10, 30, 60] }\n',
                 encoding="utf-8")
    t(f"import {f}", "add Gunman template=gunman")
    from combat_cli.render.tables import value_text

    assert value_text(t.c("Gunman").stats["weapon"]) == "Blaster (damage 4D, ranges 10, 30, 60)"
    t.dice(faces(3, 12), faces(4, 20), faces(2, 2))
    t('act Gunman shoot "Demon Thug"')  # the compact weapon still shoots (4D damage)
    assert t.last("attack", actor="Gunman").outcome == "hit"


def test_a_bad_revive_house_rule_is_one_line():
    """Refused when the table is loaded (the typed tables), naming the switch and its choices."""
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.domain.errors import CommandError
    from combat_cli.engine.table import Table

    with pytest.raises(CommandError) as e:
        Table.new(plugins.load("d6"), RandomDice(1), {"healing": {"revive_level": "Bogus"}})
    err = str(e.value)
    assert "\n" not in err and "healing.revive_level" in err and "Mortally Wounded" in err
