"""One verb grammar (issue 12): each verb's Syntax drives its parsing, its usage line and its
completion; ruleset verbs get parsed Args."""

from __future__ import annotations

from typing import Any

import pytest

from combat_cli import plugins
from combat_cli.commands.completion import suggest
from combat_cli.commands.registry import all_verbs
from combat_cli.engine.domain.models import ActionRequest, Combatant
from combat_cli.engine.grammar.syntax import Arg, Args, Opt, Syntax, UsageError, layout, parse
from tests.conftest import fails, run

# The usage lines as they read before the grammar: the command language (help VERB, a stop
# line's quoted GM line, the README) must not change.
CORE_USAGE = {
    "start": "start",
    "declare": "declare NAME ACTION [TARGET] [opt=v ...][, ACTION ...]",
    "resolve": "resolve [all]",
    "act": "act NAME ACTION [TARGET] [opt=v ...]",
    "react": "react NAME ACTION [opt=v ...]",
    "hold": "hold NAME",
    "release": "release NAME [ACTION [TARGET] [opt=v ...]]",
    "next": "next",
    "end": "end [fight]",
    "add": "add NAME [xN] [side=pc|npc] [template=T] [hidden=yes] [STAT=VALUE ...]",
    "import": "import FILE",
    "set": "set NAME STAT=VALUE ... [side=pc|npc] [name=NEW] [hidden=yes|no] "
           "[dice=manual|auto]",
    "note": "note NAME [TEXT]",
    "remove": "remove NAME",
    "help": "help [VERB|ACTION|rules]",
    "roll": "roll EXPR [for=TEXT]",
    "odds": "odds EXPR N",
    "status": "status [NAME]",
    "log": "log [N|all]",
    "why": "why [N]",
    "undo": "undo [N]",
    "redo": "redo [N]",
    "save": "save [FILE]",
    "quit": "quit",
    "advance": "advance DURATION",
    "rest": "rest NAME DURATION [opt=v ...]",
    "timer": "timer TEXT in=DURATION [who=NAME]",
    "damage": "damage NAME VALUE",
    "heal": "heal NAME [VALUE]",
    "condition": "condition NAME +COND [for=DURATION] [secret] | condition NAME -COND",
    "move": "move NAME before|after OTHER",
    "dice": "dice [auto|manual|players]",
    "players": "players [code|link|kick] [NAME]",
    "reveal": "reveal [auto|manual]",
    "sealed": "sealed",
    "strike": "strike NAME",
}
RULESET_USAGE = {
    "d6": {
        "position": "position SHOOTER|all TARGET [range=R] [cover=C] [conceal=X] [protection=P]",
        "firstaid": "firstaid MEDIC PATIENT [facility=yes]",
        "restock": "restock NAME USES",
        "revive": "revive NAME [LEVEL]",
    },
    "storypath": {
        "slot": "slot NAME [N]",
        "ambush": "ambush NAME ... vs NAME ... [pool=P] [tpool=P] [spend=N]",
        "surprise": "surprise NAME ... vs NAME ... [attr=dexterity|intellect] [pool=P]",
        "range": "range NAME NAME BAND",
        "aftermath": "aftermath",
        "aid": "aid MEDIC PATIENT [LEVEL|NAME] [enh=N] [pool=P]",
        "scene": "scene",
        "session": "session",
        "momentum": "momentum [+N|-N|=N]",
    },
    "d12": {
        "task": "task NAME tn=N [skill=S] [rp=N] [mod=N] [for=TEXT]",
        "defend": "defend NAME BID [from=A,B,...] [skill=S] [realm=R]",
        "realm": "realm corporeal|ethereal|celestial",
        "path": 'path NAME "A,B,..."|clear [target=NAME]',
        "reach": "reach NAME yes|no [target=NAME]",
        "bids": "bids [NAME ...]",
        "power": "power WEAPON [strength=N] [bid=N] [range=close|far|FEET]",
    },
    "czech_pool": {
        "nevýhoda": "nevýhoda KDO NA_KOHO N",
        "prostředí": "prostředí počasí=N terén=N šero=1 tma=1 stísněný=1",
        "revive": "revive JMÉNO [N]",
        "přehled": "přehled",
    },
    "toy": {"shout": "shout NAME", "listen": "listen NAME PATH"},
}


# -- usage made from the spec ------------------------------------------------------------------
def test_every_core_verb_reads_as_before() -> None:
    verbs = all_verbs()
    assert {n: v.usage for n, v in verbs.items()} == CORE_USAGE


@pytest.mark.parametrize("name", sorted(RULESET_USAGE))
def test_every_ruleset_verb_reads_as_before(name: str) -> None:
    rs = plugins.load(name)
    assert {v.name: v.usage for v in rs.verbs} == RULESET_USAGE[name]


def test_usage_pieces() -> None:
    spec = Syntax((Arg("name", "name"), Arg("more", "name", optional=True, repeat=True),
                   Arg("n", "int", optional=True), Opt("in", "duration", required=True),
                   Opt("mode", "choice", ("a", "b")), Opt("secret", hidden=True),
                   Opt("stats", "stats")), also=(Arg("x", "word"),))
    assert spec.usage("v") == "v NAME [MORE ...] [N] in=DURATION [mode=a|b] [STAT=VALUE ...] | v X"


# -- parsing each kind -------------------------------------------------------------------------
@pytest.fixture
def table(make_table):  # noqa: ANN001, ANN201
    t = make_table()
    run(t, "add Ann skill=2", "add Bob", 'add "Demon Thug" x2')
    return t


def _parse(t: Any, spec: Syntax | tuple[Any, ...], line: str, verb: str = "v") -> Args:
    from combat_cli.commands.parsing import split
    from combat_cli.engine.grammar.syntax import syntax

    return parse(syntax(spec), split(line), t.enc, t.ruleset, verb)


def test_names_groups_and_their_extra_words(table) -> None:  # noqa: ANN001
    args = _parse(table, (Arg("who", "name", choices=("all",)), Arg("many", "group"),
                          Arg("rest", "name", optional=True, repeat=True)),
                  'ann "Demon Thug" Bob, bo')
    assert isinstance(args["who"], Combatant) and args["who"].name == "Ann"
    assert [c.name for c in args["many"]] == ["Demon Thug 1", "Demon Thug 2"]
    assert [c.name for c in args["rest"]] == ["Bob", "Bob"]  # a comma between names is fine
    assert args.raw["many"] == "Demon Thug"
    assert _parse(table, (Arg("who", "name", choices=("all",)),), "ALL")["who"] == "all"


def test_numbers_durations_dice_choices_and_words(table) -> None:  # noqa: ANN001
    spec = (Arg("d", "duration"), Arg("n", "int"), Arg("c", "choice", choices=("north", "south")),
            Arg("w", "word"), Arg("e", "dice"))
    args = _parse(table, spec, "2r #3 so file.toml 2d6 + 1")
    assert (args["n"], args["d"], args["c"], args["w"]) == (3, 12, "south", "file.toml")
    assert args["e"].text() == "2d6+1"
    assert _parse(table, (Arg("n", "int", choices=("all",)),), "all")["n"] == "all"


def test_new_names_counts_text_lists_and_conditions(table) -> None:  # noqa: ANN001
    args = _parse(table, (Arg("name", "new"), Arg("count", "count", optional=True)), "Orc x3")
    assert (args["name"], args["count"]) == ("Orc", 3)
    assert _parse(table, (Arg("t", "text"),), "hello, world")["t"] == "hello, world"
    assert _parse(table, (Arg("p", "list"),), "Table Guy, crate:2")["p"] == "Table Guy,crate:2"
    assert _parse(table, (Arg("c", "condition"),), "+On Fire")["c"] == "+On Fire"


def test_keywords_steer_the_words(table) -> None:  # noqa: ANN001
    spec = (Arg("a", "name", repeat=True), Arg("vs", "keyword", choices=("vs",)),
            Arg("b", "name", repeat=True))
    args = _parse(table, spec, "Ann Bob vs DT1")
    assert [c.name for c in args["a"]] == ["Ann", "Bob"] and args["vs"] == "vs"
    assert [c.name for c in args["b"]] == ["Demon Thug 1"]
    end = (Arg("fight", "keyword", optional=True, choices=("fight",)),)
    assert _parse(table, end, "f")["fight"] == "fight"
    assert _parse(table, end, "")["fight"] is None


def test_actions_take_the_rest_of_the_line(table) -> None:  # noqa: ANN001
    args = _parse(table, (Arg("name", "group"), Arg("actions", "actions")),
                  "Ann attack Bob bonus=2 range=l, dodge")
    acts = args["actions"]
    assert [a.name for a in acts] == ["attack", "dodge"]
    assert acts[0].target == table.enc.combatants[1].id
    assert acts[0].options == {"bonus": 2, "range": "long"}
    one = _parse(table, (Arg("name", "name"), Arg("r", "reaction")), "Ann dodge")["r"]
    assert isinstance(one, ActionRequest) and one.name == "dodge"


def test_options_typed_and_as_typed(table) -> None:  # noqa: ANN001
    spec = (Arg("t", "text"), Opt("in", "duration", required=True), Opt("who", "name"),
            Opt("n", "int"), Opt("side", "choice", ("pc", "npc")))
    args = _parse(table, spec, "reinforcements In=3r who=bob n=4 side=P")
    assert (args["in"], args["who"].name, args["n"], args["side"]) == (18, "Bob", 4, "pc")
    assert args.opts == {"in": "3r", "who": "bob", "n": "4", "side": "P"}
    assert args.typed["In"] == "3r"
    rest = _parse(table, (Arg("n", "name"), Opt("side"), Opt("stats", "stats")),
                  "Ann side=pc hp=3 Skill=1")
    assert rest.extra == {"hp": "3", "Skill": "1"}


def test_a_line_without_options_keeps_its_equals_signs(table) -> None:  # noqa: ANN001
    assert _parse(table, (Arg("name", "name"), Arg("t", "text")), "Ann hp=3 after")["t"] == \
        "hp=3 after"


# -- errors ------------------------------------------------------------------------------------
@pytest.mark.parametrize("line, error", [
    ("hold", "hold needs one name: usage hold NAME"),
    ("hold Ann Bob", "hold needs one name: usage hold NAME"),
    ("rest Ann", "rest needs a name and a duration: usage rest NAME DURATION [opt=v ...]"),
    ("declare Ann", "declare needs a name and an action: usage declare NAME ACTION"),
    ("start now", "start takes no arguments: usage start"),
    ("status Ann Bob", "status takes at most one name: usage status [NAME]"),
    ("resolve now", 'unexpected "now": usage resolve [all]'),
    ("timer soon", "timer needs a text and in=DURATION: usage timer TEXT"),
    ("set Ann", "set needs one name and at least one STAT=VALUE: usage set NAME"),
    ("move Ann over Bob", "move needs NAME, before or after, and OTHER: usage move"),
    ("odds 2d6 x", "the target must be a number, not 'x': usage odds EXPR N"),
    ("log x", "log takes a number or all, not 'x'"),
    ("dice auto manual", "dice takes one mode"),
    ("undo 1 2", "give one positive number"),
    ("rest Ann 1h sleep=5", "rest has no option sleep="),
    ("timer x in=1h in=2h", "option in= given twice"),
    ("timer x in=1h whi=Ann", "timer has no option whi= — did you mean who=? (options: in=, who=)"),
    ("note Nobody", 'no combatant "Nobody"'),
    ("advance soon", "soon"),
    ("condition Ann Prone", "write +Prone to add or -Prone to remove"),
    ("act Ann attack Bob, dodge", "act takes one action; declare several with declare"),
    ("add Demon Orc x2", 'one name at a time: quote names with spaces, e.g. add "Demon Orc"'),
])
def test_core_errors(table, line: str, error: str) -> None:  # noqa: ANN001
    run(table, "start")
    assert error in fails(table, line)


def test_quote_hint_for_a_name_with_spaces(table) -> None:  # noqa: ANN001
    run(table, "start")
    assert fails(table, "hold Demon Thug 1").endswith('(quote names with spaces: "Demon Thug 1")')


def test_ruleset_verbs_say_their_usage_first(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="storypath")
    run(t, "add Ann side=pc", "add Orc")
    assert fails(t, "aid Ann") == ("usage: aid MEDIC PATIENT [LEVEL|NAME] [enh=N] [pool=P] "
                                   "(aid needs a medic and a patient)")
    assert fails(t, "session now") == "usage: session (session takes no arguments)"
    assert fails(t, "slot Ann x") == "slot N takes a whole number, not 'x'"
    assert fails(t, "ambush Ann vs") == "ambush needs names on both sides of vs"
    assert fails(t, "surprise Ann Orc").startswith("surprise needs two sides")


def test_the_state_is_checked_before_the_words(table) -> None:  # noqa: ANN001
    assert fails(table, "declare Zed attack Ann") == "the fight has not started: type start"
    assert fails(table, "hold") == "the fight has not started: type start"


def test_usage_error_knows_whether_it_is_about_arity() -> None:
    spec = Syntax((Arg("n", "int"),))
    with pytest.raises(UsageError) as e:
        layout_then_parse(spec, [])
    assert e.value.arity and e.value.what == "v needs one n"


def layout_then_parse(spec: Syntax, words: list[str]) -> Args:
    from combat_cli.engine.domain.models import Encounter

    return parse(spec, words, Encounter(ruleset="toy"), plugins.load("toy"), "v")


def test_layout_is_pure() -> None:
    spec = Syntax((Arg("e", "dice"), Arg("n", "int")))
    got = layout(spec, ["2d6", "+", "1", "9"])
    assert got.taken == {"e": ["2d6", "+", "1"], "n": ["9"]} and not got.left
    got = layout(Syntax((Arg("a", "name"), Arg("act", "action"))), ["Ann", "attack", "x=1"])
    assert got.taken == {"a": ["Ann"], "act": ["attack", "x=1"]} and not got.options


# -- ruleset verbs get parsed arguments ----------------------------------------------------------
def test_a_ruleset_handler_gets_args(make_table) -> None:  # noqa: ANN001
    t = make_table(ruleset="d6")
    run(t, "add Medic kits=1 side=pc", "add Pat side=pc", "restock Medic 3")
    assert t.enc.combatants[0].data["kit_uses"] == 3
    assert "USES" in fails(t, "restock Medic x")
    t = make_table(ruleset="d12")
    run(t, "add A", "realm eth")
    assert t.enc.data["realm"] == "ethereal"
    assert 'no realm "astral"' in fails(t, "realm astral")


# -- completion walks the spec --------------------------------------------------------------------
def _c(t: Any, text: str) -> list[str]:
    return suggest(text, t)[1]


def test_core_completion_from_the_spec(table) -> None:  # noqa: ANN001
    assert _c(table, "hold ") == ["Ann", "Bob", '"Demon Thug 1"', '"Demon Thug 2"']
    assert '"Demon Thug"' in _c(table, "damage ") and '"Demon Thug"' not in _c(table, "hold ")
    assert _c(table, "declare Ann ") == ["attack", "dodge", "wait"]
    assert _c(table, "react Ann ") == ["dodge"]
    assert _c(table, "declare Ann attack ")[:1] == ["Bob"]
    assert "bonus=" in _c(table, "declare Ann attack Bob ")
    assert _c(table, "declare Ann attack Bob, ") == ["attack", "dodge", "wait"]
    assert _c(table, "release Ann ") == ["attack", "dodge", "wait"]
    assert _c(table, "move Ann before ")[:2] == ["Ann", "Bob"]
    assert _c(table, "end ") == ["fight"] and _c(table, "resolve ") == ["all"]
    assert _c(table, "dice ") == ["auto", "manual", "players"]
    assert _c(table, "log ") == ["all"]
    assert "1h" in _c(table, "rest Ann ") and "1h" in _c(table, "advance ")
    assert _c(table, "timer x ") == ["in=", "who="]
    assert _c(table, "timer x in=1h ") == ["who="]
    assert "+Prone" in _c(table, "condition Ann ")
    run(table, "condition Ann +Prone")
    assert "-Prone" in _c(table, "condition Ann ")
    assert "for=" in _c(table, "condition Ann +Stunned ")
    assert _c(table, "add Orc side=") == ["side=pc", "side=npc"]
    assert {"side=", "template=", "hidden=", "speed=", "hp="} <= set(_c(table, "add Orc "))
    assert _c(table, "set Ann hidden=") == ["hidden=yes", "hidden=no"]
    assert "rules" in _c(table, "help ") and "attack" in _c(table, "help ")
    assert _c(table, "help attack ") == []


@pytest.mark.parametrize("ruleset, text, expect", [
    ("d6", "position ", ["all"]),
    ("d6", "position Ann Bob ", ["range=", "cover=", "conceal=", "protection="]),
    ("d6", "firstaid Ann Bob facility=", ["facility=yes", "facility=no"]),
    ("storypath", "ambush Ann ", ["Bob", "vs"]),
    ("storypath", "surprise Ann vs Bob attr=", ["attr=dexterity", "attr=intellect"]),
    ("d12", "realm ", ["corporeal", "ethereal", "celestial"]),
    ("d12", "reach Ann ", ["yes", "no"]),
    ("d12", "task Ann ", ["tn=", "skill=", "rp="]),
    ("d12", "path Ann x target=", ["target=Ann", "target=Bob"]),
    ("czech_pool", "nevýhoda Ann ", ["Bob"]),
    ("czech_pool", "prostředí ", ["počasí=", "terén=", "šero="]),
    ("toy", "shout ", ["Ann", "Bob"]),
])
def test_ruleset_verb_completion_from_the_spec(make_table, ruleset: str, text: str,
                                               expect: list[str]) -> None:  # noqa: ANN001
    t = make_table(ruleset=ruleset)
    run(t, "add Ann side=pc", "add Bob")
    got = _c(t, text)
    assert all(e in got for e in expect), got


@pytest.mark.parametrize("ruleset, text, expect", [
    ("d6", "declare Ann parry vs=", ["vs=Ann", "vs=Bob"]),
    ("d12", "declare Ann defend 2 from=", ["from=Ann", "from=Bob"]),
    ("storypath", "act Ann defend dive=", ["dive=Ann", "dive=Bob"]),
    ("storypath", "act Ann attack Bob ally=", ["ally=Ann", "ally=Bob"]),
])
def test_an_action_option_of_kind_name_completes_names(make_table, ruleset: str, text: str,
                                                       expect: list[str]) -> None:  # noqa: ANN001
    """The option's kind in the action's spec says it takes a name (no list of key names)."""
    t = make_table(ruleset=ruleset)
    run(t, "add Ann side=pc", "add Bob")
    assert _c(t, text) == expect
    assert _c(t, text.replace(text.rsplit(" ", 1)[1], "weapon=")) != expect



def test_a_name_the_verb_does_not_declare_is_a_bug(table) -> None:  # noqa: ANN001
    args = _parse(table, (Arg("name", "name"), Opt("n", "int")), "Ann")
    assert args["n"] is None and "n" not in args
    with pytest.raises(KeyError):
        args["nmae"]
