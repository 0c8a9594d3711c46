"""The message catalogue: the committed .mo is the compiled .po, plurals and genders follow
the catalogue's rules, and the program reads it without Babel."""

from __future__ import annotations

import subprocess
import sys

import pytest

from combat_cli import locale
from combat_cli.locale.build import catalogues, compiled


def test_there_is_a_czech_catalogue() -> None:
    assert "cs" in locale.languages() and locale.languages()[0] == "en"


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: f"{p.stem}-{p.parent.parent.name}")
def test_the_committed_mo_is_the_compiled_po(po) -> None:
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} missing: run python -m combat_cli.locale.build"
    assert mo.read_bytes() == compiled(po), "stale .mo: run python -m combat_cli.locale.build"


@pytest.mark.parametrize(("n", "rounds", "levels", "dice", "hits"), [
    (1, "1 tah", "1 stupeň", "1 kostka", "1 úspěch"),
    (2, "2 tahy", "2 stupně", "2 kostky", "2 úspěchy"),
    (4, "4 tahy", "4 stupně", "4 kostky", "4 úspěchy"),
    (5, "5 tahů", "5 stupňů", "5 kostek", "5 úspěchů"),
    (0, "0 tahů", "0 stupňů", "0 kostek", "0 úspěchů"),
    (11, "11 tahů", "11 stupňů", "11 kostek", "11 úspěchů"),
])
def test_czech_plurals(n: int, rounds: str, levels: str, dice: str, hits: str) -> None:
    from combat_cli.plugins import load

    load("czech_pool")  # its own words (wound levels, successes) come with it
    assert locale.n_("{n} round", "{n} rounds", n, "cs") == rounds
    assert locale.n_("{n} wound level", "{n} wound levels", n, "cs") == levels
    assert locale.n_("{n} die", "{n} dice", n, "cs") == dice
    assert locale.n_("{n} success", "{n} successes", n, "cs") == hits


def test_english_is_the_source() -> None:
    assert locale.n_("{n} round", "{n} rounds", 1, "en") == "1 round"
    assert locale.n_("{n} round", "{n} rounds", 5, "en") == "5 rounds"
    assert locale._("Round", "en") == "Round" and locale._("Round", "cs") == "Tah"
    assert locale.g_("f", "Wounded", "en") == "Wounded"


def test_genders_by_context() -> None:
    from combat_cli.plugins import load

    load("d6")  # a status word of the rulesets'
    assert [locale.g_(g, "Wounded", "cs") for g in "mfn"] == ["Zraněný", "Zraněná", "Zraněné"]


@pytest.mark.parametrize(("name", "gender"), [
    ("Jitka", "f"), ("Dana", "f"), ("Lucie", "f"), ("Marie", "f"), ("Nováková", "f"),
    ("Alice Nováková", "f"), ("Bořek", "m"), ("Vlk", "m"), ("Zbojník 2", "m"), ("Jiří", "m"),
    ("Honza", "m"), ("Lučištnice 3", "f"),
])
def test_gender_guessed_from_the_name(name: str, gender: str) -> None:
    assert locale.guess_gender(name, "cs") == gender
    assert locale.guess_gender(name, "en") == "m"  # English has no [names]: no guess


def test_the_gender_given_wins() -> None:
    assert locale.gender_of("Honza", {"rod": "ž"}) == "f"
    assert locale.gender_of("Jitka", {"rod": "m"}) == "m"
    assert locale.gender_of("Kuře", {"rod": "s"}) == "n"
    assert locale.gender_of("Jitka", {}, "cs") == "f"


def test_the_language_switch_is_per_table() -> None:
    with locale.language("cs"):
        assert locale._("Round") == "Tah"
        with locale.language("en"):
            assert locale._("Round") == "Round"
        assert locale._("Round") == "Tah"


def test_the_program_reads_the_catalogue_without_babel() -> None:
    code = ("import sys, combat_cli.locale as l; assert l._('Round', 'cs') == 'Tah';"
            "import combat_cli.cli; assert 'babel' not in sys.modules, 'babel imported'")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def _fields(text: str) -> set[str]:
    import string

    return {f for _, f, _, _ in string.Formatter().parse(text) if f}


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: f"{p.stem}-{p.parent.parent.name}")
def test_every_translation_keeps_its_placeholders(po) -> None:
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        cat = read_po(f)
    assert len(cat) > (200 if po.stem == "combat_cli" else 10)
    for msg in cat:
        if not msg.id:
            continue
        ids = msg.id if isinstance(msg.id, tuple) else (msg.id,)
        strs = msg.string if isinstance(msg.string, tuple) else (msg.string,)
        assert all(strs), f"untranslated: {msg.id!r}"
        want = set().union(*(_fields(i) for i in ids))
        for s in strs:
            # the callers of these pass {levels}/{opponents} (counted words) beside {n}
            assert _fields(s) <= want | {"n", "levels", "opponents"}, f"{msg.id!r}: {s!r}"


@pytest.mark.parametrize(("msg", "english", "czech"), [
    (locale.Msg('no combatant "{word}" — did you mean {guess}?', word="Borek", guess="Bořek"),
     'no combatant "Borek" — did you mean Bořek?', "bojovník „Borek“ tu není — myslíš Bořek?"),
    (locale.Msg("{action} has no option {opt}={hint} (options: {known})", action="boj",
                opt="volb", hint=locale.Msg(" — did you mean {guess}?", guess="volba="),
                known="volba=, cíl="),
     "boj has no option volb= — did you mean volba=? (options: volba=, cíl=)",
     "boj nemá volbu volb= — myslíš volba=? (volby: volba=, cíl=)"),
    (locale.Msg("undone: {line}", line="declare Bořek boj Jitka"),
     "undone: declare Bořek boj Jitka", "vráceno: declare Bořek boj Jitka"),
    (locale.Msg("{spec} needs {n} faces, got {k}", spec="6d10>=6", n=6, k=3),
     "6d10>=6 needs 6 faces, got 3", "6k10>=6: čísel má být 6, zadáno 3"),
    (locale.Msg('"{word}" could be {choices}: type more of the combatant{quote}', word="Zb",
                choices=locale.either(["Zbojník 1", "Zbojník 2"]), quote=""),
     '"Zb" could be Zbojník 1 or Zbojník 2: type more of the combatant',
     "„Zb“ může být Zbojník 1 nebo Zbojník 2: napiš víc ze jména"),
    (locale.Msg("nothing to undo"), "nothing to undo", "není co vracet"),
    (locale.Msg("something nobody translated"), "something nobody translated",
     "something nobody translated"),
    (locale.Msg("{who}: {where} {problem} (found {found})", who=locale.Word("the encounter"),
                where="alarm", problem=locale.Msg("must be {choices}",
                                                  choices=locale.either(["'a'", "'b'", "'c'"])),
                found="3"),
     "the encounter: alarm must be 'a', 'b' or 'c' (found 3)",
     "střetnutí: alarm musí být 'a', 'b' nebo 'c' (nalezeno 3)"),
])
def test_a_message_is_worded_from_its_key_and_values(msg: locale.Msg, english: str,
                                                     czech: str) -> None:
    assert locale.text(msg, "cs") == czech
    assert locale.text(msg, "en") == english == str(msg)


def test_a_large_number_in_czech_has_a_czech_thousands_separator() -> None:
    from combat_cli.locale import Msg, text
    from combat_cli.textsafe import line_problem

    found = line_problem("add Ann x=" + "9" * 4301)
    assert found is not None
    problem = Msg(found[0], **found[1])
    assert "4,301" in str(problem)
    assert "4\xa0301 číslicích" in text(problem, "cs")
    assert text(problem, "en") == str(problem)


@pytest.mark.parametrize(("n", "english", "czech"), [
    (1, "2d6!: 1 face too many", "2k6!: přebývá 1 číslo"),
    (3, "2d6!: 3 faces too many", "2k6!: přebývají 3 čísla"),
    (5, "2d6!: 5 faces too many", "2k6!: přebývá 5 čísel"),
])
def test_a_counted_error_takes_its_counts_form_not_an_english_suffix(n: int, english: str,
                                                                     czech: str) -> None:
    from combat_cli.dice import DiceError, parse
    from combat_cli.dice.sources import _expected_faces

    with pytest.raises(DiceError) as e:
        _expected_faces(parse("2d6!"), [6, 2, 3] + [1] * n)  # the 6 explodes: three faces are used
    assert (str(e.value), locale.text(e.value, "cs")) == (english, czech)
