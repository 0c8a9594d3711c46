"""Hostile names, files and clients (issue 25): every bomb is a one-line refusal, at once,
under a memory limit; look-alike names are refused; nothing in a file is trusted unchecked."""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

from combat_cli.store.savefile import read_json
from tests.conftest import combat_cmd, fails, run
from tests.saves import edit_encounter

MEMORY = 1 << 30
"""The address space a bomb gets (a million-character name took all of it)."""


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def combat(*args: str, input: str | None = None, timeout: float = 20
           ) -> tuple[subprocess.CompletedProcess[str], float]:
    """The program under a memory limit; what it did and how long it took."""
    start = time.monotonic()
    r = subprocess.run([*combat_cmd(), *args], input=input, capture_output=True, text=True,
                       timeout=timeout, cwd=tempfile.gettempdir(), preexec_fn=_limited)
    return r, time.monotonic() - start


def refused(r: subprocess.CompletedProcess[str], took: float, word: str) -> str:
    """The one error line of a refusal that came at once and names ``word``."""
    out = r.stdout + r.stderr
    assert r.returncode != 0, out[-300:]
    assert "Traceback" not in out and "internal error" not in out, out[-500:]
    errors = [ln for ln in out.splitlines() if word in ln]
    assert errors, out[-500:]
    assert len(errors[0]) < 300, errors[0][:300]
    assert took < 8, f"took {took:.1f} s"
    return errors[0]


def new(tmp_path: Path, ruleset: str = "toy", script: str = "add Ann side=pc\nadd Bob\n") -> Path:
    f = tmp_path / "fight.json"
    r, _ = combat("new", str(f), "--ruleset", ruleset)
    assert r.returncode == 0, r.stderr
    if script:
        r, _ = combat("play", str(f), "--script", "-", input=script)
        assert r.returncode == 0, r.stdout + r.stderr
    return f


# -- 1. a long name ---------------------------------------------------------------------------
@pytest.mark.parametrize("line", ["add {name}", 'add "{name}"', "add {name} x3",
                                  "set Ann name={name}", 'set Ann "name={name}"'])
def test_a_name_of_a_million_characters_is_refused_at_once(tmp_path, line):
    f = new(tmp_path)
    before = read_json(f)
    r, took = combat("play", str(f), "--script", "-",
                     input=line.format(name="m" * 1_000_000) + "\n")
    err = refused(r, took, "at most 64 characters")
    assert "1,000,000" in err
    assert read_json(f) == before


def test_a_name_of_65_characters_is_refused_64_kept(make_table):
    t = make_table()
    assert "at most 64 characters (this one has 65)" in fails(t, "add " + "a" * 65)
    run(t, "add " + "a" * 64)
    assert "at most 64" in fails(t, f"set {'a' * 64} name={'b' * 65}")
    assert "at most 64" in fails(t, "add " + "b" * 63 + " x3")  # "bbb... 1" is 65 long


def test_a_template_name_too_long_is_refused(tmp_path, make_table):
    t = make_table()
    f = tmp_path / "blocks.toml"
    f.write_text(f'["{"t" * 100_000}"]\nspeed = 3\n')
    err = fails(t, f"import {f}")
    assert "template name is at most 64 characters" in err and len(err) < 200


def test_tags_of_long_names_cost_no_more_than_short_ones():
    code = ("from combat_cli.engine.queries import make_tag\n"
            "print(make_tag('a' * 1_000_000, ['Aa', 'Aaa']))")
    start = time.monotonic()
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20,
                       preexec_fn=_limited)
    assert r.stdout.strip() == "Aaaa", r.stderr[-300:]
    assert time.monotonic() - start < 5


def test_the_line_splitter_is_shlex_in_linear_time():
    import random
    import shlex

    from combat_cli.commands.parsing import shell_words

    def reference(s: str) -> list[str] | str:
        lex = shlex.shlex(s, posix=True, punctuation_chars=",")
        lex.whitespace_split = True
        lex.commenters = ""
        try:
            return list(lex)
        except ValueError as e:
            return str(e)

    def mine(s: str) -> list[str] | str:
        try:
            return shell_words(s)
        except ValueError as e:
            return str(e)

    rnd = random.Random(25)
    for _ in range(20_000):
        s = "".join(rnd.choice("ab ,\"'\\\t=é") for _ in range(rnd.randint(0, 10)))
        assert mine(s) == reference(s), s
    start = time.monotonic()
    assert shell_words('add "' + "x" * 1_000_000 + '"') == ["add", "x" * 1_000_000]
    assert time.monotonic() - start < 2


# -- 2. look-alike names ------------------------------------------------------------------------
@pytest.mark.parametrize("other", ["Mina\u200b", "\u200bMina", "Mi\u00adna", "Mi\u200dna"])
def test_invisible_characters_in_a_name_are_refused(make_table, other):
    t = make_table()
    run(t, "add Mina")
    assert "invisible character (U+" in fails(t, f'add "{other}"')
    assert "invisible character" in fails(t, f'set Mina "name={other}"')


@pytest.mark.parametrize("other", ["\u041cina", "M\u0456na", "Mín\u0430", "Mína", "Miná",
                                   "MINA", "Mi\u0301na", "\u039cina", "Mina  ", "Ｍina"])
def test_a_name_that_looks_like_another_is_refused_naming_it(make_table, other):
    t = make_table()
    run(t, "add Mina", "add Bob")
    err = fails(t, f'add "{other}"')
    assert '"Mina"' in err and ("looks like" in err or "already a combatant" in err)
    err = fails(t, f'set Bob "name={other}"')
    assert '"Mina"' in err
    run(t, "set Mina name=MÍNA")  # its own name, spelt anew, is no clash


def test_names_are_kept_in_nfc(make_table):
    t = make_table()
    run(t, "add Mina", "add Zbojni\u0301k x2")
    assert [c.name for c in t.enc.combatants][1:] == ["Zbojník 1", "Zbojník 2"]
    assert "already a combatant" in fails(t, 'add "Zbojník 1"')


def test_a_group_skips_the_names_that_look_taken(make_table):
    t = make_table()
    run(t, 'add "\u0412ob 1"', "add Bob x2")  # a Cyrillic В
    assert [c.name for c in t.enc.combatants] == ["\u0412ob 1", "Bob 2", "Bob 3"]


def test_the_exact_name_wins_over_a_look_alike_in_an_older_file(tmp_path):
    f = new(tmp_path, script="add Mina\nadd Mira\n")
    edit_encounter(f, lambda enc: enc["combatants"][1].update(name="Mína", tag="Mí"))
    before = {c["name"]: c for c in read_json(f)["encounter"]["combatants"]}
    r, _ = combat("play", str(f), "--script", "-", input="damage Mína 3\n")
    assert r.returncode == 0, r.stdout + r.stderr
    after = {c["name"]: c for c in read_json(f)["encounter"]["combatants"]}
    assert after["Mina"] == before["Mina"] and after["Mína"] != before["Mína"]

