from __future__ import annotations

from combat_cli.dice import RandomDice
from combat_cli.store.savefile import load, save
from tests.conftest import fails, run


def test_undo_redo_at_least_fifty_commands(make_table):
    t = make_table()
    states = [t.state_json]
    for i in range(60):
        run(t, f"add C{i}")
        states.append(t.state_json)
    for i in range(60):
        run(t, "undo")
        assert t.state_json == states[59 - i] or t.enc.model_dump_json() == states[59 - i]
    assert t.enc.combatants == []
    assert "nothing to undo" in fails(t, "undo")
    run(t, "redo 60")
    assert len(t.enc.combatants) == 60


def test_undo_restores_log_and_redo_brings_it_back(make_table):
    t = make_table([12, 4])
    run(t, "add Ann skill=5", "add Bob", "start", "declare Ann attack Bob", "resolve")
    n = len(t.log)
    run(t, "undo")
    assert len(t.log) < n and t.enc.combatants[1].stats["hp"] == 10
    run(t, "redo")
    assert len(t.log) == n and t.enc.combatants[1].stats["hp"] == 6
    assert [e.seq for e in t.log] == list(range(1, n + 1))


def test_new_command_clears_redo(make_table):
    t = make_table()
    run(t, "add Ann", "add Bob", "undo", "add Carl")
    assert "nothing to redo" in fails(t, "redo")


def test_read_only_and_failed_commands_are_not_undo_steps(make_table):
    t = make_table()
    run(t, "add Ann", "status", "log", "help")
    fails(t, "add Ann")
    assert len(t.history.undo) == 1


def test_undo_survives_save_and_resume(make_table, tmp_path):
    t = make_table()
    for i in range(55):
        run(t, f"add C{i}")
    path = tmp_path / "f.json"
    save(path, t)
    t2 = load(path, RandomDice())
    run(t2, "undo 50")
    assert len(t2.enc.combatants) == 5
    save(path, t2)
    t3 = load(path, RandomDice())
    run(t3, "redo 3")
    assert len(t3.enc.combatants) == 8
