from __future__ import annotations

import io
import json
import os

import pytest

from combat_cli.dice import RandomDice
from combat_cli.store.savefile import SaveError, Saver, load, render, save
from tests.conftest import run


def played(make_table, tmp_path):
    t = make_table(seed=3)
    run(t, "add Ann side=pc speed=3 skill=5", "add Orc x2 speed=1", "start",
        'declare Ann attack "Orc 1"', "resolve all", "condition Ann +Prone for=2r",
        "timer Bell in=1h")
    path = tmp_path / "fight.json"
    save(path, t)
    return t, path


def head(path):
    return json.loads(path.read_text().split("\n", 1)[0])


def lines(path):
    return path.read_text().split("\n")


def test_round_trip_keeps_state_log_and_history(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    raw = head(path)
    assert raw["schema"] == 2 and raw["app"] == "combat-cli" and raw["ruleset"] == "toy"
    t2 = load(path, RandomDice())
    assert t2.enc == t.enc and t2.state_json == t.state_json
    assert t2.log_json == t.log_json
    assert len(t2.history.undo) == len(t.history.undo)
    run(t2, "undo", "undo")
    assert t2.enc.timers == [] and not t2.enc.combatants[0].conditions
    run(t2, "redo")
    assert t2.enc.combatants[0].has_condition("Prone")


def test_undo_steps_are_changes_not_copies(make_table, tmp_path):
    t = make_table()
    for i in range(40):
        run(t, f"add C{i} skill=3")
    for i in range(40):
        run(t, f"set C{i} skill=4")
    path = tmp_path / "f.json"
    save(path, t)
    state_size = len(t.state_json)
    history_size = len(json.dumps(head(path)["history"]))
    assert history_size < 2 * state_size  # 80 steps, each a small change (copies: 80x)


def test_save_is_atomic_no_temp_files_left(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]


def test_failed_save_keeps_the_previous_file(make_table, tmp_path, monkeypatch):
    t, path = played(make_table, tmp_path)
    before = path.read_bytes()

    def boom(*a, **k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", boom)
    run(t, "add Late")
    with pytest.raises(SaveError, match="No space left"):
        save(path, t)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]


@pytest.mark.parametrize("content,fragment", [
    (b"", "empty"),
    (b"\xff\xfe\x00garbage", "not text"),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "toy", "encounter": {', "damaged or truncated"),
    (b'{"hello": "world"}', "not a combat-cli save file"),
    (b"[1, 2, 3]", "not a combat-cli save file"),
    (b'{"schema": 99, "app": "combat-cli", "ruleset": "toy", "encounter": {}, "log": []}', "newer combat-cli"),
    (b'{"schema":99,"app":"combat-cli","ruleset":"toy","encounter":{},"history":{},"log_lines":0}\n', "newer combat-cli"),
    (b'{"schema": "x", "app": "combat-cli"}', "schema"),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "nope", "encounter": {"ruleset": "nope"}, "log": []}', 'no ruleset "nope"'),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "toy", "encounter": {"ruleset": "toy", "round": "x"}, "log": []}', "damaged: round"),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "toy", "encounter": {"ruleset": "toy"}, "log": [], "history": {"undo": [{"line": 1}]}}', "undo history"),
    (b'{"schema":2,"app":"combat-cli","ruleset":"toy","encounter":{"ruleset":"toy"},"history":{},"log_lines":5}\n', "cut short"),
    (b'{"schema":2,"app":"combat-cli","ruleset":"toy","encounter":{"ruleset":"toy"},"history":{},"log_lines":0}\n{"op":"undo"}\n', "line 2"),
    (b'{"schema":2,"app":"combat-cli","ruleset":"toy","encounter":{"ruleset":"toy"},"history":{},"log_lines":0}\n{"op":"do","fwd":[[["round"],"x"]],"back":[],"log":[],"line":"a"}\n', "damaged: round"),
    (b'{"schema":2,"app":"combat-cli","ruleset":"toy","encounter":{"ruleset":"toy"},"history":{},"log_lines":0}\n{"op":"do","fwd":[[["a","b"],1]],"back":[],"log":[],"line":"a"}\n', "line 2"),
    (b'{"schema":2,"app":"combat-cli","ruleset":"\\u001b]0;x\\u0007","encounter":{"ruleset":"x"},"history":{},"log_lines":0}\n', r'no ruleset "\\x1b\]0;x\\x07"'),
])
def test_bad_files_give_one_clear_error_and_stay_untouched(tmp_path, content, fragment):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=fragment) as e:
        load(path, RandomDice())
    assert "\n" not in str(e.value) and "\x1b" not in str(e.value)
    assert path.read_bytes() == content


def test_truncated_snapshot(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    data = path.read_bytes()
    for cut in (10, len(data) // 3, len(data) - 3):
        path.write_bytes(data[:cut])
        with pytest.raises(SaveError):
            load(path, RandomDice())
        assert path.read_bytes() == data[:cut]


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load(tmp_path / "nope.json", RandomDice())


def test_every_command_is_appended_and_readable_while_played(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    saver = Saver(path, t)
    size = path.stat().st_size
    for i in range(30):
        run(t, f"add C{i}")
        saver.submit(t)
        assert len(load(path, RandomDice()).enc.combatants) == 3 + i + 1  # a reader sees it
    assert len(lines(path)) > 30 and path.stat().st_size - size < 30 * 2000
    run(t, "undo", "undo", "redo")
    reader = load(path, RandomDice())
    assert reader.state_json == t.state_json and reader.log_json == t.log_json
    assert len(reader.history.undo) == len(t.history.undo) and len(reader.history.redo) == 1
    saver.close()
    assert head(path)["log_lines"] == len(t.log_json)  # a fresh snapshot on quit
    assert len(lines(path)) == len(t.log_json) + 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]


def test_a_line_cut_short_is_the_command_in_flight(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    saver = Saver(path, t)
    run(t, "add Kept")
    state = t.state_json
    with open(path, "ab") as f:
        f.write(b'{"op":"do","line":"add Lost","fwd":[[["combat')
    back = load(path, RandomDice())
    assert back.state_json == state
    saver.close()
    t2 = load(path, RandomDice())
    saver = Saver(path, t2)  # opening cleans it up: a fresh snapshot
    assert path.read_text().endswith("\n") and t2.state_json == state
    run(t2, "add After")
    saver.close()
    assert [c.name for c in load(path, RandomDice()).enc.combatants][-2:] == ["Kept", "After"]


def test_the_journal_is_compacted_when_it_outgrows_the_snapshot(make_table, tmp_path, monkeypatch):
    t, path = played(make_table, tmp_path)
    monkeypatch.setattr(Saver, "COMPACT_MIN", 2000)
    saver = Saver(path, t)
    sizes = []
    for i in range(60):
        run(t, f"add C{i}")
        saver.submit(t)
        sizes.append(path.stat().st_size)
    assert any(b < a for a, b in zip(sizes, sizes[1:], strict=False))  # a snapshot replaced the journal
    assert load(path, RandomDice()).state_json == t.state_json
    saver.close()


def test_a_failed_write_fails_the_command_and_changes_nothing(make_table, tmp_path, monkeypatch):
    from combat_cli.render.console import make_console
    from combat_cli.repl.driver import Driver

    t, path = played(make_table, tmp_path)
    buf = io.StringIO()
    driver = Driver(t, path, make_console(buf))
    driver.handle("add Early")
    real = os.fsync

    def boom(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", boom)
    out = driver.handle("add Late")
    assert out.error and "No space left" in out.error and "not applied" in out.error
    assert "Late" not in [c.name for c in t.enc.combatants]
    assert load(path, RandomDice()).state_json == t.state_json  # the file is what was answered
    monkeypatch.setattr(os, "fsync", real)
    assert driver.handle("add Later").error is None
    driver.close()
    names = [c.name for c in load(path, RandomDice()).enc.combatants]
    assert names[-2:] == ["Early", "Later"]


def test_a_short_write_is_taken_back(make_table, tmp_path, monkeypatch):
    t, path = played(make_table, tmp_path)
    saver = Saver(path, t)
    real = os.write
    calls = []

    def short(fd, data):
        if calls:
            raise OSError(28, "No space left on device")
        calls.append(1)
        return real(fd, bytes(data[:7]))
    monkeypatch.setattr(os, "write", short)
    from tests.conftest import fails
    assert "No space left" in fails(t, "add Late")
    monkeypatch.setattr(os, "write", real)
    assert load(path, RandomDice()).state_json == t.state_json
    assert path.read_text().endswith("\n")
    saver.close()


def old_format(t) -> str:
    """A schema-1 file (whole JSON, a copy of the state per undo step), as earlier versions
    wrote it."""
    return json.dumps({"schema": 1, "app": "combat-cli", "ruleset": t.ruleset.name,
                       "encounter": json.loads(t.state_json),
                       "history": {"undo": t._old_undo, "redo": []},
                       "log": [json.loads(x) for x in t.log_json]})


def test_schema_1_files_load_and_are_migrated_with_their_undo(make_table, tmp_path):
    t = make_table(seed=3)
    undo = []
    for line in ("add Ann side=pc speed=3 skill=5", "add Orc x2 speed=1", "start",
                 "condition Ann +Prone for=2r", "timer Bell in=1h"):
        before, n = json.loads(t.state_json), len(t.log_json)
        run(t, line)
        undo.append({"line": line, "log_len": n, "state": before})
    t._old_undo = undo
    path = tmp_path / "old.json"
    path.write_text(old_format(t))
    t2 = load(path, RandomDice())
    assert t2.state_json == t.state_json and t2.log_json == t.log_json and t2.changed
    saver = Saver(path, t2)  # playing it writes schema 2
    assert head(path)["schema"] == 2
    run(t2, "undo", "undo")
    assert t2.enc.timers == [] and not t2.enc.combatants[0].conditions
    run(t2, "redo")
    saver.close()
    t3 = load(path, RandomDice())
    assert t3.enc.combatants[0].has_condition("Prone") and len(t3.history.redo) == 1
    run(t3, "undo 4")
    assert t3.enc.combatants == []


def test_undo_gives_back_the_very_same_state(make_table):
    t = make_table(seed=5)
    states = [t.state_json]
    for line in ("add Ann side=pc speed=3 skill=5", "add Orc x3 speed=1", "start",
                 "condition Ann +Prone for=2r", 'remove "Orc 2"', "set Ann skill=2", "end"):
        run(t, line)
        states.append(t.state_json)
    for i in range(len(states) - 1):
        run(t, "undo")
        assert t.state_json == states[-2 - i]
    for i in range(len(states) - 1):
        run(t, "redo")
        assert t.state_json == states[i + 1]


def test_a_dangling_combatant_id_is_refused(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    text = path.read_text().split("\n")
    raw = json.loads(text[0])
    raw["encounter"]["order"] = ["zz"]
    path.write_text("\n".join([json.dumps(raw)] + text[1:]))
    with pytest.raises(SaveError, match="combatant 'zz', who is not in it"):
        load(path, RandomDice())


def test_render_is_what_save_writes(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    assert path.read_text() == render(t)
