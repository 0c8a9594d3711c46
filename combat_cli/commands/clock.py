"""Clock verbs: advance, rest, timer."""

from __future__ import annotations

from combat_cli.commands.parsing import check_option, partition
from combat_cli.commands.registry import Cmd, verb
from combat_cli.commands.views import WhereView
from combat_cli.engine.capabilities import Healing, rest_options
from combat_cli.engine.clockwork import advance as advance_clock
from combat_cli.engine.durations import DurationError, format_clock, parse_duration
from combat_cli.engine.errors import CommandError
from combat_cli.engine.queries import closest, find_combatant


def _duration(cmd: Cmd, text: str) -> int:
    try:
        return parse_duration(text, cmd.ruleset.round_seconds)
    except DurationError as e:
        raise CommandError(str(e)) from None


def _move(cmd: Cmd, seconds: int) -> None:
    before = cmd.enc.clock.seconds
    fired = advance_clock(cmd.ctx, cmd.ruleset, seconds)
    day = cmd.ctx.label("day")
    cmd.ctx.log(cmd.ctx.say("Clock: {before} -> {after}", before=format_clock(before, day),
                            after=format_clock(cmd.enc.clock.seconds, day))
                + (cmd.ctx.say(" ({n} timer fired)" if fired == 1 else " ({n} timers fired)",
                               n=fired) if fired else ""),
                kind="clock")


@verb("advance", "advance DURATION", "move the game clock (10r, 5m, 8h, 3d, 2w); due timers fire",
      aliases=("adv",))
def advance(cmd: Cmd) -> None:
    if len(cmd.args) != 1:
        raise cmd.usage_error("advance needs one duration")
    _move(cmd, _duration(cmd, cmd.args[0]))
    cmd.show(WhereView())


@verb("rest", "rest NAME DURATION [opt=v ...]",
      "NAME rests (the ruleset's rest options, e.g. care=...); the clock moves, timers fire")
def rest(cmd: Cmd) -> None:
    pos, opts = partition(cmd.args)
    if len(pos) != 2:
        raise cmd.usage_error("rest needs a name and a duration")
    c = find_combatant(cmd.enc, pos[0])
    seconds = _duration(cmd, pos[1])
    options = rest_options(cmd.ruleset)
    specs = {o.name.lower(): o for o in options}
    checked = {}
    for k, v in opts.items():
        o = specs.get(k.lower())
        if o is None:
            guess = closest(k, list(specs))
            known = ", ".join(o.name + "=" for o in options) or "none"
            raise CommandError(f"rest has no option {k}=" + (f" — did you mean {guess}=?" if guess else "")
                               + f" (options: {known})")
        checked[o.name] = check_option("rest", o, v)
    if isinstance(cmd.ruleset, Healing):
        cmd.ruleset.rest(cmd.ctx, c, seconds, checked)
    _move(cmd, seconds)
    cmd.show(WhereView())


@verb("timer", "timer TEXT in=DURATION [who=NAME]",
      "a reminder on the game clock (reinforcements in=3r)")
def timer(cmd: Cmd) -> None:
    pos, opts = partition(cmd.args)
    low = {k.lower(): v for k, v in opts.items()}
    if not pos or "in" not in low or set(low) - {"in", "who"}:
        raise cmd.usage_error("timer needs a text and in=DURATION")
    who = find_combatant(cmd.enc, low["who"]) if "who" in low else None
    cmd.ctx.add_timer(" ".join(pos), due_in=_duration(cmd, low["in"]), kind="reminder",
                      combatant=who)
