"""A tiny test-only ruleset that exercises every core hook without any real system's rules.

Toy rules: initiative by ``speed`` (highest first); ``attack TARGET`` rolls 1d20 + skill against
10 (or the target's dodge this round); a hit deals 1d6 from ``hp``; at 0 hp the target is Down.
``dodge`` (a reaction) rolls 1d20 and sets the difficulty for the rest of the round. Healing:
``rest`` starts a timer that heals 1 hp per day rested. ``TURNS`` is the same rules turn by turn.
"""

from __future__ import annotations

from typing import Any

from combat_cli.api import (
    ActionRequest,
    ActionSpec,
    Arg,
    Args,
    Combatant,
    ConditionSpec,
    DeclarePhase,
    Healing,
    OptionSpec,
    Reactions,
    RuleError,
    RulesContext,
    Ruleset,
    RulesView,
    StatSpec,
    Timer,
    VerbSpec,
    sum_dice,
)


def _int(v: Any) -> int:
    n = int(v)
    if n < 0:
        raise ValueError("must be 0 or more")
    return n


def _shout(ctx: RulesContext, args: Args) -> None:
    c = args["name"]
    ctx.log(f"{c.name} shouts", kind="note", actor=c)


def _listen(ctx: RulesContext, args: Args) -> None:
    """``listen NAME FIFO``: NAME drops to 0 hp, then the command reads FIFO (which blocks
    until someone writes): a command that runs until it is stopped, for the Ctrl-C tests."""
    import os
    import stat

    c, path = args["name"], args["path"]
    try:
        fifo = stat.S_ISFIFO(os.stat(path).st_mode)
    except (OSError, ValueError):
        fifo = False
    if not fifo:
        raise RuleError(f"{path!r} is not a named pipe")
    c.stats["hp"] = 0
    ctx.log(f"{c.name} listens", kind="note", actor=c)
    with open(path, encoding="utf-8", errors="replace") as f:
        ctx.log(f.read(), kind="note")


def _attack(ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
    target = ctx.combatant(action.target or "")
    bonus = int(action.options.get("bonus", 0))
    skill = int(c.stats.get("skill", 0))
    diff = int(target.data.get("dodge", ctx.tables["difficulty"]))
    r = ctx.roll(sum_dice(1, 20, skill + bonus), f"{c.name}: attack 1d20+{skill + bonus}")
    hit = r.total >= diff
    ctx.log(f"{c.name} attacks {target.name}: {r.total} vs {diff}, {'hit' if hit else 'miss'}",
            kind="attack", actor=c, action="attack", target=target, roll=r,
            difficulty=diff, outcome="hit" if hit else "miss")
    if hit:
        d = ctx.roll(sum_dice(1, 6), f"{c.name}: damage 1d6")
        _hurt(ctx, target, d.total)


def _dodge(ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
    r = ctx.roll(sum_dice(1, 20), f"{c.name}: dodge 1d20")
    c.data["dodge"] = r.total
    ctx.log(f"{c.name} dodges: {r.total}", kind="reaction", actor=c, action="dodge", roll=r)


def _wait(ctx: RulesContext, c: Combatant, action: ActionRequest) -> None:
    ctx.log(f"{c.name} waits", actor=c, action="wait")


def _hurt(ctx: RulesContext, c: Combatant, n: int) -> None:
    c.stats["hp"] = max(0, int(c.stats["hp"]) - n)
    down = c.stats["hp"] == 0
    ctx.set_status(c, "Down" if down else ("Hurt" if n else c.status), out=down)
    ctx.log(f"{c.name} takes {n}: {c.stats['hp']} hp left", kind="wound", target=c,
            outcome=c.status)


class ToyTurns(Reactions, Healing, Ruleset):
    """The toy rules turn by turn; :class:`Toy` adds the declare phase."""

    name = "toyturns"
    title = "Test-only rules: speed order, d20 attacks, hp"
    round_seconds = 6
    stats = (
        StatSpec("speed", "initiative", _int, 0),
        StatSpec("skill", "added to attacks", _int, 0),
        StatSpec("hp", "hit points", _int, 10, aliases=("health",)),
    )
    actions = (
        ActionSpec("attack", "1d20+skill vs 10 (or the dodge)", target="required", attack=True,
                   options=(OptionSpec("bonus", "added to the roll", kind="int"),
                            OptionSpec("range", "", choices=("short", "long"))),
                   handler=_attack),
        ActionSpec("dodge", "1d20 sets the difficulty this round", target="none", reaction=True,
                   handler=_dodge),
        ActionSpec("wait", "do nothing", target="none", handler=_wait),
    )
    conditions = (ConditionSpec("Prone"), ConditionSpec("Stunned", aliases=("stun",)))
    verbs = (VerbSpec("shout", (Arg("name", "name", missing="shout needs a name"),),
                      "a ruleset verb", _shout),
             VerbSpec("listen", (Arg("name", "name"), Arg("path", "word")),
                      "a command that runs until stopped", _listen))
    house_rules = {"difficulty": "the base difficulty of an attack"}

    def load_tables(self) -> dict[str, Any]:
        return {"difficulty": 10, "heal_per_day": 1}

    def on_add(self, ctx: RulesContext, c: Combatant) -> None:
        c.stats.setdefault("hp", 10)
        c.data.setdefault("max_hp", c.stats["hp"])

    def begin_round(self, ctx: RulesContext) -> None:
        live = [c for c in ctx.enc.combatants]
        live.sort(key=lambda c: -int(c.stats.get("speed", 0)))
        ctx.enc.order = [c.id for c in live]
        for c in ctx.enc.combatants:
            c.data.pop("dodge", None)

    def damage(self, ctx: RulesContext, c: Combatant, value: str) -> None:
        try:
            n = int(value)
        except ValueError:
            raise RuleError(f"toy damage is a number of hp, not {value!r}") from None
        _hurt(ctx, c, n)

    def heal(self, ctx: RulesContext, c: Combatant, value: str | None) -> None:
        n = int(value) if value and value.isdigit() else c.data["max_hp"]
        c.stats["hp"] = min(c.data["max_hp"], int(c.stats["hp"]) + n)
        ctx.set_status(c, "OK", out=False)
        ctx.log(f"{c.name} heals to {c.stats['hp']}", kind="heal", target=c)

    rest_options = (OptionSpec("care", "", choices=("none", "doctor")),)

    def rest(self, ctx: RulesContext, c: Combatant, seconds: int, options: dict[str, Any]) -> None:
        ctx.remove_timers(kind="heal", combatant=c)
        ctx.add_timer(f"{c.name} heals", due_in=86400, kind="heal", combatant=c,
                      data={"until": ctx.now + seconds})

    def fire_timer(self, ctx: RulesContext, timer: Timer) -> None:
        if timer.kind != "heal":
            return super().fire_timer(ctx, timer)
        c = ctx.combatant(timer.combatant or "")
        c.stats["hp"] = min(c.data["max_hp"], int(c.stats["hp"]) + ctx.tables["heal_per_day"])
        ctx.log(f"{c.name} heals 1 overnight: {c.stats['hp']} hp", kind="heal", target=c)
        if ctx.now + 86400 <= timer.data["until"]:
            ctx.add_timer(timer.name, due_in=86400, kind="heal", combatant=c, data=timer.data,
                          quiet=True)

    def status_columns(self, view: RulesView, c: Combatant) -> dict[str, str]:
        return {"HP": f"{c.stats.get('hp')}/{c.data.get('max_hp')}"}

    def demo(self) -> list[str]:
        return ["add Ann side=pc speed=3 skill=5", "add Orc x2 speed=1", "start",
                "declare Ann attack \"Orc 1\"", "declare \"Orc 1\" attack Ann",
                "resolve all", "end", "status"]


class Toy(DeclarePhase, ToyTurns):
    name = "toy"

    def declare(self, ctx: RulesContext, c: Combatant, actions: list[ActionRequest]) -> None:
        if len(actions) > 3:
            raise RuleError("at most 3 actions")


RULESET = Toy()
TURNS = ToyTurns()
