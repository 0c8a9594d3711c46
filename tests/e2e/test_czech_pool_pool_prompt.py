"""Issue 22: czech_pool's pool prompt offered "=součet" and then refused it (each face of a
pool is counted against each opponent's difficulty: a total can't serve). The prompt now asks
for the faces only, and "=N" is refused with that reason and asked again."""

from __future__ import annotations

import pexpect

from tests.e2e.test_repl_dice import spawn
from tests.e2e.test_typing_less import make

ROSTER = ("add Jitka side=pc Obratnost=3 Boj=3 Postřeh=3 Obezřetnost=3 rod=ž\n"
          "add Vlk Obratnost=2 Boj=2 Postřeh=2 Obezřetnost=2\nstart\n"
          "declare Jitka boj Vlk\ndeclare Vlk boj Jitka\n")


def test_the_pool_prompt_asks_for_faces_and_offers_no_total(tmp_path):
    f = make(tmp_path, "czech_pool", ROSTER)   # the awareness rolls: rolled
    child = spawn(f, "--dice", "manual")
    child.expect_exact("souboj>")
    child.sendline("resolve")
    child.expect_exact("bank")
    child.expect_exact("?")
    child.sendline("?")
    child.expect_exact("hozená čísla, ne součet")
    child.sendline("=2")
    child.expect_exact("ne součet")   # the refusal says why, and the prompt asks again
    child.sendcontrol("c")
    child.expect_exact("souboj>")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    assert "=součet" not in child.before
