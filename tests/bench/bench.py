"""Speed benchmark (not part of the test run): prints ratios measured side by side in one run.

    python tests/bench/bench.py [--runs N]

1. ``combat --help`` against ``python -c "import typer"``            goal <= 1.3x
2. the first REPL prompt against ``python -c`` importing typer, rich,
   prompt_toolkit and pydantic                                         goal <= 1.2x
3. one command with its autosave in round 1 and in round 200 of a
   50-combatant fight                                                  goal: flat, <= 1.2x
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


def command_cost(runs: int) -> tuple[float, float]:
    """Median time of one command + autosave in round 1 and in round 200, 50 combatants."""
    sys.path[:0] = [str(ROOT), str(PLUGINS)]
    os.environ.update(COMBAT_RULESETS=ENV["COMBAT_RULESETS"])
    from combat_cli import plugins
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.engine.table import Table
    from combat_cli.store.savefile import Saver

    tmp = Path(tempfile.mkdtemp())
    path = tmp / "big.json"
    t = Table.new(plugins.load("toy"), RandomDice(1))
    for i in range(50):
        dispatch(t, f"add Fighter{i:02d} speed={i % 7} hp=100000")
    dispatch(t, "start")

    def one_round() -> None:
        for i in range(50):
            dispatch(t, f"declare Fighter{i:02d} attack Fighter{(i + 1) % 50:02d}")
        dispatch(t, "resolve all")

    saver = Saver(path)
    disk: list[float] = []

    def timed_command() -> float:
        """The GM's wait: the command and handing its autosave to the saver. The write itself
        (atomic, fsync'd) runs in the background; its time is reported separately."""
        saver.flush()
        start = time.perf_counter()
        out = dispatch(t, "condition Fighter00 +Prone for=1r")
        assert out.error is None
        saver.submit(t)
        elapsed = time.perf_counter() - start
        saver.flush()
        disk.append(time.perf_counter() - start)
        dispatch(t, "undo")
        saver.submit(t)
        return elapsed

    def sample() -> tuple[float, float]:
        disk.clear()
        answer = statistics.median(timed_command() for _ in range(runs))
        return answer, statistics.median(disk)

    one_round()
    early, early_disk = sample()
    for _ in range(199):
        dispatch(t, "end")
        one_round()
    assert t.enc.round == 200, t.enc.round
    late, late_disk = sample()
    saver.close()
    print(f"   (round 200: {len(t.log_json)} log entries, file {path.stat().st_size // 1024} KiB; "
          f"until on disk: round 1 {early_disk * 1000:.1f} ms, round 200 {late_disk * 1000:.1f} ms)")
    return early, late


def main() -> None:
    # as after an install: bytecode compiled (pip does it; this checkout may not have it yet)
    subprocess.run([PY, "-m", "compileall", "-q", str(ROOT / "combat_cli"), str(ROOT / "rulesets"),
                    str(PLUGINS)], check=True, env=dict(ENV, PYTHONDONTWRITEBYTECODE=""))
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    n = ap.parse_args().runs
    print(f"python {sys.version.split()[0]}, {n} runs each, medians")

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

    early, late = command_cost(n)
    print(f"3. command + autosave: round 1 {early * 1000:.1f} ms, round 200 {late * 1000:.1f} ms: "
          f"{late / early:.2f}x (goal <= 1.2x)")


if __name__ == "__main__":
    main()
