"""Bad input: one short error, state unchanged (T.err checks both)."""

from __future__ import annotations

import pytest

from tests.rulesets.d6.conftest import LECTOR, MINA, THUG, T, faces

SETUP = [LECTOR, MINA, THUG, "set Lector kits=1"]


@pytest.mark.parametrize("line,words", [
    ("act Lector shoot", "needs a target"),
    ('act Lector shoot "Demon Thug" rnge=short', "no option rnge="),
    ('act Lector shoot "Demon Thug" cover=most', "cover"),
    ('act Lector shoot "Demon Thug" weapon=Lightsaber', "no weapon"),
    ('act Lector shoot "Demon Thug" range=500', "beyond"),
    ('act Lector shoot "Demon Thug" range=far', "no range"),
    ('act Lector shoot "Demon Thug" mod=lots', "mod="),
    ('act Lector shoot Lector', "themself"),
    ('act Lector attack "Demon Thug"', "not a melee weapon"),
    ('act Mina brawl "Demon Thug"', "no Brawling skill"),
    ("act Lector martial", "needs a target"),
    ('act Lector martial "Demon Thug"', '"Martial Arts=3D"'),
    ('act Lector dodge "Demon Thug"', "takes no target"),
    ("act Lector dodge full=maybe", "full"),
    ("act Lector parry", "not a melee weapon"),
    ("act Lector block with=karate", "with"),
    ("act Lector draw", "weapon=NAME"),
    ("act Lector draw weapon=Lightsaber", "no weapon"),
    ("act Lector reload weapon=Knife", "melee weapon"),
    ("act Lector firstaid", "needs a target"),
    ("act Lector firstaid Mina", "not hurt"),
    ("act Lector firstaid Mina facility=maybe", "facility"),
    ('declare Mina fulldodge, shoot "Demon Thug"', "only action"),
    ('declare Mina dodge, dodge', "one dodge"),
    ('declare Lector shoot "Demon Thug", parry', "not a melee weapon"),
    ('declare Lector shoot "Demon Thug", shoot "Demon Thug", shoot "Demon Thug", reload, '
     'reload, reload', "at most 5"),
    ('declare Lector shoot Minna', "did you mean Mina"),
    ("react Lector shoot Mina", "reaction"),
])
def test_bad_actions(line, words):
    t = T()
    t(*SETUP, "start")
    assert words in t.err(line)


@pytest.mark.parametrize("line,words", [
    ("firstaid Lector", "usage"),
    ("firstaid Lector Mina kit=2", "no option kit="),
    ("firstaid Lector Mina facility=maybe", "yes or no"),
    ("firstaid Lector Mina", "not hurt"),
    ("restock Lector lots", "usage"),
    ("damage Mina lots", "no wound level"),
    ("damage Mina Healthy", "wound level"),
    ("damage Mina -3", "0 or more"),
    ("damage Mina 3X", "dice"),
    ("heal Mina Killed", "lower level"),
    ("heal Mina 0", "1 or more"),
    ("position Lector", "usage"),
    ("position Lector Mina cover=most", "no cover"),
    ("position Lector Mina range=far", "no range"),
    ("position Lector Mina spin=yes", "no option spin="),
    ("rest Mina 3d care=lazy", "care"),
    ("rest Mina 3d cure=easy", "did you mean care="),
    ("add Z Instincts=abc", "not a die code"),
    ("add Z weapon=Lightsaber", "no weapon"),
    ("add Z scale=planet", "no scale"),
    ("add Z kits=-1", "0..99"),
    ("set Mina Dodge=3X", "not a die code"),
])
def test_bad_verbs_and_stats(line, words):
    t = T()
    t(*SETUP)
    assert words in t.err(line)


def test_zero_pool_at_resolve_lapses_instead_of_failing(t):
    t(MINA, THUG, "start", 'declare Mina shoot "Demon Thug", shoot "Demon Thug"')
    t("damage Mina Wounded Twice")  # before resolving: 5D -1D -2D = 2D, still fine
    t.dice(faces(2, 2), faces(2, 2))
    t("resolve all")
    assert [a.dice for a in t.all("attack")] == []  # Wounded: no more actions this round
    assert len(t.all("lapse")) == 2


def test_killed_target_lapses(t):
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug"', 'damage "Demon Thug" Killed')
    t("resolve")
    assert "Killed" in t.last("lapse").text


def test_first_aid_without_a_kit(t):
    t(*SETUP, "damage Lector Wounded")
    assert "kit" in t.err("firstaid Mina Lector")


def test_undo_restores_a_resolved_attack(t):
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug"')
    before = t.table.state_json
    t.dice(faces(4, 12), faces(5, 20), faces(2, 4))
    t("resolve")
    assert t.c("Demon Thug").status != "OK"
    t("undo")
    assert t.table.state_json == before
