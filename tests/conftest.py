"""Shared fixtures. The core is tested with the test-only ruleset in tests/plugins/toyrules, registered
through COMBAT_RULESETS (also seen by the subprocesses the end-to-end tests start)."""

from __future__ import annotations

import functools
import os
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PLUGINS = ROOT / "tests" / "plugins"
TEST_RULESETS = {"toy": "toyrules:RULESET", "toyturns": "toyrules:TURNS"}
os.environ["COMBAT_RULESETS"] = ",".join(f"{k}={v}" for k, v in TEST_RULESETS.items())
# Subprocesses see the test-only ruleset but not the source tree: run from another folder, they
# use the installed package (its data files included), as a new user would.
os.environ["PYTHONPATH"] = os.pathsep.join(
    p for p in (str(PLUGINS), os.environ.get("PYTHONPATH", "")) if p)
os.environ.setdefault("COMBAT_HISTORY", "")
# The tests (and the programs they start) never read the GM's config file nor write the error
# log in the real home: both live in a folder of this run.
_HOME = tempfile.mkdtemp(prefix="combat-tests-")
os.environ["XDG_CONFIG_HOME"] = os.path.join(_HOME, "config")
os.environ["XDG_STATE_HOME"] = os.path.join(_HOME, "state")
os.environ["COMBAT_CONFIG"] = os.path.join(_HOME, "config", "combat-cli", "config.toml")
os.environ["COLUMNS"] = "120"
# the command line speaks the environment's language (LANG=cs_CZ: Czech): the tests ask for one
for _var in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"
for p in (str(ROOT), str(ROOT / "rulesets"), str(PLUGINS)):
    if p not in sys.path:
        sys.path.insert(0, p)


def _built_in() -> tuple[str, ...]:
    """The rulesets this project ships, as the registry finds them: its entry points into the
    ``combat_rulesets`` package (not the test-only ones, nor another installed plug-in)."""
    from combat_cli import plugins

    return tuple(sorted(n for n, target in plugins.targets().items()
                        if n not in TEST_RULESETS and target.split(":")[0].split(".")[0] == "combat_rulesets"))


BUILT_IN = _built_in()
"""Every built-in ruleset (for tests about "every ruleset"), sorted by name."""


@pytest.fixture
def make_table():
    """make_table(faces=None, ruleset="toy") -> a fresh Table with fixed (or seeded) dice."""
    from combat_cli import plugins
    from combat_cli.dice import FixedDice, RandomDice
    from combat_cli.engine.table import Table

    def make(faces: list[int] | None = None, ruleset: str = "toy", seed: int = 1) -> Table:
        dice = FixedDice(faces) if faces is not None else RandomDice(seed)
        return Table.new(plugins.load(ruleset), dice)
    return make


def run(table, *lines: str):  # noqa: ANN001, ANN201
    """Dispatch lines, failing the test at the first error; return the last Output."""
    from combat_cli.commands.registry import dispatch

    out = None
    for line in lines:
        out = dispatch(table, line)
        assert out.error is None, f"{line!r}: {out.error}"
    return out


def saved(table) -> bytes:  # noqa: ANN001 - a Table
    """The save file ``table`` would write now, byte for byte: its state, log and undo and redo
    history (what "nothing changed" means: a reload could not tell the difference)."""
    from combat_cli.store.savefile import render

    return render(table).encode("utf-8")


def fails(table, line: str) -> str:  # noqa: ANN001
    """Dispatch a line that must be refused: one short line, and nothing changed — the save
    file the table would write is the same byte for byte. Returns the error."""
    from combat_cli.commands.registry import dispatch

    before = saved(table)
    out = dispatch(table, line)
    assert_refusal(line, out)
    assert saved(table) == before, f"{line!r} was refused but changed the table"
    return out.error


@contextmanager
def unchanged(path: Path) -> Iterator[None]:
    """Around what must be refused on a file (a command line, a load): the file is the same
    byte for byte afterwards (the on-disk twin of :func:`fails`)."""
    before = path.read_bytes()
    yield
    assert path.read_bytes() == before, f"{path.name} changed"


def assert_refusal(line: str, out) -> None:  # noqa: ANN001 - an Output
    """A refusal is one line saying what is wrong; a crash caught by the dispatcher (an
    "internal error", e.g. FixedDice running out of faces — in any language) is a bug, not a
    refusal."""
    error = out.error
    assert error, f"{line!r} should have failed"
    assert not out.internal and not error.startswith("internal error"), \
        f"{line!r} crashed: {error}"
    assert "\n" not in error, f"{line!r}: {error!r} is more than one line"


def combat_cmd() -> list[str]:
    return [sys.executable, "-m", "combat_cli"]


def _ours(func: object, tests: Path) -> bool:
    """A fixture of these tests (not one of pytest's own)."""
    code = getattr(func, "__code__", None)
    return code is not None and _in(code.co_filename, tests)


@functools.cache
def _in(filename: str, folder: Path) -> bool:
    return Path(filename).resolve().is_relative_to(folder)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Each test gets its kind (unit, e2e, browser) and slow if it is listed so: tests/kinds.py."""
    from tests.kinds import SLOW, TESTS, item_kind, slow_key

    for item in items:
        function = getattr(item, "function", None)
        info = getattr(item, "_fixtureinfo", None)
        fixtures = [d.func for defs in (info.name2fixturedefs.values() if info else ())
                    for d in defs if _ours(d.func, TESTS)]
        kind = item_kind(Path(str(item.path)), function, fixtures)
        if kind is None:
            raise pytest.UsageError(f"{item.nodeid}: its folder has no kind (tests/kinds.py FOLDERS)")
        item.add_marker(kind)
        if slow_key(item.nodeid) in SLOW:
            item.add_marker("slow")
