"""Issue 9, typing less: tags, names regardless of case and diacritics, groups, move, value
completion, help on one screen, end naming what lapses, end fight."""

from __future__ import annotations

import pytest

from combat_cli.commands.completion import suggest
from combat_cli.commands.helptext import no_ids, overview
from combat_cli.commands.views import RulesHelp
from combat_cli.engine.contract.port import Question, Quiet
from combat_cli.engine.domain.models import Combatant, Encounter
from combat_cli.engine.domain.queries import find_combatant, fold, make_tag
from tests.conftest import BUILT_IN, fails, run

RULESETS = BUILT_IN


def test_fold_drops_case_and_diacritics() -> None:
    assert fold("Zbojník 3") == "zbojnik 3"
    assert fold("BOŘEK") == "borek"


def test_tags_are_short_unique_and_given_at_add(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Mina", "add Mila", 'add "Demon Thug" x3', "add Zbojník")
    assert [c.tag for c in t.enc.combatants] == ["Mi", "Mil", "DT1", "DT2", "DT3", "Zb"]
    run(t, "add Vlk x2")
    assert [c.tag for c in t.enc.combatants[-2:]] == ["V1", "V2"]
    assert find_combatant(t.enc, "vlk2").name == "Vlk 2"
    run(t, "set dt2 hp=3", "condition mi +Prone")
    assert t.enc.combatants[3].stats["hp"] == 3
    assert t.enc.combatants[0].has_condition("Prone")


def test_make_tag_never_repeats() -> None:
    taken = ["Mi", "Mil", "Mina"]
    assert make_tag("Mina", taken) == "Min"
    assert make_tag("Mi", ["Mi"]).lower() != "mi"


def test_old_saves_get_tags_on_load() -> None:
    raw = {"ruleset": "toy", "combatants": [{"id": "c1", "name": "Demon Thug 1"},
                                            {"id": "c2", "name": "Mina"}]}
    enc = Encounter.model_validate(raw)
    assert [c.tag for c in enc.combatants] == ["DT1", "Mi"]


def test_names_match_without_case_or_diacritics(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Bořek", 'add "Zbojník 3"')
    assert find_combatant(t.enc, "Borek").name == "Bořek"
    assert find_combatant(t.enc, "zbojnik 3").name == "Zbojník 3"
    assert "did you mean Bořek?" in fails(t, "set Borak hp=3")


def test_a_group_declares_in_one_command_and_one_undo_step(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Lector speed=1", 'add "Demon Thug" x3', "start")
    steps = len(t.history.undo)
    out = run(t, 'declare "demon thug" attack Lector')
    assert len(t.enc.declarations) == 3
    assert sum("declares" in e.text for e in out.entries) == 3
    assert len(t.history.undo) == steps + 1
    run(t, "undo")
    assert not t.enc.declarations


def test_group_means_living_members(make_table) -> None:  # noqa: ANN001
    t = make_table([6, 6])
    run(t, "add Lector", 'add "Demon Thug" x3 hp=1', "start")
    t.enc.combatants[2].out = True
    t.state_json = t.enc.model_dump_json()
    run(t, 'condition "Demon Thug" +Prone')
    assert [c.has_condition("Prone") for c in t.enc.combatants[1:]] == [True, False, True]
    run(t, 'remove "Demon Thug"')
    assert [c.name for c in t.enc.combatants] == ["Lector", "Demon Thug 2"]


def test_move_reorders_logged_and_undoable(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add A speed=3", "add B speed=2", "add C speed=1", "start")
    run(t, "move c before a")
    assert [t.enc.name_of(i) for i in t.enc.order] == ["C", "A", "B"]
    assert "C moves before A" in t.log[-1].text
    run(t, "undo")
    assert [t.enc.name_of(i) for i in t.enc.order] == ["A", "B", "C"]
    assert "before or after" in fails(t, "move a beside b")
    assert "themselves" in fails(t, "move a after a")


def test_move_while_declaring_reorders_the_plan(make_table) -> None:  # noqa: ANN001
    t = make_table([10, 10, 10])
    run(t, "add A speed=3", "add B speed=2", "start", "declare a wait", "declare b wait",
        "move B before A", "resolve")
    assert t.log[-1].text.startswith("B waits") or any(
        e.text == "B waits" for e in t.log[-3:])
    waits = [e.text for e in t.log if e.text.endswith("waits")]
    assert waits == ["B waits"]


def test_end_names_each_lapsing_action(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add A", "add B", "start", "declare a attack b")
    out = run(t, "end")
    assert any(e.kind == "lapse" and "A's attack b lapses" in e.text for e in out.entries)


class Answers(Quiet):
    """A front end whose GM answers every question with ``answer``."""

    def __init__(self, asked: list[str], answer: str) -> None:
        self.asked, self.answer = asked, answer

    def ask(self, question: Question) -> str:
        self.asked.append(question.text)
        return self.answer


def test_end_asks_first_and_no_keeps_the_round(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add A", "add B", "start", "declare a attack b")
    asked: list[str] = []
    t.connect(Answers(asked, "n"))
    before = t.state_json
    out = run(t, "end")
    assert "A: attack b" in asked[0] and "[y/N]" in asked[0]
    assert t.state_json == before and out.notes == ["round 1 goes on"]
    t.connect(Answers(asked, "y"))
    run(t, "end")
    assert t.enc.round == 2


def test_end_fight_summary_and_no_more_rounds(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Ann side=pc", "add Orc", "start", "condition orc +Prone", "timer help in=1h")
    out = run(t, "end fight")
    assert any("Ann" in n and "standing" in n for n in out.notes)
    assert any("Orc" in n and "Prone" in n for n in out.notes)
    assert any("due in 1h" in n for n in out.notes)
    assert "the fight is over" in fails(t, "end")
    assert "the fight is over" in fails(t, "start")
    run(t, "advance 2h", "condition ann +Prone for=1m")


def test_help_fits_one_screen_without_rule_ids(make_table) -> None:  # noqa: ANN001
    for name in RULESETS:
        t = make_table(ruleset=name)
        lines = overview(t, 100)
        assert len(lines) <= 40, name
        assert all(len(line) <= 100 for line in lines)
        text = "\n".join(lines)
        assert "AMB-" not in text and "SP-INIT" not in text and "tables.toml" not in text
        assert all(a.name in text for a in t.ruleset.actions)


def test_help_rules_has_the_switches(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6")
    out = run(t, "help rules")
    assert out.views == [RulesHelp()]


def test_no_ids() -> None:
    assert no_ids("AMB-D6-3: most actions a round (5)") == "most actions a round (5)"
    assert no_ids("no more (SP-AMB-3) for you") == "no more for you"


# -- completion ----------------------------------------------------------------------------
@pytest.mark.parametrize("name, line, expect", [
    ("d6", "damage Mina ", "Wounded"),
    ("d12", "damage Mina ", "mind"),
    ("storypath", "damage Mina ", "maimed"),
    ("czech_pool", "damage Mina ", "smrt"),
])
def test_damage_values_complete(make_table, name: str, line: str, expect: str) -> None:  # noqa: ANN001
    t = make_table(ruleset=name)
    run(t, "add Mina side=pc")
    assert any(expect in c for c in suggest(line, t)[1])


def test_option_values_and_names_inside_options(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Ann", 'add "Demon Thug" x2', "start")
    assert suggest("declare Ann attack DT1 range=", t)[1] == ["range=short", "range=long"]
    assert 'who="Demon Thug 1"' in suggest("timer reinforcements in=3r who=", t)[1]
    assert "for=10m" in suggest("condition Ann +Prone for=", t)[1]
    assert "1h" in suggest("advance ", t)[1]
    assert suggest("move Ann ", t)[1] == ["before", "after"]
    assert '"Demon Thug"' in suggest("declare ", t)[1]


def test_out_of_the_fight_come_last(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Ann", "add Bob")
    t.enc.combatants[0].out = True
    assert suggest("status ", t)[1] == ["Bob", "Ann"]


def test_weapons_complete(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6")
    run(t, "add Mina side=pc")
    assert any(w.startswith("weapon=") for w in suggest("declare Mina shoot weapon=", t)[1])


def test_completer_folds_and_offers_names_for_tags(make_table) -> None:  # noqa: ANN001
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from combat_cli.repl.completer import CombatCompleter

    t = make_table()
    run(t, "add Bořek", 'add "Demon Thug" x2')
    comp = CombatCompleter(lambda: t)

    def words(text: str) -> list[str]:
        return [c.text for c in comp.get_completions(Document(text), CompleteEvent())]
    assert words("status bor") == ["Bořek"]
    assert words("status DT") == ['"Demon Thug 1"', '"Demon Thug 2"']


def test_carry_over_keeps_pcs_clock_and_their_timers(make_table) -> None:  # noqa: ANN001
    from combat_cli.commands.fight import carry_over

    for name in RULESETS:
        t = make_table(ruleset=name)
        run(t, "add Ann side=pc", "add Orc", "start", "condition Ann +Blessed custom=yes",
            "timer check in=1h who=Ann", "timer orc in=1h who=Orc", "end fight", "advance 5m")
        fresh = Encounter(ruleset=name)
        names = carry_over(t.enc, t.ruleset, fresh)
        assert names == ["Ann"]
        assert fresh.clock == t.enc.clock
        assert len(fresh.combatants[0].conditions) == 1
        assert [x.name for x in fresh.timers] == ["check"]
        assert all(k not in fresh.combatants[0].data for k in t.ruleset.fight_only)


def test_combatant_tag_field_default() -> None:
    assert Combatant(id="c1", name="X").tag == ""


def test_a_group_member_who_cannot_act_is_skipped_with_a_note(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Lector", 'add "Demon Thug" x3', "start")
    t.ruleset.can_act = lambda view, c: "DT2 is dazed" if c.tag == "DT2" else None  # type: ignore[method-assign]
    try:
        out = run(t, 'declare "Demon Thug" attack Lector')
    finally:
        del t.ruleset.can_act
    assert "DT2 is dazed: skipped" in out.notes
    assert len(t.enc.declarations) == 2


def test_end_in_a_turn_based_round_names_the_turns_that_lapse(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="toyturns")
    run(t, "add A speed=3", "add B speed=2", "add C speed=1", "start")
    out = run(t, "end")
    assert [e.text for e in out.entries if e.kind == "lapse"] == [
        "B's turn lapses (round ended)", "C's turn lapses (round ended)"]


def test_names_with_control_characters_are_refused(make_table) -> None:  # noqa: ANN001
    t = make_table()
    assert "control character" in fails(t, 'add "Bad\x1b[31mName"')
    assert "control character" in fails(t, 'add "Tab\tX" x2')
    run(t, "add Ann")
    assert "control character" in fails(t, 'set Ann name="A\x07"')


def test_a_mistyped_group_suggests_the_group(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, "add Lector", 'add "Demon Thug" x3', "start")
    assert 'did you mean "Demon Thug"?' in fails(t, 'declare "Demon Thgu" attack Lector')


def test_turn_by_turn_a_group_acts_with_the_member_whose_turn_it_is(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="toyturns")
    run(t, "add Ann speed=1", 'add "Orc" x2 speed=5', "start")
    assert t.ruleset.current(t.enc).name == "Orc 1"
    out = run(t, "act Orc wait")
    assert [e.text for e in out.entries] == ["Orc 1 waits"]


def test_end_fight_summary_fits_one_screen(make_table) -> None:  # noqa: ANN001
    t = make_table()
    run(t, 'add "Goblin" x40', "add Ann side=pc", "start")
    for n in range(12):
        run(t, f"timer t{n} in=1h")
    out = run(t, "end fight")
    assert len(out.notes) <= 36
    assert out.notes[0].split()[:2] == ["PC", "Ann"]
    assert any("more (status)" in n for n in out.notes)
