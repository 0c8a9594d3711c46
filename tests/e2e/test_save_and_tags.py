"""``save`` is a request the front end honours, in the REPL (pexpect) and in a script; ``combat
show --json`` gives each combatant's short tag, which works wherever the name does."""

from __future__ import annotations

import json
import sys

import pexpect
import pytest

from combat_cli.store.savefile import read_json
from tests.e2e.test_cli import combat
from tests.e2e.test_repl import new, ready, spawn


def names(path) -> list[str]:  # noqa: ANN001
    return [c["name"] for c in json.loads(combat("show", str(path), "--json").stdout)["combatants"]]


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_save_in_the_repl_saves_now_and_writes_a_copy(tmp_path):
    f = new(tmp_path)
    child = spawn(f)
    child.sendline("add Carl")
    child.expect_exact("Carl joins")
    ready(child)
    child.sendline("save")
    child.expect_exact("saved ")
    ready(child)
    child.sendline("save copy.json")            # relative to where the GM started combat
    child.expect_exact("copy saved to copy.json")
    ready(child)
    child.sendline("save copy.json")
    child.expect_exact("already exists")
    ready(child)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert read_json(tmp_path / "copy.json")["app"] == "combat-cli"
    assert names(tmp_path / "copy.json") == ["Mina", "Lector", "Carl"]


def test_save_in_a_script_saves_now_and_writes_a_copy(tmp_path):
    f, copy = tmp_path / "f.json", tmp_path / "copy.json"
    assert combat("new", str(f), "--ruleset", "toy").returncode == 0
    script = tmp_path / "s.txt"
    script.write_text(f"add Ann\nsave\nsave {copy}\nadd Bob\n")
    r = combat("play", str(f), "--script", str(script))
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"saved {f}" in r.stdout and f"copy saved to {copy}" in r.stdout
    assert names(copy) == ["Ann"] and names(f) == ["Ann", "Bob"]


def test_show_json_gives_each_combatants_tag_and_the_tag_names_it(tmp_path):
    f = tmp_path / "f.json"
    combat("new", str(f), "--ruleset", "toy")
    combat("play", str(f), input='add Mina side=pc\nadd "Demon Thug 1"\nadd "Demon Thug 2"\n')
    data = json.loads(combat("show", str(f), "--json").stdout)
    tags = {c["name"]: c["tag"] for c in data["combatants"]}
    assert tags == {"Mina": "Mi", "Demon Thug 1": "DT1", "Demon Thug 2": "DT2"}
    first = data["combatants"][0]     # beside the binding keys, which stay as they were
    assert {"name", "side", "status", "conditions", "held", "stats", "tag"} <= set(first)
    r = combat("play", str(f), input=f"remove {tags['Demon Thug 1']}\n")
    assert r.returncode == 0, r.stdout + r.stderr
    assert names(f) == ["Mina", "Demon Thug 2"]
