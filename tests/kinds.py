"""The kind of every test, so a run can choose (``pytest -m "not slow"``, ``-m unit``...).

Applied by tests/conftest.py at collection, from where a test lives and what it runs:

- ``browser``: the pages in a real Chromium (``tests/web/*browser*.py``);
- ``e2e``: the real program, started as a subprocess or through pexpect (``tests/e2e``, the
  server's tests, and any test elsewhere whose body, helpers or fixtures start one);
- ``unit``: everything else, in-process;
- ``slow`` besides: the tests listed in :data:`SLOW` (more than ~3 s; see its note).

A test file in a folder :data:`FOLDERS` does not know has no kind: tests/test_kinds.py fails
until the folder is given one.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from fnmatch import fnmatch
from functools import cache
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent

FOLDERS = {
    ".": "unit", "commands": "unit", "dice": "unit", "engine": "unit", "locale": "unit",
    "render": "unit", "report": "unit", "store": "unit", "rulesets": "unit",
    "reliability": "unit", "web": "unit", "e2e": "e2e",
}
"""The kind of a folder's files (under tests/; "." is tests/ itself), before what they run."""

FILES = {"web/*browser*.py": "browser", "web/test_serve.py": "e2e", "web/test_phones.py": "e2e",
         "web/test_sealed_declarations.py": "e2e"}
"""Files whose kind is theirs whatever their folder's (globs, relative to tests/)."""

SPAWNS = re.compile(r"\bsubprocess\b|\bpexpect\b|\bcombat_cmd\b|\bPopen\b|\bServer\b|\bLiveTable\b"
                    r"|(?<![\w.])_?combat\(|\bspawn\(")
"""What starts the real program: the subprocess and pexpect modules, the tests' helpers
around them (``combat_cmd``, ``combat(...)``, the web tests' ``Server`` and ``LiveTable``)."""

SLOW = frozenset({
    # SLOW-BEGIN (measured: see the README's "Tests" section)
    'commands/test_properties.py::test_random_lines_never_raise_or_corrupt',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_a_bad_answer_stops_the_script_at_its_own_line',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_a_blank_line_in_a_manual_script_is_skipped',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_a_comment_between_a_roll_and_its_answers_is_skipped',
    'engine/test_history.py::test_undo_redo_at_least_fifty_commands',
    'reliability/test_bad_files.py::test_a_control_character_typed_in_a_script_is_refused_and_never_echoed',
    'reliability/test_bad_files.py::test_a_fifo_is_refused_without_reading_and_leaves_no_lock',
    'reliability/test_bad_files.py::test_a_full_disk_at_any_step_is_one_line_and_loses_nothing_answered',
    'reliability/test_bad_files.py::test_a_garbled_journal_line_in_the_middle_is_one_line',
    'reliability/test_bad_files.py::test_a_read_only_save_is_refused_and_stays_read_only',
    'reliability/test_bad_files.py::test_a_script_that_keeps_the_file_open_never_blocks_a_reader',
    'reliability/test_bad_files.py::test_a_snapshot_that_cannot_be_written_at_open_leaves_the_journal_to_go_on',
    'reliability/test_bad_files.py::test_an_import_path_with_a_nul_byte',
    'reliability/test_bad_files.py::test_control_characters_from_a_file_are_shown_escaped',
    'reliability/test_bad_files.py::test_deep_huge_and_many_valued_toml_imports',
    'reliability/test_bad_files.py::test_json_nested_100k_deep_in_either_layout',
    'reliability/test_bad_files.py::test_links_and_other_names_are_the_same_fight',
    'reliability/test_bad_files.py::test_numbers_of_5000_digits_name_the_limit',
    'reliability/test_bad_files.py::test_stale_temp_files_are_cleaned_at_the_next_open',
    'reliability/test_bad_files.py::test_the_mode_of_a_save_is_kept',
    'reliability/test_full_disk.py::test_a_real_full_disk',
    'reliability/test_fuzz.py::test_random_lines_never_crash_and_the_journal_replays_exactly',
    'reliability/test_hostile.py::test_a_history_that_claims_more_log_than_there_is_is_one_line',
    'reliability/test_hostile.py::test_a_huge_storypath_stamina_is_refused_at_load',
    'reliability/test_hostile.py::test_a_journal_that_makes_no_sense_is_one_line',
    'reliability/test_hostile.py::test_a_journal_that_moves_a_huge_step_again_and_again_is_refused',
    'reliability/test_hostile.py::test_a_megabyte_of_undo_and_redo_opens_or_is_refused_at_once',
    'reliability/test_hostile.py::test_a_name_of_a_million_characters_is_refused_at_once',
    'reliability/test_hostile.py::test_a_saved_name_too_long_is_refused_by_every_reader',
    'reliability/test_hostile.py::test_a_snapshot_that_makes_no_sense_is_one_line',
    'reliability/test_hostile.py::test_nesting_built_up_across_journal_lines_is_one_line',
    'reliability/test_hostile.py::test_report_replaces_a_planted_link_and_never_writes_through_it',
    'reliability/test_hostile.py::test_tags_of_long_names_cost_no_more_than_short_ones',
    'reliability/test_hostile.py::test_the_exact_name_wins_over_a_look_alike_in_an_older_file',
    'reliability/test_hostile.py::test_the_line_splitter_is_shlex_in_linear_time',
    'reliability/test_hostile.py::test_undo_and_redo_replayed_cost_what_they_change',
    'reliability/test_hostile.py::test_wrong_stats_in_a_save_are_refused_as_typed_ones_are',
    'reliability/test_kill.py::test_kill_at_random_moments_loses_at_most_the_command_in_flight',
    'report/test_report.py::test_bad_input_is_one_line',
    'report/test_report.py::test_html_report_is_one_self_contained_file',
    'report/test_report.py::test_markdown_report_of_each_ruleset',
    'report/test_report.py::test_names_cannot_break_the_markdown_or_the_html',
    'report/test_report.py::test_player_report_keeps_every_secret',
    'report/test_report.py::test_rounds_older_than_the_undo_history_are_said_to_be_unknown',
    'report/test_report.py::test_the_chart_follows_the_wounds_round_by_round',
    'report/test_report_output_streams.py::test_a_full_stdout_is_one_io_error_line',
    'report/test_report_output_streams.py::test_report_to_dash_prints_to_stdout',
    'rulesets/czech_pool/test_czech_fight.py::test_a_whole_czech_fight_has_no_english',
    'rulesets/czech_pool/test_czech_fight.py::test_english_stays_english',
    'rulesets/czech_pool/test_czech_fight.py::test_the_command_line_around_a_czech_fight_has_no_english',
    'rulesets/czech_pool/test_czech_fight.py::test_the_demo_is_czech',
    'rulesets/czech_pool/test_e2e.py::test_e2e_czech_round_from_the_command_line',
    'rulesets/czech_pool/test_e2e.py::test_e2e_demo_runs_two_turns_for_several_seeds',
    'rulesets/czech_pool/test_e2e.py::test_e2e_english_display',
    'rulesets/czech_pool/test_fixtures.py::test_declared_env_plays_on',
    'rulesets/czech_pool/test_fixtures.py::test_mid_resolve_plays_on',
    'rulesets/czech_pool/test_fixtures.py::test_over_plays_on',
    'rulesets/czech_pool/test_fixtures.py::test_surprised_plays_on',
    'rulesets/d12/test_duel_caps_and_natural_ones.py::test_manual_dice_answers_line_up_after_a_demonic_natural_one',
    'rulesets/d12/test_e2e.py::test_mob_round_from_the_command_line',
    'rulesets/d12/test_fixtures.py::test_fixture_loads_and_show_json_keeps_the_d12_section',
    'rulesets/d12/test_realms_reach_weapons_and_headers.py::test_house_rule_weapon_from_the_command_line',
    'rulesets/d12/test_records.py::test_a_damaged_queued_record_from_the_command_line',
    'rulesets/d6/test_demo_and_cli.py::test_a_whole_round_from_the_command_line',
    'rulesets/d6/test_demo_and_cli.py::test_combat_demo_command',
    'rulesets/d6/test_records.py::test_a_damaged_queued_record_is_one_line_and_changes_nothing',
    'rulesets/d6/test_records.py::test_an_action_typed_for_a_skipped_one_counts_once',
    'rulesets/d6/test_saved_files.py::test_an_old_file_loads_unchanged_and_shows_the_same_json',
    'rulesets/d6/test_saved_files.py::test_play_on_over',
    'rulesets/d6/test_saved_files.py::test_play_on_parried_and_declaring',
    'rulesets/d6/test_saved_files.py::test_play_on_resolving',
    'rulesets/storypath/test_bad_input_demo.py::test_demo_runs_without_errors_for_many_seeds',
    'rulesets/storypath/test_bad_input_demo.py::test_end_to_end_fight_from_the_command_line',
    'rulesets/storypath/test_bad_input_demo.py::test_end_to_end_fight_with_typed_dice_exact_numbers',
    'rulesets/storypath/test_bad_input_demo.py::test_readme_example_runs_for_many_seeds',
    'rulesets/storypath/test_complications_and_typed_totals.py::test_a_typed_total_above_the_dice_count_in_a_script',
    'rulesets/storypath/test_fixtures.py::test_a_damaged_condition_record_is_one_line_through_the_cli',
    'rulesets/storypath/test_fixtures.py::test_cli_plays_each_file',
    'rulesets/storypath/test_fixtures.py::test_show_json_is_what_it_was',
    'test_layering.py::test_engine_dice_and_rulesets_do_not_import_ui_libraries',
    'test_layering.py::test_the_core_never_imports_the_rulesets',
    'test_plugins.py::test_rulesets_lists_the_broken_and_new_refuses_them_in_one_line',
    'test_readme.py::test_the_readme_round_prints_what_the_readme_shows',
    'test_readme.py::test_the_readme_tour_prints_what_the_readme_shows',
    'test_tables.py::test_new_refuses_a_bad_switch_in_one_line',
    # SLOW-END
})
"""Tests (``path::name``, without parameters) that took more than 3 s on the machine they were
measured on (``pytest --durations=0``): ``-m "not slow"`` leaves them out."""


@cache
def file_kind(path: Path) -> str | None:
    """The kind of a test file by where it is; None: a folder no kind is known for."""
    rel = path.resolve().relative_to(TESTS).as_posix()
    for pattern, kind in FILES.items():
        if fnmatch(rel, pattern):
            return kind
    folder = rel.split("/")[0] if "/" in rel else "."
    return FOLDERS.get(folder)


@cache
def _text(path: str) -> str:
    return Path(path).read_text(encoding="utf-8")


@cache
def _defs(path: str) -> dict[str, str]:
    """The source of each top-level function and class of a module, by name."""
    text = _text(path)
    lines = text.splitlines()
    return {n.name: "\n".join(lines[n.lineno - 1:n.end_lineno])
            for n in ast.parse(text).body
            if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}


@cache
def _spawns(path: str, name: str, depth: int = 2) -> bool:
    """Whether the function or class ``name`` of the module at ``path`` (a test, a helper, a
    fixture) starts the program, directly or through one of the module's own functions or
    classes that it names (``depth`` levels down)."""
    defs = _defs(path)
    source = defs.get(name, "")
    if SPAWNS.search(source):
        return True
    if depth == 0:
        return False
    called = set(re.findall(r"\b[A-Za-z_]\w*\b", source)) & set(defs) - {name}
    return any(_spawns(path, n, depth - 1) for n in called)


def _where(function: Callable[..., Any]) -> tuple[str, str]:
    code = getattr(function, "__code__", None)
    return (code.co_filename if code else ""), getattr(function, "__name__", "")


def item_kind(path: Path, function: Callable[..., Any],
              fixtures: list[Callable[..., Any]]) -> str | None:
    """The kind of one test: its file's, or ``e2e`` for a unit test that starts the program
    (in its body, a helper of its module it calls, or one of its fixtures)."""
    kind = file_kind(path)
    if kind != "unit":
        return kind
    if not SPAWNS.search(_text(str(path))) and not fixtures:
        return kind
    if any(_spawns(*_where(f)) for f in (function, *fixtures)):
        return "e2e"
    return kind


def slow_key(nodeid: str) -> str:
    """``tests/x/test_y.py::test_z[param]`` -> ``x/test_y.py::test_z`` (the key of SLOW)."""
    path, _, name = nodeid.partition("::")
    path = path.removeprefix("tests/")
    return f"{path}::{name.split('[')[0]}"
