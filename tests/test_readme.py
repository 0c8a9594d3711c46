"""The README keeps up with the code: its two set-up commands, every ruleset's actions, verbs
and house-rule switches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from combat_cli import plugins

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_the_install_run_and_test_commands():
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    assert "pip install ." in blocks[0] and "combat demo" in blocks[0]
    assert 'pip install ".[test]"' in blocks[1] and "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "README.md" in ci and "venv" in ci


@pytest.mark.parametrize("name", ["d6", "storypath", "d12", "czech_pool"])
def test_readme_documents_each_rulesets_actions_verbs_and_switches(name):
    rs = plugins.load(name)
    own = (ROOT / "rulesets" / name / "README.md").read_text(encoding="utf-8")
    for a in rs.actions:
        assert f"`{a.name}" in README or any(f"`{al}" in README for al in a.aliases), a.name
        assert a.name in own, a.name
    for v in rs.verbs:
        assert f"`{v.name}" in README, v.name
        assert v.name in own, v.name
    for key in rs.house_rules:
        assert key in own, key
    assert f"rulesets/{name}/README.md" in README


@pytest.mark.parametrize("seed", range(1, 9))
def test_the_readme_tour_runs_as_written(seed):
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    tour = re.search(r"```\n(combat> .*?)```", README, re.S).group(1)
    lines = [ln[len("combat> "):] for ln in tour.splitlines() if ln.startswith("combat> ")]
    assert len(lines) > 8
    t = Table.new(plugins.load("d6"), RandomDice(seed))
    for line in lines:
        out = dispatch(t, line)
        assert out.error is None, (seed, line, out.error)
