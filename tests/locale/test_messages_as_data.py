"""Messages are data: an error or a note is made where it arises as a catalogue key and its
values, and turned into words where it is shown, in the table's language (issue 23). A test
asks "which error?" by the key, not by the English; a value that is a word is translated, a
name the GM gave never is."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from combat_cli import locale, plugins
from combat_cli.commands.registry import dispatch
from combat_cli.dice import FixedDice
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.table import Table
from combat_cli.locale import Msg, Word, text

CORE = Path(__file__).resolve().parents[2] / "combat_cli"
RULESETS = CORE.parent / "rulesets" / "combat_rulesets"
ERRORS = {"CommandError", "RuleError", "RollAborted", "UsageError"}


def table(ruleset: str = "czech_pool", lang: str = "") -> Table:
    return Table.new(plugins.load(ruleset), FixedDice([]), lang=lang)


def test_an_error_keeps_its_key_and_values() -> None:
    t = table("d6")
    dispatch(t, "add Mina")
    out = dispatch(t, "damage Mona 1")
    assert out.refusal is not None
    assert out.refusal.key == 'no combatant "{word}" — did you mean {guess}?'
    assert dict(out.refusal.values) == {"word": "Mona", "guess": "Mina"}


def test_which_error_is_asked_by_key_in_any_language() -> None:
    for lang in ("en", "cs"):
        t = table("czech_pool", lang)
        out = dispatch(t, "undo")
        assert out.refusal is not None and out.refusal.key == "nothing to undo", lang
        out = dispatch(t, "frobnicate")
        assert out.refusal is not None
        assert out.refusal.key == 'unknown command "{word}"{hint} (help lists them)', lang
        assert out.refusal.values["word"] == "frobnicate"


def test_the_error_is_shown_in_the_tables_language_and_is_english_as_a_string() -> None:
    e = CommandError('no combatant "{word}": the encounter is empty (add NAME first)',
                     word="Bořek")
    assert str(e) == 'no combatant "Bořek": the encounter is empty (add NAME first)'
    assert text(e, "cs") == ("bojovník „Bořek“ tu není: souboj je prázdný (nejdřív přidej "
                             "JMÉNO)")
    assert e.key.startswith('no combatant "{word}"') and e.values == {"word": "Bořek"}


def test_a_word_value_is_translated_and_a_name_never_is() -> None:
    cs = locale._("Prone", "cs")
    assert cs != "Prone"
    said = Msg("{name} is {condition}", name="Prone", condition=Word("Prone"))
    shown = text(said, "cs")
    assert shown.startswith("Prone") and shown.endswith(cs), shown


def test_a_counted_message_takes_its_counts_form() -> None:
    one = text(Msg("only {n} step to {verb}", n=1, verb="zpět"), "cs")
    five = text(Msg("only {n} step to {verb}", n=5, verb="zpět"), "cs")
    assert one != five and "1" in one and "5" in five
    assert str(Msg("only {n} step to {verb}", n=2, verb="undo")) == "only 2 steps to undo"


def test_a_hint_inside_an_error_is_a_message_too() -> None:
    t = table("czech_pool", "cs")
    dispatch(t, "add Bořek")
    out = dispatch(t, "damage Borak 1")
    assert out.refusal is not None and out.refusal.values["guess"] == "Bořek"
    assert out.error is not None and "did you mean" not in out.error and "Bořek" in out.error


def _f_string_messages(path: Path, in_ruleset: bool = False) -> list[str]:
    """Errors and notes made as f-strings; in a ruleset also a stat check's ``ValueError``
    and a log line's text (``ctx.log(f"...")``: ``ctx.log(ctx.say(key, **values))``)."""
    src = path.read_text(encoding="utf-8")
    found = []
    for node in ast.walk(ast.parse(src)):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        f = node.func
        hit = (isinstance(f, ast.Name) and f.id in ERRORS) or (
            isinstance(f, ast.Attribute) and (
                f.attr == "note" or (f.attr == "append" and isinstance(f.value, ast.Attribute)
                                     and f.value.attr == "notes")))
        first = node.args[0]
        hit = hit or (in_ruleset and isinstance(f, ast.Name) and f.id == "ValueError") or (
            in_ruleset and isinstance(f, ast.Attribute) and f.attr == "log")
        if hit and (isinstance(first, ast.JoinedStr) or (
                isinstance(first, ast.BinOp) and isinstance(first.left, ast.JoinedStr))):
            found.append(f"{path.relative_to(CORE.parent)}:{node.lineno}")
    return found


def test_the_core_builds_no_error_or_note_as_an_english_f_string() -> None:
    found = [hit for p in sorted(CORE.rglob("*.py")) for hit in _f_string_messages(p)]
    assert not found, f"an error or note made as an English f-string: {found}"


def test_the_rulesets_build_no_error_note_or_log_line_as_an_english_f_string() -> None:
    found = [hit for p in sorted(RULESETS.rglob("*.py")) for hit in _f_string_messages(p, True)]
    assert not found, f"a ruleset's message made as an English f-string: {found}"


REFUSED = ("frob", "redo", "damage Nobody 1", "damage Mna 1", "add Mina",
           "declare Mina fly", "roll 2x", "roll 99999d6", "add Thug x999", "why 99",
           "note Nobody hi", "status Mina Thug", "add Bad\x01Name")


def test_the_cores_refusals_are_all_catalogue_words(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The pseudo-language over the core's errors (in process, so many at once): every word
    of each refusal comes marked from the catalogue, but for the names and the commands."""
    from tests.locale.test_pseudo_language import command_language, leaks, pseudo_catalogue

    monkeypatch.setenv(locale.PATH_VAR, str(pseudo_catalogue(tmp_path)))
    monkeypatch.setattr(locale, "_loaded", {})
    t = table("d6", "qq")
    dispatch(t, "add Mina")
    found = {}
    for line in REFUSED:
        out = dispatch(t, line)
        assert out.error and not out.internal and "[~" in out.error, (line, out.error)
        leaked = leaks(out.error, command_language("d6") | {"nobody", "mna", "bad"})
        if leaked:
            found[line] = (sorted(leaked), out.error)
    assert not found, found
