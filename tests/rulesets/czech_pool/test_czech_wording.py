"""Czech words where English or clumsy Czech reached a Czech table: each line as the GM (or a
player) reads it, through the installed program on a real file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.rulesets.czech_pool.test_czech_fight import combat

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
ROSTER = (f"import {EXAMPLES / 'czech_pool.toml'}\nadd Bořek template=borek\n"
          "add Jitka template=borek\nadd Dana template=borek\nadd Vlčice template=zbojnik\n"
          "add Zbojník x2 template=zbojnik\n")


def run(path: Path, lines: str, *args: str) -> str:
    if not path.exists():
        assert combat("new", str(path), "--ruleset", "czech_pool").returncode == 0
    r = combat("play", str(path), "--script", "-", "--seed", "5", *args, stdin=lines)
    return r.stdout + r.stderr


@pytest.fixture(scope="module")
def fight(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    f = tmp_path_factory.mktemp("wording") / "boj.json"
    out = run(f, ROSTER + "start\ndeclare Zbojník boj Jitka\ndeclare Vlčice boj Jitka\n"
                          "declare Bořek boj Dana\ndeclare Jitka boj Vlčice\nresolve all\n"
                          "damage Jitka 3\nend\n")
    assert "chyba" not in out, out
    return f, out


def test_import_and_a_group_add_are_said_in_czech(fight: tuple[Path, str]) -> None:
    out = fight[1]
    assert "Šablony ze souboru czech_pool.toml: borek, lucistnik, zbojnik" in out
    assert "Zbojník 1, Zbojník 2 (CP): " in out and "(npc)" not in out


def test_an_attack_on_ones_own_side_names_the_side_in_czech(fight: tuple[Path, str]) -> None:
    assert "útok na vlastní stranu (hráč)" in fight[1]


def test_a_forced_skill_is_for_the_next_turn_in_czech_word_order(fight: tuple[Path, str]) -> None:
    assert "Vlčice musí v příštím tahu bojovat: Boj/Rvačka" in fight[1]
    assert "příští tah bojovat" not in fight[1]


def test_a_gm_wound_is_marked_pj(fight: tuple[Path, str]) -> None:
    show = combat("show", str(fight[0]), "--json").stdout
    assert "Jitka: −3 stupně (PJ)" in show and "(GM)" not in show


def test_the_report_agrees_the_wound_word_with_a_womans_name_and_lists_pcs_in_plural(
        fight: tuple[Path, str]) -> None:
    for args in ((), ("--player",), ("--format", "html")):
        report = combat("report", str(fight[0]), *args).stdout
        assert "Zraněná · 7/10" in report and "Zraněný" not in report, report
        assert "hráči: Bořek, Jitka, Dana" in report, report
    page = combat("show", str(fight[0]), "--json", "--player").stdout
    assert "Zraněná · 7/10" in page and "Zraněný" not in page


def test_log_outcomes_are_czech_words(fight: tuple[Path, str]) -> None:
    out = run(fight[0], "log all\nwhy 26\n")
    for english in ("surprised", " ok ", "→ ok", "│ ok"):
        assert english not in out, (english, out)


def test_a_check_that_held_and_a_surprise_are_czech_outcomes() -> None:
    from combat_cli.plugins import load

    rs = load("czech_pool")
    assert (rs.label("ok"), rs.label("surprised"), rs.label("check")) == (
        "v pořádku", "překvapení", "kontrola")
    assert rs.label("ok", "en") == "ok"


def test_a_condition_czech_pool_lacks_is_kept_with_a_czech_note(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", ROSTER + "condition Vlčice +Ležíci\n"
              "condition Vlčice +Stísněná\n")
    assert "Vlčice: Ležící" in out and "chyba" not in out, out
    assert "„Stísněná“ zůstává jako vlastní efekt; pro Stísněný napiš +Stísněný" in out, out
    out = run(tmp_path / "boj.json", "condition Vlčice +Otrávená custom=ano\n")
    assert "chyba" not in out and "zůstává" not in out, out


def test_a_reaction_where_the_ruleset_has_none_is_refused_in_czech(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", ROSTER + "start\nreact Jitka bránit\n")
    assert "chyba: czech_pool nemá žádné reakce" in out, out
    assert "has no" not in out


def test_a_wrong_dice_answer_abandons_the_command_in_czech(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", ROSTER + "damage Vlčice 2\nx\n", "--dice", "manual")
    assert "příkaz byl opuštěn: nic z výše uvedeného se neuložilo" in out, out
    assert "abandoned" not in out


def test_the_dice_mode_is_a_czech_word(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", "dice players\ndice\n")
    assert "kostky: hráči" in out and "players" not in out.replace("> dice players", ""), out


def test_a_skill_kept_in_why_is_shown_by_its_czech_name(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", ROSTER + "start\ndeclare Vlčice rvačka Bořek\n"
                                              "declare Bořek bránit dovednost=rvacka\n"
                                              "resolve all\nlog all\n")
    assert "chyba" not in out, out
    whys = run(tmp_path / "boj.json", "".join(f"why {n}\n" for n in range(1, 60)))
    assert "rvacka" not in whys.replace("dovednost=rvacka", ""), whys


def test_a_switch_stat_reads_ano_or_ne(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", "add Bořek Štít=ne Boj=3\nstatus Bořek\nset Bořek Štít=ano\n")
    assert "Bořek: Štít=ano" in out and "Štít=ne" in out, out
    assert "True" not in out and "False" not in out, out


def test_undo_beyond_history_counts_steps_in_czech_plural(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", "add Bořek Boj=3\nadd Vlk Boj=2\nundo 5\n")
    assert "zpět: lze jen o 2 kroky" in out, out


def test_the_lapse_question_counts_in_czech_plural() -> None:
    from combat_cli.locale import say

    template = "{count} unresolved, lapsing: {what}. End round {n}? [y/N] "
    assert say(template, "cs", count=1, what="x", n=2).startswith("1 akce nevyhodnocena, propadne")
    assert say(template, "cs", count=3, what="x", n=2).startswith(
        "3 akce nevyhodnoceny, propadnou")
    assert say(template, "cs", count=5, what="x", n=2).startswith("5 akcí nevyhodnoceno")
    assert say(template, "en", count=3, what="x", n=2) == "3 unresolved, lapsing: x. End round 2? [y/N] "


def test_act_in_a_declare_system_says_how_in_natural_czech(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", ROSTER + "start\nact Bořek boj Vlčice\n")
    assert "tah se tu vyhodnocuje naráz: nejdřív ohlas JMÉNO AKCE ..., pak vyhodnoť" in out, out


def test_an_unknown_weapon_lists_the_catalogue_with_diacritics(tmp_path: Path) -> None:
    out = run(tmp_path / "boj.json", "add Vlk Zbraň=xyzw\n")
    assert "pěst, dýka, meč, sekera, kopí, hůl, nůž, luk, kuše" in out, out
    out = run(tmp_path / "boj.json", "add Vlk Zbraň=kuse\nadd Lis Zbraň=kuše\n")
    assert "chyba" not in out, out


def test_the_command_lines_help_names_a_file_in_czech() -> None:
    r = combat("new", "-h", env={"LANG": "cs_CZ.UTF-8"})
    assert "--house-rules SOUBOR" in r.stdout and "<path>" not in r.stdout, r.stdout


def test_serve_greets_and_serves_its_page_in_czech_before_any_script(fight: tuple[Path, str]
                                                                     ) -> None:
    from tests.web.helpers import Server

    s = Server(fight[0])
    try:
        assert s.first_line.startswith("obrazovka hráčů: http://"), s.first_line
        page = s.get("/").decode("utf-8")
    finally:
        s.stop()
    assert '<html lang="cs">' in page and "<title>souboj — obrazovka hráčů</title>" in page
    assert ">Jméno<" in page and ">Co se stalo<" in page and "players' screen" not in page
