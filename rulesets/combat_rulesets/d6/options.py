"""The options each D6 action takes (``shoot X range=short cover=half``), as typed models:
their fields drive parsing, ``help ACTION`` and completion, and rules code reads them.

The three attacks share most options, but ``help`` and completion list a shot's weapon=,
then range= ... and only then what a punch takes; pydantic puts a base model's fields
first, so each attack model is written out in full from the shared field makers below.
Rules code takes any of them as an :data:`Attack`. The save keeps an action's options as
typed (``Options.dump()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Literal, TypeVar

from pydantic import ValidationError

from combat_cli.api import Name, Options, opt

if TYPE_CHECKING:
    from combat_cli.api import ActionRequest

RANGE_HELP = "point_blank, short, medium, long, or metres (25)"

YesNo = Literal["yes", "no"]
Called = Literal["large", "small", "tiny"]
Conceal = Literal["light_smoke", "thick_smoke", "very_thick_smoke", "poor_light", "moonlit",
                  "darkness", "none"]
Cover = Literal["quarter", "half", "three_quarters", "full", "none"]
Fire = Literal["single", "multi", "burst_single", "full_auto", "sweep"]


def _weapon() -> Any:
    return opt("weapon used (catalogue name); default: the weapon stat")


def _called() -> Any:
    return opt("called shot: large (10-50 cm) +1D, small (1-10 cm) +4D, tiny +8D")


def _conceal() -> Any:
    return opt("concealment: light_smoke, thick_smoke, very_thick_smoke, poor_light, "
               "moonlit, darkness (none: clear)")


def _scale() -> Any:
    return opt("the target's scale if not its stat (speeder, walker ...)")


def _diff() -> Any:
    return opt("GM modifier to the difficulty (+5, -3)")


def _mod() -> Any:
    return opt("GM modifier in dice to the roll (+1D, -2D)")


class Unarmed(Options):
    """``brawl`` and ``martial``: a fist (or claws) needs no weapon=."""

    called: Called | None = _called()
    conceal: Conceal | None = _conceal()
    scale: str | None = _scale()
    diff: int | None = _diff()
    mod: str | None = _mod()


class Melee(Options):
    """``attack``: a melee weapon, and what a punch takes."""

    weapon: str | None = _weapon()
    called: Called | None = _called()
    conceal: Conceal | None = _conceal()
    scale: str | None = _scale()
    diff: int | None = _diff()
    mod: str | None = _mod()


class Shot(Options):
    """``shoot``: the weapon, what stands between shooter and target (remembered for the
    pair), what every attack takes, and how the gun is fired."""

    weapon: str | None = _weapon()
    range: str | None = opt(f"range band or metres: {RANGE_HELP}", aliases=("r",))
    cover: Cover | None = opt("physical cover: quarter +1D, half +2D, three_quarters +4D, "
                              "full (none: no more cover)")
    protection: str | None = opt("what the target hides behind: a door name or Body code (3D)",
                                 aliases=("prot", "body"))
    called: Called | None = _called()
    conceal: Conceal | None = _conceal()
    scale: str | None = _scale()
    diff: int | None = _diff()
    mod: str | None = _mod()
    offhand: YesNo | None = opt("second gun in the off hand (yes/no)")
    fire: Fire = opt("single, multi (rounds=N at one target), burst_single, full_auto, "
                     "sweep (the last three: automatic weapons)", default="single")
    rounds: int | None = opt("with fire=multi: shots fired at the one target")

    @property
    def off_hand(self) -> bool:
        return self.offhand == "yes"

    def said(self) -> dict[str, str]:
        """What this shot says of the pair (range, cover, conceal, protection), ``none``
        included (it clears what was remembered)."""
        out = {"range": self.range, "cover": self.cover, "conceal": self.conceal,
               "protection": self.protection}
        return {k: v for k, v in out.items() if v is not None}


Attack = Shot | Melee | Unarmed
"""The options of any attack (``shoot``, ``attack``, ``brawl``, ``martial``)."""
ATTACK_MODELS: dict[str, type[Attack]] = {"shoot": Shot, "attack": Melee, "brawl": Unarmed,
                                          "martial": Unarmed}


class Dodging(Options):
    """``dodge``: full=yes is a full dodge."""

    full: YesNo | None = opt("full dodge (the only action)")

    @property
    def is_full(self) -> bool:
        return self.full == "yes"


GuardKind = Literal["parry", "block"]


class Guard(Options):
    """A parry or a block: the one melee attack it is for."""

    kind: ClassVar[GuardKind]
    vs: Name | None = opt("the attacker this parry/block is for (default: the next one)")


class Parry(Guard):
    """``parry``: with a melee weapon (default: the weapon stat)."""

    kind: ClassVar[GuardKind] = "parry"

    weapon: str | None = opt("the weapon parrying")


class Block(Guard):
    """``block``: with Brawling, or Martial Arts (with=martial)."""

    kind: ClassVar[GuardKind] = "block"

    with_: Literal["brawling", "martial"] | None = opt("brawling or martial", key="with")


G = TypeVar("G", bound=Guard)
GUARD_MODELS: dict[str, type[Parry] | type[Block]] = {"parry": Parry, "block": Block}


class Draw(Options):
    weapon: str | None = opt("the weapon drawn")


class Reload(Options):
    weapon: str | None = opt("the weapon reloaded")


class FirstAid(Options):
    """``firstaid``: facility=yes is Medicine (A) at a medical facility, no kit."""

    facility: YesNo | None = opt("medical facility: Medicine (A), no kit")

    @property
    def at_facility(self) -> bool:
        return self.facility == "yes"


ARMED_MODELS: dict[str, type[Shot] | type[Melee] | type[Parry] | type[Draw] | type[Reload]] = {
    "shoot": Shot, "attack": Melee, "parry": Parry, "draw": Draw, "reload": Reload}


def attack_of(a: ActionRequest) -> Attack:
    """The options of an attack (``shoot``, ``attack``, ``brawl``, ``martial``)."""
    return ATTACK_MODELS[a.name].of(a)


def guard_of(a: ActionRequest) -> Parry | Block:
    """The options of a parry or a block."""
    return GUARD_MODELS[a.name].of(a)


def guard_problem(kind: GuardKind, options: dict[str, Any]) -> str | None:
    """What is wrong with a held parry's or block's options, said without the value (the
    loader tells what it found): ``block's with= must be 'brawling' or 'martial'``."""
    try:
        GUARD_MODELS[kind].model_validate(options)
    except ValidationError as e:
        err = e.errors(include_url=False)[0]
        key = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            return f"{kind} has no option {key}="
        msg = str(err["msg"]).replace("Input should be", "must be").split(", unable to ")[0]
        return f"{kind}'s {key}= {msg[:1].lower()}{msg[1:]}"
    return None


def fire_of(a: ActionRequest) -> Fire:
    """How an action fires: its fire= for a shot, ``single`` for anything else."""
    return Shot.of(a).fire if a.name == "shoot" else "single"


def weapon_of(a: ActionRequest) -> str | None:
    """The weapon= an action names (None: not named, or an action without one)."""
    model = ARMED_MODELS.get(a.name)
    return model.of(a).weapon if model is not None else None


def vs_of(a: ActionRequest) -> str | None:
    """The vs= of a parry or block (None: the next attacker, or not a parry or block)."""
    return guard_of(a).vs if a.name in GUARD_MODELS else None


def merged(declared: G, typed: G) -> G:
    """A declared parry's or block's options with what ``react`` typed now over them."""
    return declared.model_copy(update=typed.model_dump(exclude_unset=True))
