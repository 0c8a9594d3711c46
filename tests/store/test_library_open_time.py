"""Issue 22: opening a file with a big stat-block library took 6-11 s at 100,000 templates
(every template rebuilt as a combatant to check its stats, every stat looked up by a scan of
the specs, and the whole state walked twice for its depth). Opening costs a small multiple of
reading the file's JSON (tests/bench/library.py measures 0, 5,000 and 100,000)."""

from __future__ import annotations

import json
import time
from pathlib import Path

from combat_cli import plugins
from combat_cli.dice import RandomDice
from combat_cli.engine.domain.models import Template
from combat_cli.engine.table import Table
from combat_cli.store.savefile import load, save

TEMPLATES = 20_000


def _fight(path: Path, ruleset: str, stats: dict[str, object]) -> Path:
    t = Table.new(plugins.load(ruleset), RandomDice(1))
    enc = t.enc
    enc.templates = {f"m{i}": Template(side="npc", stats=dict(stats)) for i in range(TEMPLATES)}
    t.set_state(enc)
    save(path, t)
    return path


def _best(f, runs: int = 3) -> float:  # noqa: ANN001
    took = []
    for _ in range(runs):
        start = time.perf_counter()
        f()
        took.append(time.perf_counter() - start)
    return min(took)


def test_opening_a_big_library_costs_a_few_json_reads(tmp_path: Path) -> None:
    # czech_pool: its stats checked as typed, and its weapon against the fight's catalogue
    for ruleset, stats in (("czech_pool", {"Obratnost": 3, "Boj": 2, "Zbraň": "meč"}),):
        path = _fight(tmp_path / f"{ruleset}.json", ruleset, stats)
        text = path.read_text(encoding="utf-8")
        table = load(path, RandomDice(1))
        assert len(table.enc.templates) == TEMPLATES
        assert table.enc.templates["m7"].stats == table.ruleset.validate_stats(stats)
        opened = _best(lambda: load(path, RandomDice(1)))  # noqa: B023
        read = _best(lambda: json.loads(text.partition("\n")[0]))  # noqa: B023
        assert opened < 5.0, f"{ruleset}: {opened:.2f} s to open {TEMPLATES:,} templates"  # loaded CI
        assert opened < 25 * read, (f"{ruleset}: open {opened * 1000:.0f} ms, "
                                    f"the JSON alone {read * 1000:.0f} ms")
