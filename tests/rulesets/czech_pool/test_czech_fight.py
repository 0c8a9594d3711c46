"""A whole Czech fight through the installed program (one ``combat play`` per step, on a real
file) with the GM's usual mistakes: every word the program prints is Czech.

Each mistake is its own run: it must print one Czech error, exit non-zero or not, and leave the
save file as it was. The check is a list of English words that must not appear in anything
printed (the GM's own lines, echoed after "> ", are not checked; command words such as
``declare``, ``roll``, ``timer`` or ``next`` and option values such as ``hidden=yes|no`` or a
house rule's ``pool | damage`` are the command language and are not on the list)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ENGLISH = {
    "the", "and", "or", "not", "no", "is", "are", "has", "have", "can", "cannot", "did",
    "you", "mean", "needs", "need", "got", "shows", "undone", "redone", "round", "rounds",
    "wins", "wounds", "options", "option", "type", "more", "first", "of", "for", "with",
    "faces", "face", "total", "dice", "die", "success", "successes", "left", "takes", "typed",
    "rolled", "error", "stopped", "script", "line", "answering", "nothing", "already",
    "declares", "joins", "begins", "resolving", "action", "actions", "combatant", "target",
    "choose", "known", "unknown", "usage", "lapses", "held", "order", "name",
    "verbs", "conditions", "details", "aliases", "chance", "level", "levels",
    "unconscious", "dead", "wounded", "prone", "out", "fight", "turn", "clock",
    "default", "difficulty", "speed", "health", "side", "outcome",
    "rolls", "saved", "saves", "quits", "ends", "starts", "before", "after",
    # the command line: click's words, the fatal errors, the REPL's first lines
    "arguments", "commands", "missing", "such", "invalid", "try",
    "message", "required", "input", "should", "valid", "internal", "traceback", "loading",
    "interrupted", "unexpected", "extra", "possible", "file", "exists", "damaged", "use",
    "another", "lists", "encounter", "language", "seed", "installed", "only", "print",
}
TOKEN = re.compile(r"[\w.\-/=|]+", re.UNICODE)  # words, file names, ruleset names, options


def combat(*args: str, stdin: str | None = None, env: dict[str, str] | None = None
           ) -> subprocess.CompletedProcess[str]:
    import os

    return subprocess.run([sys.executable, "-m", "combat_cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, encoding="utf-8",
                          env={**os.environ, **(env or {})})


D_NOTATION = re.compile(r"(?<![\w.])\d+d\d+")  # 3d10 (not the ruleset d12): Czech writes 3k10


def d_notation_in(text: str) -> list[str]:
    """Dice written with d in the program's own lines (the GM's lines, echoed or quoted,
    are the GM's)."""
    found = []
    for line in text.splitlines():
        if line.startswith("> "):
            continue
        line = re.sub(r"(řádku \d+: ).*", r"\1", line)
        line = re.sub(r"combat-tests-\w+", "", line)   # the tests' home folder: ...-36d6...
        found += [f"{m.group()!r} in {line.strip()!r}" for m in D_NOTATION.finditer(line)]
    return found


def _verb_names() -> set[str]:
    from combat_cli.commands.registry import all_verbs

    return set(all_verbs())


VERB_NAMES = _verb_names()


def english_in(text: str) -> list[str]:
    found = []
    for line in text.splitlines():
        if line.startswith("> "):  # the GM's own line, echoed
            continue
        line = re.sub(r"(řádku \d+: ).*", r"\1", line)  # a script's stop line quotes the GM's
        words = TOKEN.findall(line)
        if len(words) > 1 and all(w in VERB_NAMES for w in words[1:]):
            continue  # help's index of verbs (a group's name, then the verbs: dice is one)
        if words and words[0] in VERB_NAMES and line.startswith(words[0] + " "):
            continue  # help VERB's usage line: the command language (dice [auto|manual|players])
        found += [f"{w!r} in {line.strip()!r}" for w in TOKEN.findall(line)
                  if w.isalpha() and w.lower() in ENGLISH]
    return found


class Fight:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.out: list[str] = []
        r = combat("new", str(path), "--ruleset", "czech_pool")
        assert r.returncode == 0, r.stdout + r.stderr

    def ok(self, lines: str, *, dice: str = "auto", seed: int = 3) -> str:
        r = combat("play", str(self.path), "--script", "-", "--dice", dice, "--seed",
                   str(seed), stdin=lines)
        text = r.stdout + r.stderr
        assert r.returncode == 0, text
        assert "chyba" not in text, text
        self.out.append(text)
        return text

    def mistake(self, lines: str, *, dice: str = "auto") -> str:
        combat("play", str(self.path), "--script", "-", "--dice", dice, stdin="")  # the
        before = self.path.read_bytes()  # file's mode from now on (--dice): not the mistake's
        r = combat("play", str(self.path), "--script", "-", "--dice", dice, stdin=lines)
        text = r.stdout + r.stderr
        errors = [x for x in text.splitlines() if x.startswith("chyba: ")]
        assert len(errors) == 1, text
        assert self.path.read_bytes() == before, f"{lines!r} changed the file"
        self.out.append(text)
        return errors[0]


def test_a_whole_czech_fight_has_no_english(tmp_path: Path) -> None:
    f = Fight(tmp_path / "souboj.json")
    f.ok("add Bořek side=pc Obratnost=3 Boj=3 Odolnost=2 Konstituce=2 Zbraň=meč\n"
         "add Jitka side=pc Obratnost=3 Boj=2 Odolnost=1 Konstituce=0 Zbraň=sekera\n"
         "add Vlk Obratnost=2 Boj=2 Odolnost=1 Zbraň=dýka\n"
         "add Zbojník x2 Obratnost=2 Boj=1\n"
         "help\nstart\n")
    # typos, with and without diacritics; unknown options; an unknown command
    assert "Bořek" in f.mistake("declare Bozek boj Vlk\n")
    assert "Bořek" in f.mistake("declare Bořk boj Vlk\n")
    assert "boj" in f.mistake("declare Jitka boi Vlk\n")
    assert "volba" in f.mistake("declare Jitka boj Vlk volb=zranit\n")
    f.mistake("declare Jitka boj Vlk rod=ž\n")
    f.mistake("obrana Jitka\n")
    f.mistake("resolve all\n")  # nobody has declared
    f.ok('declare Bořek boj Vlk\ndeclare Jitka boj "Zbojník 1"\ndeclare Vlk boj Jitka\n'
         'declare "Zbojník 1" boj Jitka\ndeclare "Zbojník 2" pouze_bránit\n')
    # wrong faces: too few, a face a d10 does not show, a total where faces are needed
    f.mistake("resolve all\n9 9 9\n", dice="manual")
    f.mistake("resolve all\n9 9 9 9 9 11\n", dice="manual")
    f.mistake("resolve all\n=30\n", dice="manual")
    f.ok("undo\nredo\n")
    f.mistake("redo\n")
    f.ok("resolve all\nstatus\n")
    f.ok("damage Jitka 9\nend\n")
    f.mistake("declare Jitka boj Vlk\n")  # knocked out
    f.ok("declare Bořek boj Vlk\ndeclare Vlk boj Bořek volba=nevýhoda\nresolve all\n"
         "heal Jitka 1\nrevive Jitka 2\nend\n")
    f.ok("roll 2d10\nroll 3k10\nodds 6d10>=6 3\nodds 1k8 8\nlog 30\n")
    # dice the Czech way: typed faces refused with k notation, a control character
    assert "3k10" in f.mistake("roll 3k10\n9 9\n", dice="manual")
    f.mistake("roll 3k\n")
    f.mistake("add Ví\x1bt\n")
    f.mistake("heal Vlk x\n")
    # issue 9's verbs: why, dice, move, note, help of each, end fight
    f.ok("why\nwhy 12\ndice\ndice manual\ndice auto\nset Bořek dice=manual\ndice\n"
         "set Bořek dice=default\nnote Vlk vůdce\nnote Vlk\nnote Vlk -\nnote Vlk\n"
         "move Jitka before Bořek\nhelp why\nhelp dice\nhelp move\nhelp note\nhelp rules\n")
    f.mistake("dice x\n")
    f.mistake("why 999\n")
    f.mistake("move Jitka before Jitka\n")
    f.ok("end fight\n")
    f.mistake("end fight\n")
    f.mistake("declare Bořek boj Vlk\n")
    text = "\n".join(f.out)
    show = combat("show", str(f.path))
    assert show.returncode == 0, show.stderr
    text += "\n" + show.stdout
    assert "Tah 2" in text and "Zranění:" in text and "vráceno:" in text
    assert "12,5 %" in text and "6k10>=6" in text
    assert not english_in(text), "\n".join(english_in(text)[:40])
    assert not d_notation_in(text), "\n".join(d_notation_in(text)[:40])


CZECH = {"LANG": "cs_CZ.UTF-8"}


def test_the_command_line_around_a_czech_fight_has_no_english(tmp_path: Path) -> None:
    """What a Czech GM meets outside the REPL: help, listings, rolls, odds, and the fatal
    errors of mistyped commands (the environment says Czech; a Czech fight is Czech anyway)."""
    f = Fight(tmp_path / "souboj.json")
    runs = [combat(*args, env=CZECH) for args in (
        ("--help",), ("play", "--help"), ("new", "--help"), ("roll", "-h"), ("odds", "-h"),
        ("rulesets",), ("paths",), ("roll", "3k10>=6", "--seed", "4"), ("roll", "2k6+1"),
        ("odds", "6k10>=6", "3"), ("odds", "2d6", "7"),
        ("play",), ("plya", "x"), ("play", str(f.path), "--dice", "magie"), ("roll", "3k"),
        ("play", str(f.path), "--sedd", "3"), ("new", str(f.path), "-r", "czech_pool"),
        ("play", str(tmp_path / "nic.json"), "--script", "-"), ("roll", "2k6", "3"),
        ("new", str(tmp_path / "n.json"), "-r", "czech_pool", "--house-rules",
         str(tmp_path / "nic.toml")),
    )]
    # a Czech fight's own errors need no LANG: the file says Czech
    f.path.with_suffix(".toml").write_text("[amb]\nnotice_rol = 1\n", encoding="utf-8")
    runs.append(combat("new", str(tmp_path / "d.json"), "-r", "czech_pool", "--house-rules",
                       str(f.path.with_suffix(".toml"))))
    broken = tmp_path / "rozbity.json"
    broken.write_text(f.path.read_text(encoding="utf-8").split("\n")[0][:200], encoding="utf-8")
    runs += [combat("show", str(broken)), combat("report", str(broken))]
    text = "\n".join(r.stdout + r.stderr for r in runs)
    text = "\n".join(x for x in text.splitlines() if not x.startswith("toy"))  # test plug-ins
    assert "Použití:" in text and "Chyba:" in text and "65,6 %" in text
    assert not english_in(text), "\n".join(english_in(text)[:40])
    assert not d_notation_in(text), "\n".join(d_notation_in(text)[:40])


def test_the_demo_is_czech() -> None:
    r = combat("demo", "--ruleset", "czech_pool")
    assert r.returncode == 0, r.stderr
    assert not english_in(r.stdout), "\n".join(english_in(r.stdout)[:40])


def test_english_stays_english(tmp_path: Path) -> None:
    f = tmp_path / "fight.json"
    combat("new", str(f), "--ruleset", "czech_pool")
    r = combat("play", str(f), "--script", "-", "--lang", "en",
               stdin="add Ann agility=3 melee=2\nadd Bob\nstart\ndeclare Anna melee Bob\n")
    assert 'no combatant "Anna"' in r.stdout + r.stderr
