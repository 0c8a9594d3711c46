from __future__ import annotations

from tests.conftest import fails, run


def setup(t):
    run(t, "add Ann side=pc speed=3 skill=5", "add Bob speed=2", "add Orc x2 speed=1")


def test_start_orders_by_the_ruleset_and_opens_declare(make_table):
    t = make_table()
    assert "add NAME" in fails(t, "start")
    setup(t)
    run(t, "start")
    assert t.enc.round == 1 and t.enc.phase == "declare"
    assert [t.enc.name_of(c) for c in t.enc.order] == ["Ann", "Bob", "Orc 1", "Orc 2"]
    assert "already" in fails(t, "start")


def test_declare_several_actions_and_segments(make_table):
    t = make_table([15, 3, 2, 2, 20, 1, 11, 1])
    setup(t)
    run(t, "start", 'declare Ann attack "Orc 1", attack "Orc 2"', 'declare Bob attack "Orc 1"')
    assert [a.name for a in t.enc.declarations[t.enc.combatants[0].id].actions] == ["attack", "attack"]
    run(t, "resolve")
    # first actions of everyone come first: Ann's 1st, Bob's 1st, then Ann's 2nd
    q = [(t.enc.name_of(i.actor), i.segment, i.state) for i in t.enc.queue]
    assert q == [("Ann", 1, "done"), ("Bob", 1, "pending"), ("Ann", 2, "pending")]
    run(t, "resolve all")
    assert all(i.state == "done" for i in t.enc.queue)
    assert "fully resolved" in fails(t, "resolve")


def test_declare_errors_leave_state_unchanged(make_table):
    t = make_table()
    setup(t)
    assert "not started" in fails(t, "declare Ann attack Bob")
    run(t, "start")
    assert "needs a target" in fails(t, "declare Ann attack")
    assert 'no action "jump"' in fails(t, "declare Ann jump")
    assert "no option" in fails(t, "declare Ann attack Bob power=3")
    assert "whole number" in fails(t, "declare Ann attack Bob bonus=lots")
    assert "range for attack" in fails(t, "declare Ann attack Bob range=far")
    assert "empty action" in fails(t, "declare Ann attack Bob,, wait")
    assert "at most 3" in fails(t, "declare Ann wait, wait, wait, wait")
    assert "nobody has declared" in fails(t, "resolve")
    # a list in an option typed without quotes: the comma parts actions, the error says so
    err = fails(t, "declare Ann attack Bob bonus=1,Orc 1")
    assert '"Orc 1" after a comma is not an action' in err and "quote the list" in err
    assert "no combatant" in fails(t, "declare Ann attack Bob bonus=1, attack Nobody")
    assert "still declaring" in fails(t, "next")


def test_option_choices_match_by_prefix(make_table):
    t = make_table()
    setup(t)
    run(t, "start", "declare Ann attack Bob range=lo")
    assert t.enc.declarations[t.enc.combatants[0].id].actions[0].options == {"range": "long"}


def test_reaction_during_resolution_sets_difficulty(make_table):
    t = make_table([19, 6])
    setup(t)
    run(t, "start", 'declare "Orc 1" attack Bob', "declare Ann wait")
    run(t, "react Bob dodge")  # before the first attack: declarations close, resolution begins
    assert t.enc.phase == "resolve" and t.enc.combatants[1].data["dodge"] == 19
    assert "closed" in fails(t, "declare Ann wait")
    t.dice.queue[:] = [12]
    out = run(t, "resolve all")
    attack = next(e for e in out.entries if e.kind == "attack")
    assert attack.difficulty == 19 and attack.outcome == "miss"
    assert "no reaction" in fails(t, "react Bob attack Ann")


def test_hold_and_release_before_or_after_anyone(make_table):
    t = make_table([1, 1, 1])
    setup(t)
    run(t, "start", "declare Ann attack Bob", "declare Bob wait", 'declare "Orc 1" wait')
    run(t, "resolve")  # opens the queue; Ann attacks
    run(t, "hold Bob")
    assert "already holding" in fails(t, "hold Bob")
    out = run(t, "resolve")
    assert out.entries[0].actor == "Orc 1"  # Bob let the lower one go first
    run(t, "release Bob")
    assert [i.state for i in t.enc.queue] == ["done", "done", "done"]
    assert "not holding" in fails(t, "release Bob")


def test_release_with_a_new_action_replaces_the_plan(make_table):
    t = make_table([20, 3])
    setup(t)
    run(t, "start", "declare Ann wait", "declare Bob wait", "resolve", "hold Bob",
        'release Bob attack "Orc 1"')
    bob_item = [i for i in t.enc.queue if t.enc.name_of(i.actor) == "Bob"][0]
    assert (bob_item.state, bob_item.action.name, bob_item.data["replaced"]) == (
        "done", "attack", "wait")
    assert t.log[-1].text.startswith("Orc 1 takes 3")


def test_next_skips_and_end_lapses_and_ticks(make_table):
    t = make_table([])
    setup(t)
    run(t, "start", "declare Ann wait", "declare Bob wait", "resolve", "next")
    assert t.enc.queue[1].state == "skipped"
    run(t, "condition Ann +Prone for=1r", "end")
    assert t.enc.round == 2 and t.enc.phase == "declare"
    assert t.enc.clock.seconds == 6 and t.enc.clock.rounds == 1
    assert not t.enc.combatants[0].conditions
    assert t.enc.queue == [] and t.enc.declarations == {}
    assert any("lapses" in e.text for e in t.log) is False


def test_end_lapses_unresolved_and_held(make_table):
    t = make_table([])
    setup(t)
    run(t, "start", "declare Ann wait", "declare Bob wait", "resolve", "hold Bob", "end")
    texts = [e.text for e in t.log]
    assert "Bob's wait lapses (round ended)" in texts
    assert "Bob's held action lapses" in texts
    assert not t.enc.combatants[1].held


def test_out_combatants_lapse(make_table):
    t = make_table([15, 6, 15, 6])
    setup(t)
    run(t, "start", "declare Ann attack Bob", "declare Bob attack Ann", "damage Bob 4")
    run(t, "resolve all")
    assert t.enc.combatants[1].out
    assert any(e.kind == "lapse" and e.actor == "Bob" for e in t.log)
    assert "cannot act" in fails(t, "act Bob wait")


def test_turn_based_rounds(make_table):
    t = make_table([20, 2], ruleset="toyturns")
    setup(t)
    run(t, "start")
    assert t.enc.phase == "turns" and t.ruleset.current(t.enc).name == "Ann"
    assert "no declare phase" in fails(t, "declare Ann wait")
    assert "turn by turn" in fails(t, "resolve")
    run(t, "act Ann attack Bob", "next")
    assert t.ruleset.current(t.enc).name == "Bob"
    assert "only the acting" in fails(t, "hold Orc 1".replace("Orc 1", '"Orc 1"'))
    run(t, "hold Bob")
    assert t.ruleset.current(t.enc).name == "Orc 1"
    assert "say what" in fails(t, "release Bob")
    run(t, "next", "next")
    assert t.ruleset.current(t.enc) is None
    assert "everyone has acted" in fails(t, "next")
    run(t, "end")
    assert t.enc.round == 2 and t.ruleset.current(t.enc).name == "Ann"


def test_join_after_start(make_table):
    t = make_table()
    setup(t)
    run(t, "start", "add Late speed=9")
    assert t.enc.name_of(t.enc.order[-1]) == "Late"


def test_ruleset_verbs_are_registered(make_table):
    t = make_table()
    setup(t)
    out = run(t, "shout Ann")
    assert out.entries[0].text == "Ann shouts"
    assert "needs a name" in fails(t, "shout")


def test_a_ruleset_can_halt_resolve_all(make_table):
    """ctx.halt() stops a running resolve all after that action (d12's interventions)."""
    t = make_table([1, 1, 1])
    setup(t)
    original = t.ruleset.resolve

    def resolve(ctx, item):
        original(ctx, item)
        if ctx.combatant(item.actor).name == "Ann":
            ctx.halt("an intervention")
    t.ruleset.resolve = resolve  # type: ignore[method-assign]
    try:
        run(t, "start", "declare Ann wait", "declare Bob wait", 'declare "Orc 1" wait')
        out = run(t, "resolve all")
        assert [i.state for i in t.enc.queue] == ["done", "pending", "pending"]
        assert any("Stopped: an intervention" in n for n in out.notes)
        run(t, "resolve all")
        assert [i.state for i in t.enc.queue] == ["done", "done", "done"]
    finally:
        del t.ruleset.resolve


def test_core_sentences_go_through_the_rulesets_label(make_table):
    t = make_table()
    t.ruleset.label = lambda word, lang="": {"Round {n} begins": "Kolo {n} začíná",
                                            "{name} joins ({side})": "{name} přichází"}.get(word, word)
    try:
        out = run(t, "add Ann")
        assert out.entries[0].text == "Ann přichází"
        out = run(t, "start")
        assert out.entries[0].text == "Kolo 1 začíná"
    finally:
        del t.ruleset.label


def test_hold_while_declaring_then_release_acts_once(make_table):
    """Held before the first resolve: a bare release uses the planned action, a release with
    an action replaces it; either way the combatant acts once."""
    for release, expect in (("release Ann", "wait"), ('release Ann attack "Orc 1"', "attack")):
        t = make_table([10, 1, 1, 1])
        setup(t)
        run(t, "start", "declare Ann wait", "declare Bob wait", "hold Ann", "resolve all")
        assert [i.state for i in t.enc.queue] == ["pending", "done"]
        run(t, release)
        ann = [i for i in t.enc.queue if t.enc.name_of(i.actor) == "Ann"]
        assert len(ann) == 1 and ann[0].state == "done" and ann[0].action.name == expect
        assert "fully resolved" in fails(t, "resolve")
        t2 = make_table([10, 1])
        setup(t2)
        run(t2, "start", "declare Ann wait", "hold Ann", release)  # still declaring
        assert t2.enc.phase == "resolve"
        assert [i.state for i in t2.enc.queue] == ["done"]


def test_release_of_someone_out_of_the_fight_is_refused_or_lapses(make_table):
    t = make_table([])
    setup(t)
    run(t, "start", "declare Ann wait", "declare Bob wait", "hold Bob", "resolve",
        "damage Bob 10")
    run(t, 'release Bob attack Ann')
    bob = [i for i in t.enc.queue if t.enc.name_of(i.actor) == "Bob"][0]
    assert bob.state == "lapsed"
    t = make_table([], ruleset="toyturns")
    setup(t)
    run(t, "start", "hold Ann", "damage Ann 10")
    assert "cannot act" in fails(t, "release Ann attack Bob")
