"""Bad input for every action and verb (one-line error, state unchanged), the demo, and an
end-to-end fight from the command line checked through show --json."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from tests.conftest import combat_cmd

from .conftest import F, S, fails, new_table, run


@pytest.fixture
def fight():  # noqa: ANN201
    t = new_table([S, S, F, F, F, S, F, F])
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 close_combat=3 athletics=2",
        "add Orc cunning=1 close_combat=2 might=2 stamina=2 defense=2", "start")
    return t


@pytest.mark.parametrize("line,expect", [
    ("act Ann attack", "needs a target"),
    ("act Ann attack Nobody", 'no combatant "Nobody"'),
    ("act Ann attack Orc colour=red", "no option colour="),
    ("act Ann attack Orc range=orbit", "range"),
    ("act Ann attack Orc weapon=banana", 'no weapon "banana"'),
    ("act Ann attack Orc pool=charisma+might", 'no trait "charisma"'),
    ("act Ann attack Orc stunts=fireball", 'no stunt "fireball"'),
    ("act Ann attack Ann", "cannot attack themself"),
    ("act Ann attack Orc give=1", "give= splits a mixed action"),
    ("act Ann attack Orc block=Orc", "needs the task"),
    ("act Ann attack Orc box=purple", "no Injury level"),
    ("act Ann attack Orc enh=lots", "whole number"),
    ("act Ann attack Orc other=stand", "not Prone"),
    ("act Ann attack Orc Orc", "named twice"),
    ("act Ann attack Orc Nobody", 'no combatant "Nobody"'),
    ("act Ann attack Orc split=2", "several targets"),
    ("act Ann attack Orc push=yes", "Pushing tag"),
    ("act Ann attack Orc stunts=damage2", "only enhance and complicate"),
    ("act Ann attack Orc stunts=enhance0", "1 or more"),
    ("act Ann attack Orc ally=Nobody", 'no combatant "Nobody"'),
    ("act Ann throw Orc large=yes shock=Nobody", 'no combatant "Nobody"'),
    ("act Ann defend dive=Nobody", 'no combatant "Nobody"'),
    ("react Ann defend dive=Orc mode=standard", "mode=roll"),
    ("act Ann complicate Orc", "needs the task"),
    ("act Ann complicate", "needs a target"),
    ("act Ann throw Orc person=Ann", "someone else"),
    ("act Ann throw Orc person=Orc", "someone else"),
    ("act Ann drag Orc", "not Grappled by Ann"),
    ("act Ann escape", "not Grappled"),
    ("act Ann letgo Orc", "not grappling"),
    ("act Ann stand", "not Prone"),
    ("act Ann do", "needs a pool"),
    ("act Ann do pool=3 reflexive=yes mixed=2", "not a mixed action"),
    ("act Ann fly", 'no action "fly"'),
    ("act Orc attack Ann", "Ann's turn"),
    ("react Ann attack Orc", "reaction"),
    ("react Ann defend mode=sideways", "mode"),
    ("slot", "usage: slot"),
    ("slot Orc", "Orc is an SGC and cannot take PC slot (2)"),
    ("slot Ann 9", "no slot 9"),
    ("slot Ann x", "whole number"),
    ("ambush Ann vs Orc", "before the fight"),
    ("surprise Ann vs Orc", "before start"),
    ("range Ann Orc", "usage: range"),
    ("range Ann Orc orbit", 'no range "orbit"'),
    ("range Ann Ann close", "two different"),
    ("aid Ann Orc", "after combat"),
    ("aid Ann", "usage: aid"),
    ("scene", "still on"),
    ("session now", "no arguments"),
    ("aftermath now", "no arguments"),
    ("damage Ann purple", "damage reads"),
    ("heal Orc", "no Injury Conditions"),
    ("set Ann tier=godlike", "tier is one of"),
    ("set Ann scale=9", "Scale runs"),
    ("set Ann weapon=banana", 'no weapon "banana"'),
    ("set Ann might=-1", "dots run"),
    ("set Ann defense_pool=wits", 'no trait "wits"'),
])
def test_bad_input_is_one_line_and_changes_nothing(fight, line, expect):
    err = fails(fight, line)
    assert expect in err, err


def test_bad_input_outside_a_fight():
    t = new_table()
    run(t, "add Ann side=pc stamina=3", "add Bo side=pc")
    assert "no fight is on" in fails(t, "aftermath")
    assert "no initiative roster" in fails(t, "slot Ann")
    assert "two sides" in fails(t, "surprise Ann Bo")
    assert "dexterity or intellect" in fails(t, "surprise Ann vs Bo attr=might")
    assert "no Injury Conditions" in fails(t, "aid Bo Ann")
    assert "no option" in fails(t, "aid Bo Ann colour=red")
    assert "no option" in fails(t, "ambush Ann vs Bo colour=red")
    assert "both sides" in fails(t, "ambush Ann vs")
    assert "needs two sides" in fails(t, "ambush Ann Bo")


def test_demo_runs_without_errors_for_many_seeds():
    from combat_cli import plugins
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    rs = plugins.load("storypath")
    lines = rs.demo()
    assert any(x.startswith("ambush") for x in lines) and any(x.startswith("aid") for x in lines)
    for seed in range(60):
        t = Table.new(rs, RandomDice(seed))
        for line in lines:
            out = dispatch(t, line)
            assert out.error is None, f"seed {seed}: {line!r}: {out.error}"
        assert t.enc.phase == "setup"
        assert any(e.action == "aid" for e in t.log)


def _combat(*args: str, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([*combat_cmd(), *args], input=input,
                          capture_output=True, text=True, timeout=60, env=dict(os.environ))


SCRIPT = """\
add Ann side=pc might=3 dexterity=3 stamina=3 cunning=2 intellect=3 close_combat=3 athletics=2 subterfuge=2 medicine=2 weapon=sword
add Ben side=pc might=2 dexterity=3 stamina=3 cunning=3 intellect=3 firearms=3 medicine=3 weapon=pistol
add Thug x2 cunning=0 might=3 stamina=2 attack_pool=4 health=3 defense=1 weapon=club
ambush Ann Ben vs "Thug 1" "Thug 2"
start
slot Ann
act Ann attack "Thug 1" stunts=damage+critical name="Cracked Ribs"
next
act Ben attack "Thug 2" range=short
next
end
slot Ben
act Ben attack "Thug 2"
next
act Ann attack "Thug 1" box=maimed
next
aftermath
damage Ann injured name="Broken Arm"
aid Ben Ann
"""


def test_end_to_end_fight_from_the_command_line(tmp_path):
    f = tmp_path / "fight.json"
    script = tmp_path / "fight.txt"
    script.write_text(SCRIPT, encoding="utf-8")
    r = _combat("new", str(f), "--ruleset", "storypath")
    assert r.returncode == 0, r.stderr
    r = _combat("play", str(f), "--script", str(script), "--seed", "3")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    r = _combat("show", str(f), "--json")
    assert r.returncode == 0, r.stderr
    doc = json.loads(r.stdout)
    assert doc["ruleset"] == "storypath" and doc["phase"] == "setup"
    log = doc["log"]
    # initiative rolled once (round 1), two attacks per round, first aid after the fight
    assert sum(1 for e in log if e["action"] == "initiative") == 4
    attacks = [e for e in log if e["action"] == "attack"]
    assert len(attacks) == 4 and all(e["faces"] for e in attacks)
    assert all(e["difficulty"] == 1 for e in attacks)  # the thugs' static Defense 1
    for e in attacks:
        hit = e["outcome"] == "hit"
        assert hit == (e["data"]["successes"] + e["data"]["enhancement"] >= 1)
    aid = next(e for e in log if e["action"] == "aid")
    assert aid["difficulty"] == 3  # an Injured Condition
    inj = doc["storypath"]["injuries"]
    ann = next(c for c in doc["combatants"] if c["name"] == "Ann")
    levels = [i["level"] for i in ann["data"]["injuries"]]
    assert levels == (["bruised"] if aid["outcome"] == "success" else ["injured"])
    assert inj["Ann"]["conditions"][0]["name"] == "Broken Arm"
    thug_hits = {n: len(inj[n]["conditions"]) for n in ("Thug 1", "Thug 2")}
    expect = {"Thug 1": 0, "Thug 2": 0}
    for e in attacks:
        expect[e["target"]] += e["data"]["conditions"]
    assert thug_hits == expect


def test_house_rule_values_are_checked():
    from combat_cli.engine.domain.errors import CommandError

    with pytest.raises(CommandError, match="penalties.mode is one of"):
        new_table(house={"penalties": {"mode": "ouch"}})
    with pytest.raises(CommandError, match="unknown key"):
        new_table(house={"penalties": {"moode": "dice"}})


def test_house_rules_listed_for_every_ambiguity():
    from combat_cli import plugins

    rs = plugins.load("storypath")
    text = " ".join(rs.house_rules.values())
    for n in range(1, 11):
        assert f"AMB-SP-{n}:" in text
    tables = rs.load_tables()
    for key in rs.house_rules:
        section, name = key.split(".")
        assert name in tables[section]


MANUAL = """\
add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 intellect=2 medicine=2 close_combat=3 weapon=sword
add Orc x2 cunning=1 close_combat=2 might=3 stamina=2 health=2
start
8 8 1 1 1
8 1 1
1 1 1
# one attack on both orcs: 7 successes split 6 + 1
act Ann attack "Orc 1" "Orc 2" stunts=damage+critical
8 8 8 8 8 10 9
next
act "Orc 1" attack Ann
8 1 1
8 8 1 1 1
next
act "Orc 2" attack Ann box=injured name="Cracked Rib"
8 1 1 1 1
next
end
act Ann attack "Orc 1"
8 8 8 8 1 1
aftermath
aid Ann Ann
8 8 8 1
"""


def test_end_to_end_fight_with_typed_dice_exact_numbers(tmp_path):
    f = tmp_path / "fight.json"
    script = tmp_path / "fight.txt"
    script.write_text(MANUAL, encoding="utf-8")
    assert _combat("new", str(f), "--ruleset", "storypath").returncode == 0
    r = _combat("play", str(f), "--script", str(script), "--dice", "manual")
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr
    doc = json.loads(_combat("show", str(f), "--json").stdout)
    log = doc["log"]
    assert [e["outcome"] for e in log if e["action"] == "initiative"] == ["2", "1", "0"]
    split = next(e for e in log if e["kind"] == "roll" and e["action"] == "attack")
    assert split["faces"] == [8, 8, 8, 8, 8, 10, 9] and split["data"]["shares"] == [6, 1]
    attacks = [(e["actor"], e["target"], e["difficulty"], e["outcome"], e["data"]["conditions"])
               for e in log if e["kind"] == "attack"]
    ids = {c["name"]: c["name"] for c in doc["combatants"]}  # the log names them
    assert attacks == [
        (ids["Ann"], ids["Orc 1"], 1, "hit", 2),     # 6 - Defense 1: Inflict Damage + Critical
        (ids["Ann"], ids["Orc 2"], 1, "hit", 1),
        (ids["Orc 1"], ids["Ann"], 1, "hit", 1),     # Ann's rolled Defense 1 (Stamina 3)
        (ids["Orc 2"], ids["Ann"], 1, "hit", 1),     # the same Defense: rolled once a round
        (ids["Ann"], ids["Orc 1"], 1, "hit", 1),     # Injured: Complication 2 bought off
    ]
    assert sum(1 for e in log if e["kind"] == "defense") == 1
    orc1 = next(c for c in doc["combatants"] if c["name"] == "Orc 1")
    assert orc1["out"] and orc1["status"] == "Taken Out"
    sp = doc["storypath"]
    assert sp["injuries"]["Orc 2"]["track"] == "Health 1/2"
    # first aid: Cracked Rib (Injured) at Difficulty 3 -> the free Bruised box; Ann's own
    # Injured Complication 2 is left unbought: +1 Momentum to the Storyguide
    aid = next(e for e in log if e["action"] == "aid")
    assert aid["difficulty"] == 3 and aid["outcome"] == "success"
    assert [(i["level"], i["name"], i["downgraded"]) for i in sp["injuries"]["Ann"]["conditions"]] \
        == [("bruised", None, False), ("bruised", "Cracked Rib", True)]
    assert sp["injuries"]["Ann"]["track"] == "B●● I○ M○"
    assert sp["momentum"] == {"players": 0, "storyguide": 1}


def test_readme_example_runs_for_many_seeds():
    import re
    from pathlib import Path

    from combat_cli import plugins
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    text = (Path(__file__).resolve().parents[3] / "rulesets" / "combat_rulesets" / "storypath" / "README.md").read_text(encoding="utf-8")
    block = re.search(r"## Example\n\n```\n(.*?)```", text, re.S)
    assert block
    lines = [x for x in block.group(1).splitlines() if x.strip()]
    for seed in range(30):
        t = Table.new(plugins.load("storypath"), RandomDice(seed))
        for line in lines:
            out = dispatch(t, line)
            assert out.error is None, f"seed {seed}: {line!r}: {out.error}"
