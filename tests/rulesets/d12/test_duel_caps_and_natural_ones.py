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
                            "Cory: defends vs Shooter d12 (bid 0 + no skill) vs 4: "
                            "needs 5+, 4 ties",
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


# -- shown wrong or not at all -----------------------------------------------------------------
def _brief(t, line: str) -> list[str]:
    from combat_cli.commands.registry import dispatch
    from combat_cli.render.output import brief_lines

    o = dispatch(t, line)
    assert o.error is None, o.error
    return [x.plain for x in brief_lines(t, o.entries)]


def _ann_and_gob(faces: list[int], *more: str):
    t = table(faces)
    run(t, "add Ann side=pc Strength=3 body=2", "add Gob Strength=5", *more)
    return t


def test_an_exchange_line_says_the_target_went_down():
    t = _ann_and_gob([5, 5, 12, 12, 1], "start", "declare Gob attack Ann bid=3")
    lines = _brief(t, "resolve all")
    assert lines[-1].endswith("→ Ann -1 body 1/2") or "Incapacitated" in lines[-1]
    run(t, "end", "declare Gob attack Ann bid=3")
    lines = _brief(t, "resolve all")
    assert lines[-1].endswith(", Incapacitated"), lines


def test_a_destroyed_soul_is_shown_as_such_even_with_the_body_down():
    """Both tracks at 0: the soul's loss is the worse (before: "Incapacitated")."""
    t = _ann_and_gob([])
    run(t, "damage Ann 2", "damage Ann 30 soul")
    assert who(t, "Ann").status == "Soul destroyed"


def test_end_fight_gives_the_hits_left():
    t = _ann_and_gob([5, 5, 12, 1], "start", "declare Gob attack Ann bid=3", "resolve all")
    notes = out(t, "end fight").notes
    assert any("Ann" in x and "(Body 1/2)" in x for x in notes), notes


def test_end_fight_says_which_declared_actions_lapse():
    t = _ann_and_gob([5, 5], "start", "declare Gob attack Ann bid=3")
    texts = [e.text for e in run(t, "end fight")]
    assert "Gob's attack Ann bid=3 lapses (fight ended)" in texts


def test_the_defenders_prompt_gives_the_face_it_needs():
    """The other side's 8 is known: d12 + 0 needs 9 to win, 8 ties (before: only "vs 8")."""
    t = _ann_and_gob([5, 5], "start", "declare Gob attack Ann bid=3", "resolve all")
    assert t.dice.asked[-1].endswith("vs 8: needs 9+, 8 ties")


def test_face_needed_at_the_edges():
    from combat_rulesets.d12.contest import Side, face_needed

    t = _ann_and_gob([])
    ctx = t.context()
    side = Side(None, "Ann", 2, 1, "skill 1", "defend")
    assert face_needed(ctx, side, 3) == "any face wins"
    assert face_needed(ctx, side, 15) == "12 ties"
    assert face_needed(ctx, side, 20) == "no face wins"


def test_a_negative_damage_is_refused_as_negative_not_as_a_track():
    t = _ann_and_gob([])
    assert fails(t, "damage Ann -3") == "hits are 0 or more, not -3: heal NAME 3 takes hits off"


def test_a_range_outside_the_list_is_said_without_doubled_brackets():
    t = _ann_and_gob([])
    note = out(t, "power grenade range=30").notes[0]
    assert "((" not in note and "))" not in note and "GM's call at 30 ft" in note


def test_the_same_plan_declared_again_is_not_called_replaced():
    t = _ann_and_gob([], "start", "declare Gob attack Ann bid=3")
    notes = out(t, "declare Gob attack Ann bid=3").notes
    assert notes == ["Gob's plan is the same as before (attack Ann bid=3): nothing changed"]
    assert "is replaced" in out(t, "declare Gob attack Ann bid=2").notes[0]
