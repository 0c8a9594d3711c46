"""Reactions and the seed's worked examples (D6-REACT-1..7, AMB-D6-1/2/4/5/6)."""

from __future__ import annotations

from tests.rulesets.d6.conftest import LECTOR, MINA, THUG, T, faces, lector_has_acted

SHOOTER5 = ('add Shooter Instincts=1D Firearms=6D Constitution=2D weapon="Heavy Pistol"')


def test_D6_REACT_1_reaction_skills_are_dodge_parry_block():
    from combat_cli import plugins

    rs = plugins.load("d6")
    assert {a.name for a in rs.actions if a.reaction} == {"dodge", "fulldodge", "parry", "block"}


def test_D6_REACT_2_lector_dodge_4D_becomes_2D_rolls_7_shooter_needs_7(t):
    """Seed: Lector has acted; an undeclared dodge is 2D (-1D acted, -1D reaction); he rolls 7;
    the shooter (base difficulty 10) now needs 7 or better."""
    lector_has_acted(t)
    t.dice([3, 4])
    t("react Lector dodge")
    assert t.asked()[-1] == "Lector: Dodge 2D (4D -1D 2 actions -1D reaction)"
    dodge = t.last("reaction", actor="Lector")
    assert dodge.dice == "2D" and dodge.total == 7
    t.dice(faces(3, 7), faces(5, 5), faces(3, 6))  # shooter rolls exactly 7: hit
    t("resolve")
    shot = t.last("attack", actor="Demon Thug")
    assert shot.difficulty == 7 and shot.total == 7 and shot.outcome == "hit"
    assert "replaces short range 10" in shot.text
    t.done()


def test_D6_REACT_2_reaction_lower_than_base_still_replaces_and_6_misses(t):
    lector_has_acted(t)
    t.dice([3, 4])
    t("react Lector dodge")
    t.dice(faces(3, 6))
    t("resolve")
    shot = t.last("attack", actor="Demon Thug")
    assert (shot.difficulty, shot.total, shot.outcome) == (7, 6, "miss")
    t.done()


def _mina_full_dodge(t: T, shot: int) -> object:
    t(MINA, SHOOTER5, "start", "declare Mina fulldodge", "declare Shooter shoot Mina")
    t.dice([3, 4, 4, 4], faces(6, shot))
    if shot > 25:
        t.dice(faces(5, 5), faces(3, 15))
    t("resolve")
    return t.last("attack", actor="Shooter")


def test_D6_REACT_3_mina_full_dodge_15_shooter_needs_more_than_25():
    """Seed: Mina only dodges, rolls her full 4D, gets 15: the shooter must roll higher than
    10 + 15 = 25."""
    t = T()
    shot = _mina_full_dodge(t, 25)
    assert t.asked()[0] == "Mina: full dodge 4D (4D)"
    dodge = t.last("reaction", actor="Mina")
    assert dodge.dice == "4D" and dodge.total == 15
    assert shot.difficulty == 25 and shot.total == 25 and shot.outcome == "miss"
    assert "must roll higher" in t.asked()[1]
    t.done()
    t = T()
    shot = _mina_full_dodge(t, 26)
    assert (shot.difficulty, shot.total, shot.outcome) == (25, 26, "hit")
    t.done()


def test_D6_REACT_3_full_dodge_via_dodge_full_yes_and_only_action(t):
    t(MINA, SHOOTER5, "start")
    err = t.err('declare Mina dodge full=yes, shoot Shooter')
    assert "only action" in err
    t("declare Mina dodge full=yes")
    assert t.state("Mina").rd.ready_dodge.full is True


def test_D6_REACT_4_one_dodge_covers_every_ranged_attack_this_round(t):
    t(LECTOR, 'add "Thug A" Instincts=2D Firearms=3D weapon="Heavy Pistol"',
      'add "Thug B" Instincts=1D Firearms=3D weapon="Heavy Pistol"', "start",
      'declare "Thug A" shoot Lector', 'declare "Thug B" shoot Lector')
    t.dice([3, 3, 2])  # an undeclared dodge: 4D -1D reaction = 3D
    t("act Lector dodge")  # before the first resolve, a reaction is typed with act
    assert t.asked()[-1] == "Lector: Dodge 3D (4D -1D reaction)"
    t.dice(faces(3, 7), faces(3, 7))  # both miss against the same 8, no new dodge roll
    t("resolve all")
    shots = t.all("attack")
    assert [(s.actor, s.difficulty, s.outcome) for s in shots] == [
        ("Thug A", 8, "miss"), ("Thug B", 8, "miss")]
    err = t.err("react Lector dodge")
    assert "already dodged" in err
    t.done()


def test_AMB_D6_6_dodge_does_not_count_against_melee_by_default(t):
    t(LECTOR, THUG, "start", 'declare "Demon Thug" brawl Lector')
    t.dice(faces(3, 10))
    t("act Lector dodge")
    t.dice(faces(3, 5), faces(2, 2), faces(3, 12))  # brawl vs 5 (not the dodge)
    t("resolve")
    assert t.last("attack").difficulty == 5
    t2 = T({"reactions": {"dodge_vs_melee": True}})
    t2(LECTOR, THUG, "start", 'declare "Demon Thug" brawl Lector')
    t2.dice(faces(3, 10))
    t2("act Lector dodge")
    t2.dice(faces(3, 5))
    t2("resolve")
    assert t2.last("attack").difficulty == 10


def test_D6_REACT_5_parries_are_one_per_melee_attack(t):
    t('add Lector side=pc Instincts=4D Brawling=4D Constitution=6D',
      'add "Thug A" Instincts=2D Brawling=3D Strength=1D',
      'add "Thug B" Instincts=1D Brawling=3D Strength=1D', "start",
      'declare "Thug A" brawl Lector', 'declare "Thug B" brawl Lector')
    t.dice(faces(3, 11))  # undeclared block, nothing else this round: 4D -1D = 3D
    t("act Lector block")
    t.dice(faces(3, 10))  # Thug A: 10 vs the block 11 -> parried
    t("resolve")
    a = t.last("attack", actor="Thug A")
    assert (a.difficulty, a.outcome) == (11, "miss")
    t.dice(faces(3, 6), faces(1, 1), faces(6, 6))  # Thug B: no parry left -> vs 5, hit
    t("resolve")
    b = t.last("attack", actor="Thug B")
    assert (b.difficulty, b.outcome) == (5, "hit")
    t.done()


def test_D6_REACT_6_lector_undeclared_block_is_minus_2D(t):
    """Seed: Lector declared only a strike; blocking the thug's swing is Brawling at -2D;
    he parries only if his block is higher than the thug's attack."""
    t(LECTOR, THUG, "start", 'declare Lector brawl "Demon Thug"',
      'declare "Demon Thug" brawl Lector')
    t.dice(faces(4, 4))  # Lector's strike misses (4 vs 5) at the full 4D
    t("resolve")
    assert t.asked()[-1].startswith("Lector: Brawling 4D (4D) vs 5")
    t.dice([4, 4])
    t("react Lector block")
    assert t.asked()[-1] == "Lector: block (Brawling) 2D (4D -1D 2 actions -1D undeclared block)"
    t.dice(faces(3, 8), faces(2, 2), faces(3, 12))  # thug rolls 8 = the block: not parried
    t("resolve")
    swing = t.last("attack", actor="Demon Thug")
    assert (swing.difficulty, swing.total, swing.outcome) == (8, 8, "hit")
    t.done()


def test_D6_REACT_6_block_higher_than_the_attack_parries(t):
    t(LECTOR, THUG, "start", 'declare Lector brawl "Demon Thug"',
      'declare "Demon Thug" brawl Lector')
    t.dice(faces(4, 4))
    t("resolve")
    t.dice([4, 5])
    t("react Lector block")
    t.dice(faces(3, 8))
    t("resolve")
    assert t.last("attack", actor="Demon Thug").outcome == "miss"
    t.done()


def test_D6_REACT_6_declared_held_block_is_minus_1D_to_attack_and_block(t):
    """Seed: next round Lector holds an action to block: -1D to both attack and block."""
    t(LECTOR, THUG, "start", 'declare Lector brawl "Demon Thug", block',
      'declare "Demon Thug" brawl Lector')
    t.dice(faces(3, 3))
    t("resolve")
    assert t.asked()[-1].startswith("Lector: Brawling 3D (4D -1D 2 actions) vs 5")
    t.dice(faces(3, 12), faces(3, 10))  # the held block rolls itself: 12; thug 10 -> parried
    t("resolve")
    assert t.asked()[-2] == "Lector: block (Brawling) 3D (4D -1D 2 actions)"
    swing = t.last("attack", actor="Demon Thug")
    assert (swing.difficulty, swing.outcome) == (12, "miss")
    t.done()


def test_D6_REACT_7_armed_character_parries_an_unarmed_attacker(t):
    t('add Lector side=pc Instincts=3D "Melee Combat=4D" weapon=Knife Constitution=3D', THUG,
      "start", 'declare "Demon Thug" brawl Lector')
    t.dice(faces(3, 9))
    t("act Lector parry")
    assert t.asked()[-1] == "Lector: parry (Melee Combat, Knife) 3D (4D -1D undeclared parry)"
    t.dice(faces(3, 8))
    t("resolve")
    assert t.last("attack").difficulty == 9 and t.last("attack").outcome == "miss"
    err = t.err("act \"Demon Thug\" parry")
    assert "not a melee weapon" in err


def test_parry_vs_a_named_attacker_waits_for_that_attacker(t):
    t('add Lector side=pc Instincts=4D Brawling=4D Constitution=6D',
      'add "Thug A" Instincts=2D Brawling=3D Strength=1D',
      'add "Thug B" Instincts=1D Brawling=3D Strength=1D', "start",
      'declare "Thug A" brawl Lector', 'declare "Thug B" brawl Lector')
    t.dice(faces(3, 11))
    t('act Lector block vs="Thug B"')
    t.dice(faces(3, 4))
    t("resolve")
    assert t.last("attack", actor="Thug A").difficulty == 5
    t.dice(faces(3, 10))
    t("resolve")
    assert t.last("attack", actor="Thug B").difficulty == 11


def test_AMB_D6_5_undeclared_reaction_raises_the_penalty_for_later_rolls(t):
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug", shoot "Demon Thug"',
      'declare "Demon Thug" shoot Lector')
    t.dice(faces(3, 3))
    t("resolve")  # Lector's first shot at 3D (-1D, two actions)
    t.dice(faces(2, 5))
    t("react Lector dodge")  # now three actions: 4D -2D -1D reaction = 1D? no: 2D? check
    assert t.asked()[-1] == "Lector: Dodge 1D (4D -2D 3 actions -1D reaction)"
    assert t.last("attack", actor="Lector").dice == "3D"  # the earlier roll stands
    t.dice(faces(3, 3))
    t("resolve")  # the thug's shot
    t.dice(faces(2, 2))
    t("resolve")  # Lector's second shot: 4D -2D
    assert t.asked()[-1].startswith("Lector: Firearms 2D (4D -2D 3 actions)")
