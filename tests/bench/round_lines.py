"""Lines printed by one round at the table (not part of the test run; issue 9's budgets).

    python tests/bench/round_lines.py [--seed N] [--columns 80 100] [--show NAME] [--code DIR]

``--code DIR`` runs another source tree instead of the installed one (the "before" figures:
``git archive 1784a6e | tar -x -C /tmp/before`` then ``--code /tmp/before``; the ``readme``
row always plays this README's tour).

Runs each round below as a new user would (``combat new``, then ``combat play --script`` with
auto dice and a fixed seed, COLUMNS set, from another folder) and prints how many lines it
printed, not counting the echo of the typed commands (``> LINE``, however it wraps), and how
many lines were typed. ``--show NAME`` prints that round's output as well.

- ``d6``: the README's d6 round as issue 9 measured it (five combatants, a group of three;
  11 typed lines, from the first ``add`` to ``end``) (budget: 40 lines at 80 columns).
- ``d6_tour``: the same with the ``status`` and ``undo`` the README's tour then ended with.
- ``readme``: the README's tour as written now (its ``combat>`` lines, ``--seed 1``, the
  stat files of ``examples/``) (budget: 40 lines at 80 columns).
- ``storypath``, ``d12``, ``czech_pool``: a round of five combatants, a group of three among
  them (``add X x3``) (budget: 45 lines at 80 columns).

The end-to-end tests (tests/e2e/test_round_budget.py) check the same rounds against the budgets.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# d6_tour: its three add lines are longer than 80 columns and wrap (nothing is cut), 3 lines
BUDGET = {"d6": 40, "d6_tour": 43, "readme": 40, "storypath": 45, "d12": 45, "czech_pool": 45}
SEED = {"readme": 1}
"""The README's tour says which seed gives the rolls it shows."""

D6 = [
    'add Mina side=pc Instincts=3D+2 Dodge=4D "Missile Weapons=5D" weapon="Repeating Crossbow"',
    "add Lector side=pc Instincts=3D+1 Dodge=4D Brawling=4D Strength=3D Constitution=4D",
    'add "Demon Thug" x3 Instincts=2D Brawling=3D Strength=3D Constitution=3D',
    "start",
    'declare Mina shoot "Demon Thug 1", shoot "Demon Thug 2"',
    'declare Lector brawl "Demon Thug 3", block',
    'declare "Demon Thug 3" brawl Lector',
    "hold Lector",
    "resolve all",
    "release Lector",
    "end",
]
D6_TOUR = [*D6, "status", "undo"]


def readme_tour() -> list[str]:
    """The ``combat>`` lines of the README's tour (without ``quit``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = readme.split("## A tour", 1)[-1].split("\n## ", 1)[0]
    lines = [ln[len("combat> "):] for ln in tour.splitlines() if ln.startswith("combat> ")]
    return [ln for ln in lines if ln.strip() not in ("quit", "")]


STORYPATH = [
    "add Ann side=pc might=3 dexterity=3 stamina=5 cunning=2 close_combat=3 athletics=2 "
    "weapon=sword",
    "add Ben side=pc might=2 dexterity=3 stamina=3 cunning=3 firearms=3 athletics=2 "
    "weapon=pistol",
    "add Thug x3 cunning=0 might=3 dexterity=2 stamina=2 attack_pool=4 health=5 defense=1 "
    "weapon=club",
    "start",
    "slot Ann",
    'act Ann attack "Thug 1"',
    "next",
    'act Ben attack "Thug 2" range=short',
    "next",
    'act "Thug 1" attack Ann',
    "next",
    'act "Thug 2" attack Ben range=close',
    "next",
    'act "Thug 3" attack Ann',
    "next",
    "end",
]

D12 = [
    "add Cory side=pc Strength=5 Agility=6 Precision=4 Dodge=1 Fighting=2",
    "add Dana side=pc Agility=5 Precision=5 Guns=2 weapon=medium-gun",
    "add Shooter x3 Agility=4 Precision=4 weapon=.22 Guns=1",
    "start",
    'declare Cory attack "Shooter 1" bid=3, defend 2 from="Shooter 2,Shooter 3"',
    'declare Dana attack "Shooter 2" bid=4',
    'declare "Shooter 1" attack Cory bid=3',
    'declare "Shooter 2" attack Dana bid=3',
    'declare "Shooter 3" attack Cory bid=3',
    "resolve all",
    "end",
]

CZECH_POOL = [
    "add Bořek side=pc Obratnost=4 Boj=4 Atletika=3 Odolnost=4 Konstituce=5 Postřeh=3 "
    "Obezřetnost=3 Zbraň=meč Zbroj=2",
    "add Jitka side=pc Obratnost=3 Zručnost=4 Střelba=4 Boj=2 Odolnost=3 Konstituce=3 "
    "Postřeh=4 Obezřetnost=3 Zbraň=luk",
    "add Zbojník x3 Obratnost=3 Boj=3 Rvačka=2 Atletika=1 Odolnost=2 Konstituce=3 "
    "Postřeh=2 Obezřetnost=2 Zbraň=sekera",
    "start",
    'declare Bořek boj "Zbojník 1"',
    'declare Jitka střelba "Zbojník 2"',
    'declare "Zbojník 1" boj Bořek',
    'declare "Zbojník 2" boj Bořek',
    'declare "Zbojník 3" boj Jitka',
    "resolve all",
    "end",
]


def rounds() -> dict[str, list[str]]:
    return {"d6": D6, "d6_tour": D6_TOUR, "readme": readme_tour(), "storypath": STORYPATH, "d12": D12,
            "czech_pool": CZECH_POOL}


def play(ruleset: str, lines: list[str], columns: int, seed: int,
         extra_env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``combat new`` + ``combat play --script`` in a fresh folder (with the README's
    ``examples/``); the finished process. ``readme`` is the d6 tour."""
    if ruleset == "readme":
        ruleset, seed = "d6", SEED["readme"]
    elif ruleset == "d6_tour":
        ruleset = "d6"
    env = dict(os.environ, COLUMNS=str(columns), COMBAT_HISTORY="", NO_COLOR="1",
               **(extra_env or {}))
    with tempfile.TemporaryDirectory() as d:
        fight, script = Path(d) / "fight.json", Path(d) / "round.txt"
        if (ROOT / "examples").is_dir():
            shutil.copytree(ROOT / "examples", Path(d) / "examples")
        cmd = [sys.executable, "-m", "combat_cli"]
        subprocess.run([*cmd, "new", str(fight), "--ruleset", ruleset], check=True, cwd=d,
                       env=env, capture_output=True, text=True, timeout=60)
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return subprocess.run([*cmd, "play", str(fight), "--script", str(script), "--seed",
                               str(seed)], cwd=d, env=env, capture_output=True, text=True,
                              timeout=120)


def _squash(s: str) -> str:
    return " ".join(s.split())


def printed(stdout: str, lines: list[str]) -> list[str]:
    """The lines printed, without the echo of each typed line (``> LINE``, wrapped or not)."""
    out, typed, rows, i = [], list(lines), stdout.splitlines(), 0
    while i < len(rows):
        row = rows[i]
        if typed and row.startswith("> "):
            want, acc, j = _squash("> " + typed[0]), row, i
            while _squash(acc) != want and j + 1 < len(rows) and want.startswith(_squash(acc)):
                j += 1
                acc += " " + rows[j]
            if _squash(acc) == want:
                typed.pop(0)
                i = j + 1
                continue
        out.append(row)
        i += 1
    return out


def count(ruleset: str, lines: list[str], columns: int, seed: int, code: str = "") -> int:
    r = play(ruleset, lines, columns, seed, {"PYTHONPATH": code} if code else None)
    if r.returncode != 0:
        raise SystemExit(f"{ruleset}: the round failed: {r.stderr.strip()}\n{r.stdout}")
    return len(printed(r.stdout, lines))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=3)
    p.add_argument("--columns", type=int, nargs="+", default=[80, 100])
    p.add_argument("--show", default="")
    p.add_argument("--code", default="", help="run this source tree (PYTHONPATH)")
    a = p.parse_args()
    print(f"seed {a.seed}; lines printed (not counting the typed commands' echo)")
    print(f"{'round':<12}{'typed':>6}" + "".join(f"{c:>6} col" for c in a.columns)
          + "   budget at 80")
    for name, lines in rounds().items():
        counts = [count(name, lines, c, a.seed, a.code) for c in a.columns]
        print(f"{name:<12}{len(lines):>6}" + "".join(f"{n:>10}" for n in counts)
              + f"{BUDGET[name]:>15}")
        if a.show == name:
            r = play(name, lines, a.columns[0], a.seed)
            print(r.stdout + r.stderr)


if __name__ == "__main__":
    main()
