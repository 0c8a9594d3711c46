"""``combat report`` from the installed program on real files, for all four rulesets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import BUILT_IN, unchanged
from tests.web.helpers import SECRET_FIGHT, SECRETS, combat, make_fight

RULESETS = BUILT_IN


def demo_fight(tmp_path: Path, ruleset: str) -> Path:
    from combat_cli import plugins

    lines = [ln for ln in plugins.load(ruleset).demo() if ln.strip() != "status"]
    return make_fight(tmp_path / f"{ruleset}.json", ruleset, lines, seed=7)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_markdown_report_of_each_ruleset(tmp_path: Path, ruleset: str) -> None:
    fight = demo_fight(tmp_path, ruleset)
    text = combat("report", str(fight)).stdout
    czech = ruleset == "czech_pool"
    for heading in (["Kdo bojoval", "Tah po tahu", "Tah 1", "Kdo zůstal stát", "Co zbývá"]
                    if czech else
                    ["Who fought", "Round by round", "Round 1", "Left standing", "What is due"]):
        assert heading in text, heading
    table = [ln for ln in text.splitlines() if ln.startswith("| ")]
    assert len({len(re.findall(r"(?<!\\)\|", ln)) for ln in table}) == 1  # a clean table
    player = combat("report", str(fight), "--player").stdout
    assert ("pohled hráčů" if czech else "players' view") in player
    assert not re.search(r"\d+d10|\dD\b| vs \d", player)  # no pools or difficulties


@pytest.mark.parametrize("ruleset", RULESETS)
def test_html_report_is_one_self_contained_file(tmp_path: Path, ruleset: str) -> None:
    fight = demo_fight(tmp_path, ruleset)
    out = tmp_path / "report.html"
    p = combat("report", str(fight), "--format", "html", "-o", str(out))
    assert str(out) in p.stdout
    page = out.read_text(encoding="utf-8")
    assert page.startswith("<!doctype html>") and page.count("<svg") == 1
    assert "<script" not in page and "src=" not in page and "<link" not in page
    assert "@media print" in page
    assert page.count("<circle") >= 4  # dots of the chart
    if ruleset == "czech_pool":
        assert 'lang="cs"' in page and "Zranění po tazích" in page


def test_the_chart_follows_the_wounds_round_by_round(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "f.json", "d6", [
        "add Mina side=pc Constitution=3D", "add Thug Constitution=2D", "start", "end",
        "damage Mina Wounded", "end", "damage Mina Wounded Twice", "end",
        "damage Thug Incapacitated"])
    page = combat("report", str(fight), "--format", "html", "--player").stdout
    mina = re.findall(r"<title>Mina, (\d+): ([a-z ]+)</title>", page)
    assert mina == [("1", "unhurt"), ("2", "hurt"), ("3", "badly hurt"), ("4", "badly hurt")]
    thug = re.findall(r"<title>Thug, (\d+): ([a-z ]+)</title>", page)
    assert thug[-1] == ("4", "down")
    md = combat("report", str(fight)).stdout
    assert "Thug (Incapacitated)" in md and "- PCs: Mina" in md
    assert "natural healing roll" in md  # what is due


def test_the_gms_chart_uses_the_rulesets_own_wound_levels(tmp_path: Path) -> None:
    """Stunned and Wounded are both drawn at the first height, but the GM's chart says which
    (the players' report keeps the players' four words)."""
    fight = make_fight(tmp_path / "g.json", "d6", [
        "add Mina side=pc Constitution=3D", "add Thug Constitution=2D", "start", "end",
        "damage Thug Stunned", "damage Mina Wounded", "end", "damage Mina Wounded Twice", "end",
        "damage Thug Incapacitated"])
    page = combat("report", str(fight), "--format", "html").stdout
    mina = re.findall(r"<title>Mina, (\d+): ([A-Za-z ]+)</title>", page)
    assert mina == [("1", "unhurt"), ("2", "Wounded"), ("3", "Wounded Twice"),
                    ("4", "Wounded Twice")]
    thug = re.findall(r"<title>Thug, (\d+): ([A-Za-z ]+)</title>", page)
    assert thug == [("1", "unhurt"), ("2", "Stunned"), ("3", "Stunned"), ("4", "Incapacitated")]
    legend = re.findall(r">(\d) ([A-Za-z, ]+)</text>", page)
    assert ("1", "Stunned, Wounded") in legend or ("1", "Wounded, Stunned") in legend
    assert not {"hurt", "badly hurt", "down"} & {t for _, t in mina + thug}
    player = combat("report", str(fight), "--format", "html", "--player").stdout
    assert "Thug, 2: hurt" in player and "Stunned</title>" not in player


def test_player_report_keeps_every_secret(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "s.json", "d6", SECRET_FIGHT)
    for fmt in ("md", "html"):
        text = combat("report", str(fight), "--player", "--format", fmt).stdout
        for secret in SECRETS:
            assert secret not in text, (fmt, secret)
        assert "Someone unseen" in text
    gm = combat("report", str(fight)).stdout
    assert "Shadowblade" in gm and "SECRETNOTE" in gm and "hidden from the players" in gm


def test_names_cannot_break_the_markdown_or_the_html(tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "n.json", "d6", [
        'add "Bob|*x*" side=pc', 'add "<b>Eve</b>"', 'add Escape', "start"])
    # typed control characters are refused; a file someone sent may still hold them
    text = fight.read_text(encoding="utf-8")
    assert '"Escape"' in text
    fight.write_text(text.replace('"Escape"', '"Esc\\u001b[2Jape\\u009b"'), encoding="utf-8")
    md = combat("report", str(fight)).stdout
    for text in (md, combat("report", str(fight), "--format", "html").stdout,
                 combat("report", str(fight), "--player").stdout):
        assert "\x1b" not in text and "\u009b" not in text and "Esc" in text
    assert r"Bob\|\*x\*" in md and r"\<b\>Eve\</b\>" in md
    page = combat("report", str(fight), "--format", "html").stdout
    assert "<b>Eve" not in page and "&lt;b&gt;Eve" in page


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    fight = demo_fight(tmp_path, "d12")
    p = combat("report", str(fight), "--format", "pdf", check=False)
    assert p.returncode == 2 and "md, html" in p.stderr
    with unchanged(fight):
        p = combat("report", str(fight), "-o", str(fight), check=False)
    assert p.returncode == 2 and "encounter file itself" in p.stderr
    p = combat("report", str(tmp_path / "none.json"), check=False)
    assert p.returncode == 1 and p.stderr.count("\n") == 1 and "no such file" in p.stderr
    p = combat("report", str(fight), "-o", str(tmp_path / "no" / "dir.md"), check=False)
    assert p.returncode == 1 and "can't write" in p.stderr


def test_rounds_older_than_the_undo_history_are_said_to_be_unknown(tmp_path: Path) -> None:
    lines = ["add Mina side=pc Constitution=3D", "start"]
    for r in range(4):
        lines += [f"condition Mina +Mark{r}{i} custom=yes" for i in range(40)] + ["end"]
    fight = make_fight(tmp_path / "long.json", "d6", lines)
    page = combat("report", str(fight), "--format", "html").stdout
    rounds = [int(r) for r in re.findall(r"<title>Mina, (\d+): ", page)]
    assert rounds and rounds[0] > 1 and rounds[-1] == 5
    assert f"before round {rounds[0]} are no longer in the file" in page
