"""The README keeps up with the code: its two set-up commands, every ruleset's actions, verbs
and house-rule switches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from combat_cli import plugins
from tests.conftest import BUILT_IN

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_opens_with_the_install_run_and_test_commands():
    blocks = re.findall(r"```sh\n(.*?)\n```", README, re.S)
    assert "pip install ." in blocks[0] and "combat demo" in blocks[0]
    assert 'pip install ".[test]"' in blocks[1] and "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text()
    assert "README.md" in ci and "venv" in ci
    # .ci/run takes this very line out of the README
    line = 'python3 -m venv .venv && .venv/bin/pip install ".[test]" && .venv/bin/python -m pytest'
    assert line in README.splitlines()
    assert "bash .ci/wheel-check" in ci


@pytest.mark.parametrize("name", BUILT_IN)
def test_readme_documents_each_rulesets_actions_verbs_and_switches(name):
    rs = plugins.load(name)
    own = (ROOT / "rulesets" / "combat_rulesets" / name / "README.md").read_text(encoding="utf-8")
    for a in rs.actions:
        assert f"`{a.name}" in README or any(f"`{al}" in README for al in a.aliases), a.name
        assert a.name in own, a.name
    for v in rs.verbs:
        assert f"`{v.name}" in README, v.name
        assert v.name in own, v.name
    for key in rs.house_rules:
        assert key in own, key
    assert f"rulesets/{name}/README.md" in README


def _section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end]


def _blocks(text: str) -> list[str]:
    """The plain ``` blocks (not ```sh, ```toml) of a text."""
    fences = re.findall(r"^```(\w*)\n(.*?)^```$", text, re.S | re.M)
    return [body for lang, body in fences if not lang]


def _transcript(blocks: list[str]) -> tuple[list[str], list[str]]:
    """The lines typed at the prompt, and the output lines shown (not tables, not "…")."""
    typed, shown = [], []
    for block in blocks:
        for line in block.splitlines():
            if line.startswith("combat> "):
                typed.append(line[len("combat> "):])
            elif line.strip() and line.strip() != "…" and line[0] not in "┏┃┡│└":
                shown.append(line)
    return typed, shown


def _plays_as_shown(tmp_path, typed: list[str], shown: list[str], seed: int, ruleset: str = "d6"):
    """Run the typed lines through the installed program (as a script, from a folder holding a
    copy of examples/) and check each output line the README shows is printed."""
    import os
    import shutil
    import subprocess

    from tests.conftest import combat_cmd

    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    env = dict(os.environ, COLUMNS="250", NO_COLOR="1")
    run = [*combat_cmd()]
    subprocess.run([*run, "new", "fight.json", "--ruleset", ruleset], cwd=tmp_path, env=env,
                   check=True, capture_output=True)
    r = subprocess.run([*run, "play", "fight.json", "--seed", str(seed), "--script", "-"],
                       input="\n".join(typed) + "\n", cwd=tmp_path, env=env, text=True,
                       capture_output=True, timeout=120)
    assert r.returncode == 0, r.stderr
    printed = " ".join(r.stdout.split())
    for line in shown:
        assert " ".join(line.split()) in printed, f"the README shows {line!r}; the program " \
            "prints otherwise (regenerate the README's transcript)"


def test_the_readme_round_prints_what_the_readme_shows(tmp_path):
    intro = README[:README.index("\n## ")]
    seed = int(re.search(r"played with `--seed (\d+)`", intro).group(1))
    typed, shown = _transcript(_blocks(intro))
    assert "resolve all" in typed and len(shown) > 8
    _plays_as_shown(tmp_path, typed, shown, seed)


def test_the_readme_tour_prints_what_the_readme_shows(tmp_path):
    tour = _section("A tour")
    assert "combat new fight.json --ruleset d6" in tour
    seed = int(re.search(r"combat play fight.json --seed (\d+)", tour).group(1))
    typed, shown = _transcript(_blocks(tour))
    assert typed[0] == "import examples/d6.toml" and "end" in typed and len(shown) > 20
    _plays_as_shown(tmp_path, typed, shown, seed)


def _tries() -> dict[str, list[str]]:
    """The tour's table of the other systems: ruleset -> the lines to try."""
    rows = re.findall(r"^\| [^|]*\(`(\w+)`[^|]*\| (`.*`) \|$", _section("A tour"), re.M)
    return {name: re.findall(r"`((?:[^`])+)`", cells) for name, cells in rows}


def test_the_tour_names_a_stat_file_and_lines_for_every_other_system():
    assert set(_tries()) == set(BUILT_IN) - {"d6"}  # d6 is the tour's own
    for name in ("d6", *_tries()):
        assert (ROOT / "examples" / f"{name}.toml").is_file()


@pytest.mark.parametrize("name", [n for n in BUILT_IN if n != "d6"])
@pytest.mark.parametrize("seed", range(1, 7))
def test_the_tours_lines_for_the_other_systems_run(name, seed, monkeypatch):
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    monkeypatch.chdir(ROOT)                          # the tour runs in the clone
    lines = [ln for ln in _tries()[name] if " " in ln or ln in ("start", "next", "end")]
    t = Table.new(plugins.load(name), RandomDice(seed))
    for line in lines:
        out = dispatch(t, line)
        assert out.error is None, (seed, line, out.error)


def test_the_readme_speaks_to_users_not_to_the_rules_sources():
    texts = {"README.md": README} | {
        f"rulesets/combat_rulesets/{n}/README.md": (ROOT / "rulesets" / "combat_rulesets" / n / "README.md").read_text(encoding="utf-8")
        for n in BUILT_IN}
    for where, text in texts.items():
        assert not re.search(r"\bseeds? ?0\d\d\b", text), where
        assert not re.search(r"\bthe seed\b|\bseed's\b|\bdigest\b", text, re.I), where
        assert not re.search(r"\brules/\w+\.md\b", text), where


def test_the_readme_says_how_to_have_combat_on_the_path_and_where_files_go():
    path = _section("Having `combat` on your PATH")
    assert "pipx install ." in path and "source .venv/bin/activate" in path
    for needle in ("combat paths", "combat --version", "--install-completion", "--pace",
                   "COMBAT_HISTORY", "[config file](#config-file-history-error-log)"):
        assert needle in README, needle
    assert "### Config file, history, error log" in README
