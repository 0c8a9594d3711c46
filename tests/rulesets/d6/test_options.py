"""D6's action options are typed models (rulesets/combat_rulesets/d6/options.py): the options they declare
are the ones the actions took before (names, help, kinds, choices, aliases, in order), rules
read their fields, and a wrong value in a loaded file is one line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from combat_rulesets.d6.options import Block, Parry, Shot, attack_of, merged

from combat_cli.api import ActionRequest, OptionSpec, RuleError
from tests.conftest import unchanged
from tests.rulesets.d6.conftest import LECTOR, THUG, T, faces
from tests.saves import edit_encounter

HERE = Path(__file__).parent / "fixtures"

# The option specs as they were written out before the models (the help strings are the
# Czech catalogue's msgids): the models must declare exactly these.
YES = ("yes", "no")
RANGE_HELP = "point_blank, short, medium, long, or metres (25)"
ATTACK_OPTIONS = (
    OptionSpec("weapon", "weapon used (catalogue name); default: the weapon stat"),
    OptionSpec("range", f"range band or metres: {RANGE_HELP}", aliases=("r",)),
    OptionSpec("cover", "physical cover: quarter +1D, half +2D, three_quarters +4D, full "
                        "(none: no more cover)",
               choices=("quarter", "half", "three_quarters", "full", "none")),
    OptionSpec("protection", "what the target hides behind: a door name or Body code (3D)",
               aliases=("prot", "body")),
    OptionSpec("called", "called shot: large (10-50 cm) +1D, small (1-10 cm) +4D, tiny +8D",
               choices=("large", "small", "tiny")),
    OptionSpec("conceal", "concealment: light_smoke, thick_smoke, very_thick_smoke, "
                          "poor_light, moonlit, darkness (none: clear)",
               choices=("light_smoke", "thick_smoke", "very_thick_smoke", "poor_light",
                        "moonlit", "darkness", "none")),
    OptionSpec("scale", "the target's scale if not its stat (speeder, walker ...)"),
    OptionSpec("diff", "GM modifier to the difficulty (+5, -3)", kind="int"),
    OptionSpec("mod", "GM modifier in dice to the roll (+1D, -2D)"),
    OptionSpec("offhand", "second gun in the off hand (yes/no)", choices=YES),
    OptionSpec("fire", "single, multi (rounds=N at one target), burst_single, full_auto, "
                       "sweep (the last three: automatic weapons)",
               choices=("single", "multi", "burst_single", "full_auto", "sweep")),
    OptionSpec("rounds", "with fire=multi: shots fired at the one target", kind="int"),
)
MELEE_OPTIONS = tuple(o for o in ATTACK_OPTIONS
                      if o.name in ("weapon", "scale", "diff", "mod", "called", "conceal"))
UNARMED_OPTIONS = tuple(o for o in MELEE_OPTIONS if o.name != "weapon")
VS = OptionSpec("vs", "the attacker this parry/block is for (default: the next one)",
                kind="name")
BEFORE = {
    "shoot": ATTACK_OPTIONS,
    "attack": MELEE_OPTIONS,
    "brawl": UNARMED_OPTIONS,
    "martial": UNARMED_OPTIONS,
    "dodge": (OptionSpec("full", "full dodge (the only action)", choices=YES),),
    "fulldodge": (),
    "parry": (VS, OptionSpec("weapon", "the weapon parrying")),
    "block": (VS, OptionSpec("with", "brawling or martial", choices=("brawling", "martial"))),
    "draw": (OptionSpec("weapon", "the weapon drawn"),),
    "reload": (OptionSpec("weapon", "the weapon reloaded"),),
    "firstaid": (OptionSpec("facility", "medical facility: Medicine (A), no kit",
                            choices=YES),),
}


def test_every_action_declares_the_options_it_took_before() -> None:
    from combat_cli import plugins

    actions = plugins.load("d6").actions
    assert {a.name: a.options for a in actions} == BEFORE
    assert all(a.model is not None for a in actions if a.options)


def test_what_the_gm_typed_is_what_the_save_keeps() -> None:
    t = T()
    t(LECTOR, THUG, "start", 'declare Lector shoot "Demon Thug" r=med cover=ha diff=+2 '
                             'fire=single')
    [declared] = t.enc.declarations[t.c("Lector").id].actions
    assert declared.options == {"range": "med", "cover": "half", "diff": 2, "fire": "single"}
    o = attack_of(declared)
    assert isinstance(o, Shot) and (o.cover, o.diff, o.rounds) == ("half", 2, None)


def test_an_unset_fire_reads_single_and_is_not_saved() -> None:
    a = ActionRequest(name="shoot", target="c2", options={"cover": "half"})
    o = Shot.of(a)
    assert o.fire == "single"
    o.put(a)
    assert a.options == {"cover": "half"}


def test_a_reaction_typed_now_goes_over_the_declared_one() -> None:
    declared = Block.model_validate({"vs": "Thug", "with": "martial"})
    now = Block.of(ActionRequest(name="block", options={"vs": "Brute"}))
    both = merged(declared, now)
    assert (both.vs, both.with_) == ("Brute", "martial")
    assert both.dump() == {"vs": "Brute", "with": "martial"}


def test_a_wrong_value_read_by_rules_code_is_one_line() -> None:
    with pytest.raises(RuleError, match=r"^parry has no option with= \(found 'martial'\)$"):
        Parry.of(ActionRequest(name="parry", options={"with": "martial"}))


def test_d6_range_the_shot_reads_its_range_from_the_field() -> None:
    """D6-RANGE-1 (T-D6-1): range=long is the Difficult band, 20, read as the field."""
    t = T()
    t(LECTOR, THUG, "start")
    t.dice(faces(4, 19))
    t('act Lector shoot "Demon Thug" range=long')
    e = t.last("attack", actor="Lector")
    assert e.difficulty == 20 and e.outcome == "miss"


def _edited(tmp_path: Path, name: str, edit: Any) -> Path:
    return edit_encounter(tmp_path / f"{name}.json", edit, HERE / f"{name}.json")


def _declared_attack(enc: dict[str, Any]) -> dict[str, Any]:
    for d in enc["declarations"].values():
        for a in d["actions"]:
            if a["name"] == "attack":
                options: dict[str, Any] = a["options"]
                return options
    raise AssertionError("no attack declared")


@pytest.mark.parametrize(("edit", "said"), [
    (lambda o: o.update(called="huge"),
     "Knight: attack's called= must be 'large', 'small' or 'tiny' (found 'huge')"),
    (lambda o: o.update(diff="hard"), "Knight: attack's diff= must be a valid integer"),
    (lambda o: o.update(cover="half"), "Knight: attack has no option cover= (found 'half')"),
])
def test_a_wrong_option_in_a_loaded_file_is_one_line(tmp_path: Path, edit: Any,
                                                     said: str) -> None:
    from combat_cli.dice import FixedDice
    from combat_cli.store.fileio import SaveError
    from combat_cli.store.savefile import load

    path = _edited(tmp_path, "declaring", lambda enc: edit(_declared_attack(enc)))
    with unchanged(path), pytest.raises(SaveError) as e:
        load(path, FixedDice([]))
    assert said in str(e.value) and "\n" not in str(e.value), str(e.value)


def test_a_held_block_declared_with_a_wrong_option_is_one_line(tmp_path: Path) -> None:
    from combat_cli.dice import FixedDice
    from combat_cli.store.fileio import SaveError
    from combat_cli.store.savefile import load

    def edit(enc: dict[str, Any]) -> None:
        lector = next(c for c in enc["combatants"] if c["name"] == "Lector")
        lector["data"]["rd"]["ready_melee"][0]["options"] = {"with": "karate"}

    path = _edited(tmp_path, "resolving", edit)
    with pytest.raises(SaveError) as e:
        load(path, FixedDice([]))
    said = str(e.value)
    assert "Lector: " in said and "block's with= must be 'brawling' or 'martial'" in said
    assert said.count("found") == 1 and said.endswith("(found {'with': 'karate'})"), said
    assert "\n" not in said, said


def test_d6_react_1_a_held_block_keeps_its_options_as_typed_and_reads_them_as_fields() -> None:
    t = T()
    t(LECTOR, THUG, "start")
    assert "no Martial Arts skill" in t.err('declare Lector block with=martial')  # D6-REACT-1
    t('set Lector "Martial Arts=3D"', 'declare Lector block vs="Demon Thug" with=mar')
    [held] = t.state("Lector").rd.ready_melee
    assert (held.kind, held.options) == ("block", {"vs": "Demon Thug", "with": "martial"})
    o = held.declared()
    assert isinstance(o, Block) and (o.vs, o.with_) == ("Demon Thug", "martial")
