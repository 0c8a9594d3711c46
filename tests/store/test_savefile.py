from __future__ import annotations

import json

import pytest

from combat_cli.dice import RandomDice
from combat_cli.store.savefile import Lock, SaveError, load, save
from tests.conftest import run


def played(make_table, tmp_path):
    t = make_table(seed=3)
    run(t, "add Ann side=pc speed=3 skill=5", "add Orc x2 speed=1", "start",
        'declare Ann attack "Orc 1"', "resolve all", "condition Ann +Prone for=2r",
        "timer Bell in=1h")
    path = tmp_path / "fight.json"
    save(path, t)
    return t, path


def test_round_trip_keeps_state_log_and_history(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    raw = json.loads(path.read_text())
    assert raw["schema"] == 1 and raw["app"] == "combat-cli" and raw["ruleset"] == "toy"
    t2 = load(path, RandomDice())
    assert t2.enc == t.enc
    assert [e.text for e in t2.log] == [e.text for e in t.log]
    assert len(t2.history.undo) == len(t.history.undo)
    run(t2, "undo", "undo")
    assert t2.enc.timers == [] and not t2.enc.combatants[0].conditions
    run(t2, "redo")
    assert t2.enc.combatants[0].has_condition("Prone")


def test_save_is_atomic_no_temp_files_left(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fight.json"]


def test_failed_save_keeps_the_previous_file(make_table, tmp_path, monkeypatch):
    t, path = played(make_table, tmp_path)
    before = path.read_bytes()
    import os

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
    (b'{"schema": "x", "app": "combat-cli"}', "schema"),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "nope", "encounter": {"ruleset": "nope"}, "log": []}', 'no ruleset "nope"'),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "toy", "encounter": {"ruleset": "toy", "round": "x"}, "log": []}', "damaged: round"),
    (b'{"schema": 1, "app": "combat-cli", "ruleset": "toy", "encounter": {"ruleset": "toy"}, "log": [], "history": {"undo": [{"line": 1}]}}', "undo history"),
])
def test_bad_files_give_one_clear_error_and_stay_untouched(tmp_path, content, fragment):
    path = tmp_path / "x.json"
    path.write_bytes(content)
    with pytest.raises(SaveError, match=fragment) as e:
        load(path, RandomDice())
    assert "\n" not in str(e.value)
    assert path.read_bytes() == content


def test_truncated_real_save(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    data = path.read_bytes()
    for cut in (10, len(data) // 2, len(data) - 3):
        path.write_bytes(data[:cut])
        with pytest.raises(SaveError):
            load(path, RandomDice())
        assert path.read_bytes() == data[:cut]


def test_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        load(tmp_path / "nope.json", RandomDice())


def test_lock_refuses_a_second_player(tmp_path):
    path = tmp_path / "f.json"
    with Lock(path):
        with pytest.raises(SaveError, match="in use"):
            with Lock(path):
                pass
    with Lock(path):
        pass
    assert not (tmp_path / "f.json.lock").exists()


def test_background_saver_writes_every_change_in_order(make_table, tmp_path):
    from combat_cli.store.savefile import Saver

    t = make_table()
    path = tmp_path / "f.json"
    saver = Saver(path)
    for i in range(30):
        run(t, f"add C{i}")
        saver.submit(t)
    saver.flush()
    assert len(json.loads(path.read_text())["encounter"]["combatants"]) == 30
    run(t, "remove C0")
    saver.submit(t)
    saver.close()
    assert len(json.loads(path.read_text())["encounter"]["combatants"]) == 29
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json"]


def test_background_save_failure_is_reported_and_keeps_the_old_file(make_table, tmp_path,
                                                                     monkeypatch):
    import io
    import os

    from combat_cli.render.console import make_console
    from combat_cli.repl.driver import Driver

    t, path = played(make_table, tmp_path)
    before = path.read_bytes()
    driver = Driver(t, path, make_console(io.StringIO()))
    real = os.fsync

    def boom(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", boom)
    driver.handle("add Late")
    with pytest.raises(SaveError, match="the autosave after 'add Late' failed: .*No space left"):
        driver.saver.flush()
    assert path.read_bytes() == before
    monkeypatch.setattr(os, "fsync", real)
    out = driver.handle("add Later")
    driver.close()
    assert out.error is None
    names = [c["name"] for c in json.loads(path.read_text())["encounter"]["combatants"]]
    assert names[-2:] == ["Late", "Later"]


def test_log_read_back_exactly_in_our_layout_and_in_any_other(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    assert load(path, RandomDice()).log_json == t.log_json  # cut from the file as written
    raw = json.loads(path.read_text())
    other = tmp_path / "pretty.json"
    other.write_text(json.dumps(raw, indent=2, ensure_ascii=False))  # hand-edited layout
    t2 = load(other, RandomDice())
    assert [e.text for e in t2.log] == [e.text for e in t.log]
    raw["log"][1]["round"] = "soon"
    other.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="damaged: log entry 2: round"):
        load(other, RandomDice())


def test_a_dangling_combatant_id_is_refused(make_table, tmp_path):
    t, path = played(make_table, tmp_path)
    raw = json.loads(path.read_text())
    raw["encounter"]["order"] = ["zz"]
    path.write_text(json.dumps(raw))
    with pytest.raises(SaveError, match="combatant 'zz', who is not in it"):
        load(path, RandomDice())


def test_leaving_the_repl_with_an_unwritable_file_warns_instead_of_losing_the_fight(
        make_table, tmp_path, monkeypatch):
    import io
    import os

    from combat_cli.render.console import make_console
    from combat_cli.repl.driver import Driver
    from combat_cli.repl.session import _saved

    t, path = played(make_table, tmp_path)
    buf = io.StringIO()
    driver = Driver(t, path, make_console(buf))

    def boom(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", boom)
    driver.handle("add Late")
    assert _saved(driver) is False
    assert "No space left" in buf.getvalue()
    monkeypatch.undo()
    assert _saved(driver) is True
    driver.close()
