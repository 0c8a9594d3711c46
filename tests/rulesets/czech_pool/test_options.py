"""The actions' options as typed models (options.py): the same options as before (names,
aliases, kinds, help), the save keeps the keys and values typed, the rules read the fields, and
a loaded file's bad option is one line. A queued action's data (its speed) and a clash's log
entry data (the successes) are read the same way (state.Slot, state.Clash)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from combat_rulesets.czech_pool import ACTIONS
from combat_rulesets.czech_pool.display import brief
from combat_rulesets.czech_pool.options import Bare, Defend, Threaten
from combat_rulesets.czech_pool.state import Clash, Slot

from combat_cli.api import ActionRequest, LogEntry, OptionSpec, QueueItem, RuleError
from combat_cli.dice import RandomDice
from combat_cli.store.fileio import SaveError
from combat_cli.store.savefile import load
from tests.conftest import fails, unchanged
from tests.rulesets.czech_pool.conftest import T
from tests.saves import edit_encounter

# the option specs as they were declared by hand before the models (help, completion and the
# Czech catalogue's msgids depend on them)
BEFORE_THREAT = (
    OptionSpec("volba", "wound|disadvantage — what he does if he wins (default wound)",
               aliases=("choice",)),
    OptionSpec("cíl", "larger|smaller — shooting at a larger (-1) / smaller (+1) target",
               aliases=("cil", "size")),
    OptionSpec("dostřel", "short|long — beyond short (+1) / long range (+2, -2 dice)",
               aliases=("dostrel", "range")),
    OptionSpec("překážka", "small|medium|large — the target behind cover +1/+2/+3",
               aliases=("prekazka", "cover")),
    OptionSpec("obt", "±N other influences on the difficulty", kind="int",
               aliases=("obtížnost", "obtiznost", "diff", "difficulty")),
    OptionSpec("bank", "±N other dice", kind="int", aliases=("pool",)),
    OptionSpec("zranění", "this attack's weapon/spell damage", kind="int",
               aliases=("zraneni", "damage", "dmg")),
    OptionSpec("rychlost", "this attack's weapon/spell/miracle speed", kind="int",
               aliases=("speed",)),
    OptionSpec("atribut", "Deception|Charisma|Willpower — for invoke/pray",
               aliases=("attribute", "attr")),
    OptionSpec("kontrola", "balance|toughness|concentration — the check if wounded before "
               "acting", aliases=("check",)),
    OptionSpec("míření", "yes — aiming -1", aliases=("mireni", "aim")),
    OptionSpec("omráčit", "yes — trying to stun +1", aliases=("omracit", "stun")),
    OptionSpec("daleko", "yes — long throw +1, -1 die",
               aliases=("dlouhy_vrh", "dlouhý_vrh", "far", "long_throw")),
    OptionSpec("rozptyl", "yes — wide spread -1", aliases=("spread",)),
    OptionSpec("zády", "yes — the target has its back turned: its difficulty +1",
               aliases=("zady", "back")),
)
BEFORE_SKILL = (OptionSpec("dovednost", "melee|brawl|athletics ... — the skill to defend with",
                           aliases=("skill",)),)
BEFORE = {**{a: BEFORE_THREAT for a in ("boj", "rvačka", "vrh", "střelba", "kouzlení",
                                        "vzývání", "modlení")},
          "bránit": BEFORE_SKILL, "pouze_bránit": BEFORE_SKILL, "nebránit": (), "vstát": ()}
MODEL = {**{a: Threaten for a in BEFORE if BEFORE[a] is BEFORE_THREAT},
         "bránit": Defend, "pouze_bránit": Defend, "nebránit": Bare, "vstát": Bare}


@pytest.mark.parametrize("action", list(BEFORE))
def test_every_action_has_the_options_it_had(action: str) -> None:
    spec = next(a for a in ACTIONS if a.name == action)
    assert spec.model is MODEL[action]
    assert spec.options == BEFORE[action]


def test_the_save_keeps_the_names_and_values_typed() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=3", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann boj Bob aim=yes range=long diff=2 dmg=1 choice=d")
    a = t.t.enc.declarations[t.c("Ann").id].actions[0]
    assert a.options == {"míření": "yes", "dostřel": "long", "obt": 2, "zranění": 1,
                         "volba": "d"}
    o = Threaten.of(a)
    assert (o.mireni, o.dostrel, o.obt, o.zraneni, o.volba) == ("yes", "long", 2, 1, "d")
    assert o.switches() == {"míření": "yes"}
    assert o.dump() == a.options                  # read and written back: the same dict


def test_cz_res_1_the_winner_s_choice_is_read_from_the_field() -> None:
    """CZ-RES-1 (b): volba=nevýhoda carries a disadvantage, +1 to the loser's difficulty."""
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann boj Bob volba=nevýhoda obt=1", "declare Bob boj Ann")
    t.faces(10, 10, 10, 10, 10, 1, 1, 1, 1)
    t("resolve all")
    assert t.diff("Ann", "Bob") == 7                     # obt=1 on Ann's roll against Bob
    assert t.level("Ann", "Bob") == 1 and not t.me("Bob").wounds


def test_a_wrong_value_read_by_the_rules_is_one_line() -> None:
    a = ActionRequest(name="boj", target="c2", options={"obt": "hodně"})
    with pytest.raises(RuleError, match=r"^boj's obt= must be a valid integer"):
        Threaten.of(a)


FIXTURES = Path(__file__).parent / "fixtures"


def _edited(tmp_path: Path, edit: Any) -> Path:
    return edit_encounter(tmp_path / "declared_env.json", lambda e: edit(e["declarations"]),
                          FIXTURES / "declared_env.json")


def _options(declarations: dict[str, Any], actor: str) -> dict[str, Any]:
    options: dict[str, Any] = declarations[actor]["actions"][0]["options"]
    return options


@pytest.mark.parametrize(("edit", "said"), [
    (lambda d: _options(d, "c2").update({"zranění": "hodně"}),
     "Bert: boj's zranění= must be a valid integer"),
    (lambda d: _options(d, "c2").update({"míření": True}),
     "Bert: boj's míření= must be a valid string (found True)"),
    (lambda d: _options(d, "c2").update({"dosah": 3}), "Bert: boj has no option dosah="),
    (lambda d: _options(d, "c1").update({"dovednost": "boj"}),
     "Ada: vstát has no option dovednost="),
])
def test_a_bad_option_in_a_loaded_file_is_one_line(tmp_path: Path, edit: Any,
                                                   said: str) -> None:
    path = _edited(tmp_path, edit)
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, RandomDice(1))
    assert said in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_the_declared_options_of_a_file_load_and_play(tmp_path: Path) -> None:
    path = _edited(tmp_path, lambda d: _options(d, "c2").update({"obt": 1, "míření": "ano"}))
    t = load(path, RandomDice(1))
    a = t.enc.declarations["c2"].actions[0]
    assert Threaten.of(a).switches() == {"míření": "ano"} and Threaten.of(a).obt == 1


# -- a queued action's data (speed, surprised) read through its model ------------------------


def test_a_queued_action_keeps_its_speed_as_before() -> None:
    assert Slot(speed=9).dump() == {"speed": 9}
    assert Slot(speed=-1, surprised=True).dump() == {"speed": -1, "surprised": True}
    kept = QueueItem(id=1, actor="c1", action=ActionRequest(name="boj"),
                     data={"speed": 3, "replaced": "boj Bob"})   # the core's key is kept
    assert Slot.of(kept).speed == 3 and Slot.of(kept).dump() == kept.data


def test_cz_init_2_the_queue_runs_from_the_fastest() -> None:
    """CZ-INIT-2: the pairs resolve from the highest speed (attribute + skill + weapon)."""
    t = T()
    t("add Ann Obratnost=4 Boj=3", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann boj Bob rychlost=1", "declare Bob boj Ann")
    t.faces(*[1] * 7, *[1] * 4)
    t("resolve")
    assert [i.data for i in t.t.enc.queue] == [{"speed": 8}, {"speed": 4}]


def _queued(tmp_path: Path, speed: Any) -> Path:
    def edit(e: dict[str, Any]) -> None:
        e["queue"][1]["data"]["speed"] = speed
    return edit_encounter(tmp_path / "mid_resolve.json", edit, FIXTURES / "mid_resolve.json")


def test_a_damaged_speed_in_a_file_is_one_line(tmp_path: Path) -> None:
    t = load(_queued(tmp_path, "fast"), RandomDice(1))
    assert fails(t, "resolve") == ("naplánovaná akce boj Lučištník: rychlost musí být celé "
                                   "číslo (nalezeno 'fast')")


def test_a_queued_speed_in_a_file_is_read() -> None:
    t = load(FIXTURES / "mid_resolve.json", RandomDice(1))
    assert [Slot.of(i).speed for i in t.enc.queue] == [9, 9, 6, 3]


def test_a_clash_is_one_brief_line_with_its_successes() -> None:
    t = T()
    t("add Ann Obratnost=3 Boj=2", "add Bob Obratnost=2 Boj=2", "start",
      "declare Ann boj Bob volba=nevýhoda", "declare Bob boj Ann")
    t.faces(10, 10, 10, 10, 10, 10, 1, 1, 1)
    t("resolve all")
    clash = next(e for e in t.entries if e.kind == "clash")
    assert clash.data == {"successes": 5, "target_successes": 1, "target_difficulty": 6,
                          "speed": 5, "winner": "Ann"}          # the JSON as it always was
    assert Clash.of(clash).winner == "Ann"
    assert brief([clash])[0].startswith("Ann 5 vs Bob 1: ")


def test_a_damaged_clash_in_a_log_is_told_as_its_text() -> None:
    e = LogEntry(kind="clash", actor="Ann", target="Bob", text="Ann vs Bob: Ann wins",
                 data={"successes": "many", "target_successes": 1})
    assert brief([e]) == ["Ann vs Bob: Ann wins"]
    e.data["successes"] = 2
    assert brief([e]) == ["Ann 2 vs Bob 1: Ann wins"]
