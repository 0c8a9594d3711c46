"""Roster verbs: add, import, set, remove."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from combat_cli.commands.registry import Cmd, verb
from combat_cli.commands.views import RosterView
from combat_cli.engine.contract.host import host
from combat_cli.engine.domain import names
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.domain.models import Combatant, Encounter, Template
from combat_cli.engine.domain.queries import ensure_tags, match_word
from combat_cli.engine.grammar.syntax import Arg, Opt
from combat_cli.locale import Msg

MAX_GROUP = 50
MAX_COMBATANTS = 500


def check_name(name: str) -> str:
    """A usable combatant name, in NFC (:mod:`combat_cli.engine.domain.names`): at most 64
    characters, no control or invisible characters, not an option (``+``, ``-``, ``=``)."""
    name = names.check_name(name)
    if not name or name.startswith(("+", "-", "=")) or "=" in name:
        raise CommandError('"{name}" is not a usable name', name=name)
    return name


def _new_name(name: str, enc: Encounter, me: Combatant | None = None) -> None:
    """Refuse a name that is, or looks like, another combatant's."""
    others = [c.name for c in enc.combatants if c is not me]
    same = next((o for o in others if o.lower() == name.lower()), None)
    if same is not None:
        raise CommandError('there is already a combatant "{name}": pick another name or use x2'
                           if me is None else 'there is already a combatant "{name}"', name=same)
    like = names.clash(name, others)
    if like is not None:
        raise CommandError('"{name}" looks like "{other}", who is already here: pick another name', name=name, other=like)


def _side(value: str) -> str:
    return match_word(value, ["pc", "npc"], "side (pc or npc)")


SIDE = Opt("side", "choice", ("pc", "npc"), "side (pc or npc)")
STATS = Opt("stats", "stats", help="the ruleset's stats (checked by the ruleset)")


def _hidden(cmd: Cmd) -> bool | None:
    """``hidden=yes|no`` (None: not given)."""
    value = cmd.args["hidden"]
    return None if value is None else value == "yes"


@verb("add", (Arg("name", "new"), Arg("count", "count", optional=True), SIDE,
              Opt("template", metavar="T"),
              Opt("hidden", "choice", ("yes", "no"), "hidden= value (yes or no)", metavar="yes"),
              STATS),
      "add a combatant; xN adds NAME 1..N",
      details='Quote names with spaces: add "Demon Thug" x3 template=thug. '
              "Stats are checked by the table's ruleset. hidden=yes keeps it off the "
              "players' screen until set NAME hidden=no.")
def add(cmd: Cmd) -> None:
    count: int | None = cmd.args["count"]
    if count is not None and not 1 <= count <= MAX_GROUP:
        raise CommandError("a group is 1..{max} strong (x{n} asked)", max=MAX_GROUP, n=count)
    name = check_name(cmd.args["name"])
    hidden = bool(_hidden(cmd))
    side: str | None = cmd.args["side"]
    template_name: str | None = cmd.args["template"]
    raw = dict(cmd.args.extra)
    enc = cmd.enc
    stats: dict[str, Any] = host(cmd.ruleset).stat_defaults()
    if template_name:
        tname = match_word(template_name, list(enc.templates), "template") if enc.templates else None
        if tname is None:
            raise CommandError('no template "{template_name}": import FILE first', template_name=template_name)
        t = enc.templates[tname]
        stats.update(copy.deepcopy(t.stats))   # the library's own stays as it is
        side = side or t.side
        template_name = tname
    stats.update(host(cmd.ruleset).validate_stats(raw))
    taken = {names.skeleton(c.name) for c in enc.combatants}
    if count is None:
        new = [name]
    else:
        n = 1
        new = []
        while len(new) < count:
            if names.skeleton(f"{name} {n}") not in taken:
                new.append(check_name(f"{name} {n}"))
            n += 1
    for nm in new:
        _new_name(nm, enc)
    if len(enc.combatants) + len(new) > MAX_COMBATANTS:
        raise CommandError("at most {n} combatants in one encounter", n=MAX_COMBATANTS)
    for nm in new:
        c = Combatant(id=f"c{enc.new_id()}", name=nm, side=side or "npc",
                      template=template_name, stats=dict(stats), hidden=hidden)
        enc.combatants.append(c)
        ensure_tags(enc)
        cmd.ruleset.on_add(cmd.ctx, c)
        if enc.phase != "setup":
            cmd.ruleset.join(cmd.ctx, c)
        entry = cmd.ctx.log(cmd.ctx.say("{name} joins ({side})", name=nm, side=cmd.ctx.label(c.side)),
                            kind="roster", actor=c)
        if hidden:
            entry.data["hidden"] = True
    cmd.show(RosterView(tuple(c for c in enc.combatants if c.name in new)))


@verb("import", (Arg("file", "word", metavar="FILE"),), "load stat blocks (TOML) as templates for add ... template=T",
      details="Each top-level table is one template: [thug] side = \"npc\" followed by its stats.")
def import_(cmd: Cmd) -> None:
    from combat_cli.store.tomlfile import read_toml

    path = Path(cmd.args["file"]).expanduser()
    doc = read_toml(path, "stat-block file")
    if not doc or not all(isinstance(v, dict) for v in doc.values()):
        raise CommandError('{path}: each template is a table, e.g. [thug] with side = "npc" and stats', path=path)
    added = []
    library = dict(cmd.enc.templates)   # a new library: the table's is shared, never edited
    for key, block in doc.items():
        try:
            tname = names.check_name(key, "template name")
        except CommandError as e:
            raise CommandError("{path} [{name}]: {problem}", path=path, name=names.shorten(key, 24), problem=e) from None
        block = dict(block)
        side = block.pop("side", None)
        try:
            side = _side(str(side)) if side is not None else None
            stats = host(cmd.ruleset).validate_stats(block)
        except CommandError as e:
            raise CommandError("{path} [{name}]: {problem}", path=path, name=tname, problem=e) from None
        library[tname] = Template(side=side, stats=stats)
        added.append(tname)
    cmd.enc.templates = library
    cmd.ctx.log(cmd.ctx.say("Templates from {file}: {names}", file=path.name,
                            names=", ".join(added)), kind="roster")


@verb("set", (Arg("who", "name", metavar="NAME", noun="name"), Opt("stats", "stats", required=True),
              SIDE, Opt("name", metavar="NEW"),
              Opt("hidden", "choice", ("yes", "no"), "hidden= value (yes or no)"),
              Opt("dice", "choice", ("manual", "auto", "default"),
                  "dice (manual, auto or default)", metavar="manual|auto")),
      "edit a combatant (hidden=yes keeps it off the players' screen)")
def set_(cmd: Cmd) -> None:
    c: Combatant = cmd.args["who"]
    newname = cmd.args["name"]
    if newname is not None:
        newname = newname.strip()
        if not newname:
            raise CommandError('name= needs the new name: set NAME name="New Name"')
    own_dice: str | None = cmd.args["dice"]
    hidden = _hidden(cmd)
    side: str | None = cmd.args["side"]
    raw = dict(cmd.args.extra)
    if any(k.lower() == "template" for k in raw):
        raise CommandError("template= works with add only")
    stats = host(cmd.ruleset).validate_stats(raw)
    if newname:
        newname = check_name(newname)
        _new_name(newname, cmd.enc, c)
    changes = [f"{cmd.ctx.label(k)}={_word(cmd, v)}" for k, v in stats.items()]
    if own_dice is not None:
        from combat_cli.commands.dice import set_own_dice

        changes.append(set_own_dice(cmd.ctx, c, own_dice))
    c.stats.update(stats)
    if side:
        c.side = side  # type: ignore[assignment]
        changes.append(f"{_key(cmd, 'side')}={cmd.ctx.label(side)}")
    old = c.name
    if newname:
        changes.append(f"{_key(cmd, 'name')}={newname}")
        c.name = newname
    if hidden is not None:
        c.hidden = hidden
        changes.append(f"{_key(cmd, 'hidden')}={cmd.ctx.label('yes' if hidden else 'no')}")
    if stats:
        cmd.ruleset.on_add(cmd.ctx, c)
    entry = cmd.ctx.log(f"{old}: {', '.join(changes)}", kind="roster", actor=c)
    if hidden is not None:
        entry.data["hidden"] = hidden


@verb("note", (Arg("name", "name"), Arg("text", "text", optional=True)), "a GM note on a combatant (never shown to the players)",
      details="note NAME TEXT adds a note; note NAME lists them; note NAME - clears them. "
              "status NAME shows them too.")
def note(cmd: Cmd) -> None:
    c: Combatant = cmd.args["name"]
    text = (cmd.args["text"] or "").strip()
    if not text:
        cmd.out.notes.extend([Msg("{name}: {note}", name=c.name, note=n) for n in c.notes]
                             or [Msg("{name} has no notes", name=c.name)])
        return
    if text == "-":
        n, c.notes = len(c.notes), []
        cmd.out.notes.append(Msg("{name}: {n} note cleared", name=c.name, n=n))
        return
    if len(c.notes) >= 100 or len(text) > 2000:
        raise CommandError("a note is at most 2000 characters, at most 100 notes a combatant")
    c.notes.append(text)
    cmd.out.notes.append(Msg("note on {name} kept ({n}; status shows them)", name=c.name, n=len(c.notes)))


@verb("remove", (Arg("name", "group"),), "remove a combatant (a group's name: each living member)",
      aliases=("rm",))
def remove(cmd: Cmd) -> None:
    for c in cmd.args["name"]:
        _remove_one(cmd, c)


def _remove_one(cmd: Cmd, c: Combatant) -> None:
    enc = cmd.enc
    acting_index = enc.turn
    if c.id in enc.order:
        i = enc.order.index(c.id)
        enc.order.remove(c.id)
        if enc.phase == "turns" and i < acting_index:
            enc.turn -= 1
    cmd.ruleset.on_remove(cmd.ctx, c)
    enc.combatants = [x for x in enc.combatants if x.id != c.id]
    enc.declarations.pop(c.id, None)
    for d in list(enc.declarations.values()):  # plans aimed at them are dropped
        kept = [a for a in d.actions if a.target != c.id]
        if len(kept) != len(d.actions):
            dropped = ", ".join(a.text for a in d.actions if a.target == c.id)
            cmd.ctx.log(cmd.ctx.say("{name}'s declared {actions} is dropped ({target} left)",
                                    name=enc.name_of(d.actor), actions=dropped, target=c.name),
                        kind="lapse", actor=d.actor)
            d.actions = kept
            if not kept:
                del enc.declarations[d.actor]
    enc.queue = [q for q in enc.queue if q.actor != c.id]
    for q in enc.queue:
        if q.action.target == c.id and q.state == "pending":
            q.state = "lapsed"
    enc.timers = [t for t in enc.timers if t.combatant != c.id]
    cmd.ctx.log(cmd.ctx.say("{name} leaves the encounter", name=c.name), kind="roster",
                actor=c)


def _key(cmd: Cmd, option: str) -> str:
    """An option's name as the table's language types it (``hidden`` -> Czech ``skrytý``)."""
    from combat_cli.locale.commands import commands

    words = commands(cmd.table.language).options.get(option)
    return words[0] if words else option


def _word(cmd: Cmd, value: object) -> str:
    """A stat's value as shown: yes/no words for a switch (never Python's True/False)."""
    if isinstance(value, bool):
        return cmd.ctx.label("yes" if value else "no")
    return str(value)
