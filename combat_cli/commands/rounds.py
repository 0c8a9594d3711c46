"""Round verbs: start, declare, resolve, act, react, hold, release, next, end."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.commands.views import RoundView, WhereView
from combat_cli.engine.clockwork import advance
from combat_cli.engine.contract.capabilities import DeclarePhase, OpenTurns, Reactions, need
from combat_cli.engine.contract.state import EncounterState
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import ActionRequest, Combatant, Declaration, QueueItem
from combat_cli.engine.domain.queries import find_combatant, is_combatant_name
from combat_cli.engine.grammar.syntax import Arg
from combat_cli.locale import Msg, Word


def _require_fight(cmd: Cmd) -> None:
    if EncounterState.of(cmd.ctx, cmd.enc).fight_over:
        raise CommandError("the fight is over (after round {n}): the clock, rest and timers go on; combat new NEXT.json --from THIS.json starts the next encounter", n=cmd.enc.round)
    if cmd.enc.phase == "setup":
        raise CommandError("the fight has not started: type start")


def _not_over(cmd: Cmd) -> None:
    if EncounterState.of(cmd.ctx, cmd.enc).fight_over:
        _require_fight(cmd)


def _first_phase(cmd: Cmd) -> None:
    enc = cmd.enc
    enc.declarations.clear()
    enc.queue.clear()
    EncounterState.of(cmd.ctx, enc).order_moves = []
    for c in enc.combatants:
        c.held = False
    cmd.ruleset.begin_round(cmd.ctx)
    if cmd.ruleset.declare_phase:
        enc.phase = "declare"
    else:
        enc.phase = "turns"
        enc.turn = -1
        cmd.ruleset.next_turn(cmd.ctx)


@verb("start", (), "begin the fight: round 1, initiative as the ruleset says")
def start(cmd: Cmd) -> None:
    enc = cmd.enc
    _not_over(cmd)
    if enc.phase != "setup":
        raise CommandError("the fight is already on (round {n}): end ends a round", n=enc.round)
    if not enc.combatants:
        raise CommandError("nobody to fight: add NAME first")
    enc.round = 1
    cmd.ctx.log(cmd.ctx.say("Round {n} begins", n=1), kind="round")
    _first_phase(cmd)
    cmd.show(RoundView())


def _declaring(cmd: Cmd) -> None:
    _require_fight(cmd)
    if not cmd.ruleset.declare_phase:
        raise CommandError("{ruleset} has no declare phase: use act NAME ACTION", ruleset=cmd.ruleset.name)
    if cmd.enc.phase != "declare":
        raise CommandError("declarations are closed for this round (resolving): end starts the next round")


@verb("declare", (Arg("name", "group"), Arg("actions", "actions", noun="action")),
      "plan this round's actions (systems with a declare phase)", aliases=("decl",),
      details="A second declare for the same combatant replaces the first.",
      before=_declaring)
def declare(cmd: Cmd) -> None:
    from combat_cli.commands.sealing import after_declaring

    for c in able(cmd, "declare"):
        _declare_one(cmd, c, [a.model_copy(deep=True) for a in cmd.args["actions"]])
    after_declaring(cmd)


def able(cmd: Cmd, doing: str) -> list[Combatant]:
    """The combatant named, or a group's living members that can act now (one that cannot
    is skipped with a note; when none can, the line is refused)."""
    members: list[Combatant] = cmd.args["name"]
    word = cmd.args.raw["name"]
    if len(members) == 1:
        return members
    out = []
    for c in members:
        why = cmd.ruleset.can_act(cmd.ctx.view, c)
        if why:
            cmd.ctx.note(cmd.ctx.say("{why}: skipped", why=why))
        else:
            out.append(c)
    if not out:
        raise CommandError("no member of {group} can {doing} now", group=word, doing=Word(doing))
    return out


def _declare_one(cmd: Cmd, c: Combatant, actions: list[ActionRequest]) -> None:
    from combat_cli.commands.sealing import phone_may_declare, seal_entries, sealing

    enc = cmd.enc
    phone_may_declare(cmd, c)
    why = cmd.ruleset.can_act(cmd.ctx.view, c)
    if why:
        raise CommandError("{why} and cannot declare", why=Msg(why))
    start = len(cmd.ctx.entries)
    old = enc.declarations.get(c.id)
    decl = Declaration(actor=c.id, actions=actions, sealed=sealing(cmd),
                       by="phone" if cmd.table.phone else "")
    enc.declarations[c.id] = decl
    need(cmd.ruleset, DeclarePhase).declare(cmd.ctx, c, actions)
    warn_own_side(cmd, c, actions)
    said = cmd.ctx.say("{name} declares: {actions}", name=c.name,
                       actions=", ".join(a.text for a in actions))
    if decl.sealed:
        said = f"{said} {cmd.ctx.say('(sealed, phone)' if decl.by else '(sealed)')}"
    cmd.ctx.log(said, kind="declare", actor=c, action=",".join(a.name for a in actions))
    if old is not None:
        need(cmd.ruleset, DeclarePhase).replaced(cmd.ctx, c, old)
    if decl.sealed:
        seal_entries(cmd.ctx.entries[start:])


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
                                         side=cmd.ctx.label(c.side)))


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
    why = cmd.ruleset.can_act(cmd.ctx.view, c)
    if item.action.target and not any(x.id == item.action.target for x in enc.combatants):
        why = "the target has left the encounter"
    if why:
        item.state = "lapsed"
        cmd.ctx.log(cmd.ctx.say("{name}'s {action} lapses: {why}", name=c.name,
                                action=cmd.ctx.label(item.action.name), why=why), kind="lapse", actor=c,
                    action=item.action.name)
        return
    need(cmd.ruleset, DeclarePhase).resolve(cmd.ctx, item)
    if item.state == "pending":
        item.state = "done"


def _open_resolution(cmd: Cmd) -> None:
    from combat_cli.commands.sealing import reveal_all

    enc = cmd.enc
    if enc.phase == "declare":
        if not enc.declarations:
            raise CommandError("nobody has declared yet: declare NAME ACTION first")
        if any(d.sealed for d in enc.declarations.values()):
            reveal_all(cmd)  # resolving opens what is still sealed
        enc.queue = need(cmd.ruleset, DeclarePhase).plan(cmd.ctx)
        from combat_cli.commands.fight import move_queue

        moves = EncounterState.of(cmd.ctx, enc)
        for cid, oid, after in moves.order_moves:
            move_queue(enc, cid, oid, after)
        moves.order_moves = []
        enc.phase = "resolve"
        cmd.ctx.log(cmd.ctx.say("Round {n}: resolving {count} action(s)", n=enc.round,
                                count=len(enc.queue)), kind="round")


@verb("resolve", (Arg("all", "keyword", optional=True, choices=("all",)),),
      "resolve the next planned action in order, or all that remain", aliases=("r",),
      before=_require_fight)
def resolve(cmd: Cmd) -> None:
    enc = cmd.enc
    if enc.phase == "turns":
        raise CommandError("{name} is turn by turn: act NAME ACTION, then next", name=cmd.ruleset.name)
    _open_resolution(cmd)
    item = _next_item(cmd)
    if item is None:
        held = [enc.get(i.actor).name for i in enc.queue if i.state == "pending"]
        if held:
            raise CommandError("only held actions remain ({names}): release NAME, or end the round", names=', '.join(sorted(set(held))))
        raise CommandError("round {n} is fully resolved: end starts the next round", n=enc.round)
    _resolve_item(cmd, item)
    if cmd.args["all"]:
        while cmd.ctx.halted is None and (item := _next_item(cmd)) is not None:
            _resolve_item(cmd, item)
    if cmd.ctx.halted is not None and _next_item(cmd) is not None:
        cmd.ctx.note(cmd.ctx.say("Stopped: {reason} — resolve goes on", reason=cmd.ctx.halted))
    cmd.show(WhereView())


@verb("act", (Arg("name", "group"), Arg("action", "action", bad="act takes one action; declare "
                                                              "several with declare")),
      "declare and resolve at once (turn-based systems, or the GM's override)",
      before=_require_fight)
def act(cmd: Cmd) -> None:
    enc = cmd.enc
    members = able(cmd, "act")
    cur = cmd.ruleset.current(enc) if enc.phase == "turns" and len(members) > 1 else None
    if cur is not None and any(c.id == cur.id for c in members):
        members = [cur]  # turn by turn, a group's name means the member whose turn it is
    for c in members:
        why = cmd.ruleset.can_act(cmd.ctx.view, c)
        if why:
            raise CommandError("{why} and cannot act", why=Msg(why))
        action = cmd.args["action"].model_copy(deep=True)
        cmd.ruleset.act(cmd.ctx, c, action)
        warn_own_side(cmd, c, [action])


@verb("react", (Arg("name", "name"), Arg("reaction", "reaction")),
      "a reaction during resolution (dodge, parry, block, defend ...)",
      details="Typed while still declaring, it closes the declarations and the round's "
              "resolution begins with it (a dodge against the first shot) — unless the "
              "reaction is part of the plan (a d12 defensive bid joins the declaration).",
      before=_require_fight)
def react(cmd: Cmd) -> None:
    c = cmd.args["name"]
    why = cmd.ruleset.can_act(cmd.ctx.view, c)
    if why:
        raise CommandError("{why} and cannot react", why=Msg(why))
    action = cmd.args["reaction"]
    # A reaction to the round's first attack closes the declarations: resolution begins with it
    # (unless the ruleset's reactions are part of the declarations).
    if not isinstance(cmd.ruleset, DeclarePhase) or cmd.ruleset.react_closes_declarations:
        _open_resolution(cmd)
    need(cmd.ruleset, Reactions).react(cmd.ctx, c, action)


@verb("hold", (Arg("name", "name"),), "hold an action; act with it later (release NAME)",
      before=_require_fight)
def hold(cmd: Cmd) -> None:
    enc = cmd.enc
    c = cmd.args["name"]
    if c.held:
        raise CommandError("{name} is already holding: release {name2} when they act", name=c.name, name2=c.name)
    why = cmd.ruleset.can_act(cmd.ctx.view, c)
    if why:
        raise CommandError("{why} and cannot hold an action", why=Msg(why))
    if enc.phase == "resolve" and not any(i.actor == c.id and i.state == "pending" for i in enc.queue):
        raise CommandError("{name} has nothing left to do this round", name=c.name)
    if enc.phase == "turns":
        cur = cmd.ruleset.current(enc)
        if cur is None or cur.id != c.id:
            raise CommandError("only the acting combatant can hold ({name} acts)", name=cur.name if cur else 'nobody')
    c.held = True
    cmd.ctx.log(cmd.ctx.say("{name} holds their action", name=c.name), kind="hold", actor=c)
    if enc.phase == "turns":
        cmd.ruleset.next_turn(cmd.ctx)
    cmd.show(WhereView())


@verb("release", (Arg("name", "name"), Arg("action", "action", optional=True)),
      "a held combatant acts now (with the planned action, or the one given)",
      before=_require_fight)
def release(cmd: Cmd) -> None:
    enc = cmd.enc
    c = cmd.args["name"]
    if not c.held:
        raise CommandError("{name} is not holding (hold {name2} first)", name=c.name, name2=c.name)
    _open_resolution(cmd)  # released while still declaring: resolution begins with it
    c.held = False
    cmd.ctx.log(cmd.ctx.say("{name} releases their held action", name=c.name), kind="hold",
                actor=c)
    planned = next((i for i in enc.queue if i.actor == c.id and i.state == "pending"), None)
    action = cmd.args["action"]
    if action is not None:
        if planned is not None:  # the new action takes the planned one's place
            planned.data["replaced"] = planned.action.text
            planned.action = action
            _resolve_item(cmd, planned)
        else:
            why = cmd.ruleset.can_act(cmd.ctx.view, c)
            if why:
                raise CommandError("{why} and cannot act", why=Msg(why))
            cmd.ruleset.act(cmd.ctx, c, action)
    elif planned is not None:
        _resolve_item(cmd, planned)
    elif enc.phase == "resolve":
        raise CommandError("{name} has no planned action left: release {who} ACTION", name=c.name, who=c.name)
    else:
        raise CommandError("say what {name} does: release {who} ACTION [TARGET]", name=c.name, who=c.name)
    cmd.show(WhereView())


@verb("next", (), "end the acting combatant's turn (skips a planned action while resolving)",
      aliases=("n",),
      before=_require_fight)
def next_(cmd: Cmd) -> None:
    enc = cmd.enc
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
    elif _give_open_turn(cmd):
        return
    else:
        cur = cmd.ruleset.current(enc)
        if cur is None:
            raise CommandError("everyone has acted in round {n}: end starts the next round", n=enc.round)
        cmd.ruleset.next_turn(cmd.ctx)
    cmd.show(WhereView())


def lapsing(cmd: Cmd) -> list[tuple[str, str, str]]:
    """What an end of the round now would drop: (actor id, action, how it is said)."""
    enc = cmd.enc
    out: list[tuple[str, str, str]] = []
    if enc.phase == "declare":
        for d in enc.declarations.values():
            for a in d.actions:
                out.append((d.actor, a.name, f"{enc.name_of(d.actor)}: {a.text}"))
    for item in enc.queue:
        if item.state == "pending":
            out.append((item.actor, item.action.name,
                        f"{enc.name_of(item.actor)}: {item.action.text or item.action.name}"))
    listed = {a for a, _, _ in out}
    for c in enc.combatants:
        if c.held and c.id not in listed:
            out.append((c.id, "", cmd.ctx.say("{name}'s held action", name=c.name)))
    if enc.phase == "turns":  # those whose turn has not come yet
        for cid in dict.fromkeys(enc.order[max(enc.turn, -1) + 1:]):
            c = enc.get(cid)
            if not c.out and not c.held and cid not in listed:
                out.append((cid, "turn", cmd.ctx.say("{name}'s turn", name=c.name)))
    return out


def _give_open_turn(cmd: Cmd) -> bool:
    """At an open turn (a Storypath PC slot), ask who takes it; nobody's turn is spent
    without the GM saying so. A script (or no answer) is told the choices."""
    from combat_cli.commands.registry import ask
    from combat_cli.engine.domain.queries import match_word

    choice = cmd.ruleset.open_turn(cmd.enc) if isinstance(cmd.ruleset, OpenTurns) else None
    if choice is None:
        return False
    what, who = choice
    names = " or ".join(c.name for c in who)
    by_word = {c.name: c for c in who} | {c.tag: c for c in who if c.tag}

    def accepts(typed: str) -> str | None:  # a name (or a unique start of one), or Enter
        try:
            if typed.strip():
                match_word(typed.strip(), list(by_word), Msg("player for {what}", what=what))
            return None
        except CommandError:
            return cmd.ctx.say("type {names}, or Enter for nobody yet", names=names)

    answer = ask(cmd, cmd.ctx.say("{what}: who takes it? {names} (Enter: nobody yet) ",
                                  what=what, names=names),
                 choices=tuple(c.name for c in who),
                 pcs=tuple(c.name for c in who if c.side == "pc"), accepts=accepts)
    if not answer or not answer.strip():
        raise CommandError(cmd.ctx.say("{what} is open: {names} takes it (slot NAME, or act "
                                       "NAME ...)", what=what, names=names))
    c = by_word[match_word(answer.strip(), list(by_word), Msg("player for {what}", what=what))]
    need(cmd.ruleset, OpenTurns).give_turn(cmd.ctx, c)
    cmd.ctx.note(cmd.ctx.say("{name}'s turn: act {name} ..., next ends it", name=c.name))
    cmd.show(RoundView())
    return True


@verb("end", (Arg("fight", "keyword", optional=True, choices=("fight",)),),
      "end the round (names what lapses; the REPL asks first), or end fight: close the fight",
      details="end fight: no more rounds; a summary of who stands, wounds, conditions and what "
              "is due. The clock, rest, first aid and timers go on; combat new NEXT.json "
              "--from THIS.json starts the next encounter with the PCs.")
def end(cmd: Cmd) -> None:
    enc = cmd.enc
    if cmd.args["fight"]:
        from combat_cli.commands.fight import end_fight

        end_fight(cmd)
        return
    _require_fight(cmd)
    drops = lapsing(cmd)
    if drops and not confirm_lapses(cmd, drops):
        cmd.out.notes.append(cmd.ctx.say("round {n} goes on", n=enc.round))
        return
    if enc.phase == "declare":
        from combat_cli.commands.sealing import seal_entries

        for d in enc.declarations.values():
            for a in d.actions:
                entry = cmd.ctx.log(cmd.ctx.say("{name}'s {action} lapses (round ended)",
                                                name=enc.name_of(d.actor),
                                                action=a.text or a.name),
                                    kind="lapse", actor=d.actor, action=a.name)
                if d.sealed:  # never revealed: it stays the GM's
                    seal_entries([entry])
    for item in enc.queue:
        if item.state == "pending":
            item.state = "lapsed"
            cmd.ctx.log(cmd.ctx.say("{name}'s {action} lapses (round ended)",
                                    name=enc.get(item.actor).name,
                                    action=item.action.text or item.action.name),
                        kind="lapse", actor=item.actor, action=item.action.name)
    for c in enc.combatants:
        if c.held:
            cmd.ctx.log(cmd.ctx.say("{name}'s held action lapses", name=c.name), kind="lapse",
                        actor=c)
    for cid, what, _ in drops:
        if what == "turn":
            cmd.ctx.log(cmd.ctx.say("{name}'s turn lapses (round ended)", name=enc.name_of(cid)),
                        kind="lapse", actor=cid)
    cmd.ruleset.end_round(cmd.ctx)
    advance(cmd.ctx, cmd.ruleset, cmd.ruleset.round_seconds)
    enc.round += 1
    cmd.ctx.log(cmd.ctx.say("Round {n} begins", n=enc.round), kind="round")
    _first_phase(cmd)
    cmd.show(RoundView())


def confirm_lapses(cmd: Cmd, drops: list[tuple[str, str, str]]) -> bool:
    """In the REPL, ask before unresolved actions lapse (a script goes on: they are logged)."""
    from combat_cli.commands.registry import ask

    question = cmd.ctx.say("{count} unresolved, lapsing: {what}. End round {n}? [y/N] ",
                           count=len(drops), what="; ".join(t for _, _, t in drops),
                           n=cmd.enc.round)
    def accepts(typed: str) -> str | None:  # y or n (Enter: n), in English or Czech
        known = ("", "y", "yes", "a", "ano", "n", "no", "ne")
        return None if typed.strip().lower() in known else cmd.ctx.say(
            "type y to end the round, or n (or Enter) to go on")

    answer = ask(cmd, question, accepts=accepts)
    return answer is None or answer.strip().lower() in ("y", "yes", "a", "ano")
