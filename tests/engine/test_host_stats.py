"""The host's stat services (issue 24): the index, the defaults, typed and loaded stats checked,
applying what a ruleset declares (its stats with their checks, extra stats and their typo
policy); the plug-in's object keeps nothing of the core's, and ``hook(..., method=True)``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from combat_cli.api import (
    Combatant,
    Encounter,
    RuleError,
    Ruleset,
    RulesView,
    StatSpec,
    hook,
)
from combat_cli.engine.contract import state
from combat_cli.engine.contract.host import host
from tests.conftest import fails, run
from tests.saves import edit_encounter

CHECKED: list[str] = []


def _known_blade(view: RulesView, c: Combatant) -> None:
    CHECKED.append(c.name)
    if c.stats["blade"] not in view.tables["blades"]:
        raise RuleError(f'no blade "{c.stats["blade"]}"')


class Blades(Ruleset):
    name = "blades"
    stats = (StatSpec("skill", "a number", int, 0, ("sk",)),
             StatSpec("blade", "one of the tables' blades", str, check=_known_blade))

    def load_tables(self) -> dict[str, Any]:
        return {"blades": {"sabre": 2, "knife": 1}}


class Skilled(Ruleset):
    name = "skilled"
    stats = (StatSpec("Strength", "", int), StatSpec("Agility", "", int))
    extra_stats = staticmethod(int)
    stat_typo_cutoff = 0.8
    stat_typo_hint = "other names are skills: Fighting=2"


def test_the_stat_services_keep_nothing_in_the_plug_ins_object() -> None:
    rs = Blades()
    before = dict(vars(rs))
    assert host(rs).stat_spec("SK") is rs.stats[0] and rs.stat_spec("Skill") is rs.stats[0]
    assert host(rs).validate_stats({"sk": "3", "blade": "knife"}) == {"skill": 3,
                                                                      "blade": "knife"}
    assert rs.validate_stats({"skill": "4"}) == {"skill": 4}
    assert host(rs).stat_defaults() == rs.stat_defaults() == {"skill": 0}
    assert vars(rs) == before   # no index, no parsed-value cache in the plug-in's __dict__


def test_the_index_follows_a_stats_list_the_ruleset_replaces() -> None:
    rs = Blades()
    assert host(rs).stat_spec("hp") is None
    rs.stats = (*Blades.stats, StatSpec("hp", "", int))
    assert host(rs).stat_spec("HP") is rs.stats[-1]


def test_a_declared_typo_policy_refuses_a_near_stat_and_reads_other_names_as_extra() -> None:
    rs = Skilled()
    with pytest.raises(RuleError) as e:
        host(rs).validate_stats({"Fighting": "2", "Strenght": "5"})
    assert str(e.value) == ('no stat "Strenght" — did you mean Strength? (other names are '
                            "skills: Fighting=2)")
    assert host(rs).validate_stats({"Fighting": "2", "agility": "3"}) == {"Fighting": 2,
                                                                          "Agility": 3}
    rs.stat_typo_hint = ""
    with pytest.raises(RuleError, match=r'^no stat "Agilty" — did you mean Agility\?$'):
        host(rs).validate_stats({"Agilty": "3"})


def test_d12_declares_its_skills_and_typos_instead_of_overriding(make_table: Any) -> None:
    t = make_table(ruleset="d12")
    for method in ("validate_stats", "check_stats", "stat_spec", "stat_defaults"):
        assert method not in vars(type(t.ruleset)), method
    assert fails(t, "add Cory Strenght=5") == (
        'no stat "Strenght" — did you mean Strength? (other names are skills: Fighting=2)')
    run(t, "add Cory Strength=5 Fighting=3")
    assert t.enc.combatants[0].stats == {"Strength": 5, "Fighting": 3}


def _encounter(rs: Ruleset, blade: str, template: str = "sabre") -> Encounter:
    return Encounter.model_validate({
        "ruleset": rs.name,
        "combatants": [{"id": "c1", "name": "Ann", "tag": "A", "stats": {"blade": "sabre"}},
                       {"id": "c2", "name": "Bob", "tag": "B", "stats": {"blade": blade}}],
        "templates": {"duellist": {"stats": {"blade": template}}}})


def test_a_declared_stat_check_runs_on_load_for_combatants_and_templates() -> None:
    rs = Blades()
    CHECKED.clear()
    state.check_stats(rs, _encounter(rs, "knife"))
    assert CHECKED == ["Ann", "Bob", "duellist"]
    with pytest.raises(RuleError) as e:
        state.check_stats(rs, _encounter(rs, "laser"))
    assert str(e.value) == 'Bob: no blade "laser"'
    with pytest.raises(RuleError) as e:
        state.check_stats(rs, _encounter(rs, "knife", template="axe"))
    assert str(e.value) == 'template duellist: no blade "axe"'


def test_a_stat_check_is_a_function_or_a_reference() -> None:
    with pytest.raises(TypeError, match="module:function"):
        StatSpec("blade", check="tests.engine.test_host_stats._known_blade.nope")


@pytest.mark.parametrize(("ruleset", "add", "field", "said"), [
    ("d12", "add Ann weapon=punch", "weapon", 'Ann: no weapon "laser"'),
    ("storypath", "add Ann weapon=unarmed", "weapon", 'Ann: no weapon "laser"'),
    ("czech_pool", "add Ann Zbraň=dýka", "Zbraň", 'Ann: no weapon "laser" in the catalogue'),
])
def test_a_built_in_weapon_check_refuses_a_loaded_file_in_one_line(
        tmp_path: Path, make_table: Any, ruleset: str, add: str, field: str, said: str) -> None:
    """A save whose weapon is not in the fight's catalogue: the declared check refuses the
    file in one line naming the combatant and the weapon, and the file is left as it was."""
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import SaveError, load, save

    t = make_table(ruleset=ruleset)
    run(t, add)
    path = tmp_path / "fight.json"
    save(path, t)
    load(path, RandomDice(seed=1), lang="en")   # as saved, it loads
    edit_encounter(path, lambda e: e["combatants"][0]["stats"].update({field: "laser"}))
    before = path.read_bytes()
    with pytest.raises(SaveError) as e:
        load(path, RandomDice(seed=1), lang="en")
    assert said in str(e.value) and "\n" not in str(e.value)
    assert path.read_bytes() == before


class Legacy(Ruleset):
    """An older plug-in that still overrides the stat methods: the host obeys it, and its
    ``super()`` is the host's service."""

    name = "legacy"
    stats = (StatSpec("hp", "", int, 5),)

    def validate_stats(self, raw: dict[str, Any]) -> dict[str, Any]:
        return {**super().validate_stats(raw), "seen": True}

    def stat_defaults(self) -> dict[str, Any]:
        return {**super().stat_defaults(), "luck": 1}


def test_an_older_plug_ins_stat_overrides_are_still_obeyed() -> None:
    rs = Legacy()
    assert host(rs).validate_stats({"hp": "3"}) == {"hp": 3, "seen": True}
    assert host(rs).stat_defaults() == {"hp": 5, "luck": 1}
    view = RulesView(Encounter(ruleset="legacy"), rs)
    assert host(rs).check_stats(view, Combatant(id="c1", name="A", tag="A",
                                                stats={"hp": 2})) == {"hp": 2, "seen": True}


def _carry(rs: Ruleset, c: Combatant) -> Combatant:
    out = Ruleset.carry_over(rs, c)   # the core's default, called by name
    out.status = f"carried by {rs.name}"
    return out


def _plain(c: Combatant) -> str:
    return c.name


class Hooked(Ruleset):
    name = "hooked"
    fight_only = ("init",)
    carry_over = hook("tests.engine.test_host_stats:_carry", method=True)
    brief_name = hook("tests.engine.test_host_stats:_plain")


def test_a_method_hook_takes_the_ruleset_first_and_calls_the_cores_default_by_name() -> None:
    rs = Hooked()
    c = Combatant(id="c1", name="Ann", tag="A", data={"init": 3, "kept": 1})
    out = rs.carry_over(c)
    assert out.status == "carried by hooked" and out.data == {"kept": 1}
    assert rs.brief_name(c) == "Ann"                      # a plain hook: no ruleset
    assert Hooked.carry_over is _carry                    # on the class: the function
    assert repr(vars(Hooked)["carry_over"]) == (
        "hook('tests.engine.test_host_stats:_carry', method=True)")


def test_a_hook_that_is_not_a_module_and_function_is_refused_when_declared() -> None:
    with pytest.raises(TypeError, match="module:function"):
        hook("tests.engine.test_host_stats._carry")
