"""Defects found in play (issue 13, items 13-19), each with the lines and dice of the report."""

from __future__ import annotations

import subprocess

import pytest

from combat_cli.commands.registry import dispatch
from combat_cli.engine.domain.errors import RuleError
from combat_cli.render.tables import header
from tests.conftest import combat_cmd

from .helpers import body, fails, kinds, out, run, table, typed, who


# -- 13 --------------------------------------------------------------------------------------
def test_intervention_names_obstacle():
    t = table([8, 1, 12])      # Mira 8; the car a natural 1; the check 12: angelic
    run(t, "add Mira weapon=.22", "add Cultist", "start",
        'declare Mira attack Cultist bid=4 path="car:3"')
    o = run(t, "resolve all")
    texts = [e.text for e in o]
    assert not any("The roll" in x or "None" in x for x in texts), texts
    assert any(x.startswith("car rolled a natural 1: intervention check 12") for x in texts)
    assert t.enc.data["interventions"] == [
        {"round": 1, "who": "car", "kind": "angelic", "where": "Mira shoots past car"}]


# -- 14 --------------------------------------------------------------------------------------
def test_defence_in_another_realm_is_refused_naming_the_realm():
    t = table()
    run(t, "add Anselm Will=8", "add Cultist", "start",
        "declare Anselm attack Cultist realm=celestial bid=8")
    err = fails(t, "declare Cultist defend 2 from=Anselm")
    assert "celestial" in err and "corporeal" in err and "realm=celestial" in err
    assert who(t, "Cultist").id not in t.enc.declarations
    fails(t, "defend Cultist 2 from=Anselm")                  # the verb checks the same
    run(t, "declare Cultist defend 2 from=Anselm realm=celestial")


def test_attack_after_a_defence_in_another_realm_says_so():
    t = table()
    run(t, "add Anselm Will=8", "add Cultist", "start", "declare Cultist defend 2 from=Anselm")
    notes = out(t, "declare Anselm attack Cultist realm=celestial bid=8").notes
    assert any("corporeal" in n and "does not count" in n and "realm=celestial" in n
               for n in notes), notes


# -- 15 --------------------------------------------------------------------------------------
def test_declare_names_the_replaced_plan():
    t = table()
    run(t, "add Mira", "add Cultist", "start", "declare Cultist defend 2")
    notes = out(t, "declare Cultist attack Mira bid=1").notes
    assert any("replaced" in n and "defend 2" in n for n in notes), notes
    assert [a.name for a in t.enc.declarations[who(t, "Cultist").id].actions] == ["attack"]


def test_react_while_declaring_keeps_declarations_open():
    t = table()
    run(t, "add Mira physical=6", "add Cultist", "add Zad", "start",
        "declare Cultist attack Mira bid=1")
    run(t, "react Mira defend 1")
    assert t.enc.phase == "declare" and not t.enc.queue
    run(t, "declare Zad attack Mira bid=1")                   # others still declare
    assert [a.name for a in t.enc.declarations[who(t, "Mira").id].actions] == ["defend"]


def test_other_rulesets_still_open_resolution_on_react():
    from combat_cli import plugins
    from combat_cli.dice import FixedDice
    from combat_cli.engine.table import Table

    assert plugins.load("d6").react_closes_declarations
    assert not plugins.load("d12").react_closes_declarations
    t = Table.new(plugins.load("d6"), FixedDice([]))
    assert t.ruleset.react_closes_declarations


# -- 16 --------------------------------------------------------------------------------------
def _duel_after_move(faces):
    t = table(faces)
    run(t, "add Cultist Agility=3 physical=4", "add Zad Agility=6", "start",
        "declare Cultist move Zad, attack Zad bid=4", "declare Zad attack Cultist bid=4")
    run(t, "resolve")                                          # the movement
    return t


def test_reach_finds_the_movers_attack_in_a_duel():
    t = _duel_after_move([9, 3])
    o = run(t, "reach Cultist no")
    assert any(e.text == "Cultist cannot touch Zad" for e in o)
    o = run(t, "resolve all")          # Zad 9 + 4 vs Cultist 3 + 0: Zad connects; no duel
    texts = [e.text for e in o]
    assert any("Zad attacks Cultist: 13 vs 3, Zad connects" in x for x in texts), texts
    assert any(x.startswith("Cultist cannot touch Zad: no exchange") for x in texts), texts
    assert len(t.dice.asked) == 2
    assert body(t, "Cultist") == 7


def test_reach_no_for_the_filed_side_of_a_duel():
    t = _duel_after_move([9, 3])
    run(t, "reach Zad no")
    texts = [e.text for e in run(t, "resolve all")]   # Cultist 9 + 4 vs Zad 3 + 0
    assert any(x.startswith("Zad cannot touch Cultist: no exchange") for x in texts), texts
    assert any("Cultist attacks Zad: 13 vs 3, Cultist connects" in x for x in texts), texts
    assert body(t, "Zad") == 7


# -- 17 --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("name", "power"), [("bow", 2), ("crossbow", 3), ("javelin", 2),
                                             ("throwing-knife", 1)])
def test_ranged_weapons_that_are_not_firearms(name, power):
    from combat_rulesets.d12.power import weapon

    t = table()
    w = weapon(name, typed(t))
    assert w.ranged and w.power == power
    assert not t.tables["weapons"][name].get("firearm")
    note = out(t, f"power {name}").notes[0]
    assert note.startswith(f"{name}: Power {power}")
    # ranged: a path is allowed, reach= is not
    run(t, f"add Mira weapon={name}", "add Cultist", "start",
        'declare Mira attack Cultist bid=1 path="crate:1"')
    fails(t, "declare Mira attack Cultist bid=1 reach=no")


def test_walton_scheme_agrees_for_the_new_weapons():
    from combat_rulesets.d12.power import weapon

    t = table(house={"power": {"scheme": "walton"}})
    assert [weapon(n, typed(t)).power for n in ("bow", "crossbow", "javelin",
                                                 "throwing-knife")] == [2, 3, 2, 1]


def test_house_rules_add_a_weapon():
    house = {"weapons": {"sling": {"power": 1, "ranged": True, "aliases": ["slingshot"]},
                         "bow": {"power": 1}}}
    t = table([9, 2], house)
    run(t, "add Mira weapon=slingshot Archery=2", "add Cultist", "start",
        'declare Mira attack Cultist bid=2 path="crate:0"')
    assert who(t, "Mira").stats["weapon"] == "sling"
    o = run(t, "resolve")             # 9 + 2 vs the crate 2 + 0: the crate is hit
    assert any("Mira's shot meets crate" in e.text for e in o)
    assert out(t, "power bow").notes[0].startswith("bow: Power 1")


@pytest.mark.parametrize(("house", "says"), [
    ({"weapons": {"sling": {"power": "x"}}}, "weapons.sling.power"),
    ({"weapons": {"sling": {"power": -1}}}, "weapons.sling.power"),
    ({"weapons": {"sling": {"ranged": True}}}, "weapons.sling needs power"),
    ({"weapons": {"sling": {"power": 1, "colour": "red"}}}, "weapons.sling.colour"),
    ({"weapons": {"sling": {"power": 1, "size": "huge"}}}, "weapons.sling.size"),
    ({"weapons": {"sling": {"power": 1, "feet": [10]}}}, "weapons.sling.feet"),
    ({"weapons": {"big sling": {"power": 1}}}, "big sling"),
    ({"weapons": {"medium": {"power": 1}}}, "medium"),
    ({"weapons": {"sling": {"power": 1, "aliases": ["bow"]}}}, "bow"),
    ({"weapons": {"sling": 3}}, "weapons.sling"),
])
def test_bad_house_rule_weapons_are_one_line_errors(house, says):
    with pytest.raises(RuleError) as e:
        table(house=house)
    msg = str(e.value)
    assert says in msg and "\n" not in msg and msg.startswith("house rules:")


def test_house_rule_weapon_from_the_command_line(tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('[weapons.sling]\npower = 1\nranged = true\n')
    f = tmp_path / "f.json"
    r = subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "d12", "--house-rules",
                        str(house)], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    s = tmp_path / "s.txt"
    s.write_text("add Mira weapon=sling\npower sling\n")
    r = subprocess.run([*combat_cmd(), "play", str(f), "--script", str(s)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "sling: Power 1" in r.stdout
    house.write_text('[weapons.sling]\npower = "lots"\n')
    g = tmp_path / "g.json"
    r = subprocess.run([*combat_cmd(), "new", str(g), "--ruleset", "d12", "--house-rules",
                        str(house)], capture_output=True, text=True, timeout=60)
    assert r.returncode != 0 and "weapons.sling.power" in r.stdout + r.stderr
    assert "Traceback" not in r.stdout + r.stderr and not g.exists()


# -- 18 --------------------------------------------------------------------------------------
def _shot(faces, house=None):
    t = table(faces, house)
    run(t, "add Cory physical=6", "add Shooter weapon=.22", "start",
        "declare Shooter attack Cory bid=3")
    return t


def test_defenders_natural_one_is_checked_when_the_attacker_halts():
    t = _shot([1, 1, 12, 1])   # Shooter 1, Cory 1; the checks: 12 angelic, 1 demonic
    o = run(t, "resolve")
    assert [e.outcome for e in kinds(o, "intervention") if e.text.isupper() or "INTERVENTION ("
            in e.text] == ["angelic", "demonic"]
    assert [x["who"] for x in t.enc.data["interventions"]] == ["Shooter", "Cory"]
    assert len(t.dice.asked) == 4 and body(t, "Cory") == 8
    assert t.enc.queue[0].data["result"] == "halted"


def test_switch_off_the_defender_does_not_roll():
    t = _shot([1, 12], house={"intervention": {"check_both": False}})
    run(t, "resolve")
    assert len(t.dice.asked) == 2
    assert [x["who"] for x in t.enc.data["interventions"]] == ["Shooter"]


def test_defender_roll_without_intervention_still_halts():
    t = _shot([1, 5, 12])      # Shooter 1, Cory 5; the check 12: angelic: nothing more to check
    o = run(t, "resolve")
    assert len(t.dice.asked) == 3 and body(t, "Cory") == 8
    assert any(e.text.startswith("Cory defends vs Shooter: d12 5") for e in o)


# -- 19 --------------------------------------------------------------------------------------
def test_header_says_exchange_not_segment():
    t = table([9, 3, 9, 3])
    run(t, "add A Agility=5", "add B Agility=4", "add C Agility=3", "start", "declare A move",
        "declare B attack C bid=1", "declare C attack A bid=1")
    shown = str(header(t.enc, t.ruleset))
    run(t, "resolve")                                          # A moves
    shown = str(header(t.enc, t.ruleset))
    assert "segment" not in shown and "B (exchange 1/2)" in shown, shown
    run(t, "resolve")
    shown = str(header(t.enc, t.ruleset))
    assert "segment" not in shown and "C (exchange 2/2)" in shown, shown


def test_header_during_movement_says_movement():
    t = table()
    run(t, "add A Agility=5", "add B Agility=4", "start", "declare A move", "declare B move",
        "resolve")
    shown = str(header(t.enc, t.ruleset))
    assert "segment" not in shown and "B (movement 2/2)" in shown, shown
    assert dispatch(t, "status").error is None


def test_a_bow_attack_uses_archery_by_default():
    t = table([9, 3])
    run(t, "add Mira weapon=bow Archery=2 Guns=5", "add Cultist", "start",
        "declare Mira attack Cultist bid=1")
    o = run(t, "resolve")                 # 9 + 1 + Archery 2 vs 3: the bow's Power 2
    assert any(e.text == "Mira attacks Cultist: d12 9 + bid 1 + Archery 2 = 12" for e in o)
    assert body(t, "Cultist") == 6


def test_an_unknown_weapon_is_still_refused_at_add():
    t = table()
    assert 'no weapon "slingg"' in fails(t, "add Mira weapon=slingg")
    assert not t.enc.combatants


# -- the Action column shows both sides of a duel -------------------------------------------
def _rows(t) -> dict[str, str]:  # noqa: ANN001
    import io

    from combat_cli.render.console import make_console
    from combat_cli.render.tables import round_table

    buf = io.StringIO()
    make_console(buf, width=120).print(round_table(t.enc, t.ruleset, width=120, log=t.log))
    rows = {}
    for line in buf.getvalue().splitlines():
        words = line.replace("▶", " ").replace("›", " ").split()
        if len(words) > 1 and words[0].isdigit():
            rows[words[1]] = line          # "#  Name ..."
    return rows


def test_the_duel_partner_shows_its_attack_in_the_action_column():
    t = _duel_after_move([9, 3])       # one duel, filed under Zad's item (Agility 6)
    duel = t.enc.queue[1]
    assert duel.actor == who(t, "Zad").id and duel.data["duel"] == who(t, "Cultist").id
    rows = _rows(t)
    assert "✓move Za, attack Za" in rows["Cultist"], rows
    assert "attack Cu" in rows["Zad"], rows
    run(t, "resolve all")              # Zad 9 + 4 vs Cultist 3 + 4: Zad connects
    rows = _rows(t)
    assert "✓move Za, ✓attack Za" in rows["Cultist"] and "✓attack Cu" in rows["Zad"], rows


def test_a_split_duel_shows_each_attack_once():
    t = _duel_after_move([9, 3])
    run(t, "reach Cultist no")         # the duel becomes two exchanges
    rows = _rows(t)
    assert rows["Cultist"].count("attack Za") == 1 and rows["Zad"].count("attack Cu") == 1, rows
