"""Fight boundaries and the order by hand: ``end fight`` (a summary), ``move``, and the
carry-over of the PCs into the next encounter (``combat new NEXT --from FILE``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.contract.state import EncounterState
from combat_cli.engine.contract.view import RulesView
from combat_cli.engine.domain.durations import format_clock, format_duration
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import Combatant, Encounter
from combat_cli.engine.grammar.syntax import Arg, Syntax
from combat_cli.locale import Word

if TYPE_CHECKING:
    from combat_cli.engine.contract.ruleset import Ruleset


def end_fight(cmd: Cmd) -> None:
    """No more rounds; what stands, wounds, conditions and what is due, on one screen."""
    enc = cmd.enc
    if EncounterState.of(cmd.ctx, enc).fight_over:
        raise CommandError("the fight is already over: combat new NEXT.json --from THIS.json "
                           "starts the next encounter")
    if enc.round == 0:
        raise CommandError("the fight has not started (start begins it)")
    played = round_played(cmd)
    say = cmd.ctx.say
    if enc.phase == "declare":      # declared, not yet planned: they lapse, and say so
        from combat_cli.commands.sealing import seal_entries

        for d in enc.declarations.values():
            for a in d.actions:
                entry = cmd.ctx.log(say("{name}'s {action} lapses (fight ended)",
                                        name=enc.name_of(d.actor), action=a.text or a.name),
                                    kind="lapse", actor=d.actor, action=a.name)
                if d.sealed:  # never revealed: it stays the GM's
                    seal_entries([entry])
    for item in enc.queue:
        if item.state == "pending":
            item.state = "lapsed"
            cmd.ctx.log(say("{name}'s {action} lapses (fight ended)",
                            name=enc.name_of(item.actor),
                            action=item.action.text or item.action.name),
                        kind="lapse", actor=item.actor, action=item.action.name)
    for c in enc.combatants:
        c.held = False
    enc.declarations.clear()
    if played:  # a round nobody played has no end: no end-of-round rules (a death check)
        cmd.ruleset.end_round(cmd.ctx)
    enc.phase = "setup"
    EncounterState.of(cmd.ctx, enc).fight_over = True
    day = cmd.ctx.label("day")
    cmd.ctx.log(cmd.ctx.say("The fight is over after round {n} (clock {clock})", n=enc.round,
                            clock=format_clock(enc.clock.seconds, day)), kind="round")
    cmd.out.notes.extend(summary(cmd, enc))


def round_played(cmd: Cmd) -> bool:
    """Whether anything happened in the current round: a declaration, a queued or held
    action, or a log entry of the round other than its announcements (``end`` then ``end
    fight`` closes a round nobody played)."""
    enc = cmd.enc
    if enc.declarations or any(c.held for c in enc.combatants):
        return True
    if any(i.state != "lapsed" for i in enc.queue):
        return True
    return any(e.round == enc.round and e.kind != "round" for e in cmd.table.log)


def summary(cmd: Cmd, enc: Encounter) -> list[str]:
    """One line per combatant (standing first), then what is due on the clock."""
    from combat_cli.locale import gender_of

    say = cmd.ctx.say
    rows = sorted(enc.combatants, key=lambda c: (c.out, c.side != "pc"))
    width = max((len(c.name) for c in rows), default=4)
    sides = max((len(cmd.ctx.label(s)) for s in ("pc", "npc")), default=3)
    lines = []
    shown, hidden = rows[:24], rows[24:]
    view = RulesView(enc, cmd.ruleset, cmd.table.lang)
    for c in shown:
        conds = ", ".join(cmd.ctx.label(x.name) for x in c.conditions)
        word = cmd.ctx.label("out") if c.out else cmd.ctx.label("standing")
        side = cmd.ctx.label(c.side)
        status = cmd.ruleset.label(c.status, cmd.ctx.language, gender_of(c.name, c.stats))
        side = side.upper() if side == c.side else side   # English: PC / NPC
        cols = cmd.ruleset.status_columns(view, c)     # the wounds in numbers (Hits, Health)
        wounds = ", ".join(v for k in cmd.ruleset.wound_columns if (v := cols.get(k, "")))
        lines.append(f"  {side:<{sides}} {c.name:<{width}}  {word:<8} {status}"
                     + (f" ({wounds})" if wounds else "") + (f"; {conds}" if conds else ""))
    if hidden:
        lines.append(say("  ... {n} more (status)", n=len(hidden)))
    for t in sorted(enc.timers, key=lambda x: (x.due, x.id))[:8]:
        name = enc.name_of(t.combatant) if t.combatant else ""
        who = f"{name}: " if name and not t.name.startswith(name) else ""
        lines.append(say("  due in {span}: {what}",
                         span=format_duration(t.due - enc.clock.seconds), what=who + t.name))
    if len(enc.timers) > 8:
        lines.append(say("  ... {n} more timers (status)", n=len(enc.timers) - 8))
    return lines


@verb("move", Syntax((Arg("name", "name"), Arg("where", "keyword", choices=("before", "after")),
                     Arg("other", "name", metavar="OTHER")),
                    missing="move needs NAME, before or after, and OTHER"), "reorder the initiative by hand",
      details="The order of this round changes (and, where the rules keep it, the next "
              "rounds' too). Logged; undo puts it back.")
def move(cmd: Cmd) -> None:
    enc = cmd.enc
    if enc.phase == "setup":
        raise CommandError("there is no initiative order yet: start the fight first")
    c: Combatant = cmd.args["name"]
    other: Combatant = cmd.args["other"]
    if c.id == other.id:
        raise CommandError("{name} cannot move {where} themselves", name=c.name, where=Word(cmd.args['where']))
    after = cmd.args["where"] == "after"
    cmd.ruleset.move_in_order(cmd.ctx, c, other, after)
    if enc.phase == "declare":  # the plan is made later: it follows the move then
        EncounterState.of(cmd.ctx, enc).order_moves.append([c.id, other.id, after])
    move_queue(enc, c.id, other.id, after)
    cmd.ctx.log(cmd.ctx.say("{name} moves {where} {other} in the order", name=c.name,
                            where=cmd.ctx.label("after" if after else "before"),
                            other=other.name), kind="order", actor=c)


def move_queue(enc: Encounter, cid: str, oid: str, after: bool) -> None:
    """``cid``'s pending planned actions go just before (after) ``oid``'s; the rest of the
    queue keeps the ruleset's order."""
    mine = [i for i in enc.queue if i.state == "pending" and i.actor == cid]
    rest = [i for i in enc.queue if i not in mine]
    theirs = [n for n, i in enumerate(rest) if i.state == "pending" and i.actor == oid]
    if not mine or not theirs:
        return
    at = theirs[-1] + 1 if after else theirs[0]
    enc.queue = rest[:at] + mine + rest[at:]


def carry_over(old: Encounter, ruleset: Ruleset, new: Encounter) -> list[str]:
    """The PCs of ``old`` (as the ruleset says they last), its timers on them and its clock,
    into the fresh encounter ``new``; returns their names."""
    pcs: list[Combatant] = [ruleset.carry_over(c) for c in old.combatants if c.side == "pc"]
    ids = {c.id for c in pcs}
    new.combatants = pcs
    new.clock = old.clock.model_copy()
    new.timers = [t.model_copy(deep=True) for t in old.timers
                  if t.combatant in ids or (t.combatant is None and t.due > old.clock.seconds
                                            and t.kind != "reminder")]
    new.templates = {k: v.model_copy(deep=True) for k, v in old.templates.items()}
    new.next_id = max(old.next_id, new.next_id)
    for key in ruleset.lasting_encounter:
        if key in old.data:
            new.data[key] = old.data[key]
    return [c.name for c in pcs]
