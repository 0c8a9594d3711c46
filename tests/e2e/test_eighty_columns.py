"""The REPL at 80 columns: a dice prompt on one line in the common cases of every ruleset
(what to roll and what it must beat; ``?`` shows the breakdown and how to answer), and an
error shown whole, wrapped, never cut with "…"."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from combat_cli import plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import Answer, DiceQuestion, RandomDice, TableDice
from combat_cli.engine.table import Table
from combat_cli.render.console import make_console
from combat_cli.repl.driver import Driver
from combat_cli.repl.port import ReplPort
from tests.conftest import combat_cmd

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PROMPT = "combat>"
ROUNDS = {
    "d6": [f"import {EXAMPLES / 'd6.toml'}", "add Mina template=mina",
           "add Lector template=lector", 'add "Demon Thug" x2 template=thug', "start",
           'declare Mina shoot "Demon Thug 1", shoot "Demon Thug 2"',
           'declare Lector brawl "Demon Thug 2", block', 'declare "Demon Thug 1" brawl Lector',
           'declare "Demon Thug 2" brawl Lector', "resolve all", "end"],
    "storypath": [f"import {EXAMPLES / 'storypath.toml'}", "add Ann template=ann",
                  "add Ben template=ben", "add Thug x2 template=thug", "start", "slot Ann",
                  'act Ann attack "Thug 1"', "next"],
    "d12": [f"import {EXAMPLES / 'd12.toml'}", "add Cory template=cory",
            "add Puncher template=puncher", "add Shooter x2 template=shooter", "start",
            'declare Cory attack Puncher bid=3, defend 2 from="Shooter 1,Shooter 2"',
            "declare Puncher attack Cory bid=full", 'declare "Shooter 1" attack Cory bid=3',
            'declare "Shooter 2" attack Cory bid=3', "resolve all", "end"],
    "czech_pool": [f"import {EXAMPLES / 'czech_pool.toml'}", "add Bořek template=borek",
                   "add Lučištník template=lucistnik", "add Zbojník template=zbojnik", "start",
                   "declare Bořek boj Zbojník", "declare Lučištník střelba Bořek",
                   "declare Zbojník boj Bořek", "resolve all", "end"],
}
"""A round of each ruleset, as the README and examples/ play it (names as they are there)."""


class Prompts(ReplPort):
    """The REPL's port with the keyboard replaced: records each prompt, lets the tracker roll."""

    def __init__(self) -> None:
        super().__init__()
        self.prompts: list[str] = []

    def _prompt(self, text, race, default=""):  # noqa: ANN001, ANN202
        self.prompts.append(text)
        return "-"


def prompts_of(ruleset: str, width: int = 80) -> tuple[list[str], list[DiceQuestion]]:
    port = Prompts()
    asked: list[DiceQuestion] = []

    class Recording:
        def ask_dice(self, q: DiceQuestion) -> Answer | None:
            asked.append(q)
            return port.ask_dice(q)

    t = Table.new(plugins.load(ruleset), TableDice("manual", RandomDice(1), Recording()))
    Driver(t, None, make_console(io.StringIO(), width=width), port)
    for line in ROUNDS[ruleset]:
        out = dispatch(t, line)
        assert out.error is None, (line, out.error)
    return port.prompts, asked


BEATS = re.compile(r"\bvs \d|\bvs \w.*'s (\d|Defense)|\bobt\. \d|\(obt\. \d")


@pytest.mark.parametrize("ruleset", sorted(ROUNDS))
def test_a_dice_prompt_fits_one_line_at_80_columns(ruleset):
    prompts, asked = prompts_of(ruleset)
    assert len(prompts) >= 3
    for p in prompts:
        assert len(p) <= 80 - 6, p            # room left on the line for the faces typed
        assert "…" not in p
    # what it must beat is kept where the roll has something to beat
    for p, q in zip(prompts, asked, strict=True):
        if BEATS.search(q.purpose):
            assert BEATS.search(p), (p, q.purpose)


def test_a_dice_prompt_keeps_its_breakdown_when_the_terminal_is_wide():
    prompts, _ = prompts_of("d6", width=200)
    assert any("(5D -1D 2 actions)" in p and "faces or =total" in p for p in prompts), prompts


def d6_file(tmp_path: Path) -> Path:
    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "d6"], check=True,
                   capture_output=True, cwd=tmp_path)
    lines = "\n".join(ROUNDS["d6"][:5]) + "\n"
    subprocess.run([*combat_cmd(), "play", str(f), "--seed", "1"], input=lines, text=True,
                   check=True, capture_output=True, cwd=tmp_path)
    return f


def spawn(path: Path, *extra: str) -> pexpect.spawn:
    env = dict(os.environ)
    env.update({"PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm-256color", "NO_COLOR": "1",
                "COMBAT_HISTORY": ""})
    env.pop("COLUMNS", None)   # the terminal's own width: 80
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(path), "--seed", "3", *extra],
                          env=env, encoding="utf-8", timeout=20, dimensions=(24, 80),
                          cwd=str(path.parent))
    child.delaybeforesend = None
    return child


def screen_text(raw: str) -> str:
    """What the terminal shows, roughly: escape sequences out, line breaks as spaces."""
    raw = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]", "", raw)
    return " ".join(raw.replace("\r", "").split())


@pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")
def test_at_80_columns_the_repl_wraps_an_error_and_a_prompt_shows_its_breakdown_on_query(
        tmp_path):
    f = d6_file(tmp_path)
    child = spawn(f, "--dice", "manual")
    child.expect_exact(PROMPT)
    child.sendline('declare Mina shoot "Demon Thug 1" bonus=3')
    child.expect_exact("error:")
    child.expect_exact(PROMPT)
    said = screen_text(child.before)       # the whole list of options, wrapped
    assert "…" not in said and "offhand=, fire=, rounds=)" in said, said
    child.sendline('declare Mina shoot "Demon Thug 1", shoot "Demon Thug 2"')
    child.expect_exact(PROMPT)
    child.sendline("resolve")
    child.expect_exact("Mina: Missile Weapons 4D vs 10 - shoot Demon Thug 1 — ")
    child.expect_exact("? more:")
    child.sendline("?")                     # the breakdown, and how to answer
    child.expect_exact("(5D -1D 2 actions)")
    child.expect_exact("faces or =total (Enter or - rolls)")
    child.expect_exact("Mina: Missile Weapons 4D vs 10 - shoot Demon Thug 1 — ")  # asked again
    child.sendline("6 6 6 6")
    child.expect_exact("Mina shoots at Demon Thug 1")
    child.expect_exact("damage")
    child.sendcontrol("c")                  # the damage roll: cancelled, nothing kept
    child.expect_exact(PROMPT)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


README_ROUND = [
    'add Mina side=pc Instincts=3D+2 "Missile Weapons=5D" weapon="Repeating Crossbow"',
    "add Thug Instincts=2D Brawling=3D Strength=3D Constitution=3D", "start",
    "declare Mina shoot Thug", "declare Thug brawl Mina", "resolve all", "why", "status"]


@pytest.mark.parametrize("ruleset", ["readme", *sorted(ROUNDS)])
def test_a_round_of_each_ruleset_reads_whole_at_80_columns(tmp_path, ruleset):
    """The README's round and one round of each ruleset, played as a script at 80 columns
    with the tracker rolling: nothing is cut ("…" only in a table's name cell, never here)
    and no line is wider than the terminal; then ``why``, ``log``, ``help`` too."""
    name = "d6" if ruleset == "readme" else ruleset
    lines = README_ROUND if ruleset == "readme" else [*ROUNDS[ruleset], "why", "status",
                                                      "log 8", "help"]
    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", name], check=True,
                   capture_output=True, cwd=tmp_path)
    r = subprocess.run([*combat_cmd(), "play", str(f), "--seed", "4"],
                       input="\n".join(lines) + "\n", text=True, capture_output=True,
                       cwd=tmp_path, env={**os.environ, "NO_COLOR": "1", "COLUMNS": "80"})
    assert r.returncode == 0, r.stdout + r.stderr
    assert "…" not in r.stdout, r.stdout
    from rich.cells import cell_len

    assert all(cell_len(x) <= 80 for x in r.stdout.splitlines()), r.stdout
