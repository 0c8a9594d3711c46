"""Storypath's action options as typed models (rulesets/combat_rulesets/storypath/options.py): the fields are
the options the GM types (names, help, kinds, choices exactly as before), rules code reads
fields, and a loaded file's action with a bad option is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from combat_cli.api import ActionRequest, Options, RuleError
from tests.conftest import unchanged
from tests.saves import edit_encounter

from .conftest import F, S, feed, last, new_table, run, texts, view, who

HERE = Path(__file__).parent / "fixtures"


def _ruleset():  # noqa: ANN202
    from combat_cli import plugins

    return plugins.load("storypath")


def test_every_action_has_a_model_whose_fields_are_the_old_options() -> None:
    """option_specs.json: the actions' OptionSpecs as written by hand before the models."""
    old = json.loads((HERE / "option_specs.json").read_text(encoding="utf-8"))
    now = {a.name: [[o.name, o.help, o.kind, list(o.choices), list(o.aliases)]
                    for o in a.options] for a in _ruleset().actions}
    assert now == old
    for a in _ruleset().actions:
        assert a.model is not None and issubclass(a.model, Options), a.name


def test_shared_parts_are_one_definition() -> None:
    from combat_rulesets.storypath import options as o

    for model in (o.Attack, o.Throw, o.Complicate, o.Do, o.Grapple):
        assert issubclass(model, o.Roll)
    for model in (o.Attack, o.Throw, o.Complicate, o.Do):
        assert issubclass(model, o.Mixed)
    for model in (o.Attack, o.Throw):
        assert issubclass(model, o.Harm)


def test_the_fields_read_what_was_typed() -> None:
    from combat_rulesets.storypath.options import Attack, yes

    a = ActionRequest(name="attack", options={"enh": 2, "waive": "yes", "shock": "Ann+Ben"})
    o = Attack.of(a)
    assert (o.enh, o.team, o.shock, yes(o.waive), yes(o.push)) == (2, None, "Ann+Ben", True,
                                                                    False)
    assert o.dump() == {"enh": 2, "waive": "yes", "shock": "Ann+Ben"}


def test_a_stored_value_the_model_does_not_take_is_one_line() -> None:
    from combat_rulesets.storypath.options import Attack

    with pytest.raises(RuleError) as e:
        Attack.of(ActionRequest(name="attack", options={"waive": "maybe"}))
    assert "attack's waive= must be 'yes' or 'no'" in str(e.value)
    assert "\n" not in str(e.value)


def test_SP_DICE_7_the_bonus_read_from_the_fields_caps_teamwork_at_3() -> None:
    """SP-DICE-7: teamwork adds the helpers' successes as an Enhancement of at most 3."""
    from combat_rulesets.storypath.options import Do

    t = new_table()
    o = Do.of(ActionRequest(name="do", options={"pool": "5", "enh": 1, "team": 5}))
    assert o.bonus(view(t)) == 1 + 3
    assert Do().bonus(view(t)) == 0


def _saved_with(tmp_path: Path, options: dict[str, Any], name: str = "attack") -> Path:
    """mid.json (a fight in round 2) with a queued action of Ann's holding ``options``."""
    def edit(enc: dict[str, Any]) -> None:
        ann = next(c["id"] for c in enc["combatants"] if c["name"] == "Ann")
        enc["queue"] = [{"id": 99, "actor": ann,
                         "action": {"name": name, "target": None, "options": options}}]
    return edit_encounter(tmp_path / "mid.json", edit, HERE / "mid.json")


@pytest.mark.parametrize(("options", "said"), [
    ({"waive": "maybe"}, "Ann: attack's waive= must be 'yes' or 'no' (found 'maybe')"),
    ({"enh": "lots"}, "Ann: attack's enh= must be a valid integer"),
    ({"cover": "half"}, "Ann: attack has no option cover= (found 'half')"),
])
def test_a_loaded_action_with_a_bad_option_is_one_line(tmp_path: Path, options: dict[str, Any],
                                                       said: str) -> None:
    from combat_cli.dice import RandomDice
    from combat_cli.store.fileio import SaveError
    from combat_cli.store.savefile import load

    path = _saved_with(tmp_path, options)
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, RandomDice(seed=1))
    assert said in str(e.value) and "\n" not in str(e.value)
    assert "internal error" not in str(e.value)


def test_a_loaded_action_with_good_options_loads(tmp_path: Path) -> None:
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import load

    t = load(_saved_with(tmp_path, {"enh": 2, "waive": "yes", "range": "close"}),
             RandomDice(seed=1))
    assert t.enc.queue[0].action.options == {"enh": 2, "waive": "yes", "range": "close"}


# -- rules read through the fields -----------------------------------------------------------
def _three():  # noqa: ANN202
    """Ann (2), Bo (1), Orc (0): Ann then Bo then the Orc."""
    t = new_table([S, S, F, F, F] + [S, F] + [F, F, F])
    run(t, "add Ann side=pc might=3 dexterity=2 stamina=3 cunning=2 close_combat=3 athletics=2",
        "add Bo side=pc might=1 stamina=3 cunning=1 close_combat=1",
        "add Orc cunning=1 close_combat=2 defense=2", "start", "slot Ann")
    return t


def test_SP_THROW_2_the_thrown_person_takes_the_box_and_name_of_pbox_and_pname():
    t = _three()
    feed(t, S, S, S, S, F, F)  # Ann grapples Bo (Bo's Defense: roll Stamina 3 -> 1)
    t.dice.queue[:0] = [S, F, F]
    run(t, "act Ann grapple Bo", "next", "next", "next", "end", "slot Ann")
    feed(t, S, S, F, F, F)   # opposed Might + Athletics: Ann 2 successes
    feed(t, S, F)            # Bo 1
    feed(t, S, S, S, F, F)   # the throw: 3 vs Defense 2
    run(t, 'act Ann throw Orc person=Bo pbox=injured pname="Cracked Ribs" lethal=yes stun=yes')
    bo = who(t, "Bo").data["injuries"]
    assert [(i["level"], i["name"]) for i in bo] == [("injured", "Cracked Ribs")]
    e = last(t, "attack")
    assert e.outcome == "hit" and e.data["weapon"] == "Bo"


def test_SP_PRONE_2_engaged_no_says_no_enemy_is_close_so_standing_is_reflexive():
    t = _three()
    run(t, "condition Ann +Prone", "range Ann Orc close")
    out = run(t, "act Ann stand engaged=no")
    assert "reflexive: no enemy at close range" in texts(out)
    assert not who(t, "Ann").has_condition("Prone")


def test_SP_ACT_4_odiff_is_the_other_halfs_Difficulty():
    t = _three()
    feed(t, S, S, S, S, F)  # the lower pool (Athletics 2 + Dexterity 2 = 4 dice): 4 successes
    out = run(t, 'act Ann do pool=athletics+dexterity mixed=athletics+might other="climb" '
                 "odiff=3 task=jump")
    assert "3 to climb" in texts(out)
    assert "climb: 3 successes vs Difficulty 3: success" in texts(out)
