"""The phones in a real browser: headless Chromium, a table page and phone pages at phone
size, each phone in a browser context of its own (its own cookie). The GM is a script piped
line by line (``combat play --script - --serve``); the players join with the code and enter
their own dice on the buttons. No console error, no secret in any page's DOM. The README's
pictures of the joining screen and the hand page come from here
(``COMBAT_UPDATE_DOCS=1`` writes them to docs/)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from tests.web.cdp import Chromium, Page, find_chromium
from tests.web.helpers import LiveTable, make_fight
from tests.web.test_phones import EVERYONE_SECRET, ROUND, SECRET_LINES

DOCS = Path(__file__).resolve().parents[2] / "docs"
BINARY = find_chromium()
pytestmark = pytest.mark.skipif(BINARY is None, reason="no Chromium (.ci/run installs it)")
ASKED = "!!document.getElementById('ask') && !document.getElementById('ask').hidden"


@pytest.fixture(scope="module")
def browser():
    b = Chromium(BINARY or "chromium")
    yield b
    b.close()


def phone(browser: Chromium) -> Page:
    page = browser.context_page()
    for domain in ("Runtime", "Log", "Page"):
        page.call(f"{domain}.enable")
    page.call("Emulation.setDeviceMetricsOverride", width=390, height=844,
              deviceScaleFactor=1, mobile=True)
    return page


def join(page: Page, live: LiveTable, code: str, pc: str, shot: str = "") -> None:
    """Open /join, type the code, pick the character, press Join: the hand page opens."""
    page.call("Page.navigate", url=live.origin + "/join")
    page.wait_for("document.querySelectorAll('#pc option').length > 0")
    page.js(f"document.getElementById('code').value = {json.dumps(code)}")
    page.js(f"document.getElementById('pc').value = {json.dumps(pc)}")
    if shot and os.environ.get("COMBAT_UPDATE_DOCS"):
        (DOCS / shot).write_bytes(page.screenshot())
    page.js("setTimeout(() => document.getElementById('j-go').click(), 0)")
    page.wait_for(f"location.pathname === '/me' && "
                  f"(document.getElementById('name') || {{}}).textContent === {json.dumps(pc)}")


def enter(page: Page, face: int = 4, shot: str = "") -> None:
    """Tap ``face`` once for every die asked, then Send (a roll of the phone's own)."""
    ask = page.js_async("fetch('/api/me').then(r => r.json()).then(d => d.ask)")
    assert ask and ask["kind"] == "dice", ask
    for term in ask["terms"]:
        for _ in range(term["count"]):
            index = [t["count"] for t in ask["terms"]].index(term["count"])
            page.js(f"document.querySelectorAll('#pads .keys')[{index}]"
                    f".children[{min(face, term['sides']) - 1}].click()")
    if shot and os.environ.get("COMBAT_UPDATE_DOCS"):
        (DOCS / shot).write_bytes(page.screenshot())
    page.js("document.getElementById('send').click()")
    page.wait_for("document.getElementById('ask').hidden || "
                  f"!document.getElementById('ask-text').textContent.includes("
                  f"{json.dumps(ask['text'])})")


def react(page: Page, choice: str) -> None:
    """Tap the reaction ``choice`` (or pass) of the question on the phone."""
    text = page.js("document.getElementById('ask-text').textContent")
    page.js(f"document.querySelector('#choices [data-choice={json.dumps(choice)}]').click()")
    page.wait_for("document.getElementById('ask').hidden || "
                  f"document.getElementById('ask-text').textContent !== {json.dumps(text)}")


def play_out(live: LiveTable, phones: dict[str, Page], done: str, timeout: float = 30,
             reactions: dict[str, str] | None = None) -> list[str]:
    """Answer every roll (and reaction, with ``reactions``' choice or pass) asked of a phone
    until the GM's output says ``done``; returns who answered, in order."""
    reactions = reactions or {}
    answered: list[str] = []
    end = time.monotonic() + timeout
    while not live.said(done):
        assert time.monotonic() < end, "".join(live.seen)
        for pc, page in phones.items():
            if page.js(ASKED) and page.js("document.getElementById('dice-area').hidden") is False:
                enter(page, shot="phone-roll.png" if not answered else "")
                answered.append(pc)
            elif page.js(ASKED) and page.js("document.getElementById('choices').hidden") is False:
                react(page, reactions.get(pc, "pass"))
                answered.append(f"{pc}: {reactions.get(pc, 'pass')}")
        time.sleep(0.05)
    return answered


def test_a_d6_round_with_both_pcs_dice_entered_on_their_phones(tmp_path: Path,
                                                               browser: Chromium) -> None:
    fight = make_fight(tmp_path / "fight.json", "d6", ROUND + SECRET_LINES)
    live = LiveTable(fight, "--dice", "players", "--seed", "4")
    table = browser.context_page()
    table.call("Runtime.enable")
    table.call("Page.navigate", url=live.origin + "/")
    mina, lector = phone(browser), phone(browser)
    try:
        DOCS.mkdir(exist_ok=True)
        code = live.code()
        join(mina, live, code, "Mina", shot="phone-join.png")
        join(lector, live, code.lower(), "Lector")
        live.gm("start", "declare Mina shoot Thug", "declare Lector shoot Thug",
                "declare Thug brawl Lector", "resolve all")
        mina.wait_for(ASKED)
        table.wait_for("document.getElementById('waiting').textContent.includes('Mina')")
        answered = play_out(live, {"Mina": mina, "Lector": lector},
                            done=r"Round 1 · resolve · day")
        assert "Mina" in answered and "Lector" in answered, answered
        assert live.said(r"\(phone\)")
        for page in (table, mina, lector):
            html = page.js("document.documentElement.outerHTML")
            for secret in EVERYONE_SECRET:
                assert secret not in html, secret
            assert page.errors() == []
        assert "Firearms" not in mina.js("document.documentElement.outerHTML")
        assert mina.js("document.documentElement.scrollWidth <= window.innerWidth + 1")
        if os.environ.get("COMBAT_UPDATE_DOCS"):
            (DOCS / "phone-card.png").write_bytes(mina.screenshot())
    finally:
        for page in (table, mina, lector):
            page.close()
        live.close()


OTHERS = {
    "storypath": (["add Ann side=pc cunning=3 close_combat=3", "add Thug cunning=0 health=3"],
                  "Ann", ["start"], r"Initiative: Ann"),
    "d12": (["add Cory side=pc Strength=5 Agility=3", "add Thug Strength=3 Agility=2"],
            "Cory", ["start", "declare Cory attack Thug bid=2", "declare Thug attack Cory bid=1",
                     "resolve all"], r"Cory duels Thug: \d+ vs \d+"),
    "czech_pool": (["add Bořek side=pc Obratnost=4 Boj=4 Odolnost=4 Konstituce=5",
                    "add Zbojník Obratnost=3 Boj=3 Odolnost=2 Konstituce=3"],
                   "Bořek", ["start", "declare Bořek boj Zbojník", "declare Zbojník boj Bořek",
                             "resolve"], r"Bořek"),
}


@pytest.mark.parametrize("ruleset", sorted(OTHERS))
def test_a_roll_of_each_other_ruleset_is_entered_on_the_phone(tmp_path: Path, ruleset: str,
                                                             browser: Chromium) -> None:
    lines, pc, gm, done = OTHERS[ruleset]
    live = LiveTable(make_fight(tmp_path / "fight.json", ruleset, lines), "--dice", "players",
                     "--seed", "3")
    page = phone(browser)
    try:
        join(page, live, live.code(), pc)
        live.gm(*gm)
        page.wait_for(ASKED)
        enter(page)
        live.expect(r"\((phone|mobil)\)")  # in the table's language
        live.expect(done)
        assert page.errors() == []
    finally:
        page.close()
        live.close()
