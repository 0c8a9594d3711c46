"""A stat-block library's size against a command's cost (not part of the test run):

    python tests/bench/library.py [--runs N] [--sizes 0,5000,100000]

For each library size (templates imported from one TOML file): the median of a command with
its save (``condition ... +Prone`` then ``undo``, each appended to the journal), of ``status``,
and the time to open the file again (``load``). Goals: a command at 100,000 templates within
1.2x of one at 0; opening at 100,000 within about 1 s (it was 4-11 s before issue 22: every
template rebuilt as a combatant to check it, each stat found by a scan of the specs, the
state walked twice for its depth); ``status`` fast too. The regular test that catches a
regression cheaply: tests/store/test_library_open_time.py (20,000 templates).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from bench import _table


def library(n: int, tmp: Path) -> Path:
    """``n`` small stat blocks in one file (100,000 of them: 1.5 MB, under the 2 MB limit)."""
    f = tmp / f"lib{n}.toml"
    f.write_text("".join(f"[m{i}]\nhp={10 + i % 40}\n" for i in range(n)))
    return f


def measure(n: int, runs: int) -> tuple[float, float, float, float, int]:
    from combat_cli.commands.registry import dispatch
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import Saver, load, save

    tmp = Path(tempfile.mkdtemp())
    t = _table()
    for i in range(10):
        dispatch(t, f"add Fighter{i} speed={i} hp=100")
    if n:
        out = dispatch(t, f"import {library(n, tmp)}")
        assert out.error is None, out.error
    dispatch(t, "start")
    path = tmp / "fight.json"
    save(path, t)
    saver = Saver(path, t)
    cmd, undo, status = [], [], []
    for _ in range(runs):
        start = time.perf_counter()
        assert dispatch(t, "condition Fighter1 +Prone for=1r").error is None
        saver.submit(t)
        cmd.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert dispatch(t, "undo").error is None
        saver.submit(t)
        undo.append(time.perf_counter() - start)
        start = time.perf_counter()
        assert dispatch(t, "status").error is None
        status.append(time.perf_counter() - start)
    saver.close()
    opened = []
    for _ in range(3):
        start = time.perf_counter()
        t2 = load(path, RandomDice(1))
        opened.append(time.perf_counter() - start)
    assert len(t2.enc.templates) == n
    return (statistics.median(cmd), statistics.median(undo), statistics.median(status),
            statistics.median(opened), path.stat().st_size)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--sizes", default="0,5000,100000")
    args = ap.parse_args()
    base = None
    for n in (int(x) for x in args.sizes.split(",")):
        c, u, s, o, size = measure(n, args.runs)
        base = base or c
        print(f"{n:>7} templates: command + save {c * 1000:7.2f} ms ({c / base:.2f}x of the "
              f"first size; goal <= 1.2x), undo + save {u * 1000:7.2f} ms, status "
              f"{s * 1000:7.2f} ms, open {o * 1000:8.1f} ms, file {size // 1024} KiB")


if __name__ == "__main__":
    main()
