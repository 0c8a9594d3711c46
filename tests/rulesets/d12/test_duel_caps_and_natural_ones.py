"""Defects found in play, round three (issue 22, items 1-3, d12), each with its regression
test: the lines and dice of the report."""

from __future__ import annotations

from .helpers import body, fails, out, run, table, who


# -- 1: a duel's combined bid is one stat bid --------------------------------------------------
def _duel(*first: str):
    t = table([5, 5])
    run(t, "add Cory Strength=5 Agility=6 physical=12", "add Thug Strength=5", "start", *first)
    return t


def test_a_duel_bid_over_the_attack_cap_is_refused():
    """D12-BID-1: the bid is 0 up to the relevant stat; in a duel the attack and the defence
    covering the other side make one contest bid, capped as the attack is (Strength 5)."""
    t = _duel("declare Thug attack Cory bid=2")
    err = fails(t, "declare Cory attack Thug bid=5, defend 1 from=Thug")
    assert err == "Cory vs Thug is a duel: attack 5 + defend 1 = 6 > Strength 5; lower a bid"
    err = fails(t, "declare Cory attack Thug bid=5, defend 6")         # the general defence
    assert "= 11 > Strength 5" in err
    assert who(t, "Cory").id not in t.enc.declarations
    run(t, "declare Cory attack Thug bid=4, defend 1 from=Thug")       # 5 in all: fine


def test_the_attack_that_makes_the_duel_is_refused_naming_the_other_side():
    """D12-BID-1: declared the other way round, the second attack makes the duel."""
    t = _duel("declare Cory attack Thug bid=5, defend 1 from=Thug")
    err = fails(t, "declare Thug attack Cory bid=2")
    assert err == ("Cory vs Thug would be a duel: attack 5 + defend 1 = 6 > Strength 5; "
                   "lower Cory's first")


def test_a_defence_added_to_a_duel_is_checked_too():
    """D12-BID-1: ``defend NAME BID`` while declaring adds to the duel's bid."""
    t = _duel("declare Thug attack Cory bid=2", "declare Cory attack Thug bid=5")
    assert "= 6 > Strength 5" in fails(t, "defend Cory 1 from=Thug")
    run(t, "resolve all")
    assert any("bid 5 + no skill" in e.text for e in t.log)


def test_a_duel_within_the_cap_still_adds_the_defence():
    t = _duel("declare Thug attack Cory bid=2", "declare Cory attack Thug bid=3, defend 2")
    texts = [e.text for e in run(t, "resolve all")]
    assert "Cory duels Thug: d12 5 + bid 5 (attack 3 + defend 2) + no skill = 10" in texts


# -- 2: an incapacitated figure cannot act: it loses unopposed ----------------------------------
def _gob(faces, house=None):
    t = table(faces, house)
    run(t, "add Cory Strength=5", "add Gob Strength=3", "damage Gob 6", "start")
    return t


def test_an_incapacitated_target_loses_unopposed_without_a_roll():
    """Digest §3: Body hits 0 or less -> incapacitated (cannot act): no d12 is asked for it,
    the attacker connects (before: Gob rolled 9 and avoided the hit)."""
    t = _gob([3, 9])
    run(t, "declare Cory attack Gob bid=1")
    texts = [e.text for e in run(t, "resolve all")]
    assert t.dice.asked == ["Cory: attacks Gob d12+1 (bid 1 + no skill)"]
    assert "Cory attacks Gob: 4, unopposed (Gob is Incapacitated), Cory connects" in texts
    assert not any(x.startswith("Gob defends") for x in texts), texts
    assert t.enc.queue[0].data["result"] == "hit" and body(t, "Gob") == -1


def test_declaring_against_an_incapacitated_target_warns():
    t = _gob([])
    o = out(t, "declare Cory attack Gob bid=1")
    assert o.notes == ["Gob is Incapacitated: it cannot act, so Cory's attack connects "
                       "unopposed"]


def test_taken_out_earlier_in_the_round_loses_the_next_exchange_unopposed():
    """With ``mob.simultaneous`` off, one taken out in an earlier exchange cannot act in the
    later ones: Zad's exchange asks no roll of Gob."""
    t = table([12, 2, 4], {"mob": {"simultaneous": False}})
    run(t, "add Cory Strength=5 Agility=6", "add Zad Agility=4", "add Gob Strength=1",
        "damage Gob 1", "start", "declare Cory attack Gob bid=5", "declare Zad attack Gob bid=1")
    texts = [e.text for e in run(t, "resolve all")]
    assert "Zad attacks Gob: 5, unopposed (Gob is Incapacitated), Zad connects" in texts
    assert len(t.dice.asked) == 3


def test_an_unopposed_attack_still_checks_a_natural_one():
    """D12-INT-1: the attacker's natural 1 is checked; a demonic check halts the exchange."""
    t = _gob([1, 1])
    run(t, "declare Cory attack Gob bid=1", "resolve all")
    assert t.enc.queue[0].data["result"] == "halted" and body(t, "Gob") == 0
    assert len(t.dice.asked) == 2


# -- 3: a natural 1 in an exchange: both dice first, then the checks -------------------------
def _shot(faces, house=None):
    t = table(faces, house)
    run(t, "add Cory physical=6", "add Shooter weapon=.22", "start",
        "declare Shooter attack Cory bid=3")
    return t


def test_thrown_together_both_dice_are_asked_before_the_check():
    """D12-INT-1, AMB-D12-13 (``check_both``): the two d12 are thrown together, then each
    natural 1 is checked; the halt is announced once every die is in, and nothing after."""
    t = _shot([1, 5, 1])          # Shooter 1, Cory 5; the check 1: demonic
    o = run(t, "resolve")
    assert t.dice.asked == ["Shooter: attacks Cory d12+3 (bid 3 + no skill)",
                            "Cory: defends vs Shooter d12 (bid 0 + no skill) vs Shooter's 4",
                            "Shooter: intervention check d12 (natural 1: 1 demonic, 12 angelic)"]
    halt = next(n for n, e in enumerate(o) if "the exchange halts here" in e.text)
    assert halt == len(o) - 1 and not any(e.kind == "roll" for e in o[halt:])
    assert t.enc.queue[0].data["result"] == "halted"


def test_check_both_off_asks_nothing_once_the_exchange_halts():
    """AMB-D12-13 off: the attacker's demonic check halts the exchange; Cory rolls nothing."""
    t = _shot([1, 1], house={"intervention": {"check_both": False}})
    o = run(t, "resolve")
    assert len(t.dice.asked) == 2 and o[-1].text.startswith("DEMONIC INTERVENTION")


def test_an_npc_natural_one_shows_its_check_with_the_command():
    """D12-INT-1: a check of 2-11 (nothing happens) is printed, not only kept in ``log``."""
    from combat_cli.render.output import brief_lines

    t = _shot([1, 5, 7])
    lines = [str(x) for x in brief_lines(t, run(t, "resolve"))]
    assert lines[1:] == ["Shooter rolled a natural 1: intervention check 7 -> no "
                         "intervention, the 1 stands",
                         "Shooter attacks Cory: 4 vs 5, Cory avoids the hit"]


def test_manual_dice_answers_line_up_after_a_demonic_natural_one(tmp_path):
    """AMB-D12-13: the script gives both dice, then the check; the next line is a command."""
    import subprocess

    from tests.conftest import combat_cmd

    f = tmp_path / "f.json"
    subprocess.run([*combat_cmd(), "new", str(f), "--ruleset", "d12"], check=True,
                   capture_output=True)
    script = ("add Cory physical=6\nadd Shooter weapon=.22\nstart\n"
              "declare Shooter attack Cory bid=3\nresolve\n1\n5\n1\nbids\n")
    r = subprocess.run([*combat_cmd(), "play", str(f), "--script", "-", "--dice", "manual"],
                       input=script, capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "DEMONIC INTERVENTION (Shooter attacks Cory)" in r.stdout
    assert "> bids\nShooter: attack Cory 3" in r.stdout and "error" not in r.stdout.lower()
