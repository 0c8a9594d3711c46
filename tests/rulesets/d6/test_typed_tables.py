"""The D6 tables as the rules read them: typed by rulesets/combat_rulesets/d6/schema.py, loaded, merged and
checked once by the core; a wrong value in any section the rules read is one line."""

from __future__ import annotations

import pytest

from combat_cli import plugins
from combat_cli.api import RuleError, RulesView
from tests.rulesets.d6.conftest import T


def test_the_shipped_tables_are_typed():
    from combat_rulesets.d6.schema import Tables

    t = T()
    typed = Tables.of(RulesView(t.enc, t.table.ruleset))
    assert typed.weapons["Heavy Pistol"].rof == 3 and typed.weapons["Knife"].melee is True
    assert typed.healing.natural["Wounded"].better == "Healthy"
    assert typed.protection.chart[-1].state == "destroyed"
    assert typed.spray["full_auto"].damage == 2 and typed.scale["walker"] == 4


def test_house_rules_reach_the_typed_tables():
    from combat_rulesets.d6.schema import Tables

    t = T({"first_aid": {"kit_uses": 3}, "spray": {"sweep": {"damage": -1}}})
    typed = Tables.of(RulesView(t.enc, t.table.ruleset))
    assert typed.first_aid.kit_uses == 3 and typed.spray["sweep"].damage == -1
    t("add Medic kits=1")
    assert t.state("Medic").kit_uses == 3


@pytest.mark.parametrize("house,said", [
    ({"protection": {"chart": [{"min": 0, "state": "dented", "passes": "all"}]}},
     "protection.chart.0.passes"),
    ({"healing": {"natural": {"Wounded": {"better": "Fine"}}}}, "healing.natural.Wounded.better"),
    ({"wounds": {"chart": [{"min": 0, "level": "Scratched"}]}}, "wounds.chart.0.level"),
    ({"weapons": {"Heavy Pistol": {"rof": "two"}}}, "weapons.Heavy Pistol.rof"),
])
def test_a_wrong_value_in_a_section_the_rules_read_is_refused(house, said):
    with pytest.raises(RuleError) as e:
        plugins.load("d6").typed_tables(house)
    assert said in str(e.value) and "\n" not in str(e.value)
