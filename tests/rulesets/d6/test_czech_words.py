"""d6 in Czech: a short fight's log lines are the catalogue's (d6.po), a wound level agrees
with the fighter."""

from __future__ import annotations

from pathlib import Path

from tests.rulesets.play import combat

EX = Path(__file__).resolve().parents[3] / "examples"
FIGHT = (f"import {EX / 'd6.toml'}\nadd Mina template=mina\nadd Thug template=thug\nstart\n"
         "declare Mina shoot Thug\ndeclare Thug brawl Mina\nresolve all\nend\nend fight\n")


def test_a_d6_fight_in_czech(tmp_path: Path) -> None:
    f = tmp_path / "d6.json"
    combat("new", str(f), "--ruleset", "d6", "--lang", "cs")
    said = combat("play", str(f), "--lang", "cs", "--seed", "3", "--script", "-", stdin=FIGHT)
    lines = [x.strip() for x in said.splitlines()]
    assert "Mina střílí na Thug: 17 proti 10, zásah; poškození 20 proti 7 → Smrtelně zraněný" \
        in lines
    assert "Thug: rvačka propadá (Thug: Smrtelně zraněný)" in lines
    assert "Thug: hod o život: 7 proti počtu tahů 1 → vydrží" in lines
    assert "za 4w 1d: Thug: hod na přirozené hojení (Smrtelně zraněný)" in lines
    report = combat("report", str(f), "--lang", "cs")
    assert "Thug odolává poškození 20: Konstituce 3D hází 7" in report
    assert "Mina střílí na Thug (Opakovací kuše): 17 proti 10 (krátký dostřel 10), zásah" \
        in report


SETUP = (f"import {EX / 'd6.toml'}\nadd Mina template=mina\nadd Thug template=thug\n"
         "add Lector template=lector\n")


def play_cs(tmp_path: Path, script: str, seed: str = "3") -> list[str]:
    f = tmp_path / "d6.json"
    f.unlink(missing_ok=True)
    combat("new", str(f), "--ruleset", "d6", "--lang", "cs")
    said = combat("play", str(f), "--lang", "cs", "--seed", seed, "--script", "-",
                  stdin=SETUP + script)
    return [x.strip() for x in said.splitlines()]


def test_a_dodge_without_the_skill_is_refused_in_czech(tmp_path: Path) -> None:
    lines = play_cs(tmp_path, "start\ndeclare Thug dodge\n")
    assert "chyba: Thug nemá dovednost Úhyb: nastav Thug Dodge=3D" in lines


def test_first_aid_in_czech_its_roll_and_its_refusals(tmp_path: Path) -> None:
    lines = play_cs(tmp_path, "damage Thug Wounded\nošetři Lector Thug\nošetři Lector Thug\n")
    assert "Lector: První pomoc pro Thug (Zraněný): 12 proti 10, úspěch" in lines
    assert "chyba: Thug nemá žádné zranění" in lines  # the second one: healed already
    lines = play_cs(tmp_path, "damage Thug Killed\nošetři Lector Thug\n")
    assert "chyba: Thug už nežije: první pomoc nepomůže" in lines
    lines = play_cs(tmp_path, "damage Thug Killed\nvyleč Thug\n")
    assert "chyba: Thug už nežije: léčení mrtvé neoživí; použij oživ Thug [STUPEŇ]" in lines


def test_a_bad_die_code_is_refused_in_czech(tmp_path: Path) -> None:
    lines = play_cs(tmp_path, "set Mina Strength=5Q\n")
    assert "chyba: Strength: '5Q' není kód kostek: zkus 3D+1, 4D nebo +2" in lines
