"""The demo runs, the house-rule switches exist, the README documents every action."""

from __future__ import annotations

from pathlib import Path

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.commands.views import ActionHelp, VerbHelp
from combat_cli.dice import RandomDice
from combat_cli.engine.table import Table


def test_demo_runs_without_errors():
    rs = plugins.load("d12")
    for seed in range(12):
        t = Table.new(rs, RandomDice(seed))
        for line in rs.demo():
            out = dispatch(t, line)
            assert out.error is None, f"seed {seed}: {line!r}: {out.error}"
        assert t.enc.round == 2


def test_every_house_rule_is_a_table_key_and_every_ambiguity_has_one():
    rs = plugins.load("d12")
    tables = rs.load_tables()
    for key in rs.house_rules:
        node = tables
        for part in key.split("."):
            assert part in node, key
            node = node[part]
    text = " ".join(rs.house_rules.values())
    for n in range(1, 14):
        assert f"AMB-D12-{n}:" in text


def test_house_rules_override_and_typos_refused():
    import pytest
    from combat_rulesets.d12.power import weapon

    from combat_cli.engine.domain.errors import CommandError

    rs = plugins.load("d12")
    assert weapon(".22", rs.typed_tables({})).power == 1
    assert weapon(".22", rs.typed_tables({"power": {"scheme": "walton"}})).power == 3
    assert rs.tables_for({"power": {"scheme": "walton"}})["power"]["scheme"] == "walton"
    with pytest.raises(CommandError):
        rs.tables_for({"power": {"schema": "walton"}})


def test_readme_documents_actions_verbs_and_switches():
    rs = plugins.load("d12")
    text = (Path(__file__).resolve().parents[3] / "rulesets" / "combat_rulesets" / "d12" / "README.md").read_text()
    for a in rs.actions:
        assert f"`{a.name}" in text, a.name
        for o in a.options:
            assert f"{o.name}=" in text, (a.name, o.name)
    for v in rs.verbs:
        assert f"`{v.name}" in text, v.name
    for key in rs.house_rules:
        assert key in text, key


def test_house_rule_values_are_checked():
    import pytest

    from combat_cli.engine.domain.errors import CommandError

    rs = plugins.load("d12")
    from combat_rulesets.d12.schema import Tables

    assert Tables.model_validate(rs.load_tables()).contest.ties == "standoff"  # defaults valid
    with pytest.raises(CommandError, match="contest.ties is one of 'standoff', 'reroll' or "
                                           "'defender', not 'coinflip'"):
        rs.tables_for({"contest": {"ties": "coinflip"}})
    with pytest.raises(CommandError, match="reroll_replaces"):
        rs.tables_for({"intervention": {"reroll_replaces": "yes"}})
    with pytest.raises(CommandError, match="bid.caps.corporeal.melee is one of 'Strength'"):
        rs.tables_for({"bid": {"caps": {"corporeal": {"melee": "Brawn"}}}})
    with pytest.raises(CommandError, match="bid.default_budget.ethereal is one of"):
        rs.tables_for({"bid": {"default_budget": {"ethereal": "Wits"}}})
    with pytest.raises(CommandError, match="skills.corporeal.melee"):
        rs.tables_for({"skills": {"corporeal": {"melee": 3}}})


def test_import_stat_blocks(tmp_path):
    from .helpers import body, fails, run, table, who

    f = tmp_path / "blocks.toml"
    f.write_text('[shooter]\nside = "npc"\nAgility = 4\nPrecision = 4\nweapon = ".22"\n'
                 'Guns = 1\n[cory]\nside = "pc"\nphysical = 6\nStrength = 5\nDodge = 1\n')
    t = table()
    run(t, f"import {f}", "add Cory template=cory", "add Shooter x2 template=shooter Guns=2")
    assert who(t, "Cory").side == "pc" and body(t, "Cory") == 10
    assert who(t, "Shooter 2").stats == {"Agility": 4, "Precision": 4, "weapon": ".22", "Guns": 2}
    bad = tmp_path / "bad.toml"
    bad.write_text('[x]\nStrenght = 4\n')
    assert "did you mean Strength" in fails(t, f"import {bad}")


def test_help_for_task_and_defend_names_the_verbs_too():
    from .helpers import out, table

    t = table()
    for word in ("task", "defend"):
        action, verb_help = out(t, f"help {word}").views
        assert isinstance(action, ActionHelp) and action.action.name == word
        assert isinstance(verb_help, VerbHelp) and verb_help.verb.name == word
    rs = plugins.load("d12")
    acts = {a.name: a.help for a in rs.actions}
    assert "the verb task NAME tn=N" in acts["task"]
    assert "defend NAME BID from=A 1, B 2" in acts["defend"]
