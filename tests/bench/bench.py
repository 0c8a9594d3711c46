"""Speed benchmark (not part of the test run): prints ratios measured side by side in one run.

    python tests/bench/bench.py [--runs N]

1. ``combat --help`` against ``python -c "import typer"``            goal <= 1.3x
2. the first REPL prompt against ``python -c`` importing typer, rich,
   prompt_toolkit and pydantic                                         goal <= 1.2x
3. one command with its save (appended to the journal and fsynced) in
   round 1 and in round 1,000 of a 50-combatant fight                  goal: flat, <= 1.2x
4. the save after importing a 5,000-monster bestiary and 30 commands   goal: < 2x the bestiary
   (``--only-store`` runs 3 and 4 alone)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "plugins"
PY = sys.executable
ENV = dict(os.environ, COMBAT_RULESETS="toy=toyrules:RULESET", PYTHONPATH=str(PLUGINS),
           PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color", COMBAT_HISTORY="")


def wall(cmd: list[str]) -> float:
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
    return time.perf_counter() - t


def first_prompt(path: Path) -> float:
    import pexpect

    t = time.perf_counter()
    child = pexpect.spawn(PY, ["-m", "combat_cli", "play", str(path)], env=ENV, timeout=30,
                          encoding="utf-8", dimensions=(40, 120))
    child.expect_exact("combat>")
    elapsed = time.perf_counter() - t
    child.sendline("quit")
    child.expect(pexpect.EOF)
    return elapsed


def paired(a, b, runs: int) -> tuple[float, float, float]:  # noqa: ANN001
    """Median of a, median of b, median of the per-pair ratios a/b (alternating A B A B)."""
    a(), b()  # warm-up
    xs, ys, rs = [], [], []
    for _ in range(runs):
        x, y = a(), b()
        xs.append(x)
        ys.append(y)
        rs.append(x / y)
    return statistics.median(xs), statistics.median(ys), statistics.median(rs)


def _table(ruleset: str = "toy"):  # noqa: ANN202
    sys.path[:0] = [str(ROOT), str(PLUGINS)]
    os.environ.update(COMBAT_RULESETS=ENV["COMBAT_RULESETS"])
    from combat_cli import plugins
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table

    return Table.new(plugins.load(ruleset), RandomDice(1))


def command_cost(runs: int, rounds: int = 1000) -> None:
    """One command + its save in round 1 and in round ``rounds`` of a 50-combatant fight, two
    fights side by side, measured alternately (A B A B): with the journal's fsync, and without
    it (the CPU's share alone, which the disk's noise hides)."""
    from combat_cli.commands.registry import dispatch
    from combat_cli.store.savefile import Saver, save

    def fight(n_rounds: int):  # noqa: ANN202
        t = _table()
        for i in range(50):
            dispatch(t, f"add Fighter{i:02d} speed={i % 7} hp=100000")
        dispatch(t, "start")
        for r in range(n_rounds):
            if r:
                dispatch(t, "end")
            for i in range(0, 50, 10):
                dispatch(t, f"declare Fighter{i:02d} attack Fighter{(i + 1) % 50:02d}")
            dispatch(t, "resolve all")
        assert t.enc.round == n_rounds, t.enc.round
        path = Path(tempfile.mkdtemp()) / "fight.json"
        save(path, t)
        return t, Saver(path, t), path

    def timed(t, saver) -> float:  # noqa: ANN001
        """The GM's wait: the command, its journal line written (and fsynced)."""
        start = time.perf_counter()
        out = dispatch(t, "condition Fighter00 +Prone for=1r")
        assert out.error is None
        saver.submit(t)
        elapsed = time.perf_counter() - start
        dispatch(t, "undo")
        saver.submit(t)
        return elapsed

    (t1, s1, _), (t2, s2, p2) = fight(1), fight(rounds)
    print(f"   (round {rounds}: {len(t2.log_json)} log entries, file {p2.stat().st_size // 1024} KiB)")
    real_fsync = os.fsync
    for label, fsync in (("with fsync", real_fsync), ("CPU only (fsync off)", lambda fd: None)):
        os.fsync = fsync
        early, late, ratio = paired(lambda: timed(t1, s1), lambda: timed(t2, s2), runs)
        print(f"3. command + save, {label}: round 1 {early * 1000:.2f} ms, round {rounds} "
              f"{late * 1000:.2f} ms: {ratio:.2f}x paired (goal <= 1.2x)")
    os.fsync = real_fsync
    s1.close()
    s2.close()


def bestiary_size(monsters: int = 5000, commands: int = 30) -> None:
    """Import a bestiary, play ``commands`` commands, and compare the save with the bestiary."""
    from combat_cli.commands.registry import dispatch
    from combat_cli.store.savefile import Saver, save

    tmp = Path(tempfile.mkdtemp())
    beast = tmp / "bestiary.toml"
    beast.write_text("".join(f'[monster_{i:04d}]\nside = "npc"\nspeed = {i % 7}\n'
                             f"skill = {i % 9}\nhp = {10 + i % 40}\n\n"
                             for i in range(monsters)))
    path = tmp / "fight.json"
    t = _table()
    save(path, t)
    saver = Saver(path, t)
    times = []
    lines = [f"import {beast}", "add Ann side=pc skill=5"]
    lines += [f"add Foe{i} template=monster_{i * 97:04d}" for i in range(10)]
    lines += ["start"] + [f"condition Foe{i % 10} +Prone for=2r" for i in range(commands - len(lines) - 1)]
    for line in lines[:commands]:
        start = time.perf_counter()
        out = dispatch(t, line)
        assert out.error is None, (line, out.error)
        saver.submit(t)
        times.append(time.perf_counter() - start)
    live = path.stat().st_size
    saver.close()
    b, f = beast.stat().st_size, path.stat().st_size
    print(f"4. bestiary of {monsters} monsters {b // 1024} KiB; after {len(times)} commands the "
          f"save is {live // 1024} KiB while played, {f // 1024} KiB after quit: "
          f"{max(live, f) / b:.2f}x (goal < 2x); command + save median "
          f"{statistics.median(times[1:]) * 1000:.1f} ms")


def main() -> None:
    # as after an install: bytecode compiled (pip does it; this checkout may not have it yet)
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "combat_cli"), str(ROOT / "rulesets"),
                    str(PLUGINS)], check=True, env=dict(ENV, PYTHONDONTWRITEBYTECODE=""))
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--only-store", action="store_true")
    args = ap.parse_args()
    n = args.runs
    print(f"python {sys.version.split()[0]}, {n} runs each, medians")
    if args.only_store:
        store_figures(n)
        return

    h, ty, r = paired(lambda: wall([PY, "-m", "combat_cli", "--help"]),
                      lambda: wall([PY, "-c", "import typer"]), n)
    print(f"1. combat --help {h * 1000:.0f} ms vs import typer {ty * 1000:.0f} ms: "
          f"{r:.2f}x (goal <= 1.3x)")

    tmp = Path(tempfile.mkdtemp())
    f = tmp / "f.json"
    subprocess.run([PY, "-m", "combat_cli", "new", str(f), "--ruleset", "toy"], env=ENV,
                   check=True, capture_output=True)
    subprocess.run([PY, "-m", "combat_cli", "play", str(f)], env=ENV, check=True,
                   capture_output=True, text=True,
                   input="".join(f"add Fighter{i} speed={i}\n" for i in range(10)) + "start\n")
    bare = [PY, "-c", "import typer, rich.console, rich.table, prompt_toolkit, pydantic"]
    p, b, r = paired(lambda: first_prompt(f), lambda: wall(bare), n)
    print(f"2. first REPL prompt {p * 1000:.0f} ms vs bare imports {b * 1000:.0f} ms: "
          f"{r:.2f}x (goal <= 1.2x)")

    store_figures(n)


def store_figures(n: int) -> None:
    command_cost(max(n, 41))
    bestiary_size()


if __name__ == "__main__":
    main()
