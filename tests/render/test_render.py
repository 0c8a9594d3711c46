from __future__ import annotations

import io

from combat_cli.commands.registry import dispatch
from combat_cli.render.console import make_console
from combat_cli.render.jsonview import public_json
from combat_cli.render.output import print_output
from combat_cli.repl.toolbar import create_toolbar
from tests.conftest import run


def rendered(t, line: str) -> str:
    buf = io.StringIO()
    console = make_console(buf, width=100)
    print_output(console, t, dispatch(t, line))
    return buf.getvalue()


def test_round_table_shows_order_actions_and_who_acts(make_table):
    t = make_table([12, 4])
    run(t, "add Ann side=pc speed=3 skill=5", "add Bob speed=1", "start",
        "declare Ann attack Bob", "declare Bob wait", "condition Bob +Prone for=2r")
    text = rendered(t, "resolve")
    assert "Ann attacks Bob: 17 vs 10, hit" in text
    assert "(Ann: attack 1d20+5 [12])" not in text      # the breakdown: why, log
    assert "Acts: Bob" in text
    assert "Name" not in text                           # resolve prints what changed
    text = rendered(t, "why")
    assert "Ann: attack 1d20+5" in text and "faces 12" in text and "vs 10" in text
    text = rendered(t, "status")
    assert "✓attack Bo" in text and "Prone (2r)" in text and "▶" in text  # Bo: the tag
    assert "\x1b[" not in text  # not a terminal: plain


def test_status_shows_timers_and_log_shows_faces(make_table):
    t = make_table([12, 4])
    run(t, "add Ann skill=5", "add Bob", "start", "act Ann attack Bob", "timer Bell in=2h who=Ann")
    text = rendered(t, "status")
    assert "due in 2h" in text and "Bell" in text
    text = rendered(t, "log 3")
    assert "1d20+5" in text and "12" in text


def test_help_lists_verbs_actions_and_house_rules(make_table):
    t = make_table()
    text = rendered(t, "help")
    for word in ("declare", "resolve", "undo", "shout", "attack", "dodge", "Prone"):
        assert word in text
    assert "difficulty" in rendered(t, "help rules")       # house-rule switches: help rules
    assert "bonus=" in rendered(t, "help attack")
    assert "declare NAME ACTION [TARGET] [opt=v ...]" in rendered(t, "help declare")
    assert "act NAME ACTION [TARGET] [opt=v ...]" in rendered(t, "help act")  # text, not markup
    assert "error: " in rendered(t, "help nothing")


def test_toolbar_says_ruleset_round_phase_and_who_acts(make_table):
    t = make_table(ruleset="toyturns")
    run(t, "add Ann speed=2", "add Bob", "start")
    bar = create_toolbar(lambda: t, "manual")()
    assert "toyturns" in bar and "round 1" in bar and "turns" in bar and "acts: Ann" in bar
    assert "dice: manual" in bar


def test_public_json_has_binding_keys(make_table):
    t = make_table([12, 4])
    run(t, "add Ann skill=5", "add Bob", "start", "act Ann attack Bob")
    data = public_json(t)
    assert {"schema", "ruleset", "round", "phase", "clock", "order", "combatants", "log"} <= set(data)
    c = data["combatants"][0]
    assert {"name", "side", "status", "conditions", "held", "stats"} <= set(c)
    e = [x for x in data["log"] if x["kind"] == "attack"][0]
    assert (e["actor"], e["target"], e["dice"], e["difficulty"], e["faces"], e["total"],
            e["outcome"]) == ("Ann", "Bob", "1d20+5", 10, [12], 17, "hit")
    assert e["text"] == "Ann attacks Bob: 17 vs 10, hit"


def test_header_names_the_segment_when_rounds_have_several(make_table):
    t = make_table([1, 1, 1])
    run(t, "add Ann speed=3", "add Bob speed=1", "start", "declare Ann wait, wait", "declare Bob wait")
    assert "segment 1" in rendered(t, "resolve")
    assert "segment 2" in rendered(t, "resolve")


def test_spans_read_as_typed_and_stat_tables_as_text(make_table, tmp_path):
    t = make_table()
    run(t, "add Ann", "start")
    out = run(t, "condition Ann +Blinded for=10m")
    assert out.entries[0].text == "Ann is Blinded for 10m"
    out = run(t, "timer Reinforcements in=3r")
    assert out.entries[0].text == "Timer: Reinforcements in 3 rounds"
    assert "Blinded (10m)" in rendered(t, "status")
    from combat_cli.render.tables import value_text

    assert value_text({"name": "Fangs", "damage": "STR+1D", "melee": True}) == (
        "Fangs (damage STR+1D, melee True)")
    assert value_text(["Boj se štítem", "Útok z obrany"]) == "Boj se štítem, Útok z obrany"


def test_text_the_gm_typed_is_printed_as_typed_never_as_markup(make_table):
    t = make_table()
    run(t, 'add "[/]"', 'add "[bold]Boss"', "condition [/] +[red]x", "start")
    text = rendered(t, "status") + rendered(t, "log")
    assert "[/]" in text and "[bold]Boss" in text and "[red]x" in text


def test_every_column_of_the_log_table_is_named_in_english_and_czech() -> None:
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table
    from combat_cli.render.tables import log_table

    t = Table.new(plugins.load("czech_pool"), RandomDice(3))
    for lang, named in (("", "Co se stalo"), ("en", "What happened")):
        table = log_table([], t.ruleset, lang)
        headers = [str(c.header) for c in table.columns]
        assert all(headers) and named in headers, headers
