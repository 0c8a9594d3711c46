from __future__ import annotations

from tests.conftest import fails, run


def names(t):
    return [c.name for c in t.enc.combatants]


def test_add_with_stats_side_and_group(make_table):
    t = make_table()
    run(t, "add Ann side=pc speed=3 skill=5", 'add "Demon Thug" x3 speed=1')
    assert names(t) == ["Ann", "Demon Thug 1", "Demon Thug 2", "Demon Thug 3"]
    ann = t.enc.combatants[0]
    assert ann.side == "pc" and ann.stats == {"speed": 3, "skill": 5, "hp": 10}
    assert len({c.id for c in t.enc.combatants}) == 4


def test_group_numbering_continues(make_table):
    t = make_table()
    run(t, "add Orc x2", "add Orc x2")
    assert names(t) == ["Orc 1", "Orc 2", "Orc 3", "Orc 4"]


def test_stats_are_validated_by_the_ruleset(make_table):
    t = make_table()
    assert "did you mean speed" in fails(t, "add Ann sped=3")
    assert "speed" in fails(t, "add Ann speed=fast")
    assert "pc or npc" in fails(t, "add Ann side=monster")
    run(t, "add Ann")
    assert "already" in fails(t, "add ann")
    assert "x" in fails(t, "add Orc x99")


def test_import_templates_and_add_from_them(make_table, tmp_path):
    f = tmp_path / "blocks.toml"
    f.write_text('[thug]\nside = "npc"\nspeed = 2\nskill = 1\n\n[hero]\nside = "pc"\nspeed = 5\n')
    t = make_table()
    run(t, f"import {f}", 'add "Demon Thug" x2 template=thug skill=4', "add Zed template=hero")
    thug = t.enc.combatants[0]
    assert thug.stats["speed"] == 2 and thug.stats["skill"] == 4 and thug.template == "thug"
    assert t.enc.combatants[2].side == "pc"
    assert "no template" in fails(t, "add X template=nobody")


def test_import_bad_files(make_table, tmp_path):
    t = make_table()
    assert "can't read" in fails(t, f"import {tmp_path / 'missing.toml'}")
    bad = tmp_path / "bad.toml"
    bad.write_text("[thug\nspeed=")
    assert "not valid TOML" in fails(t, f"import {bad}")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text("[thug]\nspede = 2\n")
    assert "[thug]" in fails(t, f"import {wrong}")


def test_set_and_rename_and_remove(make_table):
    t = make_table()
    run(t, "add Ann speed=1", "add Bob", "set Ann speed=4 side=pc name=Anna")
    a = t.enc.combatants[0]
    assert (a.name, a.stats["speed"], a.side) == ("Anna", 4, "pc")
    assert "already" in fails(t, "set Anna name=Bob")
    run(t, "remove Bob")
    assert names(t) == ["Anna"]


def test_unknown_names_suggest_the_closest(make_table):
    t = make_table()
    run(t, "add Mina", "add Lector")
    assert fails(t, "remove Minna") == 'no combatant "Minna" — did you mean Mina?'
    run(t, "add Mira")
    assert "could be Mina or Mira" in fails(t, "remove M")
    run(t, "remove min")
    assert names(t) == ["Lector", "Mira"]


def test_comment_lines_are_ignored_even_with_quotes(make_table):
    t = make_table()
    run(t, "# Mina's turn: she can't see", "add Mina")
    assert "close the quote" in fails(t, "add \"Mina")


def test_rename_needs_a_name_and_logs_the_old_one(make_table):
    t = make_table()
    run(t, "add Mina")
    assert "name= needs the new name" in fails(t, "set Mina name=")
    out = run(t, "set Mina name=Bob")
    assert out.entries[0].text == "Mina: name=Bob"


def test_unquoted_names_with_spaces_get_a_hint(make_table):
    t = make_table()
    run(t, 'add "Demon Thug" x2', "start")
    assert fails(t, "hold Demon Thug 1").endswith('(quote names with spaces: "Demon Thug 1")')
    assert 'quote names with spaces: "Demon Thug 1"' in fails(t, "declare Demon Thug 1 wait")
    assert "did you mean attack?" in fails(t, 'declare "Demon Thug 1" atack')
    err = fails(t, 'declare "Demon Thug 1" fly')
    assert err.count("attack") == 1 and err.startswith('no action "fly"')


def test_removing_a_target_drops_the_plans_aimed_at_them(make_table):
    t = make_table([])
    run(t, "add Ann speed=2", "add Bob", "start", "declare Ann attack Bob, wait")
    out = run(t, "remove Bob")
    assert "Ann's declared attack Bob is dropped (Bob left)" in [e.text for e in out.entries]
    assert [a.name for a in t.enc.declarations[t.enc.combatants[0].id].actions] == ["wait"]
    run(t, "resolve all")


def test_a_roll_too_big_built_by_rules_is_one_line_not_an_internal_error(make_table):
    from combat_cli.dice import pool

    t = make_table()
    run(t, "add Ann", "add Bob", "start")
    t.ruleset.act = lambda ctx, c, action: pool(101)  # type: ignore[method-assign]
    try:
        assert fails(t, "act Ann attack Bob") == "at most 100 dice in one roll (asked for 101)"
    finally:
        del t.ruleset.act
