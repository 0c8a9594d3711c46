"""The registry checks what an entry point gives (one line saying what is wrong, and
``combat rulesets`` / ``new`` go on), and the core applies StatSpec defaults."""

from __future__ import annotations

import os

import pytest

from combat_cli import plugins
from combat_cli.api import CommandError
from tests.conftest import BUILT_IN, ROOT, run
from tests.e2e.test_cli import combat

BAD = ("klass=toyrules:Toy,wrongname=toyrules:TURNS,notone=badrules:NOT_A_RULESET,"
       "gone=nosuchmodule:RULESET,minimal=badrules:MINIMAL")


@pytest.fixture
def bad(monkeypatch):  # noqa: ANN201
    monkeypatch.setenv("COMBAT_RULESETS", os.environ["COMBAT_RULESETS"] + "," + BAD)
    plugins._targets.cache_clear()
    plugins.load.cache_clear()
    yield
    plugins._targets.cache_clear()
    plugins.load.cache_clear()


@pytest.mark.parametrize(("name", "says"), [
    ("klass", 'names the class Toy, not a ruleset: point it at an instance (RULESET = Toy())'),
    ("wrongname", 'calls itself "toyturns": the entry-point name and Ruleset.name must be the same'),
    ("notone", "is a dict, not a Ruleset from combat_cli.api"),
    ("gone", "is installed but failed to load: ModuleNotFoundError"),
])
def test_a_bad_entry_point_is_one_line_saying_what_is_wrong(bad, name, says):
    with pytest.raises(CommandError) as e:
        plugins.load(name)
    assert says in str(e.value) and "\n" not in str(e.value)


def test_rulesets_lists_the_broken_and_new_refuses_them_in_one_line(tmp_path, bad):
    env = {"COMBAT_RULESETS": os.environ["COMBAT_RULESETS"] + "," + BAD}
    r = combat("rulesets", env=env)
    assert r.returncode == 0, r.stderr
    assert "klass        (broken: " in r.stdout and "toy " in r.stdout
    r = combat("new", str(tmp_path / "f.json"), "--ruleset", "klass", env=env)
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert "names the class Toy" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert not (tmp_path / "f.json").exists()
    r = combat("new", str(tmp_path / "g.json"), "--ruleset", "wrongname", env=env)
    assert r.returncode != 0 and 'calls itself "toyturns"' in r.stderr
    assert not (tmp_path / "g.json").exists()


def test_builtins_are_found_through_the_entry_points():
    found = plugins._entry_points(plugins.GROUP)
    assert {"d6", "storypath", "d12", "czech_pool"} <= set(found)
    assert found["d6"] == "combat_rulesets.d6:RULESET"


def test_every_ruleset_the_project_declares_is_in_the_tests_built_in_list():
    """The tests about "every ruleset" take the list from the registry: it is not empty and
    misses none that pyproject.toml installs."""
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    declared = project["project"]["entry-points"][plugins.GROUP]
    assert len(BUILT_IN) >= 4 and set(BUILT_IN) == set(declared)


def test_the_core_applies_stat_defaults(bad, make_table):
    t = make_table([], ruleset="minimal")
    out = run(t, "add Ann", "add Bob hp=3 note=x", "start", "act Ann poke")
    assert [e.text for e in out.entries] == ["Ann has 6 hp"]
    assert t.enc.combatants[0].stats == {"hp": 6}
    assert t.enc.combatants[1].stats == {"hp": 3, "note": "x"}
