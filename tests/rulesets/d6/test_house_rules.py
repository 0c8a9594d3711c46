"""Every ambiguity of the digest is a house-rule switch with the digest's default (AMB-D6-*)."""

from __future__ import annotations

import pytest

from tests.rulesets.d6.conftest import LECTOR, MINA, THUG, T, faces, lector_has_acted

SHOOTER = 'add Shooter Instincts=1D Firearms=6D weapon="Heavy Pistol"'


def _get(tables, dotted):
    for part in dotted.split("."):
        tables = tables[part]
    return tables


def test_every_house_rule_names_a_table_key():
    from combat_cli import plugins

    rs = plugins.load("d6")
    tables = rs.load_tables()
    for key in rs.house_rules:
        _get(tables, key)
    amb = {f"AMB-D6-{i}" for i in range(1, 16)}
    text = " ".join(rs.house_rules.values())
    missing = {a for a in amb if a not in text}
    assert not missing, missing


def test_defaults_are_the_digests():
    from combat_cli import plugins

    t = plugins.load("d6").load_tables()
    assert t["reactions"]["mode"] == "partial_replaces"          # AMB-D6-1
    assert t["ties"]["mode"] == "literal"                        # AMB-D6-2
    assert (t["actions"]["max"], t["actions"]["penalty_per_extra"]) == (5, 1)  # AMB-D6-3
    assert t["reactions"]["reaction_penalty"] == "undeclared"    # AMB-D6-4
    assert t["reactions"]["dodge_vs_melee"] is False             # AMB-D6-6
    assert t["actions"]["held_unused_counts"] is True            # AMB-D6-7
    assert t["melee"]["ev_on_unarmed"] is True                   # AMB-D6-8
    assert t["modifiers"]["difficulty_dice"] == "roll"           # AMB-D6-9
    assert t["initiative"]["tie_break"] == ["pc_first", "roll"]  # AMB-D6-10
    assert t["pools"]["wild_die"] is False                       # AMB-D6-11
    assert t["wounds"]["repeat"] == "re"                         # AMB-D6-12
    assert t["wounds"]["stun_knockout"] is True                  # AMB-D6-13
    assert t["first_aid"]["kit_required"] is True                # AMB-D6-14
    assert t["healing"]["rest_days"]["Mortally Wounded"] == 30   # AMB-D6-15


def test_unknown_house_rule_is_refused():
    from combat_cli import plugins
    from combat_cli.api import RuleError

    with pytest.raises(RuleError, match="did you mean"):
        plugins.load("d6").tables_for({"reactions": {"mod": "add"}})


@pytest.mark.parametrize("mode,diff", [("partial_replaces", 7), ("add", 17), ("replace", 7)])
def test_AMB_D6_1_partial_reaction_replace_or_add(mode, diff):
    t = T({"reactions": {"mode": mode}})
    lector_has_acted(t)
    t.dice([3, 4])
    t("react Lector dodge")
    t.dice(faces(3, 3))
    t("resolve")
    assert t.last("attack", actor="Demon Thug").difficulty == diff


@pytest.mark.parametrize("mode,diff", [("partial_replaces", 25), ("add", 25), ("replace", 15)])
def test_AMB_D6_1_full_dodge_adds_by_default(mode, diff):
    t = T({"reactions": {"mode": mode}})
    t(MINA, SHOOTER, "start", "declare Mina fulldodge", "declare Shooter shoot Mina")
    t.dice([3, 4, 4, 4], faces(6, 6))
    t("resolve")
    assert t.last("attack").difficulty == diff


@pytest.mark.parametrize("mode,roll,hit", [("literal", 25, "miss"), ("ge", 25, "hit"),
                                           ("gt", 25, "miss")])
def test_AMB_D6_2_ties_against_full_dodge(mode, roll, hit):
    t = T({"ties": {"mode": mode}})
    t(MINA, SHOOTER, "start", "declare Mina fulldodge", "declare Shooter shoot Mina")
    t.dice([3, 4, 4, 4], faces(6, roll))
    if hit == "hit":
        t.dice(faces(5, 5), faces(3, 15))
    t("resolve")
    assert t.last("attack").outcome == hit


@pytest.mark.parametrize("mode,hit", [("literal", "hit"), ("ge", "hit"), ("gt", "miss")])
def test_AMB_D6_2_ties_against_a_plain_difficulty(mode, hit):
    t = T({"ties": {"mode": mode}})
    t(LECTOR, 'add X Instincts=1D Constitution=5D', "start")
    t.dice(faces(4, 10))
    if hit == "hit":
        t.dice(faces(5, 5), faces(5, 30))
    t("act Lector shoot X")
    assert t.last("attack").outcome == hit


def test_AMB_D6_2_damage_tie_hurts_unless_gt():
    t = T({"ties": {"mode": "gt"}})
    t('add X Instincts=1D Constitution=2D')
    t.dice(faces(2, 10))
    t("damage X 10")
    assert t.c("X").status == "OK"


def test_AMB_D6_3_five_actions_at_minus_5D_when_configured():
    t = T({"actions": {"max": 6, "penalty_per_extra": 1}})
    t('add G Instincts=3D Firearms=7D weapon="Heavy Pistol"', 'add X Instincts=1D', "start",
      "declare G shoot X, shoot X, shoot X, reload, reload, reload")
    t.dice(faces(2, 2))
    t("resolve")
    assert t.asked()[-1].startswith("G: Firearms 2D (7D -5D 6 actions)")


@pytest.mark.parametrize("mode,pool", [("undeclared", "2D"), ("always", "2D"), ("never", "3D")])
def test_AMB_D6_4_reaction_penalty(mode, pool):
    t = T({"reactions": {"reaction_penalty": mode}})
    lector_has_acted(t)
    t.dice(faces(int(pool[0]), 6))
    t("react Lector dodge")
    assert t.last("reaction").dice == pool


def test_AMB_D6_4_declared_dodge_has_no_reaction_penalty_unless_always():
    for mode, pool in (("undeclared", "4D"), ("always", "3D")):
        t = T({"reactions": {"reaction_penalty": mode}})
        t(MINA, SHOOTER, "start", "declare Mina fulldodge", "declare Shooter shoot Mina")
        t.dice(faces(int(pool[0]), 10), faces(6, 6))
        t("resolve")
        assert t.last("reaction").dice == pool


def test_AMB_D6_5_undeclared_reaction_need_not_add_an_action():
    t = T({"reactions": {"adds_action": False}})
    lector_has_acted(t)
    t.dice(faces(3, 6))
    t("react Lector dodge")
    assert t.asked()[-1] == "Lector: Dodge 3D (4D -1D reaction)"


def test_AMB_D6_7_unused_held_block_counts_by_default():
    for counts, pool in ((True, "3D"), (False, "4D")):
        t = T({"actions": {"held_unused_counts": counts}})
        t(LECTOR, THUG, "start", 'declare Lector brawl "Demon Thug", block')
        t.dice(faces(int(pool[0]), 4))
        t("resolve")
        assert t.last("attack").dice == pool


def test_AMB_D6_10_tie_roll_decides_and_is_kept():
    t = T()
    t.dice(faces(3, 5), faces(3, 12))
    t('add A Instincts=3D', 'add B side=pc Instincts=3D', 'add C Instincts=3D', "start")
    # B is a PC: first; A and C tie -> each rolls Instincts once: A 5, C 12
    assert t.asked() == ["A: Instincts 3D (initiative tie-break)",
                         "C: Instincts 3D (initiative tie-break)"]
    assert [t.enc.name_of(i) for i in t.enc.order] == ["B", "C", "A"]
    t("end")  # no new rolls: the order is static
    assert [t.enc.name_of(i) for i in t.enc.order] == ["B", "C", "A"]
    t.done()
    t2 = T({"initiative": {"tie_break": []}})
    t2('add A Instincts=3D', 'add B side=pc Instincts=3D', "start")
    assert [t2.enc.name_of(i) for i in t2.enc.order] == ["A", "B"]


def test_AMB_D6_11_wild_die_explodes():
    t = T({"pools": {"wild_die": True}})
    t(LECTOR, 'add X Instincts=1D', "start")
    t.dice([1, 1, 1, 6, 4])  # the wild die shows 6 and is rolled again: 13 vs 10
    t.dice([1, 1, 1, 1, 1], [5, 5])
    t("act Lector shoot X")
    a = t.last("attack")
    assert a.total == 13 and a.dice == "4D (wild)"


def test_AMB_D6_13_stun_knockout_can_be_switched_off():
    t = T({"wounds": {"stun_knockout": False}})
    t('add X Instincts=1D Constitution=1D', "damage X Stunned", "damage X Stunned")
    assert not t.c("X").has_condition("Unconscious")


def test_AMB_D6_14_kit_is_the_medics_limits_are_the_patients():
    t = T()
    t('add M1 "First Aid=3D" kits=1', 'add M2 "First Aid=3D" kits=1',
      'add P Constitution=2D', "damage P Wounded")
    t.dice(faces(3, 9))
    t("firstaid M1 P")
    t.dice(faces(3, 9))
    t("firstaid M2 P")  # another medic, same patient, same day: one level harder
    assert t.last("first_aid").difficulty == 15
    assert t.state("M1").kit_uses == 1 and t.state("M2").kit_uses == 1


def test_zero_pool_one_die_option():
    t = T({"pools": {"zero": "one_die"}})
    t('add Mina Instincts=3D "Missile Weapons=3D" weapon="Repeating Crossbow"',
      'add A Instincts=1D', 'add B Instincts=1D+1', 'add C Instincts=1D+2', "start",
      "declare Mina shoot A, shoot B, shoot C")
    t.dice(faces(1, 1), faces(1, 1), faces(1, 1))
    t("resolve all")
    assert [a.dice for a in t.all("attack")] == ["1D", "1D", "1D"]
