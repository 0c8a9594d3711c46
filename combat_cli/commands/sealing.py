"""Sealed declarations (a served table): what is declared stays with the GM until ``reveal``.

While the table is served to the players' phones (:attr:`Table.sealing`), every declaration
of the declare phase is sealed: the GM sees it (``status``, ``sealed``), the character's own
phone sees its own, and nothing of it reaches any other page: its log entries are marked
``sealed`` and the players' sentences leave them out. ``reveal`` (or, with ``reveal auto``,
the last declaration coming in; or ``resolve``) opens them all at once: each is logged again,
in the order of the round, as if the GM had typed it then. ``undo`` of a reveal seals them
again, as it takes its step back.
"""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.contract.state import EncounterState
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import Combatant, Declaration, LogEntry
from combat_cli.engine.grammar.syntax import Arg
from combat_cli.locale import Msg


def sealing(cmd: Cmd) -> bool:
    """Is a declaration made now sealed?"""
    return cmd.table.sealing and not EncounterState.of(cmd.ctx, cmd.enc).revealed


def seal_entries(entries: list[LogEntry]) -> None:
    """The log entries of a sealed declaration: the GM's only (the players' views skip them)."""
    for e in entries:
        e.data["sealed"] = True


def to_declare(cmd: Cmd) -> list[Combatant]:
    """Who can still declare this round (able to act, no declaration yet), in order."""
    enc = cmd.enc
    rank = {cid: i for i, cid in enumerate(enc.order)}
    return sorted((c for c in enc.combatants if c.id not in enc.declarations
                   and not cmd.ruleset.can_act(cmd.ctx.view, c)),
                  key=lambda c: rank.get(c.id, len(rank)))


def phone_may_declare(cmd: Cmd, c: Combatant) -> None:
    """A phone's declaration: for its own character only, until the reveal."""
    if cmd.table.phone is None:
        return
    if c.id != cmd.table.phone:
        raise CommandError("a phone declares for its own character only")
    if EncounterState.of(cmd.ctx, cmd.enc).revealed:
        raise CommandError("the declarations are revealed: ask the GM to change yours")


def after_declaring(cmd: Cmd) -> None:
    """With ``reveal auto``, the last declaration coming in opens them all."""
    state = EncounterState.of(cmd.ctx, cmd.enc)
    if state.reveal_auto and not state.revealed and not to_declare(cmd) and any(
            d.sealed for d in cmd.enc.declarations.values()):
        reveal_all(cmd)


def reveal_all(cmd: Cmd) -> int:
    """Open every sealed declaration: each is logged for everyone, in the round's order.
    How many were opened."""
    enc, ctx = cmd.enc, cmd.ctx
    rank = {cid: i for i, cid in enumerate(enc.order)}
    sealed = sorted((d for d in enc.declarations.values() if d.sealed),
                    key=lambda d: rank.get(d.actor, len(rank)))
    EncounterState.of(ctx, enc).revealed = True
    if not sealed:
        return 0
    ctx.log(ctx.say("Declarations revealed ({count})", count=len(sealed)), kind="reveal")
    for d in sealed:
        d.sealed = False
        ctx.log(ctx.say("{name} declares: {actions}", name=enc.name_of(d.actor),
                        actions=", ".join(a.text for a in d.actions)), kind="declare",
                actor=d.actor, action=",".join(a.name for a in d.actions), revealed=True)
    return len(sealed)


def _in_declare_phase(cmd: Cmd) -> None:
    from combat_cli.commands.rounds import _require_fight

    _require_fight(cmd)
    if not cmd.ruleset.declare_phase:
        raise CommandError("{ruleset} has no declare phase: nothing is sealed", ruleset=cmd.ruleset.name)
    if cmd.enc.phase != "declare":
        raise CommandError("the round is resolving: its declarations are open")


@verb("reveal", (Arg("mode", "keyword", optional=True, choices=("auto", "manual")),),
      "open the sealed declarations at once (reveal auto: when the last one comes in)",
      details="While the table is served (play --serve), what is declared is sealed: the GM "
              "sees it (status, sealed), the players see only who has declared. reveal opens "
              "them all, in the round's order; resolve does too. reveal auto opens them as "
              "soon as everyone who can act has declared; reveal manual waits for reveal.",
      before=_in_declare_phase)
def reveal(cmd: Cmd) -> None:
    mode = cmd.args["mode"]
    state = EncounterState.of(cmd.ctx, cmd.enc)
    if mode is not None:
        state.reveal_auto = mode == "auto"
        cmd.ctx.note(cmd.ctx.say("reveal auto: the last declaration opens them all")
                     if state.reveal_auto else
                     cmd.ctx.say("reveal manual: declarations open at reveal (or resolve)"))
        after_declaring(cmd)
        return
    if state.revealed and not any(d.sealed for d in cmd.enc.declarations.values()):
        raise CommandError("this round's declarations are already open")
    if not reveal_all(cmd):
        raise CommandError("nothing is sealed (declarations are sealed while the table is "
                           "served: play --serve)")
    from combat_cli.commands.views import RoundView

    cmd.show(RoundView())


@verb("sealed", (), "the sealed declarations (the GM's eyes only)", mutates=False,
      before=_in_declare_phase)
def sealed(cmd: Cmd) -> None:
    enc = cmd.enc
    shown = [d for d in enc.declarations.values() if d.sealed]
    for d in shown:
        who = enc.name_of(d.actor)
        where = cmd.ctx.say("(phone)") if d.by == "phone" else cmd.ctx.say("(GM)")
        cmd.out.notes.append(Msg("{who} {where}: {value}", who=who, where=where, value=', '.join(a.text for a in d.actions)))
    waiting = to_declare(cmd)
    if not shown:
        cmd.out.notes.append(cmd.ctx.say("nothing is sealed"))
    if waiting:
        cmd.out.notes.append(cmd.ctx.say("to declare: {names}",
                                         names=", ".join(c.name for c in waiting)))


@verb("strike", (Arg("name", "name"),), "strike NAME's declaration for this round",
      before=_in_declare_phase)
def strike(cmd: Cmd) -> None:
    from combat_cli.engine.contract.capabilities import DeclarePhase, need
    from combat_cli.engine.domain.errors import RuleError

    c: Combatant = cmd.args["name"]
    old: Declaration | None = cmd.enc.declarations.pop(c.id, None)
    if old is None:
        raise CommandError("{name} has declared nothing this round", name=c.name)
    try:  # what the ruleset keeps of a declaration (its count, its bids) goes with it
        need(cmd.ruleset, DeclarePhase).declare(cmd.ctx, c, [])
    except RuleError:
        pass  # a ruleset that keeps nothing for no actions
    entry = cmd.ctx.log(cmd.ctx.say("{name}'s declaration is struck", name=c.name),
                        kind="strike", actor=c)
    if old.sealed:
        seal_entries([entry])
