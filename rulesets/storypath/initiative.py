"""The initiative roster (SP-INIT-*): PC slots and SGC slots, the players' chain choice, the
surprise round (SP-SURP-3) and the Surprise Complication on initiative (SP-AMB-3).

State in ``enc.data``: ``roster`` (slots ``{side, value, who, roller}``, ``who`` None for an
open slot), ``slot`` (index of the slot acting now), ``initiative`` (the round it was rolled),
``surprise`` (a pending or played surprise round). Per combatant ``data["init"]`` (the result),
``data["turn"]`` (this turn's action, attacks, reflexive actions) and ``data["done_round"]``.
``enc.order`` mirrors the roster with each open slot showing the character first in line."""

from __future__ import annotations

from typing import Any

from combat_cli.api import Combatant, Encounter, RuleError, RulesContext

from .rolls import faces_text, roll_pool
from .stats import best_of, trait
from .words import they


def roster(enc: Encounter) -> list[dict[str, Any]]:
    return enc.data.setdefault("roster", [])


def slot_index(enc: Encounter) -> int:
    return int(enc.data.get("slot", -1))


def slot_name(s: dict[str, Any]) -> str:
    if s.get("surprise"):
        return "Surprise slot"
    side = "PC" if s["side"] == "pc" else "SGC"
    return f"{side} slot ({s['value']})"


def _live(enc: Encounter, cid: str | None) -> Combatant | None:
    if cid is None:
        return None
    try:
        return enc.get(cid)
    except KeyError:
        return None


def done(enc: Encounter, c: Combatant) -> bool:
    return c.data.get("done_round") == enc.round


def surprised(enc: Encounter, c: Combatant) -> bool:
    """``c`` cannot act in this, the first, turn (SP-AMB-3)."""
    first = (enc.data.get("initiative") or {}).get("round")
    return c.data.get("lose_turn_round") == enc.round == first


def line_key(enc: Encounter, c: Combatant) -> tuple[int, int, int]:
    """Order of those waiting for an open slot: the surprised last, then by initiative."""
    return (1 if surprised(enc, c) else 0, -int(c.data.get("init", 0)), c.data.get("init_seq", 0))


def holders(enc: Encounter) -> list[str | None]:
    """Who holds each slot: the assigned character, or for an open slot the character first in
    line (unslotted characters of that side in roll order); None when nobody is left."""
    slots = roster(enc)
    taken = {s["who"] for s in slots if s.get("who")}
    waiting: dict[str, list[str]] = {"pc": [], "npc": []}
    ranked = sorted((c for c in enc.combatants if c.id not in taken and not c.out
                     and not done(enc, c) and "init" in c.data),
                    key=lambda c: line_key(enc, c))
    for c in ranked:
        waiting[c.side].append(c.id)
    out: list[str | None] = []
    for s in slots:
        if s.get("who"):
            out.append(s["who"])
        elif s.get("surprise"):
            out.append(None)
        else:
            q = waiting[s["side"]]
            out.append(q.pop(0) if q else None)
    return out


def sync(enc: Encounter) -> None:
    """Drop slots of removed combatants, then mirror the roster into ``enc.order``/``enc.turn``."""
    slots = roster(enc)
    ids = {c.id for c in enc.combatants}
    i = slot_index(enc)
    keep = []
    for n, s in enumerate(slots):
        if s.get("who") and s["who"] not in ids:
            if n < i:
                i -= 1
            continue
        keep.append(s)
    enc.data["roster"] = keep
    enc.data["slot"] = i
    hs = holders(enc)
    order: list[str] = []
    for h in hs:
        if h and h not in order:
            order.append(h)
    order += [c.id for c in enc.combatants if c.id not in order]
    enc.order = order
    enc.turn = i


def current(enc: Encounter) -> Combatant | None:
    if enc.phase != "turns":
        return None
    i = slot_index(enc)
    slots = roster(enc)
    if not 0 <= i < len(slots):
        return None
    hs = holders(enc)
    return _live(enc, hs[i])


def is_open(enc: Encounter) -> bool:
    """The acting slot has no holder chosen yet (the players' choice is pending)."""
    i = slot_index(enc)
    slots = roster(enc)
    return 0 <= i < len(slots) and not slots[i].get("who")


def candidates(enc: Encounter, i: int) -> list[Combatant]:
    """Who may take slot ``i``: the characters of its side with no slot who have not acted
    this round, in initiative order (SP-INIT-3)."""
    slots = roster(enc)
    side = slots[i]["side"]
    taken = {x.get("who") for x in slots}
    out = [c for c in enc.combatants if c.side == side and not c.out and not done(enc, c)
           and c.id not in taken]
    return sorted((o for o in out if not surprised(enc, o)), key=lambda o: line_key(enc, o))


def open_slot_text(enc: Encounter) -> str:
    """``PC slot (3) is up: Ann or Ben takes it`` for the open acting slot."""
    i = slot_index(enc)
    names = " or ".join(c.name for c in candidates(enc, i)) or "nobody left"
    return f"{slot_name(roster(enc)[i])} is up: {names} takes it (slot NAME)"


def labels(enc: Encounter) -> list[str]:
    out = []
    hs = holders(enc)
    i = slot_index(enc)
    for n, (s, h) in enumerate(zip(roster(enc), hs, strict=True)):
        who = enc.name_of(h) if h else "—"
        if not s.get("who") and h:
            who = f"open ({who} first in line)"
        mark = "▶ " if n == i and enc.phase == "turns" else ""
        out.append(f"{mark}{slot_name(s)}: {who}")
    return out


# -- rolling -------------------------------------------------------------------------------
def roll_initiative(ctx: RulesContext, c: Combatant, seq: int) -> int:
    """SP-INIT-1: best combat Skill + Cunning; a Surprise Complication (SP-AMB-3) must be bought
    off or the character loses its first turn."""
    tables = ctx.tables["initiative"]
    skill = best_of(c, list(tables["combat_skills"]))
    attr = tables["attribute"]
    dice = trait(c, skill) + trait(c, attr)
    label = f"{skill.replace('_', ' ').title()} {trait(c, skill)} + {attr.title()} {trait(c, attr)}"
    cmp_n = int(c.data.pop("surprise_cmp", 0) or 0)
    extra = f"; Surprise Complication {cmp_n}" if cmp_n else ""
    r = roll_pool(ctx, c, "initiative", dice, label + extra, penalty_ok=False)
    value = r.successes
    text = f"{c.name} initiative: {faces_text(r)} success{'es' if value != 1 else ''}"
    outcome = str(value)
    if cmp_n:
        if value >= cmp_n:
            if ctx.tables["initiative"]["buyoff_reduces_result"]:
                value -= cmp_n
            text += f"; buys off Surprise {cmp_n} -> {value}"
            outcome = f"{value} (bought off)"
        else:
            c.data["lose_turn_round"] = ctx.enc.round
            text += f"; cannot buy off Surprise {cmp_n}: no action in the first turn"
            outcome = f"{value} (surprised)"
    c.data["init"] = value
    c.data["init_seq"] = seq
    ctx.log(text, kind="initiative", actor=c, action="initiative", roll=r.roll,
            difficulty=cmp_n or None, outcome=outcome, successes=r.successes, value=value)
    return value


def _sort_key(s: dict[str, Any]) -> tuple[int, int, int]:
    # SP-INIT-2/4: highest first; a tie puts the players' slot first.
    return (-int(s["value"]), 0 if s["side"] == "pc" else 1, int(s.get("seq", 0)))


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
            c.data["init"] = value
            c.data["init_seq"] = seq
            ctx.log(f"{c.name} shares the {g} initiative roll: {value}", kind="initiative",
                    actor=c, action="initiative", outcome=str(value))
        else:
            value = roll_initiative(ctx, c, seq)
            if g and c.side != "pc":
                groups[g] = value
        slots.append({"side": c.side, "value": value, "roller": c.id, "seq": seq,
                      "who": c.id if (c.side != "pc" and ctx.tables["initiative"]["sgc_auto"])
                      else None})
    slots.sort(key=_sort_key)
    enc.data["roster"] = slots
    enc.data["initiative"] = {"round": enc.round}
    ctx.log("Initiative roster: " + ", ".join(slot_name(s) for s in slots), kind="round",
            roster=[{"side": s["side"], "value": s["value"]} for s in slots])


def join(ctx: RulesContext, c: Combatant) -> None:
    """A combatant added mid-fight rolls initiative and gets a slot (acting from next round if
    its slot has passed)."""
    enc = ctx.enc
    if not enc.data.get("initiative"):
        enc.order.append(c.id)
        return
    seq = len(enc.combatants)
    value = roll_initiative(ctx, c, seq)
    s = {"side": c.side, "value": value, "roller": c.id, "seq": seq,
         "who": c.id if (c.side != "pc" and ctx.tables["initiative"]["sgc_auto"]) else None}
    slots = roster(enc)
    pos = next((n for n, x in enumerate(slots) if _sort_key(s) < _sort_key(x)), len(slots))
    slots.insert(pos, s)
    if pos <= slot_index(enc):
        enc.data["slot"] = slot_index(enc) + 1
        c.data["done_round"] = enc.round
    sync(enc)


# -- rounds and turns ----------------------------------------------------------------------
def begin_round(ctx: RulesContext) -> None:
    enc = ctx.enc
    d = enc.data
    for c in enc.combatants:
        df = c.data.get("defense")
        if df and not df.get("full"):
            c.data.pop("defense", None)
    surprise = d.get("surprise")
    if surprise and surprise.get("pending"):
        surprise["pending"] = False
        surprise["round"] = enc.round
        d["roster"] = [{"side": enc.get(cid).side, "value": None, "who": cid, "surprise": True}
                       for cid in surprise["attackers"] if _live(enc, cid)]
        names = [enc.name_of(cid) for cid in surprise["attackers"]]
        ctx.log(f"Surprise round: {they(names, 'acts', 'act')} before initiative is rolled "
                "(SP-SURP-3)",
                kind="round")
    elif not d.get("initiative"):
        build(ctx)
    else:
        if ctx.tables["initiative"]["pc_slots_each_round"]:
            for s in roster(enc):
                if s["side"] == "pc":
                    s["who"] = None
    d["slot"] = -1
    sync(enc)


def start_turn(ctx: RulesContext, c: Combatant) -> None:
    """``c``'s turn begins: fresh action budget; its Full Defense and Blocks it imposed end."""
    enc = ctx.enc
    c.data["turn"] = {"round": enc.round, "used": None, "attacks": 0, "reflexive": 0}
    df = c.data.get("defense")
    if df and df.get("full") and df.get("round") != enc.round:
        c.data.pop("defense", None)
        ctx.log(f"{c.name}'s Full Defense ends", kind="condition", actor=c)
    for o in enc.combatants:
        for cond in list(o.conditions):
            if cond.data.get("blocked_by") == c.id:
                ctx.remove_condition(o, cond.name, reason=f"{c.name}'s turn comes round")


def next_turn(ctx: RulesContext) -> None:
    enc = ctx.enc
    sync(enc)
    slots = roster(enc)
    i = slot_index(enc)
    hs = holders(enc)
    if 0 <= i < len(slots):
        h = _live(enc, hs[i])
        if h is not None:
            if not slots[i].get("who") and not slots[i].get("surprise"):
                slots[i]["who"] = h.id
                ctx.log(f"{h.name} takes {slot_name(slots[i])} (first in line)", kind="initiative",
                        actor=h, action="slot")
                start_turn(ctx, h)  # a turn passed: what ends at its turn ends now
            h.data["done_round"] = enc.round
            if h.held:
                h.data["held_round"] = enc.round
    i += 1
    while i < len(slots):
        hs = holders(enc)
        h = _live(enc, hs[i])
        if h is None:
            i += 1
            continue
        if h.out:
            i += 1
            continue
        if surprised(enc, h):
            slots[i]["who"] = h.id
            h.data["done_round"] = enc.round
            ctx.log(f"{h.name} is surprised and gets no action in the first turn (SP-AMB-3)",
                    kind="skip", actor=h)
            i += 1
            continue
        break
    enc.data["slot"] = i
    if i < len(slots):
        hs = holders(enc)
        h = _live(enc, hs[i])
        s = slots[i]
        if not s.get("who") and h is not None:
            others = candidates(enc, i)
            if len(others) <= 1:
                s["who"] = h.id
                ctx.log(f"{slot_name(s)}: {h.name} (the only one left)", kind="initiative",
                        actor=h, action="slot")
            else:
                names = " or ".join(o.name for o in others)
                ctx.log(f"{slot_name(s)} is up: the players choose who takes it: {names} "
                        f"(slot NAME, or act NAME ...; next gives it to {h.name}, first in line)",
                        kind="initiative", action="slot")
        if h is not None and s.get("who"):  # an open slot's turn starts when it is taken
            start_turn(ctx, h)
    else:
        ctx.note(f"every slot of round {enc.round} has acted: end starts the next round")
    sync(enc)


def take_slot(ctx: RulesContext, c: Combatant, index: int | None = None, *, quiet: bool = False
              ) -> None:
    """``c`` takes slot ``index`` (default: the acting slot); SP-INIT-3."""
    enc = ctx.enc
    slots = roster(enc)
    if not slots or enc.phase != "turns":
        raise RuleError("there is no initiative roster yet: start the fight first")
    cur = slot_index(enc)
    i = cur if index is None else index
    if not 0 <= i < len(slots):
        raise RuleError(f"no slot {i + 1}: the roster has {len(slots)} slot(s)")
    s = slots[i]
    if s.get("surprise"):
        raise RuleError("the surprise round has no slots to choose: next moves on")
    if s["side"] != c.side:
        mine = "a PC" if c.side == "pc" else "an SGC"
        whose = ("; " + " or ".join(x.name for x in candidates(enc, i)) + " may take it"
                 if not s.get("who") and candidates(enc, i) else "")
        raise RuleError(f"{c.name} is {mine} and cannot take {slot_name(s)}{whose}")
    if i < cur:
        raise RuleError(f"{slot_name(s)} (slot {i + 1}) has already passed this round")
    if c.out:
        raise RuleError(f"{c.name} is {c.status} and cannot take a slot")
    if done(enc, c):
        raise RuleError(f"{c.name} has already acted this round")
    if surprised(enc, c):
        raise RuleError(f"{c.name} is surprised: no action in the first turn (SP-AMB-3)")
    if s.get("who") == c.id:
        raise RuleError(f"{c.name} already holds {slot_name(s)}")
    prev = s.get("who")
    if prev and i == cur:
        p = enc.get(prev)
        if (p.data.get("turn") or {}).get("used") and (p.data.get("turn") or {}).get("round") == enc.round:
            raise RuleError(f"{p.name} has already acted in {slot_name(s)}")
    old = next((n for n, x in enumerate(slots) if x.get("who") == c.id), None)
    if old is not None:
        slots[old]["who"] = prev if prev and enc.get(prev).side == slots[old]["side"] else None
    s["who"] = c.id
    if not quiet:
        ctx.log(f"{c.name} takes {slot_name(s)}", kind="initiative", actor=c, action="slot",
                outcome=f"slot {i + 1}")
    if i == cur:
        start_turn(ctx, c)
    sync(enc)
