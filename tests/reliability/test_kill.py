"""``combat play`` killed (SIGKILL) at random moments, in scripts and in the REPL, 100 times
over one fight: after every kill the file loads, holds exactly a state the fight passed
through, and has lost at most the command in flight (every answered command is in it)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass, field

import pexpect

from combat_cli.store.savefile import read_json
from tests.conftest import combat_cmd

KILLS_SCRIPT = 60
KILLS_REPL = 40


@dataclass
class Model:
    """What the fight should hold: the names added, and the undo/redo stacks of those adds."""

    names: list[str] = field(default_factory=list)
    undo: list[str] = field(default_factory=list)
    redo: list[str] = field(default_factory=list)
    next: int = 1

    def command(self, rng: random.Random) -> tuple[str, str]:
        """A command that cannot fail now, and the text its answer shows."""
        roll = rng.random()
        if roll < 0.15 and self.undo:
            return "undo", "undone:"
        if roll < 0.25 and self.redo:
            return "redo", "redone:"
        return f"add C{self.next}", f"C{self.next} joins"

    def apply(self, line: str) -> None:
        if line == "undo":
            self.redo.append(self.undo.pop())
            self.names.remove(self.redo[-1])
        elif line == "redo":
            self.undo.append(self.redo.pop())
            self.names.append(self.undo[-1])
        else:
            name = line.split()[1]
            self.names.append(name)
            self.undo = (self.undo + [name])[-100:]
            self.redo.clear()
            self.next += 1


def check(path, model: Model, in_flight: str | None) -> None:
    """The file is the model's state, or the model's state plus the command in flight."""
    data = read_json(path)
    names = [c["name"] for c in data["encounter"]["combatants"]]
    if names != model.names and in_flight is not None:
        model.apply(in_flight)
    assert names == model.names, (names[-5:], model.names[-5:], in_flight)
    assert data["undo"] == len(model.undo) and data["redo"] == len(model.redo)


def new(tmp_path):
    f = tmp_path / "fight.json"
    r = subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "toy"], capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return f


def kill_script_once(path, model: Model, rng: random.Random) -> None:
    p = subprocess.Popen([*combat_cmd(), "play", str(path), "--script", "-"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                         text=True, bufsize=1, cwd=tempfile.gettempdir())
    in_flight = None
    try:
        for _ in range(rng.randint(0, 4)):
            line, shown = model.command(rng)
            p.stdin.write(line + "\n")
            p.stdin.flush()
            while shown not in (out := p.stdout.readline()):
                assert out, "combat play ended before answering"
            model.apply(line)  # answered: must survive any kill from now on
        if rng.random() < 0.8:
            in_flight, _ = model.command(rng)
            p.stdin.write(in_flight + "\n")
            p.stdin.flush()
        time.sleep(rng.random() * 0.03)
    finally:
        p.kill()
        p.wait(timeout=30)
        p.stdin.close()
        p.stdout.close()
    check(path, model, in_flight)


def kill_repl_once(path, model: Model, rng: random.Random) -> None:
    env = dict(os.environ, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm-256color", NO_COLOR="1",
               COMBAT_HISTORY="")
    cmd = combat_cmd()
    child = pexpect.spawn(cmd[0], [*cmd[1:], "play", str(path)], env=env, encoding="utf-8",
                          timeout=20, dimensions=(40, 140), cwd=str(path.parent))
    child.delaybeforesend = None
    in_flight = None
    try:
        child.expect_exact("combat>")
        for _ in range(rng.randint(0, 3)):
            line, shown = model.command(rng)
            child.sendline(line)
            child.expect_exact(shown)
            model.apply(line)
            child.expect_exact("combat>")
        if rng.random() < 0.8:
            in_flight, _ = model.command(rng)
            child.sendline(in_flight)
        time.sleep(rng.random() * 0.03)
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.close(force=True)
    check(path, model, in_flight)


def one_fight(folder, seed: int, kills_script: int, kills_repl: int) -> Model:
    rng = random.Random(seed)
    path = new(folder)
    model = Model()
    kinds = ["script"] * kills_script + ["repl"] * kills_repl
    rng.shuffle(kinds)
    for kind in kinds:
        (kill_script_once if kind == "script" else kill_repl_once)(path, model, rng)
    left = sorted(p.name for p in folder.iterdir())
    assert left in (["fight.json"], ["fight.json", "fight.json.lock"])  # no temp files
    r = subprocess.run([*combat_cmd(), "play", str(path), "--script", "-"], input="add Last\n",
                       capture_output=True, text=True, timeout=30)
    assert r.returncode == 0, r.stderr  # no stale lock
    assert read_json(path)["encounter"]["combatants"][-1]["name"] == "Last"
    return model


def test_kill_at_random_moments_loses_at_most_the_command_in_flight(tmp_path):
    """Two fights side by side (two cores), half of the kills each."""
    from concurrent.futures import ThreadPoolExecutor

    started = time.monotonic()
    folders = [tmp_path / "a", tmp_path / "b"]
    for f in folders:
        f.mkdir()
    with ThreadPoolExecutor(2) as pool:
        jobs = [pool.submit(one_fight, f, 2026 + i, KILLS_SCRIPT // 2, KILLS_REPL // 2)
                for i, f in enumerate(folders)]
        models = [j.result() for j in jobs]
    assert sum(m.next for m in models) > 100 and all(m.undo or m.redo for m in models)
    assert time.monotonic() - started < 300  # bounded: ~45 s on an idle two-core machine
