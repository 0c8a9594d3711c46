"""The stat-block library is not fight state: kept once, by reference, out of the copy each
command makes and diffs, so a command costs the same whatever the library's size. It is still
saved, loaded, and ``import`` is still undone and redone."""

from __future__ import annotations

import json

from combat_cli.commands.registry import dispatch
from combat_cli.dice import RandomDice
from combat_cli.store.savefile import Saver, load, save
from tests.conftest import run


def bestiary(tmp_path, n: int, name: str = "lib.toml"):  # noqa: ANN001, ANN201
    f = tmp_path / name
    f.write_text("".join(f"[m{i}]\nhp={10 + i % 40}\n" for i in range(n)))
    return f


def test_a_command_shares_the_library_instead_of_copying_it(make_table, tmp_path):
    t = make_table()
    run(t, "add Ann side=pc", "add Bob", f"import {bestiary(tmp_path, 3000)}")
    library = t.enc.templates
    run(t, "start", "condition Ann +Prone for=1r", "add Orc template=m7", "status")
    assert t.enc.templates is library              # the same one, not a copy of it
    assert t.library is library and "templates" not in t.core_json
    for step in t.history.undo[-3:]:               # each step: what the command changed
        assert len(json.dumps(step.back)) < 2000, step.line
    orc = next(c for c in t.enc.combatants if c.name == "Orc")
    assert orc.stats["hp"] == library["m7"].stats["hp"] == 17


def test_a_failed_import_leaves_the_library_as_it_was(make_table, tmp_path):
    t = make_table()
    run(t, f"import {bestiary(tmp_path, 10)}")
    bad = tmp_path / "bad.toml"
    bad.write_text('[z1]\nhp=3\n[z2]\nhp="many"\n')
    assert dispatch(t, f"import {bad}").error is not None
    assert sorted(t.enc.templates) == sorted(f"m{i}" for i in range(10))


def test_import_is_undone_and_redone_with_the_library_apart(make_table, tmp_path):
    t = make_table()
    run(t, "add Ann", f"import {bestiary(tmp_path, 50)}", "condition Ann +Prone")
    run(t, "undo")
    assert len(t.enc.templates) == 50
    run(t, "undo")
    assert t.enc.templates == {} and [c.name for c in t.enc.combatants] == ["Ann"]
    run(t, "redo")
    assert len(t.enc.templates) == 50 and t.enc.templates["m3"].stats == {"hp": 13}
    run(t, "redo")
    assert [k.name for k in t.enc.combatants[0].conditions] == ["Prone"]
    full = json.loads(t.state_json)                # the save's view: one state, as before
    assert list(full) == list(t.enc.model_dump(mode="json"))
    assert full == t.enc.model_dump(mode="json")


def test_the_library_is_saved_and_loaded_and_an_old_file_still_opens(make_table, tmp_path):
    t = make_table()
    path = tmp_path / "f.json"
    save(path, t)
    saver = Saver(path, t)
    for line in ("add Ann", f"import {bestiary(tmp_path, 200)}", "add Orc template=m5",
                 "undo", "add Gob template=m6"):
        assert dispatch(t, line).error is None, line
        saver.submit(t)
    saver.close()
    again = load(path, RandomDice(1))
    assert len(again.enc.templates) == 200 and again.enc.templates["m9"].stats == {"hp": 19}
    assert [c.name for c in again.enc.combatants] == ["Ann", "Gob"]
    assert again.state_json == t.state_json
    assert dispatch(again, "undo").error is None and dispatch(again, "undo").error is None
    assert again.enc.templates == {}               # the import, undone from the file's journal
    # a file written whole, the library inside the encounter as every save has it
    old = tmp_path / "old.json"
    save(old, t)
    text = old.read_text()
    assert '"templates":{"m0":{"side":null,"stats":{"hp":10}}' in text
    assert len(load(old, RandomDice(1)).enc.templates) == 200
