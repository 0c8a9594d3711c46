"""Benchmark of the served table (not part of the test run), on loopback:

    python tests/bench/phones.py [--trials N] [--runs N]

8 phones joined with their event streams open, and 2 table pages:

1. a phone's answer reaching the waiting command, its result on the GM's screen   p95 <= 200 ms
2. a GM command reaching every page it changes (of 10 streams)                     p95 <= 200 ms
3. the per-command time of a 300-line script with the server running, against
   without                                                                       <= 1.2x
4. the hand page's weight (page, script, style)                                   < 50 KB
"""

from __future__ import annotations

import argparse
import http.client
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.web.helpers import LiveTable, combat  # noqa: E402

PCS = [f"P{i}" for i in range(1, 9)]


def fight(path: Path) -> Path:
    combat("new", str(path), "--ruleset", "d6")
    lines = [f"add {p} side=pc Instincts=3D Dodge=8D Constitution=9D" for p in PCS]
    lines += ["add Thug x3 Instincts=2D Brawling=1D Strength=1D Constitution=3D", "start"]
    combat("play", str(path), "--script", "-", input="\n".join(lines) + "\n")
    return path


class Listener(threading.Thread):
    """One open event stream; records when each line containing a mark arrived."""

    def __init__(self, port: int, path: str, cookie: str = "") -> None:
        super().__init__(daemon=True)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", path, headers={"Cookie": cookie})
        self.resp = self.conn.getresponse()
        self.seen: dict[str, float] = {}

    def run(self) -> None:
        while True:
            line = self.resp.readline()
            if not line:
                return
            if b"MARK" in line:
                for word in line.split(b"MARK")[1:]:
                    self.seen.setdefault(word[:4].decode(errors="replace"), time.perf_counter())


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, int(len(xs) * 0.95) - 1)]


def round_trips(live: LiveTable, cookies: dict[str, str], trials: int) -> list[float]:
    out = []
    for i in range(trials):
        pc = PCS[i % len(PCS)]
        live.gm(f'roll 3D "for={pc}: luck {i}"')
        ask = live.question(cookies[pc])
        t = time.perf_counter()
        status, _, _ = live.request("POST", "/api/answer", {"id": ask["id"], "faces": [2, 3, 4]},
                                    cookie=cookies[pc])
        assert status == 200
        live.expect(rf"= 9 \({pc}: luck {i}\)")
        out.append(time.perf_counter() - t)
    return out


def broadcasts(live: LiveTable, phones: dict[str, Listener], tables: list[Listener],
               trials: int) -> list[float]:
    """A condition on one PC: until its phone and both table pages have it (the other phones'
    cards do not change, and they get no event)."""
    out = []
    for i in range(trials):
        mark, pc = f"{i:04d}", PCS[i % len(PCS)]
        listeners = [phones[pc], *tables]
        t = time.perf_counter()
        live.gm(f"condition {pc} +MARK{mark} custom=yes")
        end = time.perf_counter() + 10
        while not all(mark in x.seen for x in listeners) and time.perf_counter() < end:
            time.sleep(0.002)
        out.append(max(x.seen.get(mark, end) for x in listeners) - t)
        live.gm(f"condition {pc} -MARK{mark}")
    return out


def connected_time(live: LiveTable, rounds: int = 24) -> float:
    """The same fight's rounds (rolled by the tracker) played on the served table while the 8
    phones and 2 table pages are connected: the wall-clock time per command."""
    live.gm("dice auto")
    live.expect(r"dice")
    t = time.perf_counter()
    live.gm(*fight_lines(rounds, among_thugs=True), 'roll 1d2 "for=P1: the end"')
    live.expect(r"\(P1: the end\)", timeout=120)
    took = time.perf_counter() - t
    live.gm("dice players")
    return took / (13 * rounds + 1)


def fight_lines(rounds: int, among_thugs: bool = False) -> list[str]:
    """Rounds of a fight: the thugs punch (the PCs, or one another: then no PC's phone is
    asked to react), the PCs dodge, resolve, end (13 lines each)."""
    def target(t: int) -> str:
        return f'"Thug {t % 3 + 1}"' if among_thugs else f"P{t}"
    return [line for _ in range(rounds) for line in (
        *(f'declare "Thug {t}" brawl {target(t)}' for t in (1, 2, 3)),
        *(f"declare {p} dodge" for p in PCS), "resolve all", "end")]


THREADS = """
import atexit, os, sys, time
spent = {}
def timed(cls, name, key):
    run = getattr(cls, name)
    def wrapped(self, *args, **kwargs):
        try:
            return run(self, *args, **kwargs)
        finally:
            spent[key] = time.thread_time()
    setattr(cls, name, wrapped)
import combat_cli.repl.phones as phones, combat_cli.web.live as live
timed(phones.Publisher, "_run", "views")
timed(live.LiveServer, "_run", "server")
atexit.register(lambda: os.write(2, ("THREADS %r\\n" % {**spent, "main": time.thread_time()}).encode()))
from combat_cli.cli import main
sys.argv = ["combat", *sys.argv[1:]]
main()
"""
"""The program, with the CPU time of each of its threads written at exit (the views' and the
server's threads end before the main thread does)."""


def script_time(path: Path, serve: bool, rounds: int = 24, among_thugs: bool = False
                ) -> tuple[float, float, dict[str, float]]:
    """Rounds of a fight (the thugs punch, the PCs dodge, resolve, end), 13 lines each: the
    wall-clock time and the CPU time (every thread of the process: the server's and the
    views' too) per command, and each thread's CPU time per command."""
    import ast

    lines = "".join(f"{line}\n" for line in fight_lines(rounds, among_thugs))
    n = 13 * rounds
    extra = ["--serve", "--port", "0"] if serve else []
    copy = path.with_name("run.json")
    took, cpu, threads = [], [], []
    for script in (lines, ""):  # the fight, then the start-up alone
        copy.write_bytes(path.read_bytes())
        t = time.perf_counter()
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        r = subprocess.run([sys.executable, "-c", THREADS, "play", str(copy), "--script",
                            "-", "--seed", "1", "--dice", "auto", *extra], input=script, text=True,
                           capture_output=True)
        if r.returncode:
            raise SystemExit(f"the benchmark's script failed:\n{r.stdout[-1500:]}{r.stderr}")
        took.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        said = [x for x in r.stderr.splitlines() if x.startswith("THREADS ")]
        threads.append(ast.literal_eval(said[-1][8:]) if said else {})
    each = {k: (threads[0].get(k, 0.0) - threads[1].get(k, 0.0)) / n for k in threads[0]}
    return (took[0] - took[1]) / n, (cpu[0] - cpu[1]) / n, each


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--trials", type=int, default=40)
    ap.add_argument("--runs", type=int, default=5, help="runs of the script, each way")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        path = fight(Path(d) / "bench.json")
        live = LiveTable(path, "--dice", "players", "--seed", "1")
        try:
            code = live.code()
            cookies = {p: live.join(p, code) for p in PCS}
            phones = {p: Listener(live.port, "/api/events", c) for p, c in cookies.items()}
            tables = [Listener(live.port, "/events") for _ in range(2)]
            for x in [*phones.values(), *tables]:
                x.start()
            rt = round_trips(live, cookies, args.trials)
            bc = broadcasts(live, phones, tables, args.trials)
            live_per_command = connected_time(live)
        finally:
            live.gm("quit")
            live.close()
        alone = statistics.median(script_time(path, False, among_thugs=True)[0]
                                  for _ in range(args.runs))
        plain, served = [], []
        for _ in range(args.runs):  # interleaved: a busy spell of the machine hits both
            plain.append(script_time(path, False))
            served.append(script_time(path, True))
        without, with_server = (statistics.median(t[0] for t in r) for r in (plain, served))
        cpu_without, cpu_with = (statistics.median(t[1] for t in r) for r in (plain, served))
        main_cpu, side_cpu = (statistics.median(t[2].get("main", 0) for t in plain),
                              statistics.median(t[2].get("views", 0) + t[2].get("server", 0)
                                                for t in served))
    page = sum((ROOT / "combat_cli" / "web" / "assets" / f).stat().st_size
               for f in ("me.html", "phone.js", "phone.css"))
    print(f"1. phone answer -> result on the GM's screen: p95 {p95(rt) * 1000:.0f} ms "
          f"(median {statistics.median(rt) * 1000:.0f} ms, {len(rt)} trials)  goal <= 200 ms")
    print(f"2. GM command -> every page it changes: p95 {p95(bc) * 1000:.0f} ms "
          f"(median {statistics.median(bc) * 1000:.0f} ms)  goal <= 200 ms")
    print(f"3. per command: {with_server * 1000:.1f} ms served, {without * 1000:.1f} ms not: "
          f"{with_server / without:.2f}x; CPU {cpu_with * 1000:.1f} ms served, "
          f"{cpu_without * 1000:.1f} ms not: {cpu_with / cpu_without:.2f}x  goal <= 1.2x")
    print(f"   with the 8 phones and 2 table pages connected: {live_per_command * 1000:.1f} ms a "
          f"command, {alone * 1000:.1f} ms not served: {live_per_command / alone:.2f}x")
    print(f"   in the served process, per command: the views' and the server's threads "
          f"{side_cpu * 1000:.2f} ms of CPU, against the main thread's {main_cpu * 1000:.2f} ms "
          f"unserved: {(main_cpu + side_cpu) / main_cpu:.2f}x")
    print(f"4. hand page: {page / 1024:.1f} KB  goal < 50 KB")


if __name__ == "__main__":
    main()
