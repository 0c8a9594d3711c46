"""Hostile names, files and clients (issue 25): every bomb is a one-line refusal, at once,
under a memory limit; look-alike names are refused; nothing in a file is trusted unchecked."""

from __future__ import annotations

import json
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


def test_a_saved_name_too_long_is_refused_by_every_reader(tmp_path):
    f = new(tmp_path)

    def huge(enc: dict) -> None:
        enc["combatants"][1]["name"] = "B" * 200_000
        enc["combatants"][1]["tag"] = ""
    edit_encounter(f, huge)
    text = f.read_bytes()
    for args in (("show", str(f)), ("show", str(f), "--player", "--json"), ("report", str(f)),
                 ("play", str(f), "--script", "-")):
        r, took = combat(*args, input="status\n")
        err = refused(r, took, "at most 64")
        assert "200,000" in err and "damaged" in err
    assert f.read_bytes() == text


def test_tags_of_long_names_cost_no_more_than_short_ones():
    code = ("from combat_cli.engine.domain.queries import make_tag\n"
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


# -- 3. a journal that costs hours -------------------------------------------------------------
def _journal(f: Path, lines: int) -> None:
    with f.open("a") as out:
        out.write('{"op":"undo"}\n{"op":"redo"}\n' * (lines // 2))


def test_a_megabyte_of_undo_and_redo_opens_or_is_refused_at_once(tmp_path):
    f = new(tmp_path, script="add Ann side=pc\nadd Orc x20\n")
    _journal(f, 1_000_000 // 14)
    text = f.read_bytes()
    for verb in ("show", "report", "play"):
        r, took = combat(verb, str(f), input="status\n")
        err = refused(r, took, "at most 20,000")
        assert "journal" in err
    assert f.read_bytes() == text


def test_undo_and_redo_replayed_cost_what_they_change(tmp_path):
    """Under the line limit, a fight with a big state replays its undo/redo lines without
    copying the state for each (it took minutes)."""
    f = new(tmp_path, script="add Ann side=pc\n")
    blocks = tmp_path / "blocks.toml"
    blocks.write_text("".join(f"[t{i}]\nspeed = {i % 9}\nskill = 3\n" for i in range(3000)))
    r, _ = combat("play", str(f), "--script", "-",
                  input=f"import {blocks}\nadd Orc x20\nadd Bob\n")
    assert r.returncode == 0, r.stdout
    _journal(f, 19_000)
    r, took = combat("show", str(f), "--json", timeout=30)
    assert r.returncode == 0, r.stderr
    assert took < 8
    assert [c["name"] for c in json.loads(r.stdout)["combatants"]][-1] == "Bob"


def test_a_journal_that_moves_a_huge_step_again_and_again_is_refused(tmp_path):
    f = new(tmp_path)
    lines = f.read_text().splitlines()
    head = json.loads(lines[0])
    n = 100_000
    head["log_lines"] = n
    head["history"] = {"undo": [{"line": "x", "back": [], "n": n}], "redo": []}
    entries = [json.dumps({"seq": i + 1, "kind": "note", "text": f"line {i}"})
               for i in range(n)]
    f.write_text("\n".join([json.dumps(head), *entries,
                            *['{"op":"undo"}', '{"op":"redo"}'] * 50]) + "\n")
    r, took = combat("show", str(f))
    assert "1,000,000 changes" in refused(r, took, "the limit")


def test_replayed_undo_and_redo_give_the_same_state_as_played(make_table, tmp_path):
    """The replay moves values instead of copying: what it builds is what the table built."""
    from combat_cli.dice import RandomDice
    from combat_cli.store.savefile import Saver, load, save

    t = make_table(seed=4)
    path = tmp_path / "f.json"
    save(path, t)
    t = load(path, RandomDice(4))
    saver = Saver(path, t)
    from combat_cli.commands.registry import dispatch

    for line in ["add Ann side=pc speed=3", "add Orc x3", "start", "condition Ann +Prone",
                 'remove "Orc 2"', "undo", "undo", "redo", "set Ann speed=5", "undo", "undo",
                 "redo", "redo", 'remove "Orc 1"', 'remove "Orc 3"', "undo", "undo", "redo"]:
        assert dispatch(t, line).error is None, line
        saver.submit(t, line)
    played = t.state_json
    assert load(path, RandomDice()).state_json == played
    saver.close()


def test_apply_moving_keeps_key_and_item_order():
    import copy

    from combat_cli.engine.domain.history import apply, apply_moving, diff

    cases = [({"a": 1, "b": 2, "c": 3}, {"a": 1}), ({"a": [1, 2, 3, 4]}, {"a": [1]}),
             ({"x": {"p": 1, "q": 2}}, {"x": {"p": 1, "q": 2, "r": [3]}}),
             ([1, 2], {"z": 1}), ({"k": [{"a": 1}, {"b": 2}]}, {"k": [{"a": 2}]})]
    for a, b in cases:
        state, back = apply_moving(copy.deepcopy(a), diff(a, b))
        assert state == b and list(state) == list(b) if isinstance(b, dict) else state == b
        again, _ = apply_moving(state, back)
        assert json.dumps(again) == json.dumps(a)
    # edits diff never makes: an item or a key out of the middle
    state, back = apply_moving([1, 2, 3, 4], [[[1]]])
    assert state == [1, 3, 4] and apply(state, back) == [1, 2, 3, 4]
    state, back = apply_moving({"a": 1, "b": 2, "c": 3}, [[["a"]]])
    assert json.dumps(apply(state, back)) == json.dumps({"a": 1, "b": 2, "c": 3})


def test_files_past_the_size_limit_are_refused_unread(tmp_path):
    f = tmp_path / "big.json"
    with f.open("wb") as out:
        out.truncate(65 << 20)
    r, took = combat("show", str(f))
    assert "at most 67,108,864" in refused(r, took, "too large")


# -- 4. contents that make no sense ------------------------------------------------------------
@pytest.mark.parametrize(("edit", "said"), [
    (lambda enc: enc["combatants"][1].update(id=enc["combatants"][0]["id"]),
     "two combatants have the id c1"),
    (lambda enc: enc.update(next_id=2), "its next id (2) is not past the ids in use (up to 2)"),
    (lambda enc: enc.update(clock={"rounds": 0, "seconds": 10**4000}),
     "the clock's seconds is a number of 4,001 digits"),
    (lambda enc: enc.update(round=-3), "the round is -3, out of range (0..10^15)"),
    (lambda enc: enc["combatants"][1].update(name="ANN"), 'two combatants are named "ANN"'),
    (lambda enc: enc["combatants"][0]["conditions"].append({"name": "Prone", "until": 10**20}),
     "Ann's Prone end is a number of 21 digits, out of range (-10^15..10^15)"),
])
def test_a_snapshot_that_makes_no_sense_is_one_line(tmp_path, edit, said):
    f = edit_encounter(new(tmp_path), edit)
    text = f.read_bytes()
    for verb in ("show", "play"):
        r, took = combat(verb, str(f), input="status\n")
        assert "damaged" in refused(r, took, said)
    assert f.read_bytes() == text


def test_a_journal_that_makes_no_sense_is_one_line(tmp_path):
    f = new(tmp_path)
    with f.open("a") as out:
        out.write('{"op":"do","line":"x","fwd":[[["round"],-7]],"back":[[["round"],0]],'
                  '"log":[]}\n')
    r, took = combat("show", str(f))
    assert "the round is -7" in refused(r, took, "damaged")


def test_nesting_built_up_across_journal_lines_is_one_line(tmp_path):
    f = new(tmp_path)

    def deep(n: int) -> object:
        v: object = 1
        for _ in range(n):
            v = {"a": v}
        return v
    with f.open("a") as out:
        path: list[str] = ["data", "x"]
        for _ in range(40):  # each line shallow enough, together 1,600 levels
            out.write(json.dumps({"op": "do", "line": "x", "fwd": [[path, deep(40)]],
                                  "back": [[path]], "log": []}) + "\n")
            path = [*path, *["a"] * 40]
    text = f.read_bytes()
    for verb in ("show", "report", "play"):
        r, took = combat(verb, str(f), input="undo\n")
        assert "deeper than 48 levels" in refused(r, took, "damaged")
    assert f.read_bytes() == text


def test_a_history_that_claims_more_log_than_there_is_is_one_line(tmp_path):
    f = new(tmp_path)
    lines = f.read_text().split("\n")
    head = json.loads(lines[0])
    head["history"]["undo"][-1]["n"] = 10**9
    lines[0] = json.dumps(head)
    f.write_text("\n".join(lines))
    r, took = combat("show", str(f))
    assert "undo history is unreadable" in refused(r, took, "damaged")


# -- 5. stats ------------------------------------------------------------------------------------
def test_a_huge_storypath_stamina_is_refused_at_load(tmp_path):
    f = new(tmp_path, "storypath", "add Ann side=pc stamina=3\nadd Bob\n")
    f = edit_encounter(f, lambda enc: enc["combatants"][0]["stats"].update(stamina=10**9))
    text = f.read_bytes()
    for args in (("show", str(f), "--player", "--json"), ("show", str(f)), ("report", str(f))):
        r, took = combat(*args)
        err = refused(r, took, "stamina")
        assert "Ann: stamina: dots run 0..20, not 1000000000" in err
    assert f.read_bytes() == text


@pytest.mark.parametrize(("ruleset", "stat", "value"), [
    ("storypath", "might", "lots"), ("storypath", "scale", [1]), ("d12", "Strength", "x"),
    ("d12", "body", {"a": 1}), ("czech_pool", "Konstituce", "x"), ("d6", "weapon", "Phaser"),
    ("d6", "Dodge", [3]), ("storypath", "weapon", "lightsaber"), ("czech_pool", "Zbraň", "x")])
def test_wrong_stats_in_a_save_are_refused_as_typed_ones_are(tmp_path, ruleset, stat, value):
    f = new(tmp_path, ruleset, "add Ann side=pc\nadd Bob\n")
    f = edit_encounter(f, lambda enc: enc["combatants"][0]["stats"].update({stat: value}))
    text = f.read_bytes()
    for args in (("show", str(f)), ("show", str(f), "--player", "--json"), ("report", str(f)),
                 ("play", str(f), "--script", "-")):
        r, took = combat(*args, input="start\ndeclare Ann dodge\n")
        assert "damaged" in refused(r, took, "Ann")
    assert f.read_bytes() == text


def test_a_template_with_wrong_stats_in_a_save_is_refused(tmp_path):
    f = new(tmp_path, "storypath", "add Ann side=pc\n")
    f = edit_encounter(f, lambda enc: enc["templates"].update(
        thug={"side": "npc", "stats": {"might": 10**9}}))
    r, took = combat("show", str(f))
    assert "template thug: might: dots run 0..20" in refused(r, took, "damaged")


def test_stats_the_rules_read_in_another_form_load_as_typed(tmp_path):
    f = new(tmp_path, "storypath", "add Ann side=pc\n")
    f = edit_encounter(f, lambda enc: enc["combatants"][0]["stats"].update(might="4"))
    r, _ = combat("show", str(f), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["combatants"][0]["stats"]["might"] == 4


# -- 6. plug-ins, report files, one control filter ------------------------------------------------
def test_a_broken_plugin_is_listed_escaped_and_one_that_exits_does_not_end_the_command():
    import os

    env = {**os.environ, "COMBAT_RULESETS": os.environ["COMBAT_RULESETS"]
           + ",exits=exitrules:RULESET,noisy=noisyrules:RULESET"}
    r = subprocess.run([*combat_cmd(), "rulesets"], capture_output=True, text=True, env=env,
                       timeout=30, cwd=tempfile.gettempdir())
    assert r.returncode == 0, r.stderr
    lines = {ln.split()[0]: ln for ln in r.stdout.splitlines() if ln.strip()}
    assert "exits" in lines and "SystemExit: 3" in lines["exits"]
    assert "noisy" in lines and "toy" in lines and "d6" in lines
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout and "\u202e" not in r.stdout
    assert "\\x1b]0;pwned\\x07" in lines["noisy"]


def test_report_replaces_a_planted_link_and_never_writes_through_it(tmp_path):
    import os

    f = new(tmp_path)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    out = tmp_path / "report.md"
    out.symlink_to(victim)
    dangling = tmp_path / "other.md"
    dangling.symlink_to(tmp_path / "created-through-the-link")
    for target in (out, dangling):
        r, _ = combat("report", str(f), "-o", str(target))
        assert r.returncode == 0, r.stderr
        assert not target.is_symlink() and "Ann" in target.read_text()
    assert victim.read_text() == "keep me\n"
    assert not (tmp_path / "created-through-the-link").exists()
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    out.chmod(0o600)
    r, _ = combat("report", str(f), "-o", str(out))
    assert r.returncode == 0 and out.stat().st_mode & 0o777 == 0o600
    r, _ = combat("report", str(f), "-o", str(tmp_path))
    assert r.returncode != 0 and "folder" in r.stderr and "Traceback" not in r.stderr


def test_the_players_view_uses_the_one_control_filter():
    from combat_cli import textsafe
    from combat_cli.web import view

    assert view.plain is textsafe.plain and view.escape_controls is textsafe.escape_controls
    text = "Mina\u061c\u202e\u2028\x1b[2J\tok\n"
    assert view.escape_controls(text) == "Mina\\u061c\\u202e\\u2028\\u001b[2J\tok\n"
    assert view.plain(text) == "Mina    [2J\tok\n"
    assert textsafe.escape(text) == "Mina\\u061c\\u202e\\u2028\\x1b[2J\tok\n"
