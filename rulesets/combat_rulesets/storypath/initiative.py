"""The initiative roster (SP-INIT-*): PC slots and SGC slots, the players' chain choice, the
surprise round (SP-SURP-3) and the Surprise Complication on initiative (SP-AMB-3).

State (:mod:`.state`): the encounter's ``roster`` (slots, ``who`` None for an open slot),
``slot`` (index of the slot acting now), ``initiative`` (the round it was rolled), ``surprise``
(a pending or played surprise round); per combatant ``init`` (the result), ``turn`` (this
turn's action, attacks, reflexive actions) and ``done_round``. ``enc.order`` mirrors the
roster with each open slot showing the character first in line."""

from __future__ import annotations

from combat_cli.api import Combatant, Encounter, RuleError, RulesContext, Ruleset, RulesView, Word

from .records import Blocked, InitiativeLogged, RosterLogged, SideValue
from .rolls import faces_text, roll_pool
from .schema import Tables
from .state import Rolled, Slot, Turn, Where, fight, fighter
from .stats import best_of, trait, trait_title
from .words import names_and, say, says


def roster(where: Where) -> list[Slot]:
    return fight(where).roster


def slot_index(where: Where) -> int:
    return fight(where).slot


def slot_name(s: Slot) -> str:
    """``PC slot (4)``: the slot as the JSON surface names it (English)."""
    if s.surprise:
        return "Surprise slot"
    side = "PC" if s.side == "pc" else "SGC"
    return f"{side} slot ({s.value})"


def slot_word(where: Where, s: Slot) -> str:
    """The slot as the table's language says it (``PC slot (4)``, Czech ``pořadí PJ (4)``)."""
    if s.surprise:
        return say(where, "Surprise slot")
    return say(where, "PC slot ({n})" if s.side == "pc" else "SGC slot ({n})", n=s.value)


def _either(where: Where, names: list[str], none: str) -> str:
    """``Ann or Ben``; ``none`` when there is nobody."""
    if not names:
        return say(where, none)
    out = names[0]
    for name in names[1:]:
        out = say(where, "{a} or {b}", a=out, b=name)
    return out


def _live(enc: Encounter, cid: str | None) -> Combatant | None:
    if cid is None:
        return None
    try:
        return enc.get(cid)
    except KeyError:
        return None


def done(where: Where, c: Combatant) -> bool:
    return fighter(where, c).done_round == where.enc.round


def surprised(where: Where, c: Combatant) -> bool:
    """``c`` cannot act in this, the first, turn (SP-AMB-3)."""
    rolled = fight(where).initiative
    first = rolled.round if rolled else None
    return fighter(where, c).lose_turn_round == where.enc.round == first


def line_key(where: Where, c: Combatant) -> tuple[int, int, int]:
    """Order of those waiting for an open slot: the surprised last, then by initiative."""
    me = fighter(where, c)
    return (1 if surprised(where, c) else 0, -(me.init or 0), me.init_seq or 0)


def holders(where: Where) -> list[str | None]:
    """Who holds each slot: the assigned character, or for an open slot the character first in
    line (unslotted characters of that side in roll order); None when nobody is left."""
    enc = where.enc
    slots = roster(where)
    taken = {s.who for s in slots if s.who}
    waiting: dict[str, list[str]] = {"pc": [], "npc": []}
    ranked = sorted((c for c in enc.combatants if c.id not in taken and not c.out
                     and not done(where, c) and fighter(where, c).init is not None),
                    key=lambda c: line_key(where, c))
    for c in ranked:
        waiting[c.side].append(c.id)
    out: list[str | None] = []
    for s in slots:
        if s.who:
            out.append(s.who)
        elif s.surprise:
            out.append(None)
        else:
            q = waiting[s.side]
            out.append(q.pop(0) if q else None)
    return out


def sync(ctx: RulesContext) -> None:
    """Drop slots of removed combatants, then mirror the roster into ``enc.order``/``enc.turn``."""
    enc, state = ctx.enc, fight(ctx)
    slots = state.roster
    ids = {c.id for c in enc.combatants}
    i = state.slot
    keep = []
    for n, s in enumerate(slots):
        if s.who and s.who not in ids:
            if n < i:
                i -= 1
            continue
        keep.append(s)
    state.roster = keep
    state.slot = i
    hs = holders(ctx)
    order: list[str] = []
    for h in hs:
        if h and h not in order:
            order.append(h)
    order += [c.id for c in enc.combatants if c.id not in order]
    enc.order = order
    enc.turn = i


def current(where: Where) -> Combatant | None:
    enc = where.enc
    if enc.phase != "turns":
        return None
    i = slot_index(where)
    slots = roster(where)
    if not 0 <= i < len(slots):
        return None
    hs = holders(where)
    return _live(enc, hs[i])


def is_open(where: Where) -> bool:
    """The acting slot has no holder chosen yet (the players' choice is pending)."""
    i = slot_index(where)
    slots = roster(where)
    return 0 <= i < len(slots) and not slots[i].who


def candidates(where: Where, i: int) -> list[Combatant]:
    """Who may take slot ``i``: the characters of its side with no slot who have not acted
    this round, in initiative order (SP-INIT-3)."""
    slots = roster(where)
    side = slots[i].side
    taken = {x.who for x in slots}
    out = [c for c in where.enc.combatants if c.side == side and not c.out
           and not done(where, c) and c.id not in taken]
    return sorted((o for o in out if not surprised(where, o)), key=lambda o: line_key(where, o))


def open_slot_text(where: Where) -> str:
    """``PC slot (3) is up: Ann or Ben takes it`` for the open acting slot."""
    i = slot_index(where)
    names = _either(where, [c.name for c in candidates(where, i)], "nobody left")
    return say(where, "{slot} is up: {names} takes it (slot NAME)",
               slot=slot_word(where, roster(where)[i]), names=names)


def next_slot(where: Where) -> int | None:
    """The slot whose turn comes after the acting one's, as ``next`` will pass it on: a slot
    with nobody left for it, or whose holder is out or surprised (SP-AMB-3), is passed over;
    an open slot goes to the first in line unless the players choose. None: the round ends."""
    enc = where.enc
    if enc.phase != "turns":
        return None
    hs = holders(where)
    for n in range(max(slot_index(where) + 1, 0), len(hs)):
        h = _live(enc, hs[n])
        if h is not None and not h.out and not surprised(where, h):
            return n
    return None


def up_next(where: Where) -> Combatant | None:
    """Who the next slot's turn goes to (the round table's ›)."""
    n = next_slot(where)
    return None if n is None else _live(where.enc, holders(where)[n])


def labels(where: Where) -> list[str]:
    enc = where.enc
    out = []
    hs = holders(where)
    i = slot_index(where)
    for n, (s, h) in enumerate(zip(roster(where), hs, strict=True)):
        who = enc.name_of(h) if h else "—"
        if not s.who and h:
            who = say(where, "open ({name} first in line)", name=who)
        mark = "▶ " if n == i and enc.phase == "turns" else ""
        out.append(f"{mark}{slot_word(where, s)}: {who}")
    return out


# -- rolling -------------------------------------------------------------------------------
def roll_initiative(ctx: RulesContext, c: Combatant, seq: int) -> int:
    """SP-INIT-1: best combat Skill + Cunning; a Surprise Complication (SP-AMB-3) must be bought
    off or the character loses its first turn."""
    tables = Tables.of(ctx).initiative
    skill = best_of(c, list(tables.combat_skills))
    attr = tables.attribute
    dice = trait(c, skill) + trait(c, attr)
    label = (f"{trait_title(skill, ctx)} {trait(c, skill)} + "
             f"{trait_title(attr, ctx)} {trait(c, attr)}")
    me = fighter(ctx, c)
    cmp_n, me.surprise_cmp = me.surprise_cmp or 0, None
    extra = ctx.say("; Surprise Complication {n}", n=cmp_n) if cmp_n else ""
    r = roll_pool(ctx, c, ctx.label("initiative"), dice, label + extra, penalty_ok=False)
    value = r.successes
    text = says(ctx, "{name} initiative: {faces} success", "{name} initiative: {faces} successes",
                value, name=c.name, faces=faces_text(r, ctx))
    outcome = str(value)
    if cmp_n:
        if value >= cmp_n:
            if Tables.of(ctx).initiative.buyoff_reduces_result:
                value -= cmp_n
            text += ctx.say("; buys off Surprise {n} -> {value}", n=cmp_n, value=value)
            outcome = ctx.say("{value} (bought off)", value=value)
        else:
            me.lose_turn_round = ctx.enc.round
            text += ctx.say("; cannot buy off Surprise {n}: no action in the first turn", n=cmp_n)
            outcome = ctx.say("{value} (surprised)", value=value)
    me.init, me.init_seq = value, seq
    ctx.log(text, kind="initiative", actor=c, action="initiative", roll=r.roll,
            difficulty=cmp_n or None, outcome=outcome, **InitiativeLogged(successes=r.successes, value=value).dump())
    return value


def _sort_key(s: Slot) -> tuple[int, int, int]:
    # SP-INIT-2/4: highest first; a tie puts the players' slot first.
    return (-(s.value or 0), 0 if s.side == "pc" else 1, s.seq)


def build(ctx: RulesContext) -> None:
    """Roll initiative for everyone in the fight and build the roster."""
    enc = ctx.enc
    groups: dict[str, int] = {}
    slots = []
    for seq, c in enumerate(enc.combatants):
        if c.out:
            continue
        g = c.stats.get("init_group")
        if g and c.side != "pc" and g in groups:
            value = groups[g]
            me = fighter(ctx, c)
            me.init, me.init_seq = value, seq
            ctx.log(ctx.say("{name} shares the {g} initiative roll: {value}", name=c.name, g=g, value=value), kind="initiative",
                    actor=c, action="initiative", outcome=str(value))
        else:
            value = roll_initiative(ctx, c, seq)
            if g and c.side != "pc":
                groups[g] = value
        slots.append(Slot(side=c.side, value=value, roller=c.id, seq=seq,
                          who=c.id if (c.side != "pc" and Tables.of(ctx).initiative.sgc_auto)
                          else None))
    slots.sort(key=_sort_key)
    state = fight(ctx)
    state.roster = slots
    state.initiative = Rolled(round=enc.round)
    ctx.log(ctx.say("Initiative roster: {slots}", slots=", ".join(slot_word(ctx, s) for s in slots)),
            kind="round",
            **RosterLogged(roster=[SideValue(side=s.side, value=s.value) for s in slots]).dump())


def join(ctx: RulesContext, c: Combatant) -> None:
    """A combatant added mid-fight rolls initiative and gets a slot (acting from next round if
    its slot has passed)."""
    enc, state = ctx.enc, fight(ctx)
    if not state.initiative:
        enc.order.append(c.id)
        return
    seq = len(enc.combatants)
    value = roll_initiative(ctx, c, seq)
    s = Slot(side=c.side, value=value, roller=c.id, seq=seq,
             who=c.id if (c.side != "pc" and Tables.of(ctx).initiative.sgc_auto) else None)
    slots = state.roster
    pos = next((n for n, x in enumerate(slots) if _sort_key(s) < _sort_key(x)), len(slots))
    slots.insert(pos, s)
    if pos <= state.slot:
        state.slot += 1
        fighter(ctx, c).done_round = enc.round
    sync(ctx)


# -- rounds and turns ----------------------------------------------------------------------
def begin_round(ctx: RulesContext) -> None:
    enc, d = ctx.enc, fight(ctx)
    for c in enc.combatants:
        me = fighter(ctx, c)
        if me.defense and not me.defense.full:
            me.defense = None
    surprise = d.surprise
    if surprise and surprise.pending:
        surprise.pending = False
        surprise.round = enc.round
        d.roster = [Slot(side=enc.get(cid).side, value=None, who=cid, surprise=True)
                    for cid in surprise.attackers if _live(enc, cid)]
        names = [enc.name_of(cid) for cid in surprise.attackers]
        ctx.log(says(ctx, "Surprise round: {names} acts before initiative is rolled (SP-SURP-3)",
                     "Surprise round: {names} act before initiative is rolled (SP-SURP-3)",
                     len(names), names=names_and(ctx, names)),
                kind="round")
    elif not d.initiative:
        build(ctx)
    else:
        if Tables.of(ctx).initiative.pc_slots_each_round:
            for s in d.roster:
                if s.side == "pc":
                    s.who = None
    d.slot = -1
    sync(ctx)


def start_turn(ctx: RulesContext, c: Combatant) -> None:
    """``c``'s turn begins: fresh action budget; its Full Defense and Blocks it imposed end."""
    enc, me = ctx.enc, fighter(ctx, c)
    me.turn = Turn(round=enc.round)
    if me.defense and me.defense.full and me.defense.round != enc.round:
        me.defense = None
        ctx.log(ctx.say("{name}'s Full Defense ends", name=c.name), kind="condition", actor=c)
    for o in enc.combatants:
        for cond in list(o.conditions):
            if Blocked.of(cond).blocked_by == c.id:
                ctx.remove_condition(o, cond.name,
                                     reason=ctx.say("{name}'s turn comes round", name=c.name))


def next_turn(ctx: RulesContext) -> None:
    enc = ctx.enc
    sync(ctx)
    slots = roster(ctx)
    i = slot_index(ctx)
    hs = holders(ctx)
    if 0 <= i < len(slots):
        h = _live(enc, hs[i])
        if h is not None:
            if not slots[i].who and not slots[i].surprise:
                slots[i].who = h.id
                ctx.log(ctx.say("{h} takes {slots} (first in line)", h=h.name, slots=slot_word(ctx, slots[i])), kind="initiative",
                        actor=h, action="slot")
                start_turn(ctx, h)  # a turn passed: what ends at its turn ends now
            fighter(ctx, h).done_round = enc.round
            if h.held:
                fighter(ctx, h).held_round = enc.round
    i += 1
    while i < len(slots):
        hs = holders(ctx)
        h = _live(enc, hs[i])
        if h is None:
            i += 1
            continue
        if h.out:
            i += 1
            continue
        if surprised(ctx, h):
            slots[i].who = h.id
            fighter(ctx, h).done_round = enc.round
            ctx.log(ctx.say("{h} is surprised and gets no action in the first turn (SP-AMB-3)", h=h.name),
                    kind="skip", actor=h)
            i += 1
            continue
        break
    fight(ctx).slot = i
    if i < len(slots):
        hs = holders(ctx)
        h = _live(enc, hs[i])
        s = slots[i]
        if not s.who and h is not None:
            others = candidates(ctx, i)
            if len(others) <= 1:
                s.who = h.id
                ctx.log(ctx.say("{s}: {h} (the only one left)", s=slot_word(ctx, s), h=h.name), kind="initiative",
                        actor=h, action="slot")
            else:
                names = _either(ctx, [o.name for o in others], "nobody")
                ctx.log(ctx.say("{s} is up: the players choose who takes it: {names} (slot NAME, "
                                "or act NAME ...)", s=slot_word(ctx, s), names=names),
                        kind="initiative", action="slot")
        if h is not None and s.who:  # an open slot's turn starts when it is taken
            start_turn(ctx, h)
    else:
        ctx.note("every slot of round {round} has acted: end starts the next round", round=enc.round)
    sync(ctx)


def take_slot(ctx: RulesContext, c: Combatant, index: int | None = None, *, quiet: bool = False
              ) -> None:
    """``c`` takes slot ``index`` (default: the acting slot); SP-INIT-3."""
    enc = ctx.enc
    slots = roster(ctx)
    if not slots or enc.phase != "turns":
        raise RuleError("there is no initiative roster yet: start the fight first")
    cur = slot_index(ctx)
    i = cur if index is None else index
    if not 0 <= i < len(slots):
        raise RuleError(says(ctx, "no slot {value}: the roster has {n} slot",
                             "no slot {value}: the roster has {n} slots", len(slots),
                             value=i + 1, n=len(slots)))
    s = slots[i]
    if s.surprise:
        raise RuleError("the surprise round has no slots to choose: next moves on")
    if s.side != c.side:
        mine = Word("a PC" if c.side == "pc" else "an SGC")
        whose = (ctx.say("; {names} may take it",
                         names=_either(ctx, [x.name for x in candidates(ctx, i)], "nobody"))
                 if not s.who and candidates(ctx, i) else "")
        raise RuleError("{name} is {mine} and cannot take {s}{whose}", name=c.name, mine=mine,
                        s=slot_word(ctx, s), whose=whose)
    if i < cur:
        raise RuleError("{s} (slot {value}) has already passed this round", s=slot_word(ctx, s), value=i + 1)
    if c.out:
        raise RuleError("{name} is {status} and cannot take a slot", name=c.name, status=Word(c.status))
    if done(ctx, c):
        raise RuleError("{name} has already acted this round", name=c.name)
    if surprised(ctx, c):
        raise RuleError("{name} is surprised: no action in the first turn (SP-AMB-3)", name=c.name)
    if s.who == c.id:
        raise RuleError("{name} already holds {s}", name=c.name, s=slot_word(ctx, s))
    prev = s.who
    if prev and i == cur:
        p = enc.get(prev)
        turn = fighter(ctx, p).turn
        if turn and turn.used and turn.round == enc.round:
            raise RuleError("{p} has already acted in {s}", p=p.name, s=slot_word(ctx, s))
    old = next((n for n, x in enumerate(slots) if x.who == c.id), None)
    if old is not None:
        slots[old].who = prev if prev and enc.get(prev).side == slots[old].side else None
    s.who = c.id
    if not quiet:
        ctx.log(ctx.say("{name} takes {s}", name=c.name, s=slot_word(ctx, s)), kind="initiative", actor=c, action="slot",
                outcome=f"slot {i + 1}")
    if i == cur:
        start_turn(ctx, c)
    sync(ctx)


def move_slot(ctx: RulesContext, c: Combatant, other: Combatant, after: bool) -> None:
    """The GM's ``move NAME before|after OTHER``: the slot ``c`` holds goes just before (after)
    the slot ``other`` holds; the acting slot stays the acting one."""
    enc = ctx.enc
    slots = roster(ctx)
    if not slots or enc.phase != "turns":
        raise RuleError("there is no initiative roster yet: start the fight first")
    hs = holders(ctx)
    if c.id not in hs:
        raise RuleError("{name} holds no slot this round (slot {name} N gives one)", name=c.name)
    if other.id not in hs:
        raise RuleError("{other} holds no slot this round", other=other.name)
    cur = slot_index(ctx)
    acting = slots[cur] if 0 <= cur < len(slots) else None
    mine = slots[hs.index(c.id)]
    if not mine.who:
        mine.who = c.id  # an open slot moved by name is given to that character
    theirs = slots[hs.index(other.id)]
    rest = [s for s in slots if s is not mine]
    rest.insert(next(n for n, s in enumerate(rest) if s is theirs) + after, mine)
    state = fight(ctx)
    state.roster = rest
    if acting is not None:
        state.slot = next(n for n, s in enumerate(rest) if s is acting)
    sync(ctx)


def open_turn(where: Where) -> tuple[str, list[Combatant]] | None:
    """The acting slot is open and the players have a choice to make: the slot and who may
    take it (``next`` asks the GM instead of handing it to the first in line)."""
    if where.enc.phase != "turns" or not roster(where) or not is_open(where):
        return None
    i = slot_index(where)
    s = roster(where)[i]
    if s.surprise:
        return None
    others = candidates(where, i)
    return (slot_word(where, s), others) if len(others) >= 2 else None


def open_turn_of(rs: Ruleset, enc: Encounter) -> tuple[str, list[Combatant]] | None:
    """The ruleset's ``open_turn``: :func:`open_turn` of the encounter."""
    from combat_cli.api import RulesView

    return open_turn(RulesView(enc, rs))


def current_of(rs: Ruleset, enc: Encounter) -> Combatant | None:
    """The ruleset's ``current``: :func:`current` of the encounter."""
    from combat_cli.api import RulesView

    return current(RulesView(enc, rs))


def acting_label(view: RulesView) -> str | None:
    """An open slot says who may take it: ``PC 2, open: Ann or Bo``."""
    from combat_cli.api import Ruleset

    if view.enc.phase == "turns" and roster(view) and is_open(view):
        i = slot_index(view)
        names = _either(view, [c.name for c in candidates(view, i)], "nobody")
        return say(view, "{slot}, open: {names}", slot=slot_word(view, roster(view)[i]),
                   names=names)
    return Ruleset.acting_label(view.ruleset, view)  # the core's: who acts


def order_labels(view: RulesView) -> list[str] | None:
    """The order column shows the slots once initiative is rolled."""
    if not roster(view):
        return None
    return labels(view)
