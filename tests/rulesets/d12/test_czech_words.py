"""d12 at a Czech table (``--lang cs``): its log lines, errors, help, round table and stat
names in natural Czech from its own catalogue (rulesets/combat_rulesets/d12/locale/cs), a
status agreeing with a feminine fighter (Jitka: Zraněná), counted hits in their plural forms;
the same fight in English says exactly what it always said."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
FIGHT = (f"import {ROOT / 'examples' / 'd12.toml'}\nadd Cory template=cory\n"
         "add Jitka template=puncher\nstart\ndeclare Cory attack Jitka bid=3\n"
         "declare Jitka attack Cory bid=full\nresolve all\nend\nstatus\n"
         "damage Jitka 2\ndamage Jitka 1\nhelp rules\nhelp attack\n"
         "declare Cory attack Jitka bid=9\n")
"""Seed 3: Jitka 4 + 7 + 1 = 12 against Cory 10 + 3 + 2 = 15 (the example's first duel); the
last line is refused (a bid over Cory's Strength 5) and stops the script."""


def _play(tmp_path: Path, lang: str, script: str = FIGHT) -> str:
    env = dict(os.environ, COMBAT_HISTORY="", COLUMNS="200")
    env.pop("COMBAT_LOCALE_PATH", None)
    f = tmp_path / f"{lang}-{len(list(tmp_path.iterdir()))}.json"
    run = [sys.executable, "-m", "combat_cli"]
    subprocess.run([*run, "new", str(f), "--ruleset", "d12", "--lang", lang], env=env,
                   capture_output=True, text=True, timeout=60, check=True)
    r = subprocess.run([*run, "play", str(f), "--lang", lang, "--seed", "3", "--script", "-"],
                       input=script, env=env, capture_output=True, text=True, timeout=60,
                       encoding="utf-8")
    return r.stdout + r.stderr


def _lines(said: str) -> list[str]:
    return [" ".join(line.split()) for line in said.splitlines()]


def test_a_czech_d12_fight_is_told_in_czech(tmp_path: Path) -> None:
    said = _play(tmp_path, "cs")
    lines = _lines(said)
    # the stat names as a Czech table shows them; the skills as the stat block names them
    assert "Cory vstupuje do boje (hráč): Síla=5, Obratnost=6, Přesnost=4, Inteligence=5, " \
           "Vůle=5, Dodge=1, Fighting=2" in lines
    assert "Jitka a Cory útočí jeden na druhého: jeden duel" in lines
    assert "duel: Jitka × Cory – 12 proti 15, Cory vítězí a zasahuje → Jitka -1 tělo 13/14" \
        in lines
    # the round table: its columns, and the status agreeing with Jitka (feminine)
    assert any(line.split()[:2] == ["#", "Jméno"] and line.endswith("Stav Zdraví")
               for line in lines), said
    assert "1 Jitka Ji Zraněná Tělo 13/14" in lines
    # counted hits: 2 body, 1 bod
    assert "Jitka ztrácí 2 body – Tělo (přímo): zbývá 11/14" in lines
    assert "Jitka ztrácí 1 bod – Tělo (přímo): zbývá 10/14" in lines
    # help: a house rule described in Czech; an action's options as the GM types them
    assert "task.display: AMB-D12-1: effective (k12 - dovednost - rp proti TN) nebo target " \
           "(k12 proti TN + dovednost + rp)" in lines
    assert "attack CÍL [bid=...] [skill=...] [with=...] [realm=...] [range=...] [path=...] " \
           "[reach=...]" in lines
    assert "bid= sázka vlastnosti: číslo nebo full (nejvýš řídící vlastnost)" in lines
    # an error
    assert "chyba: Cory sází 9, ale sázka na blízko je nejvýš Síla 5 (tělesná říše): vsaďte 5 " \
           "nebo méně" in lines


def test_the_log_says_a_feminine_fighters_wound_in_the_feminine(tmp_path: Path) -> None:
    said = _play(tmp_path, "cs", FIGHT.replace("resolve all\n", "resolve all\nlog 3\n"))
    assert "Jitka ztrácí 1 bod – Tělo (Cory, tělesná říše: Účinek 1: punch: seznam účinků 1): " \
           "zbývá 13/14, Zraněná" in said
    said = _play(tmp_path, "cs", FIGHT.replace("Jitka", "Bořek"))
    assert "Bořek ztrácí 1 bod – Tělo (přímo): zbývá 10/14" in _lines(said)
    assert "1 Bořek Bo Zraněný Tělo 13/14" in _lines(said)


def test_a_czech_gm_may_type_the_czech_stat_names(tmp_path: Path) -> None:
    line = "add Bořek Síla=4 obratnost=3 Vule=2 Fighting=1\n"
    assert "Bořek vstupuje do boje (CP): Síla=4, Obratnost=3, Vůle=2, Fighting=1" in \
        _lines(_play(tmp_path, "cs", line))
    # kept as the stats they name, not as skills: an English table shows them in English
    assert "Bořek joins (npc): Strength=4, Agility=3, Will=2, Fighting=1" in \
        _lines(_play(tmp_path, "en", line))


def test_the_same_fight_in_english_is_worded_as_before(tmp_path: Path) -> None:
    said = _play(tmp_path, "en")
    lines = _lines(said)
    assert "Cory joins (pc): Strength=5, Agility=6, Precision=4, Intelligence=5, Will=5, " \
           "Dodge=1, Fighting=2" in lines
    assert "Jitka and Cory attack each other: one duel" in lines
    assert "Jitka duels Cory: 12 vs 15, Cory wins and connects → Jitka -1 body 13/14" in lines
    assert "1 Jitka Ji Hurt Body 13/14" in lines
    assert "Jitka takes 2 Body hits (direct): 11/14 left" in lines
    assert "Jitka takes 1 Body hit (direct): 10/14 left" in lines
    assert "task.display: AMB-D12-1: effective (d12 - skill - rp vs TN) or target (d12 vs TN + " \
           "skill + rp)" in lines
    assert "bid= stat bid: a number or full (at most the governing characteristic)" in lines
    assert "error: Cory bids 9 but a melee bid in the corporeal realm is at most Strength 5: " \
           "bid 5 or less" in lines
