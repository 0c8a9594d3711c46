"""The kind of every test, so a run can choose (``pytest -m "not slow"``, ``-m unit``...).

Applied by tests/conftest.py at collection, from where a test lives and what it runs:

- ``browser``: the pages in a real Chromium (``tests/web/*browser*.py``);
- ``e2e``: the real program, started as a subprocess or through pexpect (``tests/e2e``, the
  server's tests, and any test elsewhere whose body, helpers or fixtures start one);
- ``unit``: everything else, in-process;
- ``slow`` besides: the tests listed in :data:`SLOW` (see its note).

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
                    r"|(?<![\w.])_?combat\(|\bspawn\(|\bplay_fight\(")
"""What starts the real program: the subprocess and pexpect modules, the tests' helpers
around them (``combat_cmd``, ``combat(...)``, ``play_fight(...)``, the web tests' ``Server`` and
``LiveTable``)."""

SLOW = frozenset({
    # SLOW-BEGIN (measured: see the README's "Tests" section)
    'commands/test_properties.py::test_random_lines_never_raise_or_corrupt',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_a_bad_answer_stops_the_script_at_its_own_line',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_a_blank_line_in_a_manual_script_is_skipped',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_a_comment_between_a_roll_and_its_answers_is_skipped',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_command_line_roll_does_not_join_words',
    'commands/test_sides_rolls_scripts_and_ranges.py::test_ev_step_zero_refused_from_the_command_line',
    'e2e/test_cli.py::test_a_script_with_a_byte_order_mark_runs',
    'e2e/test_cli.py::test_bad_files_and_names_from_the_command_line',
    'e2e/test_cli.py::test_every_builtin_demo_runs_from_the_installed_program',
    'e2e/test_cli.py::test_house_rule_values_keep_their_kind',
    'e2e/test_cli.py::test_house_rules_are_checked_and_used',
    'e2e/test_cli.py::test_installed_rulesets_load_with_their_data_files',
    'e2e/test_cli.py::test_lock_refuses_second_play',
    'e2e/test_cli.py::test_manual_dice_in_a_script_take_the_next_line',
    'e2e/test_cli.py::test_new_play_script_show_json',
    'e2e/test_cli.py::test_output_is_plain_when_piped_and_no_color',
    'e2e/test_cli.py::test_resume_and_undo_across_runs',
    'e2e/test_cli.py::test_roll_rulesets_and_help',
    'e2e/test_cli.py::test_save_copy_never_overwrites_and_a_failed_save_stops_a_script',
    'e2e/test_cli.py::test_script_error_stops_with_the_line_number',
    'e2e/test_cli.py::test_sigterm_ends_cleanly_with_the_file_saved_and_unlocked',
    'e2e/test_cli.py::test_unknown_display_language_and_dice_mode_are_refused',
    'e2e/test_cli_help_words.py::test_help_names_arguments_and_option_values_as_the_readme_does',
    'e2e/test_czech_cli.py::test_a_czech_file_speaks_czech_an_english_flag_english',
    'e2e/test_czech_cli.py::test_a_damaged_czech_save_is_refused_in_czech',
    'e2e/test_czech_cli.py::test_an_english_ruleset_still_greets_in_english',
    'e2e/test_czech_cli.py::test_an_old_save_without_its_language_still_greets_in_czech',
    'e2e/test_czech_cli.py::test_flag_beats_config_beats_environment',
    'e2e/test_czech_cli.py::test_help_and_listings_are_czech',
    'e2e/test_czech_cli.py::test_house_rules_and_file_errors_are_czech',
    'e2e/test_czech_cli.py::test_roll_and_odds_write_dice_the_czech_way',
    'e2e/test_czech_cli.py::test_the_repl_greets_a_czech_fight_in_czech_without_lang',
    'e2e/test_czech_cli.py::test_usage_errors_are_czech',
    'e2e/test_czech_commands.py::test_a_czech_gm_runs_a_fight_typing_czech_verbs_with_or_without_diacritics',
    'e2e/test_czech_commands.py::test_a_wrong_czech_verb_gets_a_czech_guess_among_czech_verbs',
    'e2e/test_czech_commands.py::test_an_english_table_neither_shows_nor_guesses_czech_verbs',
    'e2e/test_czech_commands.py::test_the_repl_prompt_of_a_czech_table_is_czech_and_tab_completes_czech',
    'e2e/test_czech_pool_pool_prompt.py::test_the_pool_prompt_asks_for_faces_and_offers_no_total',
    'e2e/test_dice_mode_from_the_command_line.py::test_a_resumed_fight_says_which_dice_mode_is_on',
    'e2e/test_dice_mode_from_the_command_line.py::test_the_dice_mode_given_to_play_is_kept_for_the_next_session',
    'e2e/test_dice_mode_from_the_command_line.py::test_the_mode_given_on_the_command_line_is_a_setting_not_a_step',
    'e2e/test_eighty_columns.py::test_a_round_of_each_ruleset_reads_whole_at_80_columns',
    'e2e/test_eighty_columns.py::test_at_80_columns_the_repl_wraps_an_error_and_a_prompt_shows_its_breakdown_on_query',
    'e2e/test_newcomer.py::test_a_bad_config_file_is_refused_in_one_line',
    'e2e/test_newcomer.py::test_demo_pace_without_a_terminal_plays_straight_through',
    'e2e/test_newcomer.py::test_the_config_file_sets_colour',
    'e2e/test_newcomer.py::test_the_config_file_sets_the_dice_mode_and_a_flag_overrides_it',
    'e2e/test_newcomer.py::test_the_config_file_sets_the_language_and_a_flag_overrides_it',
    'e2e/test_newcomer.py::test_the_parser_refuses_what_is_not_a_choice_in_one_error_line',
    'e2e/test_newcomer.py::test_what_to_type_next_is_what_works_before_combat_is_on_the_path',
    'e2e/test_plugin_install.py::test_example_plugin_installs_and_plays',
    'e2e/test_repl.py::test_damaged_file_is_refused_even_after_the_prompt_appears',
    'e2e/test_repl.py::test_first_line_typed_at_once_waits_for_the_table',
    'e2e/test_repl.py::test_history_persists_between_sessions',
    'e2e/test_repl.py::test_manual_dice_prompt_shows_what_the_roll_is_for',
    'e2e/test_repl.py::test_prompt_completion_error_and_ctrl_d',
    'e2e/test_repl.py::test_verb_action_and_target_completion',
    'e2e/test_repl_dice.py::test_a_failed_command_after_shown_results_is_abandoned_and_kept_nowhere',
    'e2e/test_repl_dice.py::test_bad_dice_words_are_one_line_errors',
    'e2e/test_repl_dice.py::test_config_dice_players_is_the_default_until_the_file_says_otherwise',
    'e2e/test_repl_dice.py::test_players_mode_asks_the_pcs_rolls_and_rolls_the_npcs',
    'e2e/test_repl_dice.py::test_players_mode_in_each_other_ruleset',
    'e2e/test_repl_dice.py::test_repl_ctrl_c_stops_a_running_command_and_keeps_the_state',
    'e2e/test_repl_dice.py::test_repl_players_prompt_says_what_to_beat_and_dash_rolls',
    'e2e/test_repl_dice.py::test_result_is_printed_before_the_next_roll_is_asked',
    'e2e/test_repl_dice.py::test_set_dice_and_the_dice_verb_switch_who_rolls_and_are_saved',
    'e2e/test_repl_dice.py::test_toolbar_shows_the_table_once_loaded_without_a_key_press',
    'e2e/test_repl_dice.py::test_zero_on_a_d10_is_ten',
    'e2e/test_repl_phones.py::test_a_phone_that_leaves_while_asked_is_told_and_the_gm_types_what_was_kept',
    'e2e/test_repl_phones.py::test_a_phone_whose_page_reloads_while_asked_has_not_left',
    'e2e/test_repl_phones.py::test_a_phones_declaration_comes_in_while_the_gm_types_and_the_line_is_kept',
    'e2e/test_repl_phones.py::test_a_player_claims_the_open_slot_on_the_phone_and_the_gm_confirms',
    'e2e/test_repl_phones.py::test_a_served_repl_still_prints_after_the_gm_waited_at_the_prompt',
    'e2e/test_repl_phones.py::test_a_storypath_phones_action_waits_for_the_gms_enter',
    'e2e/test_repl_phones.py::test_the_phone_or_the_keyboard_answers_the_prompt',
    'e2e/test_repl_phones.py::test_without_phones_the_repl_never_asks_a_pc_whether_it_reacts',
    'e2e/test_repl_questions_ask_again.py::test_a_typo_at_end_the_round_is_asked_again',
    'e2e/test_repl_questions_ask_again.py::test_a_typo_at_who_takes_the_slot_is_asked_again_not_run_as_a_command',
    'e2e/test_round_budget.py::test_a_round_prints_within_its_budget_at_80_columns',
    'e2e/test_round_budget.py::test_d6_round_one_line_per_action_and_the_table_only_at_round_start',
    'e2e/test_round_budget.py::test_resuming_a_fight_shows_the_table_and_the_last_three_lines',
    'e2e/test_round_budget.py::test_the_repl_resumes_a_fight_with_the_table',
    'e2e/test_round_budget.py::test_the_table_at_60_columns_stays_one_line_per_combatant',
    'e2e/test_round_budget.py::test_why_shows_the_breakdown_of_the_last_roll_and_of_entry_n',
    'e2e/test_save_and_tags.py::test_save_in_a_script_saves_now_and_writes_a_copy',
    'e2e/test_save_and_tags.py::test_save_in_the_repl_saves_now_and_writes_a_copy',
    'e2e/test_save_and_tags.py::test_show_json_gives_each_combatants_tag_and_the_tag_names_it',
    'e2e/test_typer_floor_and_repl_rolls.py::test_repl_roll_words_and_ctrl_z_after_a_free_roll',
    'e2e/test_typing_less.py::test_end_fight_then_new_from',
    'e2e/test_typing_less.py::test_group_tag_and_diacritics_in_the_repl',
    'e2e/test_typing_less.py::test_help_fits_one_screen',
    'e2e/test_typing_less.py::test_storypath_next_at_an_open_slot_asks_who',
    'engine/test_history.py::test_undo_redo_at_least_fifty_commands',
    'locale/test_new_language.py::test_a_language_from_files_alone_plays_commands_in_it',
    'locale/test_pseudo_language.py::test_every_word_shown_comes_from_the_catalogue',
    'locale/test_pseudo_language.py::test_the_command_lines_help_and_errors_come_from_the_catalogue',
    'reliability/test_bad_files.py::test_a_control_character_typed_in_a_script_is_refused_and_never_echoed',
    'reliability/test_bad_files.py::test_a_damaged_record_a_display_reads_is_one_line_and_play_goes_on',
    'reliability/test_bad_files.py::test_a_fifo_is_refused_without_reading_and_leaves_no_lock',
    'reliability/test_bad_files.py::test_a_folder_and_a_device_are_refused',
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
    'reliability/test_hostile.py::test_a_template_with_wrong_stats_in_a_save_is_refused',
    'reliability/test_hostile.py::test_files_past_the_size_limit_are_refused_unread',
    'reliability/test_hostile.py::test_nesting_built_up_across_journal_lines_is_one_line',
    'reliability/test_hostile.py::test_report_replaces_a_planted_link_and_never_writes_through_it',
    'reliability/test_hostile.py::test_stats_the_rules_read_in_another_form_load_as_typed',
    'reliability/test_hostile.py::test_tags_of_long_names_cost_no_more_than_short_ones',
    'reliability/test_hostile.py::test_the_exact_name_wins_over_a_look_alike_in_an_older_file',
    'reliability/test_hostile.py::test_the_line_splitter_is_shlex_in_linear_time',
    'reliability/test_hostile.py::test_undo_and_redo_replayed_cost_what_they_change',
    'reliability/test_hostile.py::test_wrong_stats_in_a_save_are_refused_as_typed_ones_are',
    'reliability/test_hostile_lines.py::test_a_line_of_ordinary_length_is_echoed_whole',
    'reliability/test_hostile_lines.py::test_a_megabyte_line_is_echoed_short_and_costs_no_seconds',
    'reliability/test_hostile_saves_fuzz.py::test_fuzzed_saves_load_cleanly_or_are_refused_in_one_line',
    'reliability/test_kill.py::test_kill_at_random_moments_loses_at_most_the_command_in_flight',
    'report/test_report.py::test_bad_input_is_one_line',
    'report/test_report.py::test_html_report_is_one_self_contained_file',
    'report/test_report.py::test_markdown_report_of_each_ruleset',
    'report/test_report.py::test_names_cannot_break_the_markdown_or_the_html',
    'report/test_report.py::test_player_report_keeps_every_secret',
    'report/test_report.py::test_rounds_older_than_the_undo_history_are_said_to_be_unknown',
    'report/test_report.py::test_the_chart_follows_the_wounds_round_by_round',
    'report/test_report.py::test_the_gms_chart_uses_the_rulesets_own_wound_levels',
    'report/test_report_output_streams.py::test_a_full_stdout_is_one_io_error_line',
    'report/test_report_output_streams.py::test_report_to_dash_prints_to_stdout',
    'report/test_report_output_streams.py::test_the_gms_show_json_has_the_gm_notes_and_the_players_view_none',
    'rulesets/czech_pool/test_czech_fight.py::test_a_whole_czech_fight_has_no_english',
    'rulesets/czech_pool/test_czech_fight.py::test_english_stays_english',
    'rulesets/czech_pool/test_czech_fight.py::test_the_command_line_around_a_czech_fight_has_no_english',
    'rulesets/czech_pool/test_czech_fight.py::test_the_demo_is_czech',
    'rulesets/czech_pool/test_czech_wording.py::test_a_condition_czech_pool_lacks_is_kept_with_a_czech_note',
    'rulesets/czech_pool/test_czech_wording.py::test_a_skill_kept_in_why_is_shown_by_its_czech_name',
    'rulesets/czech_pool/test_czech_wording.py::test_an_unknown_weapon_lists_the_catalogue_with_diacritics',
    'rulesets/czech_pool/test_czech_wording.py::test_the_report_agrees_the_wound_word_with_a_womans_name_and_lists_pcs_in_plural',
    'rulesets/czech_pool/test_e2e.py::test_e2e_czech_round_from_the_command_line',
    'rulesets/czech_pool/test_e2e.py::test_e2e_demo_runs_two_turns_for_several_seeds',
    'rulesets/czech_pool/test_e2e.py::test_e2e_english_display',
    'rulesets/czech_pool/test_fixtures.py::test_declared_env_plays_on',
    'rulesets/czech_pool/test_fixtures.py::test_mid_resolve_plays_on',
    'rulesets/czech_pool/test_fixtures.py::test_over_plays_on',
    'rulesets/czech_pool/test_fixtures.py::test_surprised_plays_on',
    'rulesets/d12/test_czech_words.py::test_a_czech_gm_may_type_the_czech_stat_names',
    'rulesets/d12/test_czech_words.py::test_the_log_says_a_feminine_fighters_wound_in_the_feminine',
    'rulesets/d12/test_demo_and_tables.py::test_demo_runs_without_errors',
    'rulesets/d12/test_duel_caps_and_natural_ones.py::test_manual_dice_answers_line_up_after_a_demonic_natural_one',
    'rulesets/d12/test_e2e.py::test_mob_round_from_the_command_line',
    'rulesets/d12/test_fixtures.py::test_fixture_loads_and_show_json_keeps_the_d12_section',
    'rulesets/d12/test_realms_reach_weapons_and_headers.py::test_house_rule_weapon_from_the_command_line',
    'rulesets/d12/test_records.py::test_a_damaged_queued_record_from_the_command_line',
    'rulesets/d6/test_czech_words.py::test_a_d6_fight_in_czech',
    'rulesets/d6/test_demo_and_cli.py::test_a_whole_round_from_the_command_line',
    'rulesets/d6/test_demo_and_cli.py::test_combat_demo_command',
    'rulesets/d6/test_records.py::test_a_damaged_queued_record_is_one_line_and_changes_nothing',
    'rulesets/d6/test_records.py::test_an_action_typed_for_a_skipped_one_counts_once',
    'rulesets/d6/test_saved_files.py::test_an_old_file_loads_unchanged_and_shows_the_same_json',
    'rulesets/d6/test_saved_files.py::test_play_on_over',
    'rulesets/d6/test_saved_files.py::test_play_on_parried_and_declaring',
    'rulesets/d6/test_saved_files.py::test_play_on_resolving',
    'rulesets/storypath/test_actions.py::test_SP_THROW_2_a_thrown_person_takes_the_damage_too_and_large_objects_shockwave',
    'rulesets/storypath/test_bad_input_demo.py::test_demo_runs_without_errors_for_many_seeds',
    'rulesets/storypath/test_bad_input_demo.py::test_end_to_end_fight_from_the_command_line',
    'rulesets/storypath/test_bad_input_demo.py::test_end_to_end_fight_with_typed_dice_exact_numbers',
    'rulesets/storypath/test_bad_input_demo.py::test_readme_example_runs_for_many_seeds',
    'rulesets/storypath/test_complications_and_typed_totals.py::test_a_typed_total_above_the_dice_count_in_a_script',
    'rulesets/storypath/test_fixtures.py::test_a_damaged_condition_record_is_one_line_through_the_cli',
    'rulesets/storypath/test_fixtures.py::test_cli_plays_each_file',
    'rulesets/storypath/test_fixtures.py::test_show_json_is_what_it_was',
    'store/test_library_open_time.py::test_opening_a_big_library_costs_a_few_json_reads',
    'test_plugins.py::test_rulesets_lists_the_broken_and_new_refuses_them_in_one_line',
    'test_readme.py::test_the_readme_round_prints_what_the_readme_shows',
    'test_readme.py::test_the_readme_tour_prints_what_the_readme_shows',
    'test_tables.py::test_new_refuses_a_bad_switch_in_one_line',
    'test_typed_rules.py::test_every_action_with_options_declares_a_model',
    'test_typer_public_api.py::test_no_module_reaches_a_private_part_of_typer_or_click_or_patches_their_classes',
    'web/test_browser.py::test_the_page_in_a_browser',
    'web/test_browser.py::test_the_report_in_a_browser',
    'web/test_hidden_by_id.py::test_combat_serves_page_filters_by_id',
    'web/test_hidden_by_id.py::test_the_command_lines_players_views_filter_by_id',
    'web/test_hidden_by_id.py::test_the_report_credits_the_newcomer_with_nothing',
    'web/test_hostile_clients.py::test_a_body_sent_too_slowly_is_refused',
    'web/test_hostile_clients.py::test_a_gm_only_change_sends_combat_serves_page_no_event',
    'web/test_hostile_clients.py::test_a_gm_only_change_sends_the_live_pages_and_phones_no_event',
    'web/test_hostile_clients.py::test_event_streams_are_bounded_per_client',
    'web/test_hostile_clients.py::test_hundreds_of_idle_connections_do_not_lock_the_page_out',
    'web/test_hostile_clients.py::test_idle_and_slow_connections_are_closed',
    'web/test_page_layout_browser.py::test_every_text_on_the_hand_page_and_the_report_has_a_contrast_of_at_least_4_5',
    'web/test_page_layout_browser.py::test_every_text_on_the_players_page_has_a_contrast_of_at_least_4_5',
    'web/test_page_layout_browser.py::test_on_a_1366x768_laptop_the_log_is_above_the_fold',
    'web/test_page_layout_browser.py::test_on_a_phone_360_px_wide_pcs_and_npcs_differ_by_a_word_and_no_condition_is_cut',
    'web/test_page_layout_browser.py::test_the_page_shows_the_fight_before_any_live_update_and_no_name_runs_a_script',
    'web/test_page_layout_browser.py::test_the_served_table_page_and_hand_page_show_their_state_before_any_live_update',
    'web/test_phones.py::test_a_one_time_link_joins_once',
    'web/test_phones.py::test_a_pcs_roll_is_entered_on_its_own_phone_and_logged_as_such',
    'web/test_phones.py::test_a_phone_answers_for_its_own_character_only',
    'web/test_phones.py::test_a_phone_that_leaves_while_asked_is_told_to_a_script_that_waits',
    'web/test_phones.py::test_faces_the_roll_cannot_have_are_refused_on_the_phone',
    'web/test_phones.py::test_joining_needs_the_code_a_pc_and_a_kicked_phone_stops_at_once',
    'web/test_phones.py::test_no_sealed_declaration_in_any_response_to_anyone_else',
    'web/test_phones.py::test_no_secret_and_no_other_characters_state_in_any_response',
    'web/test_phones.py::test_requests_from_elsewhere_or_without_a_device_are_refused',
    'web/test_phones.py::test_the_first_answer_wins_and_the_other_is_refused',
    'web/test_phones.py::test_the_players_verb_needs_the_table_served',
    'web/test_phones.py::test_wrong_codes_are_rate_limited',
    'web/test_phones_browser.py::test_a_d6_round_with_both_pcs_dice_entered_on_their_phones',
    'web/test_phones_browser.py::test_a_roll_of_each_other_ruleset_is_entered_on_the_phone',
    'web/test_reconnect_browser.py::test_the_phone_page_reconnects_after_a_refused_stream',
    'web/test_reconnect_browser.py::test_the_table_page_comes_back_after_the_server_returns',
    'web/test_reconnect_browser.py::test_the_table_page_reconnects_after_a_refused_stream',
    'web/test_sealed_browser.py::test_a_round_declared_sealed_and_rolled_on_two_phones',
    'web/test_sealed_browser.py::test_a_storypath_round_with_each_pcs_turn_chosen_on_its_phone',
    'web/test_sealed_declarations.py::test_a_d12_pc_attacked_from_a_side_it_did_not_defend_is_asked_for_a_bid',
    'web/test_sealed_declarations.py::test_a_d12_pc_that_defended_against_the_attacker_is_not_asked',
    'web/test_sealed_declarations.py::test_a_pc_attacked_is_asked_on_its_phone_whether_it_reacts',
    'web/test_sealed_declarations.py::test_a_phone_declares_for_its_own_character_only',
    'web/test_sealed_declarations.py::test_a_phones_declaration_is_sealed_from_everyone_but_the_gm',
    'web/test_sealed_declarations.py::test_a_refused_declaration_comes_back_in_one_line_and_changes_nothing',
    'web/test_sealed_declarations.py::test_a_scripts_answer_that_fits_no_choice_abandons_the_command_it_does_not_lapse_it',
    'web/test_sealed_declarations.py::test_a_storypath_pc_attacked_at_close_range_is_not_asked',
    'web/test_sealed_declarations.py::test_a_storypath_pc_shot_at_is_asked_on_its_phone_for_a_reflexive_reaction',
    'web/test_sealed_declarations.py::test_a_storypath_turn_is_chosen_on_the_phone_and_done_at_the_gms_yes',
    'web/test_sealed_declarations.py::test_no_declaration_before_the_fight_or_while_resolving',
    'web/test_sealed_declarations.py::test_reveal_auto_opens_them_when_the_last_declaration_comes_in',
    'web/test_sealed_declarations.py::test_the_gms_declaration_overrides_the_phones_and_the_phone_sees_it',
    'web/test_serve.py::test_a_file_damaged_while_serving_keeps_the_last_good_view',
    'web/test_serve.py::test_a_file_missing_for_a_moment_is_not_an_error',
    'web/test_serve.py::test_a_gm_command_reaches_the_browser_within_a_second',
    'web/test_serve.py::test_a_port_in_use_is_one_line',
    'web/test_serve.py::test_a_request_naming_another_host_is_refused',
    'web/test_serve.py::test_anything_else_is_not_found',
    'web/test_serve.py::test_ctrl_c_stops_at_once_with_browsers_connected',
    'web/test_serve.py::test_every_route',
    'web/test_serve.py::test_following_a_live_play_session',
    'web/test_serve.py::test_local_by_default_and_host_says_so',
    'web/test_serve.py::test_no_secret_in_any_response',
    'web/test_serve.py::test_read_only',
    'web/test_serve.py::test_show_player_is_what_the_page_gets_and_keeps_secrets',
    'web/test_serve.py::test_the_web_stack_is_imported_by_serve_only',
    'web/test_serve.py::test_twenty_browsers_at_once',
    # SLOW-END
})
"""Tests (``path::name``, without parameters) that took more than 2 s, setup included, when
measured on a 2-core machine under a load of 2 to 7 (up to three times slower than a quiet one:
roughly the tests of more than a second on a quiet machine). ``-m "not slow"`` leaves them out.
To measure again: tests/bench/slow_tests.py."""


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
def _file_spawns(path: str) -> bool:
    """Whether anything in the module at ``path`` starts the program (read once a file)."""
    return SPAWNS.search(_text(path)) is not None


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
    if not _file_spawns(str(path)) and not fixtures:
        return kind
    if any(_spawns(*_where(f)) for f in (function, *fixtures)):
        return "e2e"
    return kind


def slow_key(nodeid: str) -> str:
    """``tests/x/test_y.py::test_z[param]`` -> ``x/test_y.py::test_z`` (the key of SLOW)."""
    path, _, name = nodeid.partition("::")
    path = path.removeprefix("tests/")
    return f"{path}::{name.split('[')[0]}"
