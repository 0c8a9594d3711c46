"""d12's action options as typed models (rulesets/combat_rulesets/d12/options.py): the specs derived from the
fields are the ones the GM always had, the rules read fields (the bid, realm and direction group
kept with a declared action are internal fields), the save keeps the keys as before, and a wrong
value in a loaded file is one line."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from combat_rulesets.d12.options import Attack, Defend, Task

from combat_cli.dice import FixedDice
from combat_cli.store.fileio import SaveError
from combat_cli.store.savefile import load
from tests.conftest import unchanged
from tests.rulesets.d12.helpers import fails, run, table, who
from tests.saves import edit_encounter

FIXTURES = Path(__file__).parent / "fixtures"

_BID = ("bid", "text", (), (), "stat bid: a number or full (at most the governing characteristic)")
_SKILL = ("skill", "text", (), (), "a skill name of the combatant or a number (default: the "
          "action's usual skill if the combatant has it)")
_REALM = ("realm", "text", ("corporeal", "ethereal", "celestial"), (),
          "corporeal, ethereal or celestial (default: the fight's realm)")
BEFORE: dict[str, list[tuple[Any, ...]]] = {      # the OptionSpecs d12 declared by hand
    "move": [("to", "text", (), (), "where to (free text)")],
    "attack": [_BID, _SKILL,
               ("with", "text", (), ("weapon",), "weapon for this attack (catalogue name or "
                "Walton build, default the weapon stat, else punch)"),
               _REALM,
               ("range", "text", (), (), "close, far, or feet (close-range Power)"),
               ("path", "text", (), (), "things in the line of fire, nearest first: "
                "\"Table Guy,Bystander\" (a thing: NAME:BONUS)"),
               ("reach", "text", ("yes", "no"), (), "no if a brawler cannot touch the target")],
    "defend": [_BID, ("from", "names", (), (), "the direction group: attackers, "
                      "\"Shooter 1,Shooter 2\""), _SKILL, _REALM],
    "task": [("tn", "int", (), (), "the Target Number"), _SKILL,
             ("rp", "int", (), (), "the GM's role-play bonus"),
             ("mod", "int", (), (), "a penalty added to the roll"),
             ("for", "text", (), (), "what the task is (for the log)")],
    "wait": [],
}


def test_the_models_give_the_option_specs_d12_always_had() -> None:
    from combat_cli import plugins

    got = {a.name: [(o.name, o.kind, o.choices, o.aliases, o.help) for o in a.options]
           for a in plugins.load("d12").actions}
    assert got == BEFORE


def _mob() -> Any:
    t = table()
    run(t, "add Cory side=pc Strength=5 Agility=6 Precision=4 physical=6 Dodge=1",
        "add Puncher Strength=7 Agility=7", "add Shooter x2 Agility=4 Precision=4 weapon=.22",
        "start")
    return t


def test_D12_MOB_6_the_direction_group_is_kept_as_ids_and_read_as_a_field() -> None:
    t = _mob()
    run(t, 'declare Cory defend 1 from=Puncher, defend 5 from="Shooter 1,Shooter 2"')
    general, table_group = t.enc.declarations[who(t, "Cory").id].actions
    o = Defend.of(table_group)
    assert o.group == [who(t, "Shooter 1").id, who(t, "Shooter 2").id]
    assert (o.stake, o.declared_realm, o.from_) == (5, "corporeal", "Shooter 1,Shooter 2")
    # the save keeps what was typed, the rules' keys after it, as before
    assert table_group.options == {"from": "Shooter 1,Shooter 2", "_realm": "corporeal",
                                   "_bid": 5, "_from": [who(t, "Shooter 1").id,
                                                        who(t, "Shooter 2").id]}
    assert Defend.of(general).group == [who(t, "Puncher").id]


def test_D12_BID_1_a_full_bid_is_kept_as_its_number_and_a_general_defence_keeps_no_group(
        ) -> None:
    t = _mob()
    run(t, "declare Puncher attack Cory bid=full with=punch", "declare Cory defend 2")
    attack = t.enc.declarations[who(t, "Puncher").id].actions[0]
    assert Attack.of(attack).stake == 7                                 # Strength 7
    assert attack.options == {"bid": "full", "with": "punch", "_realm": "corporeal", "_bid": 7}
    defence = t.enc.declarations[who(t, "Cory").id].actions[0]
    assert defence.options == {"_realm": "corporeal", "_bid": 2}        # no "_from": null
    assert Defend.of(defence).group is None


def test_a_cleared_path_is_dropped_from_the_options() -> None:
    t = _mob()
    run(t, 'declare "Shooter 1" attack Cory bid=2 path=Puncher')
    shot = t.enc.declarations[who(t, "Shooter 1").id].actions[0]
    assert Attack.of(shot).path == "Puncher"
    run(t, 'path "Shooter 1" clear')
    shot = t.enc.declarations[who(t, "Shooter 1").id].actions[0]
    assert shot.options == {"bid": "2", "_realm": "corporeal", "_bid": 2}
    assert Attack.of(shot).path is None


def test_the_gm_cannot_type_the_internal_keys() -> None:
    t = _mob()
    for line in ("declare Cory defend 2 _bid=9", "declare Cory defend 2 stake=9",
                 "declare Cory defend 2 _from=c2", "declare Puncher attack Cory _realm=ethereal"):
        assert "no option" in fails(t, line)


def test_D12_TASK_3_a_task_reads_its_fields() -> None:
    t = table([8])
    run(t, "add Ann Dodge=2")
    entries = run(t, 'task Ann tn=7 skill=Dodge rp=0 for="vault the bar"')
    said = [e for e in entries if e.kind == "task"][0]
    assert "task (vault the bar)" in said.text and said.outcome == "success"    # 8 - 2 = 6 < 7
    assert Task(tn=7, skill="Dodge", for_="x").dump() == {"tn": 7, "skill": "Dodge", "for": "x"}


def _edit(tmp_path: Path, name: str, change: Any) -> Path:
    """A fixture (mid_round: resolving, declaring: declaring) with one declared action's
    options changed."""
    return edit_encounter(tmp_path / f"{name}.json", lambda e: change(e["declarations"]),
                          FIXTURES / f"{name}.json")


def _find(decls: dict[str, Any], name: str, key: str) -> dict[str, Any]:
    for d in decls.values():
        for a in d["actions"]:
            if a["name"] == name and key in a["options"]:
                options: dict[str, Any] = a["options"]
                return options
    raise AssertionError(f"no {name} with {key}")


@pytest.mark.parametrize(("name", "change", "said"), [
    ("mid_round", lambda d: _find(d, "attack", "_bid").update(_bid="lots"),
     "Cory: attack's _bid= must be a valid integer"),
    ("mid_round", lambda d: _find(d, "defend", "_from").update(_from="c2"),
     "Cory: defend's _from= must be a valid list"),
    ("mid_round", lambda d: _find(d, "attack", "realm").update(realm="astral"),
     "Shooter 1: attack's realm= must be 'corporeal', 'ethereal' or 'celestial'"),
    ("declaring", lambda d: _find(d, "task", "tn").update(tn="seven"),
     "task's tn= must be a valid integer"),
    ("declaring", lambda d: _find(d, "move", "to").update(speed=3),
     "Cory: move has no option speed= (found 3)"),
])
def test_a_wrong_option_in_a_loaded_file_is_one_line(tmp_path: Path, name: str, change: Any,
                                                     said: str) -> None:
    f = _edit(tmp_path, name, change)
    with unchanged(f), pytest.raises(SaveError) as e:
        load(f, FixedDice([]))
    assert said in str(e.value), str(e.value)
    assert "\n" not in str(e.value) and "internal error" not in str(e.value)


def test_a_save_of_before_reads_through_the_models(tmp_path: Path) -> None:
    f = tmp_path / "mid_round.json"
    shutil.copy(FIXTURES / "mid_round.json", f)
    t = load(f, FixedDice([]))
    cory, puncher, shooter = (who(t, n) for n in ("Cory", "Puncher", "Shooter 1"))
    attack, defence = t.enc.declarations[cory.id].actions
    assert (Attack.of(attack).stake, Attack.of(attack).declared_realm) == (1, "corporeal")
    assert (Defend.of(defence).stake, Defend.of(defence).group) == (1, [puncher.id])
    ethereal = Attack.of(t.enc.declarations[shooter.id].actions[0])
    assert (ethereal.realm, ethereal.stake) == ("ethereal", 1)
