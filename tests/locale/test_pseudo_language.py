"""The pseudo-language ``qq``: a catalogue generated from every message the Czech catalogue
translates, each marked ``[~…~]``, put beside the program with ``COMBAT_LOCALE_PATH``. A short
fight in each ruleset is played in it, with ``help``, ``show``, the report, the players'
payload and the command line's help and errors: any word printed outside a mark (other than
the fighters' names, numbers, dice and the command language, which stays English for a
language without ``commands.toml``) is a leak.

``KNOWN`` lists the leaks not fixed yet, each by surface and word: a new leak fails its
surface's test, and each listed one has its own strict xfail, which fails once the leak is
gone (then take it off the list)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "examples"
MARK = re.compile(r"\[~(?:(?!\[~|~\]).)*~\]", re.DOTALL)
WORD = re.compile(r"[^\W\d_][^\W\d_']+")

FIGHTS = {
    "d6": (f"import {EX / 'd6.toml'}\nadd Mina template=mina\nadd Thug template=thug\nstart\n"
           "declare Mina shoot Thug\ndeclare Thug brawl Mina\nresolve all\nwhy\nend\n"
           "status\nlog 5\nend fight\n"),
    "storypath": (f"import {EX / 'storypath.toml'}\nadd Ann template=ann\nadd Ben template=ben\n"
                  "add Thug x2 template=thug\nstart\nslot Ann\nact Ann attack \"Thug 1\"\nnext\n"
                  "status\nlog 5\nend fight\n"),
    "d12": (f"import {EX / 'd12.toml'}\nadd Cory template=cory\nadd Puncher template=puncher\n"
            "start\ndeclare Cory attack Puncher bid=3\ndeclare Puncher attack Cory bid=full\n"
            "resolve all\nwhy\nend\nstatus\nlog 5\nend fight\n"),
    "czech_pool": (f"import {EX / 'czech_pool.toml'}\nadd Bořek template=borek\n"
                   "add Zbojník template=zbojnik\nstart\ndeclare Bořek boj Zbojník\n"
                   "declare Zbojník boj Bořek\nresolve all\nwhy\nend\nstatus\nlog 5\n"
                   "end fight\n"),
}
NAMES = {"Mina", "Thug", "Ann", "Ben", "Cory", "Puncher", "Bořek", "Zbojník", "Mi", "Th",
         "An", "Be", "Co", "Pu", "Bo", "Zb", "DT", "qq", "json", "toml", "http", "https"}

# the leaks not fixed yet: surface -> words printed outside a mark
KNOWN: dict[str, set[str]] = {
}


def pseudo_catalogue(root: Path) -> Path:
    """``root/qq``: every message of the Czech catalogues (the core's and each ruleset's own,
    ``<dir>/qq/LC_MESSAGES/<domain>.mo`` found by ``$COMBAT_LOCALE_PATH`` as a language added
    from files alone is), each marked (plural forms too); the notation entries (the dice
    letter, the decimal mark) as in English. A ruleset whose own words are not English (its
    catalogue is in ``en``) has them marked from that one."""
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from combat_cli.locale.build import catalogues

    out = root / "qq" / "LC_MESSAGES"
    out.mkdir(parents=True)
    by_domain: dict[str, list[Path]] = {}
    for po in catalogues():
        by_domain.setdefault(po.stem, []).append(po)
    for domain, files in by_domain.items():
        cat = Catalog(domain=domain)
        for po in files:
            with po.open("rb") as f:
                src = read_po(f)
            for m in src:
                if not m.id or cat.get(m.id, context=m.context) is not None:
                    continue
                if m.context == "notation":
                    text: str | tuple[str, ...] = m.id
                elif isinstance(m.id, (list, tuple)):
                    text = (f"[~{m.id[0]}~]", f"[~{m.id[1]}~]")
                else:
                    text = f"[~{m.id}~]"
                cat.add(m.id, text, context=m.context)
        buf = io.BytesIO()
        write_mo(buf, cat)
        (out / f"{domain}.mo").write_bytes(buf.getvalue())
    return root


def command_language(ruleset: str) -> set[str]:
    """What the GM types, English in a language without commands.toml: the verbs, the
    ruleset's actions and their options, the keywords."""
    from combat_cli.commands.registry import all_verbs
    from combat_cli.plugins import load

    rs = load(ruleset)
    words = set()
    for v in all_verbs().values():
        words |= {v.name, *v.aliases}
        words |= {w for w in re.findall(r"[a-z]+", v.usage)}
    for v in rs.verbs:
        words |= {v.name, *v.aliases}
    for a in rs.actions:
        words |= {a.name, *a.aliases, *(o.name for o in a.options)}
    if ruleset == "d12":
        # d12's skills are stats the GM's stat block names (Fighting=2, the names of the
        # tables' usual skills): typed, and shown as typed, as a fighter's name is
        words |= {s for kinds in rs.load_tables()["skills"].values() for s in kinds.values()}
    # the names of its house-rule switches (bid.budget, amb.ones_cancel) are what a house-rules
    # file types ([bid] budget = "per_fight"), shown as typed in help rules; its own name is
    # what --ruleset types
    words |= {w for key in rs.house_rules for w in re.split(r"[._]", key)}
    words |= set(re.split(r"[._]", rs.name))
    return {w.lower() for w in words if w}


def leaks(text: str, exempt: set[str]) -> set[str]:
    # the GM's own lines, echoed, left out; a mark may span lines (a help text wrapped)
    text = "\n".join(line for line in text.splitlines() if not line.startswith("> "))
    before = None
    while before != text:
        before, text = text, MARK.sub(" ", text)
    return {w for w in WORD.findall(text) if w not in NAMES and w.lower() not in exempt}


@pytest.fixture(scope="module")
def qq(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return pseudo_catalogue(tmp_path_factory.mktemp("pseudo"))


def combat(root: Path, *args: str, stdin: str | None = None, cwd: Path | None = None) -> str:
    env = dict(os.environ, COMBAT_LOCALE_PATH=str(root), COMBAT_HISTORY="", COLUMNS="400")
    r = subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin, env=env,
                       capture_output=True, text=True, timeout=120, encoding="utf-8", cwd=cwd)
    return r.stdout + r.stderr


TOKENS = {"view", "ruleset", "lang", "phase", "side", "kind", "id", "pc", "status_key"}
"""Keys of the JSON surface whose values are identifiers a script reads (``"view":
"player"``, ``"phase": "setup"``, ``"side": "npc"``), not words shown."""


def strings(data: object) -> list[str]:
    """Every string value of a JSON payload (not its keys, nor the identifiers of TOKENS)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for k, v in data.items() if k not in TOKENS for s in strings(v)]
    if isinstance(data, list):
        return [s for v in data for s in strings(v)]
    return []


HAND = """
import json, sys
from pathlib import Path
from combat_cli.dice.sources import RandomDice
from combat_cli.engine.table import Snapshot
from combat_cli.locale import use
from combat_cli.store.savefile import load
from combat_cli.web.app import asset, localized
from combat_cli.web.card import cards, table_view
use("qq")
table = Snapshot(load(Path(sys.argv[1]), RandomDice(1), lang="qq"))
view = table_view(table)
print(json.dumps({"cards": cards(table, view), "view": view}, ensure_ascii=False))
for page in ("me.html", "join.html", "page.html"):
    print(localized(asset(page), "qq").decode("utf-8"))
"""
"""The phones' and the table page's data (each PC's card, the table view) and their pages'
fixed words, as the server sends them."""
PAGE_TEXT = re.compile(r"<(script|style)\b.*?</\1>|<[^>]*>", re.DOTALL)


def hand_text(said: str) -> str:
    """The words a phone or the table page shows: the JSON's strings, the pages' text."""
    first, _, pages = said.partition("\n")
    try:
        data = strings(json.loads(first))
    except ValueError:
        return said
    return "\n".join([*data, PAGE_TEXT.sub("\n", pages)])


def surfaces(qq: Path, ruleset: str, tmp: Path) -> dict[str, str]:
    f = tmp / f"{ruleset}.json"
    combat(qq, "new", str(f), "--ruleset", ruleset, "--lang", "qq")
    out = {"fight": combat(qq, "play", str(f), "--lang", "qq", "--seed", "3", "--script", "-",
                           stdin=FIGHTS[ruleset]),
           "help": combat(qq, "play", str(f), "--lang", "qq", "--script", "-",
                          stdin="help\nhelp declare\nhelp rules\n"),
           "errors": combat(qq, "play", str(f), "--lang", "qq", "--script", "-",
                            stdin="resolvx\n"),
           "show": combat(qq, "show", str(f), "--lang", "qq"),
           "report": markdown_read(combat(qq, "report", str(f), "--lang", "qq"))}
    player = combat(qq, "show", str(f), "--json", "--player", "--lang", "qq")
    out["players"] = "\n".join(strings(json.loads(player))) if player.startswith("{") else player
    out["hand"] = hand_text(combat_py(qq, HAND, str(f)))
    return out


MD_ESCAPE = re.compile(r"\\([\\`*_\[\]<>#|~])")


def markdown_read(text: str) -> str:
    """The report as its reader sees it: Markdown's escapes (``\\[``, ``\\~``: the marks of a
    word shown literally) taken off, so an escaped mark is still a mark."""
    return MD_ESCAPE.sub(r"\1", text)


def combat_py(root: Path, code: str, *args: str) -> str:
    env = dict(os.environ, COMBAT_LOCALE_PATH=str(root), COMBAT_HISTORY="")
    r = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True,
                       text=True, timeout=120, encoding="utf-8")
    return r.stdout + r.stderr


CASES = [(rs, s) for rs in FIGHTS for s in ("fight", "help", "errors", "show", "report",
                                             "players", "hand")]


class Played(dict[str, dict[str, str]]):
    """Each ruleset's surfaces, played when first asked for (``-k d6`` plays only d6)."""

    def __init__(self, qq: Path, tmp: Path) -> None:
        super().__init__()
        self.qq, self.tmp = qq, tmp

    def __missing__(self, ruleset: str) -> dict[str, str]:
        found = self[ruleset] = surfaces(self.qq, ruleset, self.tmp)
        return found


@pytest.fixture(scope="module")
def played(qq: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, str]]:
    return Played(qq, tmp_path_factory.mktemp("fights"))


@pytest.mark.parametrize(("ruleset", "surface"), CASES)
def test_every_word_shown_comes_from_the_catalogue(played: dict[str, dict[str, str]],
                                                   ruleset: str, surface: str) -> None:
    text = played[ruleset][surface]
    assert "[~" in text, f"nothing was translated at all:\n{text}"
    new = leaks(text, command_language(ruleset)) - KNOWN.get(f"{ruleset}/{surface}", set())
    assert not new, f"{ruleset} {surface}: {sorted(new)}\n{text}"


CLI = {"-h": ("-h",), "play -h": ("play", "-h"), "new -h": ("new", "-h"),
       "roll -h": ("roll", "-h"), "play missing": ("play", "missing.json"),
       "roll 2x": ("roll", "2x"), "no command": ("plya",), "no option": ("play", "f", "--sede"),
       "no argument": ("roll",), "bad choice": ("new", "f", "--ruleset", "d7"),
       "bad number": ("play", "f", "--seed", "x"), "extra": ("play", "f", "g")}
"""The command line's help pages and usage errors, each by its name in KNOWN (``cli/NAME``)."""
CLI_EXEMPT = {"combat", "python", "cli", "lang", "help", "version", "install", "completion",
              "show", "new", "play", "serve", "report", "rulesets", "roll", "odds", "demo",
              "paths", "en", "cs", "qq", "file", "json", "md", "html", "d", "script", "seed",
              "dice", "host", "port", "ruleset", "house", "rules", "from", "player", "format",
              "output", "pace", "auto", "manual", "players", "rolls", "force", "sede",
              "plya", "missing", "x"}
"""What the command line shows as typed: its program (``python -m combat_cli``), commands,
options, their values (the installed rulesets' names too); the files and words typed."""


def cli_exempt() -> set[str]:
    from combat_cli.plugins import names

    return CLI_EXEMPT | {w.lower() for name in names() for w in WORD.findall(name)}


@pytest.fixture(scope="module")
def cli_said(qq: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    tmp = tmp_path_factory.mktemp("cli")
    return {name: combat(qq, "--lang", "qq", *args, cwd=tmp) for name, args in CLI.items()}


@pytest.mark.parametrize("name", CLI)
def test_the_command_lines_help_and_errors_come_from_the_catalogue(cli_said: dict[str, str],
                                                                   name: str) -> None:
    text = cli_said[name]
    assert "[~" in text, f"nothing was translated at all:\n{text}"
    new = leaks(text, cli_exempt()) - KNOWN.get(f"cli/{name}", set())
    assert not new, f"{CLI[name]}: {sorted(new)}\n{text}"


KNOWN_LEAKS = sorted((k, w) for k, ws in KNOWN.items() for w in ws)


@pytest.mark.parametrize(("where", "word"), KNOWN_LEAKS or [("none", "none")])
@pytest.mark.xfail(strict=True, reason="a known leak: a word outside the catalogue (gone: take it off KNOWN)")
def test_a_known_leak_is_gone(played: dict[str, dict[str, str]], cli_said: dict[str, str],
                              where: str, word: str) -> None:
    if where == "none":
        raise AssertionError("no known leaks")
    ruleset, surface = where.split("/")
    if ruleset == "cli":
        assert word not in leaks(cli_said[surface], cli_exempt())
        return
    assert word not in leaks(played[ruleset][surface], command_language(ruleset))
