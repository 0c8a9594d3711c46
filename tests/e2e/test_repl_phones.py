"""The REPL with the phones (``combat play FILE --serve``), through a pseudo-terminal: a PC's
roll is put to its phone while the GM's prompt says so, the phone's answer ends the prompt,
the GM can still type the faces, and a PC without a phone is asked as before."""

from __future__ import annotations

import re
import sys
import time

import pytest

from tests.e2e.test_repl_dice import d6_file, spawn
from tests.web.helpers import Client

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="pseudo-terminals are POSIX")


class Phone(Client):
    def __init__(self, port: int, code: str) -> None:
        self.port, self.origin, self._code = port, f"http://127.0.0.1:{port}", code

    def code(self) -> str:
        return self._code


def served(child) -> Phone:  # noqa: ANN001
    """The REPL's table page came up; ``players`` gave the code: a phone to join with."""
    child.expect(r"table page: http://127\.0\.0\.1:(\d+)/")
    port = int(child.match.group(1))
    child.expect("combat>")
    child.sendline("players")
    child.expect(r"the code ([A-Z0-9]{6})")
    return Phone(port, child.match.group(1))


def test_the_phone_or_the_keyboard_answers_the_prompt(tmp_path) -> None:  # noqa: ANN001
    f = d6_file(tmp_path)
    child = spawn(f, "--dice", "players", "--serve", "--port", "0")
    try:
        phone = served(child)
        mina = phone.join("Mina")
        child.expect("Mina's browser joined")
        child.sendline("start")
        child.expect("combat>")
        child.sendline("declare Mina shoot Thug")
        child.expect("combat>")
        child.sendline("declare Thug brawl Lector")
        child.expect("combat>")
        child.sendline("resolve all")
        child.expect(re.escape("waiting for Mina's phone (or type the faces)"))
        status, _ = phone.answer(mina, faces=[4, 3, 5, 6, 6])
        assert status == 200
        child.expect(r"from the phone: 4 3 5 6 6")
        child.expect(r"Mina shoots at Thug: 24 vs 10, hit")
        child.expect(re.escape("waiting for Mina's phone (or type the faces)"))  # damage
        ask = phone.question(mina)
        time.sleep(0.3)
        child.sendline("3 3 3 3 3")  # the GM answers for her this time
        child.expect(r"Mina rolls 15 damage on Thug")
        status, _, _ = phone.request("POST", "/api/answer", {"id": ask["id"], "roll": True},
                                     cookie=mina)
        assert status == 409  # the keyboard came first
        child.expect(r"Lector: .* — faces or =total \(Enter or - rolls\)")  # no phone: as before
        child.sendline("")
        child.expect("combat>")
        started = time.monotonic()
        child.sendeof()
        child.expect(r"saved ")
        child.expect(pexpect_eof())
        assert time.monotonic() - started < 5
    finally:
        child.close(force=True)


def pexpect_eof():  # noqa: ANN201
    import pexpect

    return pexpect.EOF


def test_a_player_claims_the_open_slot_on_the_phone_and_the_gm_confirms(tmp_path) -> None:  # noqa: ANN001
    """Storypath: at an open PC slot, a player in line takes it from the phone ("I take
    it"); the GM's question turns into a confirmation, and Enter confirms."""
    import subprocess

    from tests.conftest import combat_cmd

    f = tmp_path / "sp.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "storypath"], check=True,
                   capture_output=True)
    subprocess.run([*combat_cmd(), "play", str(f), "--seed", "3"], check=True, text=True,
                   capture_output=True, input="add Ann side=pc cunning=3 close_combat=3\n"
                   "add Ben side=pc cunning=3 close_combat=2\nadd Thug cunning=0 health=3\n"
                   "start\n")
    child = spawn(f, "--serve", "--port", "0")
    try:
        phone = served(child)
        ben = phone.join("Ben")
        child.sendline("next")
        child.expect(r"who takes it\?")
        ask = phone.question(ben)
        assert ask["kind"] == "claim"
        status, _ = phone.answer(ben, choice=True)
        assert status == 200
        child.expect(r"Ben takes it from the phone: Enter confirms")
        child.sendline("")
        child.expect(r"Ben's turn")
    finally:
        child.close(force=True)


def test_a_phones_declaration_comes_in_while_the_gm_types_and_the_line_is_kept(
        tmp_path) -> None:  # noqa: ANN001
    """The GM's prompt is woken by a phone's declaration: it is read (sealed), one line says
    so, and the prompt comes back with what the GM had typed so far."""
    f = d6_file(tmp_path)
    child = spawn(f, "--serve", "--port", "0")
    try:
        phone = served(child)
        mina = phone.join("Mina")
        child.expect("Mina's browser joined")
        child.sendline("start")
        child.expect("Round 1")
        child.expect("combat>")
        child.send("declare Thug bra")  # half a line, not sent
        time.sleep(0.5)
        end = time.monotonic() + 10
        while not phone.me(mina)["declare"] and time.monotonic() < end:
            time.sleep(0.05)
        status, _, body = phone.request("POST", "/api/declare", {"text": "shoot Thug"},
                                        cookie=mina)
        assert status == 200, body
        child.expect(r"Mina declares: shoot Thug \(sealed, phone\)")
        child.expect(r"combat> declare Thug bra")  # what the GM typed is still there
        child.sendline("wl Lector")
        child.expect(r"Thug declares: brawl Lector \(sealed\)")
        child.expect("combat>")
        child.sendline("reveal")
        child.expect(r"Declarations revealed \(2\)")
        child.expect("combat>")
        child.sendeof()
        child.expect(r"saved ")
    finally:
        child.close(force=True)


def test_a_storypath_phones_action_waits_for_the_gms_enter(tmp_path) -> None:  # noqa: ANN001
    import subprocess

    from tests.e2e.test_repl_dice import combat_cmd

    f = tmp_path / "sp.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "storypath"], check=True,
                   capture_output=True)
    subprocess.run([*combat_cmd(), "play", str(f), "--seed", "2"], check=True, text=True,
                   capture_output=True,
                   input="add Ben side=pc Dexterity=3 Athletics=2 Close=2 Might=2 Stamina=2\n"
                         "add Orc Dexterity=2 Athletics=1 Close=1 Might=2 Stamina=2\n")
    child = spawn(f, "--serve", "--port", "0")
    try:
        phone = served(child)
        ben = phone.join("Ben")
        child.sendline("start")
        child.expect("Acts: Ben")
        child.expect("combat>")
        end = time.monotonic() + 10
        while not phone.me(ben)["declare"] and time.monotonic() < end:
            time.sleep(0.05)
        status, _, body = phone.request("POST", "/api/declare", {"text": "attack Orc"},
                                        cookie=ben)
        assert status == 202, body
        child.expect(re.escape("Ben's phone: act Ben attack Orc — Enter (or y) does it"))
        time.sleep(0.3)
        child.sendline("")
        child.expect(r"Ben attacks Orc")  # done at the GM's Enter
        child.expect("combat>")
        assert phone.me(ben)["declare"] is None or phone.me(ben)["declare"]["pending"] is None
        child.sendeof()
        child.expect(r"saved ")
    finally:
        child.close(force=True)


def test_a_served_repl_still_prints_after_the_gm_waited_at_the_prompt(tmp_path) -> None:  # noqa: ANN001
    """The table is built while the prompt is up: its console must not keep writing to the
    prompt's stand-in for stdout (the answer to every later command was lost)."""
    f = d6_file(tmp_path)
    child = spawn(f, "--serve", "--port", "0")
    try:
        child.expect("combat>")
        time.sleep(3)  # the table has long been loaded behind the prompt
        child.sendline("status")
        child.expect("Thug")
        child.expect("combat>")
    finally:
        child.close(force=True)


def _open_page(phone: Phone, cookie: str):  # noqa: ANN202
    """The phone's hand page holding its event stream open (as the real page does)."""
    import http.client

    conn = http.client.HTTPConnection("127.0.0.1", phone.port, timeout=10)
    conn.request("GET", "/api/events", headers={"Accept": "text/event-stream",
                                                "Cookie": cookie, "Origin": phone.origin})
    assert conn.getresponse().status == 200
    return conn


def _minas_roll_asked(tmp_path):  # noqa: ANN001, ANN202
    """The GM's REPL served, Mina's phone joined with its page open, and her shot's roll put
    to it: (the REPL, the phone, her cookie, her page)."""
    child = spawn(d6_file(tmp_path), "--dice", "players", "--serve", "--port", "0")
    phone = served(child)
    mina = phone.join("Mina")
    page = _open_page(phone, mina)
    child.expect("Mina's browser joined")
    for line in ("start", "declare Mina shoot Thug", "declare Thug brawl Lector"):
        child.sendline(line)
        child.expect("combat>")
    child.sendline("resolve all")
    child.expect(re.escape("waiting for Mina's phone (or type the faces)"))
    phone.question(mina)
    return child, phone, mina, page


def test_a_phone_that_leaves_while_asked_is_told_and_the_gm_types_what_was_kept(
        tmp_path) -> None:  # noqa: ANN001
    """Nothing waits on a phone that left: the GM is told above the prompt, the prompt comes
    back with what was typed so far, and the GM's faces are taken."""
    child, phone, mina, page = _minas_roll_asked(tmp_path)
    try:
        child.send("4 3 5")  # the GM starts typing for her
        page.close()  # her phone's page is closed
        started = time.monotonic()
        child.expect(re.escape("Mina's phone has left: type the faces, or Enter to roll"),
                     timeout=10)
        assert time.monotonic() - started < 6
        child.expect(re.escape("waiting for Mina's phone (or type the faces)"))
        child.sendline(" 6 6")  # what was typed was kept: 4 3 5 6 6
        child.expect(r"Mina shoots at Thug: 24 vs 10, hit")
    finally:
        child.close(force=True)


def test_a_phone_whose_page_reloads_while_asked_has_not_left(tmp_path) -> None:  # noqa: ANN001
    child, phone, mina, page = _minas_roll_asked(tmp_path)
    try:
        page.close()
        time.sleep(0.5)
        page = _open_page(phone, mina)  # reloaded: back within the grace time
        time.sleep(4)
        status, _ = phone.answer(mina, faces=[4, 3, 5, 6, 6])
        assert status == 200
        child.expect(r"Mina shoots at Thug: 24 vs 10, hit")
        assert "has left" not in child.before
        page.close()
    finally:
        child.close(force=True)


def test_without_phones_the_repl_never_asks_a_pc_whether_it_reacts(tmp_path) -> None:  # noqa: ANN001
    """A reaction is put to a PC's phone only: at a REPL with no phone the GM is not asked
    "react?" at each attack (the GM types react, as ever)."""
    f = d6_file(tmp_path)
    child = spawn(f)
    try:
        child.expect("combat>")
        for line in ("start", "declare Thug brawl Lector"):
            child.sendline(line)
            child.expect("combat>")
        child.sendline("resolve all")
        assert child.expect([r"react\?", r"Thug punches Lector"]) == 1
    finally:
        child.close(force=True)
