"""Typed rule tables: each ruleset's tables.toml is described by its pydantic models; the core
loads, merges house rules, validates (a bad switch is refused with its choices) and caches."""

from __future__ import annotations

import copy

import pytest

from combat_cli import plugins
from combat_cli.api import CommandError, TablesModel, merge_tables
from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.engine.contract.host import host
from combat_cli.engine.table import Table
from tests.conftest import BUILT_IN
from tests.e2e.test_cli import combat

BAD_SWITCHES = [
    ("d6", {"ties": {"mode": "bogus"}}, "ties.mode is one of 'literal', 'ge' or 'gt', not 'bogus'"),
    ("d6", {"reactions": {"reaction_penalty": "sometimes"}},
     "reactions.reaction_penalty is one of 'undeclared', 'always' or 'never'"),
    ("storypath", {"penalties": {"mode": "ouch"}},
     "penalties.mode is one of 'complication', 'dice' or 'difficulty', not 'ouch'"),
    ("d12", {"contest": {"ties": "coinflip"}},
     "contest.ties is one of 'standoff', 'reroll' or 'defender', not 'coinflip'"),
    ("czech_pool", {"amb": {"one_roll": "lowest"}},
     "amb.one_roll is one of 'per_pair' or 'highest', not 'lowest'"),
]


@pytest.mark.parametrize(("name", "house", "says"), BAD_SWITCHES)
def test_a_bad_switch_is_refused_with_its_choices_in_every_ruleset(name, house, says):
    with pytest.raises(CommandError) as e:
        Table.new(plugins.load(name), RandomDice(1), house_rules=house)
    assert str(e.value) == f"house rules: {says}" or says in str(e.value)
    assert "\n" not in str(e.value)


@pytest.mark.parametrize("name", BUILT_IN)
def test_every_ruleset_declares_typed_tables_that_fit_its_file(name):
    rs = plugins.load(name)
    assert rs.tables_model is not None and issubclass(rs.tables_model, TablesModel)
    typed = rs.typed_tables({})
    assert isinstance(typed, rs.tables_model)
    assert set(rs.tables_model.model_fields) == set(rs.load_tables())


def test_switches_are_typed_fields():
    d6 = plugins.load("d6").typed_tables({"ties": {"mode": "gt"}})
    assert d6.ties.mode == "gt"  # type: ignore[attr-defined]
    czp = plugins.load("czech_pool").typed_tables({"health": {"at_zero": "Smrt"}})
    assert czp.health.at_zero == "smrt"  # type: ignore[attr-defined]


def test_the_core_loads_and_validates_once_per_set_of_house_rules(monkeypatch):
    rs = type(plugins.load("d12"))()   # a fresh ruleset object: a fresh host
    calls = []
    real = type(rs).load_tables
    monkeypatch.setattr(type(rs), "load_tables", lambda self: calls.append(1) or real(self))
    a = rs.tables_for({})
    assert rs.tables_for({}) is a
    b = rs.tables_for({"contest": {"ties": "reroll"}})
    assert b["contest"]["ties"] == "reroll" and a["contest"]["ties"] == "standoff"
    assert len(calls) == 1
    assert host(rs).cached() == 2 and not any("table" in k for k in vars(rs))


@pytest.mark.parametrize("name", BUILT_IN)
def test_playing_never_changes_the_shared_tables(name):
    """The cached tables are shared by every table of the process: rules only read them."""
    rs = plugins.load(name)
    shipped = copy.deepcopy(rs.load_tables())
    t = Table.new(rs, RandomDice(3))
    for line in rs.demo():
        dispatch(t, line)
    assert rs.tables_for({}) == merge_tables(shipped, {})


def test_new_refuses_a_bad_switch_in_one_line(tmp_path):
    hr = tmp_path / "house.toml"
    hr.write_text('[ties]\nmode = "bogus"\n')
    r = combat("new", str(tmp_path / "f.json"), "--ruleset", "d6", "--house-rules", str(hr))
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "ties.mode is one of 'literal', 'ge' or 'gt', not 'bogus'" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "f.json").exists()


def test_a_house_rule_of_the_wrong_kind_is_told_in_the_files_own_words() -> None:
    """The value shown is TOML (true, "text"), not Python (True, 'text'), in any language."""
    from combat_cli.engine.contract.ruleset import merge_tables
    from combat_cli.engine.domain.errors import RuleError
    from combat_cli.locale import text

    with pytest.raises(RuleError) as e:
        merge_tables({"mob": {"simultaneous": True}}, {"mob": {"simultaneous": "yes"}})
    said = str(e.value)
    assert said == ('house rules: mob.simultaneous must be true or false (like true), '
                    'not "yes"')
    assert "(jako true), ne \"yes\"" in text(e.value, "cs")
