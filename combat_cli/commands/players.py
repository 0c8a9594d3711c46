"""The ``players`` verb: how the players' phones join, who has joined, a new code, a
one-time link, ending a phone's access. Only with ``combat play FILE --serve``; it changes
nothing in the fight (no undo step)."""

from __future__ import annotations

from combat_cli.commands.registry import Cmd, verb
from combat_cli.engine.domain.errors import CommandError
from combat_cli.engine.grammar.syntax import Arg, Syntax

ACTIONS = ("code", "link", "kick")


@verb("players", Syntax((Arg("what", "choice", optional=True, choices=ACTIONS,
                             help="players subcommand (code, link or kick)"),
                         Arg("name", "name", optional=True)),
                        many="players takes code, link NAME or kick NAME"),
      "the players' phones: the join URL, code and QR code, and who has joined",
      mutates=False,
      details="Needs combat play FILE --serve. players code makes a new code (the old one "
              "stops working); players link NAME prints a one-time join link for that PC; "
              "players kick NAME ends its phones' access at once.")
def players(cmd: Cmd) -> None:
    service = getattr(cmd.table.port, "players", None)
    if service is None:
        raise CommandError("the phones need the table served: combat play FILE --serve")
    what, c = cmd.args["what"], cmd.args["name"]
    if what in (None, "code") and c is not None:
        raise CommandError("usage: players [code | link NAME | kick NAME]")
    if what is None:
        lines = service.overview()
    elif what == "code":
        lines = service.new_code()
    else:
        if c is None:
            raise CommandError("players {what} needs a PC's name", what=what)
        if c.side != "pc" or c.hidden:
            raise CommandError("{name} is not a PC the players can see: phones join as PCs", name=c.name)
        lines = service.link(c.id, c.name) if what == "link" else service.kick(c.id, c.name)
    cmd.out.notes.extend(lines)
