"""A language added from files alone (README "To add a language"): a catalogue, its commands
and its words in a directory named by ``COMBAT_LOCALE_PATH``, no Python changed; then a few
commands played in it through the installed program."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

PO = r'''msgid ""
msgstr ""
"Language: xx\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "{name} joins ({side})"
msgstr "{name} kommt hinzu ({side})"

msgid "unknown command \"{word}\"{hint} (help lists them)"
msgstr "Befehl „{word}“ unbekannt{hint}"

msgid " — did you mean {guess}?"
msgstr " — meinst du {guess}?"
'''
COMMANDS = '''[verbs]
add = ["neu"]
status = ["zustand"]
damage = ["schade"]
[options]
side = ["seite"]
[keywords]
pc = ["held"]
'''
RULESET_PO = r'''msgid ""
msgstr ""
"Language: xx\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgctxt "m"
msgid "Wounded"
msgstr "verwundet"
'''
"""A word of the d6 ruleset's own, in its own catalogue (``d6.mo`` beside the core's)."""
WORDS = '''[gender]
f = ["frau"]
[names]
feminine_endings = ["ine"]
[wounds]
levels = ["autsch", "schwer autsch", "weg"]
'''


@pytest.fixture
def xx(tmp_path: Path) -> Path:
    """The language ``xx``: its .po files (the core's and a ruleset's own) compiled as the
    README says, its commands and words."""
    from combat_cli.locale.build import compiled

    root = tmp_path / "languages"
    msgs = root / "xx" / "LC_MESSAGES"
    msgs.mkdir(parents=True)
    (msgs / "combat_cli.po").write_text(PO, encoding="utf-8")
    (msgs / "combat_cli.mo").write_bytes(compiled(msgs / "combat_cli.po"))
    (msgs / "d6.po").write_text(RULESET_PO, encoding="utf-8")
    (msgs / "d6.mo").write_bytes(compiled(msgs / "d6.po"))
    (root / "xx" / "commands.toml").write_text(COMMANDS, encoding="utf-8")
    (root / "xx" / "words.toml").write_text(WORDS, encoding="utf-8")
    return root


def combat(root: Path, *args: str, stdin: str | None = None) -> str:
    env = dict(os.environ, COMBAT_LOCALE_PATH=str(root))
    r = subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin, env=env,
                       capture_output=True, text=True, timeout=60, encoding="utf-8")
    return r.stdout + r.stderr


def test_a_language_from_files_alone_plays_commands_in_it(xx: Path, tmp_path: Path) -> None:
    f = tmp_path / "f.json"
    combat(xx, "new", str(f), "--ruleset", "d6")
    out = combat(xx, "play", str(f), "--lang", "xx", "--script", "-",
                 stdin="neu Mina seite=held\nneu Thug\nschade Thug Wounded\nzustand\n")
    assert "Mina kommt hinzu (pc)" in out and "Thug kommt hinzu (npc)" in out, out
    assert "error" not in out.lower(), out
    assert "verwundet" in out, out               # the ruleset's own word, from its d6.mo
    player = combat(xx, "show", str(f), "--json", "--player", "--lang", "xx")
    assert '"autsch"' in player, player           # the players' wound word, from words.toml
    wrong = combat(xx, "play", str(f), "--lang", "xx", "--script", "-", stdin="zustant\n")
    assert "Befehl „zustant“ unbekannt — meinst du zustand?" in wrong, wrong


def test_a_new_languages_gender_words_and_name_guess_come_from_its_words_file(
        xx: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from combat_cli import locale

    monkeypatch.setenv(locale.PATH_VAR, str(xx))
    locale.words.cache_clear()
    try:
        assert "xx" in locale.languages()
        assert locale.parse_gender("frau") == "f" and locale.parse_gender("ž") == "f"
        assert locale.guess_gender("Wilhelmine", "xx") == "f"
        assert locale.guess_gender("Wilhelm", "xx") == "m"
    finally:
        monkeypatch.delenv(locale.PATH_VAR)
        locale.words.cache_clear()
