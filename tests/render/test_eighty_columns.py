"""At 80 columns nothing the GM needs is cut: an error, a warning, a hint and whatever the GM
asked for (``why``, ``přehled``, ``help``, a ``declare`` echo, an internal error naming its
traceback file) wraps; the round table keeps its Conditions column before the ruleset's
lesser ones. Rendered through the real console (rich, 80 columns)."""

from __future__ import annotations

import io
from pathlib import Path

from rich.cells import cell_len

from combat_cli.commands.registry import dispatch
from combat_cli.commands.results import Output
from combat_cli.render.console import make_console
from combat_cli.render.output import print_output
from tests.conftest import BUILT_IN, run

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def shown(t, line: str, width: int = 80) -> str:  # noqa: ANN001
    buf = io.StringIO()
    print_output(make_console(buf, width=width), t, dispatch(t, line))
    return buf.getvalue()


def printed(t, out: Output, width: int = 80) -> str:  # noqa: ANN001
    buf = io.StringIO()
    print_output(make_console(buf, width=width), t, out)
    return buf.getvalue()


def whole(text: str) -> str:
    """The printed text with its line breaks read as the spaces they replaced."""
    return " ".join(text.split())


def assert_fits(text: str, width: int = 80) -> None:
    assert "…" not in text, text
    assert all(cell_len(line) <= width for line in text.splitlines()), text


def test_an_error_wraps_with_its_advice_at_80_columns(make_table):
    t = make_table(ruleset="d12")
    run(t, "add Brute Strength=3 Agility=3", "add Ann side=pc Strength=3 Agility=3", "start")
    text = shown(t, "declare Brute attack Ann bid=8")
    assert_fits(text)
    assert "error:" in text and whole(text).endswith("is at most Strength 3: bid 3 or less")
    # the fix comes last in a long error: it is there, on the screen
    advice = ("error: Brute bids 8 (attack Ann 8) but has 3 physical (= Agility): lower a "
              "bid, or set Brute physical=8")
    text = printed(t, Output(error=advice[len("error: "):]))
    assert_fits(text)
    assert whole(text) == advice


def test_an_internal_error_names_its_whole_traceback_path_at_80_columns(make_table):
    t = make_table()
    path = "/home/gamemaster/.local/state/combat-cli/errors.log"
    text = printed(t, Output(error=f"internal error (ZeroDivisionError: division by zero); "
                                   f"nothing was changed; the traceback is in {path}",
                             internal=True))
    assert_fits(text)
    assert any(path in line for line in text.splitlines()), text  # whole, to copy


def test_the_pooled_defence_warning_and_a_long_declare_echo_wrap_at_80_columns(make_table):
    t = make_table(ruleset="d12")
    run(t, "add Brute Strength=3 Agility=3 Body=10", "add Ann side=pc Strength=3 Agility=3",
        "add Bob side=pc Strength=3 Agility=3",
        'add "Cid the Quick" side=pc Strength=3 Agility=3', "start")
    text = shown(t, 'declare Brute attack Ann bid=1, defend 1 from="Ann,Cid the Quick", '
                    "defend 1 from=Bob")
    assert_fits(text)
    assert whole(text) == ('Brute declares: attack Ann bid=1, defend 1 "from=Ann,Cid the '
                           'Quick", defend 1 from=Bob')
    run(t, "undo", "declare Brute attack Ann bid=1, defend 2", "declare Ann attack Brute bid=1",
        "declare Bob attack Brute bid=1")
    text = shown(t, "resolve all")
    assert_fits(text)
    assert ("if they come from different directions, undo and declare Brute with from= "
            "groups") in whole(text)


def test_why_and_prehled_are_shown_whole_at_80_columns(make_table):
    t = make_table(ruleset="czech_pool")
    run(t, f"import {EXAMPLES / 'czech_pool.toml'}",
        'add "Bořek Dlouhojmenný z Horní Dolní" template=borek',
        "add Lučištník template=lucistnik", "add Zbojník template=zbojnik", "start",
        "declare Bořek boj Zbojník", "declare Lučištník střelba Bořek",
        "declare Zbojník boj Bořek")
    text = shown(t, "přehled")
    assert_fits(text)
    assert ("Zbojník: bank 6 (Obratnost 3 + Boj 3), rychlost 6; vs Bořek Dlouhojmenný z "
            "Horní Dolní: obt. 7 (6 + rychlejší zbraň soupeře 1)") in whole(text)
    run(t, "resolve all")
    e = max((e for e in t.log_tail(40) if e.dice), key=lambda e: len(str(e.data["for"])))
    assert len(str(e.data["for"])) > 80
    text = shown(t, f"why {e.seq}")
    assert_fits(text)
    assert whole(e.text) in whole(text) and whole(str(e.data["for"])) in whole(text)


def test_help_wraps_every_action_whole_at_80_columns(make_table):
    for ruleset in BUILT_IN:
        t = make_table(ruleset=ruleset)
        text = shown(t, "help")
        assert_fits(text)
        from combat_cli.commands.helptext import no_ids

        for a in t.ruleset.actions:
            assert whole(no_ids(t.ruleset.label(a.help, t.lang))) in whole(text), \
                (ruleset, a.name)
        for verb in ("declare", "condition", "rest"):
            text = shown(t, f"help {verb}")
            assert_fits(text)


def test_the_d6_round_table_keeps_conditions_at_80_columns(make_table):
    t = make_table(ruleset="d6", seed=1)
    run(t, f"import {EXAMPLES / 'd6.toml'}", "add Mina template=mina",
        "add Lector template=lector", 'add "Demon Thug" x2 template=thug', "start",
        'declare Mina shoot "Demon Thug 1", shoot "Demon Thug 2"',
        'declare Lector brawl "Demon Thug 2", block', 'declare "Demon Thug 1" brawl Lector',
        'declare "Demon Thug 2" brawl Lector', "condition Mina +Prone",
        "condition Lector +Blessed for=3r", 'condition "Demon Thug 1" +Unconscious',
        "resolve all")
    text = shown(t, "status")
    assert_fits(text)
    head = next(line for line in text.splitlines() if "Name" in line)
    assert "Conditions" in head and "Action" in head and "Status" in head, text
    for cond in ("Prone", "Blessed (3r)", "Unconscious"):
        assert cond in text, text
