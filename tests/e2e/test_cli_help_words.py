"""The command line's -h as the README writes it (issue 22): arguments read FILE/EXPR (Czech
SOUBOR/VÝRAZ), never typer's ``{file}``; every option with a value names it (``--seed N``,
``-o OUT``); ``--format`` lists its values and the shell completes them."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from tests.conftest import combat_cmd

COMMANDS = ("new", "play", "show", "serve", "report", "rulesets", "roll", "odds", "demo",
            "paths")
ARGUMENT = {"en": {"new": "FILE", "play": "FILE", "show": "FILE", "serve": "FILE",
                   "report": "FILE", "roll": "EXPR...", "odds": "EXPR..."},
            "cs": {"new": "SOUBOR", "play": "SOUBOR", "show": "SOUBOR", "serve": "SOUBOR",
                   "report": "SOUBOR", "roll": "VÝRAZ...", "odds": "VÝRAZ..."}}
OPTION_VALUES = {"en": {"report": ("-f, --format [md|html]", "-o, --output OUT"),
                        "play": ("--script FILE", "--seed N", "--host HOST", "--port PORT"),
                        "new": ("--house-rules FILE", "--from OLD")},
                 "cs": {"report": ("-f, --format [md|html]", "-o, --output VÝSTUP"),
                        "play": ("--script SOUBOR", "--seed N", "--host ADRESA"),
                        "new": ("--house-rules SOUBOR", "--from DŘÍVĚJŠÍ")}}


def combat(*args: str, env: dict[str, str] | None = None,
           cmd: list[str] | None = None) -> subprocess.CompletedProcess[str]:
    e = {**os.environ, "COLUMNS": "80", "COMBAT_CONFIG": "", **(env or {})}
    return subprocess.run([*(cmd or combat_cmd()), *args], capture_output=True, text=True,
                          timeout=60, env=e, cwd=tempfile.gettempdir())


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_help_names_arguments_and_option_values_as_the_readme_does(lang: str) -> None:
    for command in COMMANDS:
        text = combat("--lang", lang, command, "-h").stdout
        usage = text.splitlines()[0]
        assert "{" not in text and "<str>" not in text and "<path>" not in text, (command, text)
        if command in ARGUMENT[lang]:
            assert usage.endswith(" " + ARGUMENT[lang][command]), usage
            listed = [line.split()[0] for line in text.splitlines() if line.startswith("  ")]
            assert ARGUMENT[lang][command] in listed, text
        for shown in OPTION_VALUES[lang].get(command, ()):
            assert shown in text, (command, shown, text)


@pytest.mark.parametrize(("lang", "name"), [("en", "'FILE'"), ("cs", "'SOUBOR'")])
def test_a_missing_argument_is_named_as_help_names_it(lang: str, name: str) -> None:
    r = combat("--lang", lang, "play")
    assert r.returncode == 2 and name in r.stderr and "{" not in r.stderr, r.stderr


def test_report_format_values_are_checked_listed_and_completed() -> None:
    r = combat("report", "x.json", "--format", "pdf")
    assert r.returncode == 2 and "'pdf' is not one of md, html" in r.stderr, r.stderr

    script = Path(sys.executable).with_name("combat")
    if not script.exists():
        pytest.skip("no combat script installed beside this Python")

    def complete(words: str) -> list[str]:
        env = {"_COMBAT_COMPLETE": "complete_bash", "COMP_WORDS": words,
               "COMP_CWORD": str(len(words.split()) - (0 if words.endswith(" ") else 1))}
        return combat(env=env, cmd=[str(script)]).stdout.split()

    assert complete("combat report f.json --format ") == ["md", "html"]
    assert complete("combat report f.json -f h") == ["html"]
