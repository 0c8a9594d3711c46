"""Round verbs: start, declare, resolve, act, react, hold, release, next, end."""

from __future__ import annotations

from combat_cli.commands.parsing import groups, parse_action, parse_actions
from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.clockwork import advance
from combat_cli.engine.errors import CommandError
from combat_cli.engine.models import ActionRequest, Combatant, Declaration, QueueItem
from combat_cli.engine.queries import find_combatant, is_combatant_name


def _require_fight(cmd: Cmd) -> None:
    if cmd.enc.phase == "setup":
        raise CommandError("the fight has not started: type start")


def _first_phase(cmd: Cmd) -> None:
    enc = cmd.enc
    enc.declarations.clear()
    enc.queue.clear()
    for c in enc.combatants:
        c.held = False
    cmd.ruleset.begin_round(cmd.ctx)
    if cmd.ruleset.declare_phase:
        enc.phase = "declare"
    else:
        enc.phase = "turns"
        enc.turn = -1
        cmd.ruleset.next_turn(cmd.ctx)


@verb("start", "start", "begin the fight: round 1, initiative as the ruleset says")
def start(cmd: Cmd) -> None:
    enc = cmd.enc
    if cmd.args:
        raise cmd.usage_error("start takes no arguments")
    if enc.phase != "setup":
        raise CommandError(f"the fight is already on (round {enc.round}): end ends a round")
    if not enc.combatants:
        raise CommandError("nobody to fight: add NAME first")
    enc.round = 1
    cmd.ctx.log(cmd.ctx.say("Round {n} begins", n=1), kind="round")
    _first_phase(cmd)
    cmd.show("round")


@verb("declare", "declare NAME ACTION [TARGET] [opt=v ...][, ACTION ...]",
      "plan this round's actions (systems with a declare phase)", aliases=("decl",),
      details="A second declare for the same combatant replaces the first.")
def declare(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if not cmd.ruleset.declare_phase:
        raise CommandError(f"{cmd.ruleset.name} has no declare phase: use act NAME ACTION")
    if enc.phase != "declare":
        raise CommandError("declarations are closed for this round (resolving): end starts the next round")
    if len(cmd.args) < 2:
        raise cmd.usage_error("declare needs a name and an action")
    c = find_combatant(enc, cmd.args[0])
    why = cmd.ruleset.can_act(enc, c)
    if why:
        raise CommandError(f"{why} and cannot declare")
    actions = parse_actions(cmd.ruleset, enc, cmd.args[1:])
    old = enc.declarations.get(c.id)
    decl = Declaration(actor=c.id, actions=actions)
    enc.declarations[c.id] = decl
    cmd.ruleset.declare(cmd.ctx, c, actions)
    warn_own_side(cmd, c, actions)
    cmd.ctx.log(cmd.ctx.say("{name} declares: {actions}", name=c.name,
                            actions=", ".join(a.text for a in actions)), kind="declare",
                actor=c, action=",".join(a.name for a in actions))
    if old is not None:
        cmd.ruleset.replaced(cmd.ctx, c, old)


def warn_own_side(cmd: Cmd, c: Combatant, actions: list[ActionRequest]) -> None:
    """An attack on one's own side is allowed (a slip of the tongue, a traitor), with one
    line saying so — when the encounter uses sides (not everyone on the default one)."""
    specs = {a.name: a for a in cmd.ruleset.actions}
    enc = cmd.enc
    if len({x.side for x in enc.combatants}) < 2:
        return
    for a in actions:
        spec = specs.get(a.name)
        if spec is None or not spec.attack:
            continue
        targets = [a.target, *(find_combatant(enc, w).id for w in a.args
                               if is_combatant_name(enc, w))]
        for tid in dict.fromkeys(t for t in targets if t and t != c.id):
            other = enc.get(tid)
            if other.side == c.side:
                cmd.ctx.note(cmd.ctx.say("warning: {name} attacks {target}, of the same side "
                                         "({side})", name=c.name, target=other.name,
                                         side=c.side))


def _next_item(cmd: Cmd) -> QueueItem | None:
    enc = cmd.enc
    item: QueueItem
    for item in enc.queue:
        if item.state == "pending" and not enc.get(item.actor).held:
            return item
    return None


def _resolve_item(cmd: Cmd, item: QueueItem) -> None:
    enc = cmd.enc
    c = enc.get(item.actor)
    why = cmd.ruleset.can_act(enc, c)
    if item.action.target and not any(x.id == item.action.target for x in enc.combatants):
        why = "the target has left the encounter"
    if why:
        item.state = "lapsed"
        cmd.ctx.log(cmd.ctx.say("{name}'s {action} lapses: {why}", name=c.name,
                                action=item.action.name, why=why), kind="lapse", actor=c,
                    action=item.action.name)
        return
    cmd.ruleset.resolve(cmd.ctx, item)
    if item.state == "pending":
        item.state = "done"


def _open_resolution(cmd: Cmd) -> None:
    enc = cmd.enc
    if enc.phase == "declare":
        if not enc.declarations:
            raise CommandError("nobody has declared yet: declare NAME ACTION first")
        enc.queue = cmd.ruleset.plan(cmd.ctx)
        enc.phase = "resolve"
        cmd.ctx.log(cmd.ctx.say("Round {n}: resolving {count} action(s)", n=enc.round,
                                count=len(enc.queue)), kind="round")


@verb("resolve", "resolve [all]", "resolve the next planned action in order, or all that remain",
      aliases=("r",))
def resolve(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if cmd.args and cmd.args != ["all"]:
        raise cmd.usage_error(f'unexpected "{cmd.args[0]}"')
    if enc.phase == "turns":
        raise CommandError(f"{cmd.ruleset.name} is turn by turn: act NAME ACTION, then next")
    _open_resolution(cmd)
    item = _next_item(cmd)
    if item is None:
        held = [enc.get(i.actor).name for i in enc.queue if i.state == "pending"]
        if held:
            raise CommandError(f"only held actions remain ({', '.join(sorted(set(held)))}): "
                               "release NAME, or end the round")
        raise CommandError(f"round {enc.round} is fully resolved: end starts the next round")
    _resolve_item(cmd, item)
    if cmd.args == ["all"]:
        while cmd.ctx.halted is None and (item := _next_item(cmd)) is not None:
            _resolve_item(cmd, item)
    if cmd.ctx.halted is not None and _next_item(cmd) is not None:
        cmd.ctx.note(cmd.ctx.say("Stopped: {reason} — resolve goes on", reason=cmd.ctx.halted))
    cmd.show("round")


@verb("act", "act NAME ACTION [TARGET] [opt=v ...]",
      "declare and resolve at once (turn-based systems, or the GM's override)")
def act(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if len(cmd.args) < 2:
        raise cmd.usage_error("act needs a name and an action")
    c = find_combatant(enc, cmd.args[0])
    why = cmd.ruleset.can_act(enc, c)
    if why:
        raise CommandError(f"{why} and cannot act")
    parts = groups(cmd.args[1:])
    if len(parts) > 1:
        raise CommandError("act takes one action; declare several with declare")
    action = parse_action(cmd.ruleset, enc, parts[0])
    cmd.ruleset.act(cmd.ctx, c, action)
    warn_own_side(cmd, c, [action])


@verb("react", "react NAME ACTION [opt=v ...]",
      "a reaction during resolution (dodge, parry, block, defend ...)",
      details="Typed while still declaring, it closes the declarations and the round's "
              "resolution begins with it (a dodge against the first shot) — unless the "
              "reaction is part of the plan (a d12 defensive bid joins the declaration).")
def react(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if len(cmd.args) < 2:
        raise cmd.usage_error("react needs a name and a reaction")
    c = find_combatant(enc, cmd.args[0])
    why = cmd.ruleset.can_act(enc, c)
    if why:
        raise CommandError(f"{why} and cannot react")
    action = parse_action(cmd.ruleset, enc, cmd.args[1:], reaction=True)
    # A reaction to the round's first attack closes the declarations: resolution begins with it
    # (unless the ruleset's reactions are part of the declarations).
    if cmd.ruleset.react_closes_declarations:
        _open_resolution(cmd)
    cmd.ruleset.react(cmd.ctx, c, action)


@verb("hold", "hold NAME", "hold an action; act with it later (release NAME)")
def hold(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if len(cmd.args) != 1:
        raise cmd.usage_error("hold needs one name")
    c = find_combatant(enc, cmd.args[0])
    if c.held:
        raise CommandError(f"{c.name} is already holding: release {c.name} when they act")
    why = cmd.ruleset.can_act(enc, c)
    if why:
        raise CommandError(f"{why} and cannot hold an action")
    if enc.phase == "resolve" and not any(i.actor == c.id and i.state == "pending" for i in enc.queue):
        raise CommandError(f"{c.name} has nothing left to do this round")
    if enc.phase == "turns":
        cur = cmd.ruleset.current(enc)
        if cur is None or cur.id != c.id:
            raise CommandError(f"only the acting combatant can hold ({cur.name if cur else 'nobody'} acts)")
    c.held = True
    cmd.ctx.log(cmd.ctx.say("{name} holds their action", name=c.name), kind="hold", actor=c)
    if enc.phase == "turns":
        cmd.ruleset.next_turn(cmd.ctx)
    cmd.show("round")


@verb("release", "release NAME [ACTION [TARGET] [opt=v ...]]",
      "a held combatant acts now (with the planned action, or the one given)")
def release(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if not cmd.args:
        raise cmd.usage_error("release needs a name")
    c = find_combatant(enc, cmd.args[0])
    if not c.held:
        raise CommandError(f"{c.name} is not holding (hold {c.name} first)")
    _open_resolution(cmd)  # released while still declaring: resolution begins with it
    c.held = False
    cmd.ctx.log(cmd.ctx.say("{name} releases their held action", name=c.name), kind="hold",
                actor=c)
    planned = next((i for i in enc.queue if i.actor == c.id and i.state == "pending"), None)
    if len(cmd.args) > 1:
        parts = groups(cmd.args[1:])
        if len(parts) > 1:
            raise CommandError("release takes one action")
        action = parse_action(cmd.ruleset, enc, parts[0])
        if planned is not None:  # the new action takes the planned one's place
            planned.data["replaced"] = planned.action.text
            planned.action = action
            _resolve_item(cmd, planned)
        else:
            why = cmd.ruleset.can_act(enc, c)
            if why:
                raise CommandError(f"{why} and cannot act")
            cmd.ruleset.act(cmd.ctx, c, action)
    elif planned is not None:
        _resolve_item(cmd, planned)
    elif enc.phase == "resolve":
        raise CommandError(f"{c.name} has no planned action left: release {c.name} ACTION")
    else:
        raise CommandError(f"say what {c.name} does: release {c.name} ACTION [TARGET]")
    cmd.show("round")


@verb("next", "next", "end the acting combatant's turn (skips a planned action while resolving)",
      aliases=("n",))
def next_(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if cmd.args:
        raise cmd.usage_error("next takes no arguments")
    if enc.phase == "declare":
        raise CommandError("still declaring: resolve starts the round's actions")
    if enc.phase == "resolve":
        item = _next_item(cmd)
        if item is None:
            raise CommandError("nothing left to skip: end starts the next round")
        item.state = "skipped"
        cmd.ctx.log(cmd.ctx.say("{name} skips {action}", name=enc.get(item.actor).name,
                                action=item.action.name), kind="skip",
                    actor=item.actor, action=item.action.name)
    else:
        cur = cmd.ruleset.current(enc)
        if cur is None:
            raise CommandError(f"everyone has acted in round {enc.round}: end starts the next round")
        cmd.ruleset.next_turn(cmd.ctx)
    cmd.show("round")


@verb("end", "end", "end the round: durations tick, the next round begins")
def end(cmd: Cmd) -> None:
    enc = cmd.enc
    _require_fight(cmd)
    if cmd.args:
        raise cmd.usage_error("end takes no arguments")
    for item in enc.queue:
        if item.state == "pending":
            item.state = "lapsed"
            cmd.ctx.log(cmd.ctx.say("{name}'s {action} lapses (round ended)",
                                    name=enc.get(item.actor).name, action=item.action.name),
                        kind="lapse", actor=item.actor, action=item.action.name)
    for c in enc.combatants:
        if c.held:
            cmd.ctx.log(cmd.ctx.say("{name}'s held action lapses", name=c.name), kind="lapse",
                        actor=c)
    cmd.ruleset.end_round(cmd.ctx)
    advance(cmd.ctx, cmd.ruleset, cmd.ruleset.round_seconds)
    enc.round += 1
    cmd.ctx.log(cmd.ctx.say("Round {n} begins", n=enc.round), kind="round")
    _first_phase(cmd)
    cmd.show("round")
