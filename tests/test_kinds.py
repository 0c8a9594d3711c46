"""Every test has a kind (unit, e2e, browser), so a run can choose: see tests/kinds.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.kinds import FOLDERS, SLOW, TESTS, file_kind, item_kind, slow_key


def test_every_test_file_has_a_kind():
    files = sorted(TESTS.rglob("test_*.py"))
    assert len(files) > 100
    missing = [str(f.relative_to(TESTS)) for f in files
               if "fixtures" not in f.parts and "bench" not in f.parts and file_kind(f) is None]
    assert not missing, f"no kind for {missing}: give their folder one in tests/kinds.py FOLDERS"


def test_a_file_in_a_new_folder_has_no_kind_until_given_one():
    assert file_kind(TESTS / "newfolder" / "test_x.py") is None
    assert file_kind(TESTS / "e2e" / "test_x.py") == "e2e"
    assert file_kind(TESTS / "web" / "test_phones_browser.py") == "browser"
    assert file_kind(TESTS / "dice" / "test_x.py") == "unit" and "dice" in FOLDERS


def test_every_slow_test_named_exists():
    for key in SLOW:
        path, _, name = key.partition("::")
        assert f"def {name}(" in (TESTS / path).read_text(encoding="utf-8"), key
    assert slow_key("tests/e2e/test_cli.py::test_a[x-1]") == "e2e/test_cli.py::test_a"


def test_a_test_that_starts_the_program_is_e2e_even_in_a_unit_folder():
    from tests.commands import test_sides_rolls_scripts_and_ranges as mixed

    path = Path(mixed.__file__)
    assert file_kind(path) == "unit"
    # runs `combat roll` through a helper of its module: e2e; dispatches in-process: unit
    assert item_kind(path, mixed.test_command_line_roll_does_not_join_words, []) == "e2e"
    assert item_kind(path, mixed.test_free_roll_is_not_an_undo_step, []) == "unit"


def test_the_kind_is_set_as_a_marker(request: pytest.FixtureRequest):
    """conftest.py marks each collected test (this one: in-process, quick)."""
    assert request.node.get_closest_marker("unit") is not None
    assert request.node.get_closest_marker("e2e") is None
    assert request.node.get_closest_marker("slow") is None
