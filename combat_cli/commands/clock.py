"""Clock verbs: advance, rest, timer."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.commands.views import WhereView
from combat_cli.engine.clockwork import advance as advance_clock
from combat_cli.engine.contract.capabilities import Healing
from combat_cli.engine.domain.durations import format_clock
from combat_cli.engine.grammar.syntax import Arg, Opt


def _move(cmd: Cmd, seconds: int) -> None:
    before = cmd.enc.clock.seconds
    fired = advance_clock(cmd.ctx, cmd.ruleset, seconds)
    day = cmd.ctx.label("day")
    cmd.ctx.log(cmd.ctx.say("Clock: {before} -> {after}", before=format_clock(before, day),
                            after=format_clock(cmd.enc.clock.seconds, day))
                + (cmd.ctx.say(" ({n} timer fired)" if fired == 1 else " ({n} timers fired)",
                               n=fired) if fired else ""),
                kind="clock")


@verb("advance", (Arg("duration", "duration"),), "move the game clock (10r, 5m, 8h, 3d, 2w); due timers fire",
      aliases=("adv",))
def advance(cmd: Cmd) -> None:
    _move(cmd, cmd.args["duration"])
    cmd.show(WhereView())


@verb("rest", (Arg("name", "name"), Arg("duration", "duration"), Opt("opt", "rest")),
      "NAME rests (the ruleset's rest options, e.g. care=...); the clock moves, timers fire")
def rest(cmd: Cmd) -> None:
    seconds: int = cmd.args["duration"]
    if isinstance(cmd.ruleset, Healing):
        cmd.ruleset.rest(cmd.ctx, cmd.args["name"], seconds, dict(cmd.args.extra))
    _move(cmd, seconds)
    cmd.show(WhereView())


@verb("timer", (Arg("text", "text"), Opt("in", "duration", required=True), Opt("who", "name")),
      "a reminder on the game clock (reinforcements in=3r)")
def timer(cmd: Cmd) -> None:
    cmd.ctx.add_timer(cmd.args["text"], due_in=cmd.args["in"], kind="reminder",
                      combatant=cmd.args["who"])
