"""The players' page, the hand page and the HTML report as a browser draws them (headless
Chromium over DevTools): every text is readable against what is behind it (WCAG contrast of
at least 4.5:1, computed from the page's own CSS), a phone 360 px wide tells PCs from NPCs
by a word and cuts no condition, a 1366x768 laptop shows the log without scrolling, and the
page shows the fight at its first paint, before any live update, with no script from a name.
"""

from __future__ import annotations

import base64
import json
import re
import time
from pathlib import Path

import pytest

from combat_cli.web.app import asset
from tests.web.cdp import Chromium, Page, find_chromium
from tests.web.helpers import Server, combat, make_fight

BINARY = find_chromium()
pytestmark = pytest.mark.skipif(BINARY is None, reason="no Chromium (.ci/run installs it)")

CONTRAST = r"""(() => {
  const rgb = s => { const m = /rgba?\(([^)]+)\)/.exec(s || ''); if (!m) return null;
    const p = m[1].split(/[ ,\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const lum = c => { const f = v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const back = e => { for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor); if (c && c[3] > 0) return c; }
    return [255, 255, 255, 1]; };
  const ratio = (a, b) => { const x = lum(a), y = lum(b);
    return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05); };
  const bad = [];
  const judge = (text, e, fg, bg) => { const r = ratio(fg, bg);
    if (r < 4.5) bad.push([text.slice(0, 40), e.tagName + '#' + e.id + '.' + e.className.baseVal
      + e.className, fg.join(','), bg.join(','), Math.round(r * 100) / 100]); };
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  let n;
  while ((n = walk.nextNode())) {
    const e = n.parentElement, text = n.textContent.trim();
    if (!text || !e || !e.getClientRects().length || e.closest('.sr, noscript, script'))
      continue;
    const st = getComputedStyle(e);
    if (st.visibility === 'hidden') continue;
    if (e instanceof SVGElement) judge(text, e, rgb(st.fill), [244, 244, 244, 1]);
    else judge(text, e, rgb(st.color), back(e));
  }
  document.querySelectorAll('input, select').forEach(e => {  // typed text has no text node
    if (e.getClientRects().length)
      judge(e.value || e.tagName, e, rgb(getComputedStyle(e).color), back(e)); });
  document.querySelectorAll('th, li, p, h1, h2').forEach(e => {
    for (const pseudo of ['::before', '::after']) {
      const ps = getComputedStyle(e, pseudo);
      if (ps.content && ps.content !== 'none' && ps.content !== 'normal' &&
          ps.content.replace(/["' ]/g, '') && e.getClientRects().length)
        judge(pseudo + ps.content, e, rgb(ps.color), back(e));
    }
  });
  return JSON.stringify(bad);
})()"""

ROWS = [
    'add Mina side=pc Firearms=4D Constitution=3D weapon="Heavy Pistol"',
    'add "Lector Maximilian von Hochwald" side=pc Firearms=3D Constitution=3D '
    'weapon="Heavy Pistol"',
    'add Thug Firearms=3D Constitution=2D weapon="Heavy Pistol"',
    'add Brute Firearms=3D Constitution=2D weapon="Heavy Pistol"',
    'add Cultist Firearms=3D Constitution=2D weapon="Heavy Pistol"',
    "condition Mina +Blessed custom=yes", "condition Mina +Frightened custom=yes",
    "condition Mina +Entangled custom=yes", "condition Mina +Deafened custom=yes",
    "condition Thug +Prone",
    "start", "declare Mina shoot Thug", 'declare "Lector Maximilian von Hochwald" shoot Brute',
    "declare Thug shoot Mina", "declare Brute shoot Mina", "declare Cultist shoot Mina",
    "resolve", "damage Cultist Incapacitated",
]


@pytest.fixture(scope="module")
def browser():
    b = Chromium(BINARY or "chromium")
    yield b
    b.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory):
    fight = make_fight(tmp_path_factory.mktemp("page") / "fight.json", "d6", ROWS)
    server = Server(fight)
    yield server
    server.stop()


def _open(browser: Chromium, url: str, width: int, height: int, mobile: bool) -> Page:
    page = browser.context_page()
    page.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
              deviceScaleFactor=2 if mobile else 1, mobile=mobile)
    page.call("Page.enable")
    page.call("Page.navigate", url=url)
    page.wait_for("document.readyState === 'complete'")
    return page


def _contrast(page: Page) -> list[list[object]]:
    return json.loads(page.js(CONTRAST))


def test_every_text_on_the_players_page_has_a_contrast_of_at_least_4_5(
        browser: Chromium, served: Server) -> None:
    page = _open(browser, served.url, 1280, 900, False)
    try:
        page.wait_for("document.querySelector('#rows tr.acting') !== null")
        assert _contrast(page) == []
        # each row state and the pairs a fight can make: acting, next, out, acting and out
        # (grey on yellow was 2.0:1), holding, the offline mark, on a phone and in print
        page.js("""(() => { const r = document.querySelectorAll('#rows tr');
            r[0].className = 'acting out side-pc'; r[1].className = 'next side-pc';
            r[2].className = 'out side-npc'; r[3].className = 'acting side-npc';
            const t = document.createElement('span'); t.className = 'tag';
            t.textContent = 'holding'; r[3].querySelector('th').appendChild(t);
            const l = document.getElementById('live'); l.className = 'offline';
            l.textContent = 'reconnecting…'; })()""")
        assert _contrast(page) == []
        page.call("Emulation.setDeviceMetricsOverride", width=360, height=740,
                  deviceScaleFactor=2, mobile=True)
        time.sleep(0.2)
        assert _contrast(page) == []
        page.call("Emulation.setEmulatedMedia", media="print")
        assert _contrast(page) == []
    finally:
        page.close()


def _hand_page(name: str = "me.html") -> str:
    """The hand page (or the join page) with its own CSS and every part shown, filled as a
    fight fills it."""
    body = asset(name).decode()
    body = re.sub(r'<script[^>]*></script>', "", body)
    body = body.replace('<link rel="stylesheet" href="/assets/phone.css">',
                        f"<style>{asset('phone.css').decode()}</style>")
    return "data:text/html;base64," + base64.b64encode(body.encode()).decode()


FILL_HAND = """(() => {
  const set = (id, t) => { document.getElementById(id).textContent = t; };
  document.querySelectorAll('[hidden]').forEach(e => e.hidden = false);
  set('name', 'Mina'); set('turn', 'You act now'); document.getElementById('turn').className = 'now';
  set('live', 'reconnecting…'); document.getElementById('live').className = 'offline';
  set('ask-text', 'Roll Firearms 4D vs 15'); set('refused', 'too many dice');
  document.getElementById('faces').innerHTML = '3 5 <span class="wild">6</span>';
  document.getElementById('pads').innerHTML = '<div class="pad"><p>dice</p><div class="keys">'
    + '<button>1</button></div></div><div class="pad wild"><p>wild die</p><div class="keys">'
    + '<button>6</button></div></div>';
  document.getElementById('choices').innerHTML = '<button>parry</button><button class="quiet">pass</button>';
  set('decl-title', 'Declare'); set('decl-cost', '-1D'); set('decl-line', 'shoot Thug');
  set('decl-send', 'Send'); set('decl-state', 'sealed until the GM reveals');
  set('decl-refused', 'no such target'); set('decl-add', 'add an action');
  document.getElementById('decl-rows').innerHTML = '<div class="decl-row"><label>actions'
    + '<select><option>shoot</option></select></label><p class="help">fire a gun</p></div>';
  set('wounds', 'Wounded');
  document.getElementById('columns').innerHTML = '<dt>Penalty</dt><dd>-1D</dd>';
  document.getElementById('conditions').innerHTML = '<li>Prone</li>';
  document.getElementById('timers').innerHTML = '<li>healing in 3d</li>';
  document.getElementById('declared').innerHTML = '<li>shoot Thug</li>';
  document.querySelector('details').open = true;
  document.getElementById('stats').innerHTML = '<dt>Firearms</dt><dd>4D</dd>';
})()"""


def test_every_text_on_the_hand_page_and_the_report_has_a_contrast_of_at_least_4_5(
        browser: Chromium, tmp_path: Path) -> None:
    page = _open(browser, _hand_page(), 360, 740, True)
    try:
        page.js(FILL_HAND)
        assert _contrast(page) == []
    finally:
        page.close()
    page = _open(browser, _hand_page("join.html"), 360, 740, True)
    try:
        page.js("document.getElementById('problem').textContent = 'wrong code';"
                "document.getElementById('pc').innerHTML = '<option>Mina</option>';"
                "document.getElementById('code').value = 'AB12CD';")
        assert _contrast(page) == []
    finally:
        page.close()
    fight = make_fight(tmp_path / "r.json", "d6", [
        "add Mina side=pc Constitution=3D", "add Ghost hidden=yes Constitution=2D",
        "add Thug Constitution=2D", "note Thug carries the key", "start", "end",
        "damage Thug Stunned", "damage Mina Wounded", "end", "damage Thug Incapacitated"])
    for extra in ([], ["--player"]):
        out = tmp_path / f"report{len(extra)}.html"
        combat("report", str(fight), "--format", "html", "-o", str(out), *extra)
        page = _open(browser, out.as_uri(), 900, 700, False)
        try:
            assert _contrast(page) == [], extra
        finally:
            page.close()


def test_on_a_phone_360_px_wide_pcs_and_npcs_differ_by_a_word_and_no_condition_is_cut(
        browser: Chromium, served: Server) -> None:
    page = _open(browser, served.url, 360, 740, True)
    try:
        page.wait_for("document.querySelectorAll('#rows tr').length === 5")
        marks = json.loads(page.js("""JSON.stringify([...document.querySelectorAll('#rows tr')]
            .map(tr => { const w = tr.querySelector('.who');
              const r = w ? w.getBoundingClientRect() : null;
              return [tr.querySelector('th').firstChild.textContent,
                      w && r.width > 0 && r.height > 0 ? w.textContent : null]; }))"""))
        assert dict(marks) == {"Mina": "PC", "Lector Maximilian von Hochwald": "PC",
                               "Thug": "NPC", "Brute": "NPC", "Cultist": "NPC"}
        # against the screen's 360 px: a phone widens its layout to an overlong table
        # (546 px before), and what lies past the screen's edge is cut
        assert page.js("document.documentElement.scrollWidth") <= 360
        assert page.js("window.innerWidth") == 360
        cut = json.loads(page.js("""JSON.stringify([...document.querySelectorAll(
              '#rows th, #rows td')].filter(e => e.getClientRects().length).filter(e => {
            const r = e.getBoundingClientRect();
            return e.scrollWidth > e.clientWidth + 1 || r.right > 360.5 ||
              r.left < -0.5; }).map(e => e.textContent))"""))
        assert cut == []
        cond = page.js("[...document.querySelectorAll('#rows td.cond')].map(e => e.textContent)"
                       ".join('|')")
        assert "Blessed, Frightened, Entangled, Deafened" in cond
    finally:
        page.close()


def test_on_a_1366x768_laptop_the_log_is_above_the_fold(browser: Chromium,
                                                        served: Server) -> None:
    page = _open(browser, served.url, 1366, 768, False)
    try:
        page.wait_for("document.querySelectorAll('#log li').length >= 8")
        box = json.loads(page.js("""JSON.stringify((() => {
            const items = [...document.querySelectorAll('#log li')];
            return {first: items[0].getBoundingClientRect().top,
                    last: items[items.length - 1].getBoundingClientRect().bottom,
                    rows: document.getElementById('rows').getBoundingClientRect().bottom,
                    right: document.getElementById('fighters').getBoundingClientRect().right,
                    left: document.getElementById('log').getBoundingClientRect().left,
                    height: window.innerHeight}; })())"""))
        assert box["last"] <= box["height"], box  # the whole log, no scrolling
        assert box["rows"] <= box["height"], box  # and every combatant
        assert box["right"] <= box["left"], box  # side by side, not over each other
        assert page.js("document.documentElement.scrollWidth <= window.innerWidth")
    finally:
        page.close()


HOSTILE = "</script><img src=x onerror=alert(1)>"


def test_the_page_shows_the_fight_before_any_live_update_and_no_name_runs_a_script(
        browser: Chromium, tmp_path: Path) -> None:
    fight = make_fight(tmp_path / "h.json", "d6", [
        "add Evil side=pc Constitution=3D", "add Amp Constitution=2D",
        "condition Evil +Odd custom=yes", "start"])
    text = fight.read_text(encoding="utf-8")  # names a file may hold, though none is typed so
    fight.write_text(text.replace("Evil", HOSTILE.replace('"', '\\"')).replace(
        '"Amp"', '"A & B <b>x</b>"'), encoding="utf-8")
    server = Server(fight)
    page = browser.context_page()
    try:
        page.call("Page.enable")
        page.call("Network.enable")
        page.call("Network.setBlockedURLs", urls=["*/events", "*/state.json"])  # no update
        page.call("Page.navigate", url=server.url)
        page.wait_for("document.readyState === 'complete'")
        time.sleep(0.3)
        names = json.loads(page.js("JSON.stringify([...document.querySelectorAll('#rows th')]"
                                   ".map(e => e.firstChild.textContent))"))
        assert names == [HOSTILE, "A & B <b>x</b>"]
        assert page.js("document.getElementById('heading').textContent") == "Round 1 · declare"
        assert page.js("document.getElementById('turn').textContent") == "Declare your actions"
        assert page.js("document.querySelectorAll('#log li').length") == 4
        assert page.js("document.querySelectorAll('img, b').length") == 0
        assert page.js("document.scripts.length") == 2  # app.js and the view's JSON
        assert not any(e["method"] == "Page.javascriptDialogOpening" for e in page.events)
        assert page.errors() == [] or all("events" in e or "ERR_BLOCKED" in e
                                          for e in page.errors())
    finally:
        page.close()
        server.stop()


def test_the_served_table_page_and_hand_page_show_their_state_before_any_live_update(
        browser: Chromium, tmp_path: Path) -> None:
    from tests.web.helpers import LiveTable
    from tests.web.test_phones_browser import join, phone

    fight = make_fight(tmp_path / "live.json", "d6", [
        'add Mina side=pc Firearms=4D Constitution=3D weapon="Heavy Pistol"',
        "add Ghost hidden=yes Constitution=2D", "add Thug Constitution=2D",
        "damage Mina Wounded", "start"])
    live = LiveTable(fight, "--seed", "4")
    mina = phone(browser)
    table = browser.context_page()
    try:
        join(mina, live, live.code(), "Mina")
        for page, path in ((mina, "/me"), (table, "/")):
            page.call("Page.enable")
            page.call("Network.enable")
            page.call("Network.setBlockedURLs", urls=["*/events", "*/api/me", "*/state.json"])
            page.call("Page.navigate", url=live.origin + path)
            page.wait_for("document.readyState === 'complete'")
            time.sleep(0.3)
        assert mina.js("document.getElementById('name').textContent") == "Mina"
        assert "Wounded" in mina.js("document.getElementById('wounds').textContent")
        assert mina.js("document.getElementById('decl').hidden") is False  # the form, too
        names = json.loads(table.js("JSON.stringify([...document.querySelectorAll('#rows th')]"
                                    ".map(e => e.firstChild.textContent))"))
        assert names == ["Mina", "Thug"]
        for page in (mina, table):
            assert "Ghost" not in page.js("document.documentElement.outerHTML")
    finally:
        mina.close()
        table.close()
        live.close()
