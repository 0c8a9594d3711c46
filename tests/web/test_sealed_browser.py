"""Sealed declarations in a real browser, with the GM at a real REPL: headless Chromium with
a table page and two phones at phone size (each its own browser context), and ``combat play
--serve --dice players`` in a pseudo-terminal (pexpect) for the GM. Each PC's declaration is
built on its phone's form and sent; the GM types only the NPCs' declarations, ``reveal`` and
``resolve all``; the PCs' dice (and reactions) are entered on the phones. Until the reveal no
page holds another character's declaration or any NPC's. A Storypath round is played with
each PC's turn chosen on its phone and confirmed by the GM's Enter."""

from __future__ import annotations

import io
import json
import os
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.test_repl_dice import spawn
from tests.web.cdp import Chromium, Page
from tests.web.helpers import make_fight
from tests.web.test_phones_browser import BINARY, DOCS, join, phone, play_out

pytestmark = pytest.mark.skipif(BINARY is None, reason="no Chromium (.ci/run installs it)")
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
PROMPT = re.compile(r"(combat|souboj)>")


@pytest.fixture(scope="module")
def browser():
    b = Chromium(BINARY or "chromium")
    yield b
    b.close()


class ReplGM:
    """The GM at the REPL (``combat play FILE --serve``) in a pseudo-terminal."""

    def __init__(self, path: Path, *args: str) -> None:
        self.child = spawn(path, "--serve", "--port", "0", *args)
        self.out = io.StringIO()
        self.child.logfile_read = self.out
        self.child.expect(r"http://127\.0\.0\.1:(\d+)/")
        self.port = int(self.child.match.group(1))
        self.origin = f"http://127.0.0.1:{self.port}"
        self.child.expect(PROMPT)

    @property
    def seen(self) -> list[str]:
        return [self.text()[-3000:]]

    def text(self) -> str:
        return ANSI.sub("", self.out.getvalue())

    def said(self, pattern: str) -> bool:
        try:  # read what has come so far
            self.child.expect(r"\$\$never\$\$", timeout=0.05)
        except Exception:  # noqa: BLE001 - pexpect's timeout: nothing more yet
            pass
        return re.search(pattern, self.text()) is not None

    def type(self, *lines: str, wait: bool = True) -> None:
        for line in lines:
            mark = len(self.text())
            self.child.sendline(line)
            if wait:  # the command's output, then the next prompt
                end = time.monotonic() + 20
                while not PROMPT.search(self.text()[mark:].split(line, 1)[-1]):
                    assert time.monotonic() < end, self.text()[-2000:]
                    self.said("")

    def expect(self, pattern: str, timeout: float = 20) -> None:
        end = time.monotonic() + timeout
        while not self.said(pattern):
            assert time.monotonic() < end, f"no {pattern!r} in:\n{self.text()[-3000:]}"

    def code(self) -> str:
        pattern = r"/join\b.*?\b([A-HJ-NP-Z2-9]{6})\b"
        self.child.sendline("players")
        self.expect(pattern)
        m = re.search(pattern, self.text())
        assert m is not None
        return m.group(1)

    def close(self) -> None:
        import pexpect

        if self.child.isalive():
            self.child.sendeof()
            try:
                self.child.expect(pexpect.EOF, timeout=15)
            except pexpect.TIMEOUT:
                pass
        self.child.close(force=True)


def declare_on(page: Page, actions: list[tuple[str, str | None, dict[str, str]]]) -> str:
    """Build the declaration on the phone's form (action, target, options, one row each),
    send it, and wait for the phone to say it is in; returns the line the form sent."""
    page.wait_for("!document.getElementById('decl').hidden")
    for i, (name, target, options) in enumerate(actions):
        if i:
            page.js("document.getElementById('decl-add').click()")
        row = f"document.querySelectorAll('#decl-rows .decl-row')[{i}]"
        page.js(f"(() => {{ const s = {row}.querySelector('select'); s.value = "
                f"{json.dumps(name)}; s.dispatchEvent(new Event('change')); }})()")
        if target is not None:
            page.js(f"(() => {{ const s = {row}.querySelectorAll('select')[1]; s.value = "
                    f"{json.dumps(target)}; s.dispatchEvent(new Event('change')); }})()")
        for key, value in options.items():
            page.js(f"""(() => {{
              const label = [...{row}.querySelectorAll('label')].find(
                l => l.firstChild.textContent.trim() === {json.dumps(key)});
              const input = label.querySelector('input, select');
              input.value = {json.dumps(value)};
              input.dispatchEvent(new Event(input.tagName === 'SELECT' ? 'change' : 'input'));
            }})()""")
    line = str(page.js("document.getElementById('decl-line').textContent"))
    page.js("document.getElementById('decl-send').click()")
    page.wait_for("document.getElementById('decl-refused').textContent !== '' || "
                  "document.getElementById('decl-state').textContent !== '' || "
                  "document.getElementById('decl').hidden")
    refused = page.js("document.getElementById('decl-refused').textContent")
    assert not refused, (line, refused)
    return line


def dom(page: Page) -> str:
    return str(page.js("document.documentElement.outerHTML"))


ROUNDS: dict[str, dict[str, Any]] = {
    "d6": {
        "lines": ['add Mina side=pc Instincts=3D+2 "Missile Weapons=5D" Dodge=3D '
                  'weapon="Repeating Crossbow"',
                  "add Lector side=pc Instincts=3D Firearms=4D Dodge=3D Constitution=3D "
                  'weapon="Heavy Pistol"',
                  "add Thug Instincts=2D Brawling=3D Strength=3D Constitution=3D"],
        "pcs": {"Mina": [("shoot", "Thug", {"cover": "half"})],
                "Lector": [("shoot", "Thug", {}), ("dodge", None, {})]},
        "secret": {"Mina": "cover=half", "Lector": "shoot Thug, dodge"},
        "npcs": ["declare Thug brawl Lector"], "npc_secret": "brawl Lector",
        "cost": ("Lector", "-1D"), "started": r"Round 1 · declare",
        "done": r"Round 1 · resolve"},
    "czech_pool": {
        "lines": ["add Bořek side=pc Obratnost=4 Boj=4 Atletika=3 Odolnost=4 Konstituce=5 "
                  "Postřeh=3 Obezřetnost=3 Zbraň=meč Zbroj=2",
                  "add Jitka side=pc rod=ž Obratnost=2 Zručnost=3 Střelba=3 Boj=1 Atletika=2 "
                  "Odolnost=2 Konstituce=2 Postřeh=3 Obezřetnost=3 Zbraň=luk",
                  "add Zbojník Obratnost=3 Boj=3 Rvačka=2 Atletika=1 Odolnost=5 Konstituce=8 "
                  "Postřeh=2 Obezřetnost=2 Zbraň=sekera"],
        "pcs": {"Bořek": [("boj", "Zbojník", {"volba": "nevýhoda"})],
                "Jitka": [("střelba", "Zbojník", {})]},
        "secret": {"Bořek": "volba=nevýhoda", "Jitka": "střelba Zbojník"},
        "npcs": ["declare Zbojník boj Bořek"], "npc_secret": "boj Bořek",
        "title": "Ohlášení", "started": r"Tah 1 · ohlašování", "done": r"Tah 1 · vyhodnocování"},
    "d12": {
        "lines": ["add Cory side=pc Strength=5 Agility=6 Precision=4 Intelligence=5 Will=5 "
                  "Dodge=1 Fighting=2",
                  "add Ann side=pc Strength=4 Agility=4 Precision=4 Fighting=1",
                  "add Thug Strength=4 Agility=3 Fighting=1"],
        "pcs": {"Cory": [("attack", "Thug", {"bid": "2"}),
                         ("defend", None, {"bid": "1", "from": "Thug"})],
                "Ann": [("attack", "Thug", {"bid": "3"})]},
        "secret": {"Cory": "from=Thug", "Ann": "bid=3"},
        "npcs": ["declare Thug attack Cory bid=4"], "npc_secret": "bid=4",
        "started": r"Round 1 · declare", "done": r"Round 1 · resolve"},
}


@pytest.mark.parametrize("ruleset", sorted(ROUNDS))
def test_a_round_declared_sealed_and_rolled_on_two_phones(tmp_path: Path, ruleset: str,
                                                          browser: Chromium) -> None:
    spec = ROUNDS[ruleset]
    gm = ReplGM(make_fight(tmp_path / "fight.json", ruleset, spec["lines"]), "--dice",
                "players")
    table = browser.context_page()
    table.call("Runtime.enable")
    table.call("Page.navigate", url=gm.origin + "/")
    phones = {pc: phone(browser) for pc in spec["pcs"]}
    try:
        code = gm.code()
        for pc, page in phones.items():
            join(page, gm, code, pc)  # type: ignore[arg-type]
        gm.child.sendline("start")  # what the rules roll at the start, rolled on the phones
        answered = play_out(gm, phones, done=spec["started"], timeout=30)  # type: ignore[arg-type]
        for pc, actions in spec["pcs"].items():
            page = phones[pc]
            if "title" in spec:
                page.wait_for("!document.getElementById('decl').hidden")
                assert page.js("document.getElementById('decl-title').textContent") == \
                    spec["title"]
            line = declare_on(page, actions)
            gm.expect(re.escape(line))
            if spec.get("cost", ("",))[0] == pc:
                assert spec["cost"][1] in page.js(
                    "document.getElementById('decl-cost').textContent")
            if ruleset == "d6" and pc == "Lector" and os.environ.get("COMBAT_UPDATE_DOCS"):
                (DOCS / "phone-declare.png").write_bytes(page.screenshot())
        table.wait_for("document.getElementById('waiting').textContent.includes('2')")
        gm.type(*spec["npcs"])
        gm.type("sealed")
        time.sleep(0.5)  # the pages have followed the GM's declarations
        for pc, page in phones.items():
            html = dom(page)
            assert spec["npc_secret"] not in html, (pc, "an NPC's declaration before reveal")
            for other, secret in spec["secret"].items():
                if other != pc:
                    assert secret not in html, (pc, other)
        table_html = dom(table)
        assert spec["npc_secret"] not in table_html
        assert all(s not in table_html for s in spec["secret"].values())
        gm.type("reveal")
        gm.child.sendline("resolve all")
        answered += play_out(gm, phones, done=spec["done"], timeout=60)  # type: ignore[arg-type]
        assert set(spec["pcs"]) <= {a.split(":")[0] for a in answered}, answered
        assert gm.said(r"\((phone|mobil)\)")
        for page in (table, *phones.values()):
            assert page.errors() == []
    finally:
        for page in (table, *phones.values()):
            page.close()
        gm.close()


def test_a_storypath_round_with_each_pcs_turn_chosen_on_its_phone(tmp_path: Path,
                                                                  browser: Chromium) -> None:
    lines = ["add Ann side=pc Dexterity=3 Athletics=2 Close=3 Might=2 Stamina=2 Cunning=3",
             "add Ben side=pc Dexterity=3 Athletics=2 Close=2 Might=2 Stamina=2",
             "add Orc Dexterity=2 Athletics=1 Close=1 Might=2 Stamina=2"]
    gm = ReplGM(make_fight(tmp_path / "sp.json", "storypath", lines), "--dice", "players")
    phones = {pc: phone(browser) for pc in ("Ann", "Ben")}
    try:
        code = gm.code()
        for pc, page in phones.items():
            join(page, gm, code, pc)  # type: ignore[arg-type]
        gm.child.sendline("start")  # the PCs' initiative rolled on their phones
        play_out(gm, phones, done=r"Round 1 · turns", timeout=30)  # type: ignore[arg-type]
        acted: list[str] = []
        for _ in range(6):
            if len(acted) == 2:
                break
            time.sleep(0.5)
            ready = [pc for pc, page in phones.items() if pc not in acted and
                     page.js("!document.getElementById('decl').hidden")]
            if not ready:  # the Orc's turn: the GM plays it (Ann rolls her Defense)
                gm.child.sendline("act Orc attack Ann")
                play_out(gm, phones, done=r"Orc attacks Ann", timeout=30)  # type: ignore[arg-type]
                gm.type("next")
                continue
            pc = ready[0]
            line = declare_on(phones[pc], [("attack", "Orc", {})])
            assert line == "attack Orc"
            gm.expect(re.escape(f"{pc}'s phone: act {pc} attack Orc — Enter (or y) does it"))
            gm.child.sendline("")
            play_out(gm, phones, done=rf"{pc} attacks Orc", timeout=30)  # type: ignore[arg-type]
            gm.type("next")
            acted.append(pc)
        assert acted == sorted(acted, key=acted.index) and set(acted) == {"Ann", "Ben"}, (
            acted, gm.text()[-2000:])
        for page in phones.values():
            assert page.errors() == []
    finally:
        for page in phones.values():
            page.close()
        gm.close()
