"""How Storypath's log entries print at the table: one line per thing that happened."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from combat_rulesets.storypath import injuries
from combat_rulesets.storypath.records import AttackLogged, WoundLogged
from combat_rulesets.storypath.rolls import injury_penalty
from combat_rulesets.storypath.schema import Tables
from combat_rulesets.storypath.state import fighter
from combat_rulesets.storypath.words import level_word, say, tr

if TYPE_CHECKING:
    from combat_cli.api import Combatant, LogEntry, RulesView


def _head(view: RulesView, e: LogEntry) -> str:
    """``Ann attacks Thug 1`` of ``Ann attacks Thug 1 with sword at close range: ...``."""
    from combat_rulesets.storypath.attack import _VERBED

    if e.actor and e.target and e.action in _VERBED:
        return say(view, _VERBED[e.action], name=e.actor, target=e.target)
    m = re.match(r"(.*?)(?: with [^:]*)?: ", e.text)
    return m.group(1) if m else e.text


def _harm(view: RulesView, e: LogEntry) -> str:
    """``Thug 1 Health 4/5`` or ``Ann Bruised``: what an attack left on its target."""
    m = re.search(r"(\d+)/(\d+)", e.text.removeprefix(e.target or ""))
    level = WoundLogged.of(e).level if "level" in e.data else ""
    what = say(view, "Health {left}/{most}", left=m.group(1), most=m.group(2)) if m else \
        (level_word(view, level) if level else tr(view, e.outcome or ""))
    return f"{e.target} {what}".strip()


def brief(entries: list[LogEntry], view: RulesView) -> list[str]:
    """An attack with its Stunts and the Injury it inflicted on one line; the initiative
    rolls together; a rolled Defense inside the attack it meets. An attack on several
    targets: one line a target, each with what it took."""
    out: list[str] = []
    inits = [e for e in entries if e.kind == "initiative" and e.action == "initiative"]
    if inits:
        out.append(say(view, "Initiative: {rolls}",
                       rolls=", ".join(f"{e.actor} {e.outcome}" for e in inits)))
    lines: dict[str, int] = {}
    """The line of this action's attack on each target (its Injury goes there)."""
    last: int | None = None
    for n, e in enumerate(entries):
        if e.kind == "initiative" and e.action == "initiative":
            continue
        if e.kind == "attack":
            rec = AttackLogged.of(e)
            if e.total is None or e.text.startswith("  "):   # one of several targets
                got, head = rec.successes, "  " + e.text.split(":")[0].strip()
            else:
                lines.clear()
                got, head = e.total - rec.given, _head(view, e)
            inflict = ("Inflict", tr(view, "Inflict Damage"))
            stunts = [s for s in rec.stunts if not s.startswith(inflict)]
            what = tr(view, e.outcome or "")
            if e.outcome == "hit" and not rec.conditions:
                what = say(view, "hit, nothing inflicted")
            out.append(say(view, "{head}: {n} vs Defense {defense}, {what}", head=head, n=got,
                           defense=e.difficulty, what=what)
                       + (f" ({', '.join(stunts)})" if stunts else ""))
            last = len(out) - 1
            if e.target:
                lines[e.target] = last
        elif e.kind == "wound" and last is not None:
            at = lines.get(e.target or "", last)
            nothing = say(view, "hit, nothing inflicted").removeprefix(tr(view, "hit"))
            out[at] = out[at].replace(nothing, "") + f" → {_harm(view, e)}"
        elif e.kind == "defense" and any(x.kind == "attack" and x.target == e.actor
                                         for x in entries[n + 1:n + 2]):
            continue          # the attack's line says "vs Defense 1"
        else:
            if e.kind != "roll" or not lines:
                last = None
                lines.clear()
            out.append(e.text)
    return out


_MODE = {"complication": "Compl {n}", "dice": "-{n} dice", "difficulty": "Diff +{n}"}
"""The Injury penalty in the table, by how the table plays it (catalogue keys)."""


def named_injuries(view: RulesView, c: Combatant) -> str:
    """The Injury Conditions one by one (``Cracked Ribs (Injured); 2x Bruised, Persistent``),
    Persistent marked; the boxes are in the Injuries column and the worst level is the
    Status. An SGC's plain hits are its Health, not listed again."""
    return injuries.names_text(view, c, plain_hits=False)


def penalty(view: RulesView, c: Combatant) -> str:
    """The Injury penalty on ``c``'s next roll as the table plays it (``Compl 1``)."""
    n, _ = injury_penalty(view, c)
    return say(view, _MODE.get(Tables.of(view).penalties.mode, "{n}"), n=n) if n else ""


def status_columns(view: RulesView, c: Combatant) -> dict[str, str]:
    """Injury boxes, the penalty on the next roll, Defense, named Injury Conditions and
    what waits for the next roll (Enhance / Complicate Stunts)."""
    me = fighter(view, c)
    df = me.defense
    cols = {"Injuries": injuries.track_text(view, c), "Penalty": penalty(view, c),
            "Def": (say(view, "{n} full", n=df.value) if df.full else str(df.value))
            if df else "",
            "Injury Conditions": named_injuries(view, c)}
    if me.pending:  # Enhance / Complicate Stunts waiting for the next roll
        cols["Next roll"] = ", ".join(
            say(view, "+{n} Enh ({name})" if p.kind == "enh" else "Compl {n} ({name})",
                n=p.n, name=p.source)
            for p in me.pending)
    return cols


def json_extra(view: RulesView) -> dict[str, Any]:
    """Storypath's keys in ``show --json``: the slots, momentum, injuries, next rolls."""
    from combat_rulesets.storypath import initiative
    from combat_rulesets.storypath.state import fight

    enc, state = view.enc, fight(view)
    hs = initiative.holders(view) if state.roster else []
    return {"storypath": {
        "roster": [{"slot": initiative.slot_name(s), "side": s.side, "value": s.value,
                    "holder": enc.name_of(h) if h else None, "chosen": bool(s.who),
                    "may_take": [] if s.who or s.surprise else
                    [c.name for c in initiative.candidates(view, n)]}
                   for n, (s, h) in enumerate(zip(state.roster, hs, strict=True))],
        "acting_slot": state.slot + 1 if state.roster else None,
        "momentum": state.momentum.model_dump(),
        "session": state.session,
        "injuries": {c.name: {"track": injuries.track_text(view, c, english=True),
                              "conditions": [i.model_dump()
                                             for i in injuries.marked(view, c)]}
                     for c in enc.combatants},
        "next_roll": {c.name: [p.model_dump() for p in fighter(view, c).pending]
                      for c in enc.combatants if fighter(view, c).pending},
    }}


def brief_lines(view: RulesView, entries: list[LogEntry]) -> list[str]:
    """The ruleset's ``brief``: :func:`brief`."""
    return brief(entries, view)
