"""The players' phones as a front end: the REPL's (or the script's) port, with each PC's roll
also put to that PC's phone, the table page and the cards published after every command, and
the GM's ``players`` verb (:class:`Players`).

The GM keeps control: a question a phone may answer is still on the GM's prompt ("waiting for
Mina's phone (or type the faces)"); whichever answer comes first wins.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from combat_cli.dice import Answer, DiceError, DiceQuestion, parse_answer
from combat_cli.locale import _, dice
from combat_cli.locale import text as worded
from combat_cli.repl.port import FrontPort
from combat_cli.web.hub import Hub, Race, Request

if TYPE_CHECKING:
    from combat_cli.dice import RollSpec
    from combat_cli.engine.contract.port import Question
    from combat_cli.engine.domain.models import LogEntry
    from combat_cli.engine.table import Snapshot
    from combat_cli.repl.driver import Driver

MAX_FACES = 200
WATCH_EVERY = 0.25


def watch(hub: Hub, race: Race, pcs: tuple[str, ...], notice: str) -> threading.Thread:
    """Tell the GM (``race.leave(notice)``) if every phone that may answer ``race`` leaves
    while it is asked: kicked, or its page closed for a few seconds (:data:`combat_cli.web.hub.LEFT_AFTER`).
    Nothing waits on a phone that left."""
    def run() -> None:
        while not race.event.is_set() and not race.over:
            if not any(hub.present(pc) for pc in pcs):
                race.leave(notice)
                return
            time.sleep(WATCH_EVERY)
    thread = threading.Thread(target=run, name="phone-watch", daemon=True)
    thread.start()
    return thread


def dice_question(q: DiceQuestion, text: str) -> dict[str, Any]:
    """What the phone shows for a roll: what to roll, each kind of die apart (the wild die
    marked), whether a total will do."""
    spec = q.spec
    return {"kind": "dice", "text": text, "dice": spec.text(), "count": spec.dice_count,
            "sides": max((t.sides for t in spec.terms), default=6),
            "terms": [{"count": t.count, "sides": t.sides, "wild": t.explode}
                      for t in spec.terms],
            "pool": spec.at_least, "total_ok": not spec.faces_only}


def reader(spec: RollSpec, purpose: str) -> Any:
    """Reads a phone's answer to a roll (faces, a total, or "roll for me"), refusing what the
    roll cannot have (ValueError, in the table's words), before it reaches the rules."""
    def read(pc: str, body: dict[str, Any]) -> Answer:
        if body.get("roll") is True:
            return Answer("-", "phone")
        faces, total = body.get("faces"), body.get("total")
        if isinstance(faces, list) and 0 < len(faces) <= MAX_FACES and all(
                type(f) is int for f in faces):
            text = " ".join(str(f) for f in faces)
        elif type(total) is int:
            text = f"={total}"
        else:
            raise ValueError(_("send the faces (a list of numbers), a total, or "
                                     "roll: true"))
        try:
            parse_answer(spec, text, purpose)
        except DiceError as e:
            raise ValueError(worded(e)) from None
        return Answer(text, "phone")
    return read


def claim_reader(pc: str, body: dict[str, Any]) -> str:
    if body.get("choice") is not True:
        raise ValueError(_('send {"choice": true} to take it'))
    return pc


def choice_reader(choices: tuple[str, ...]) -> Any:
    def read(pc: str, body: dict[str, Any]) -> str:
        choice = body.get("choice")
        if not isinstance(choice, str) or choice not in choices:
            raise ValueError(_("send one of: {choices}").format(
                choices=", ".join(choices)))
        return choice
    return read


class PhonePort(FrontPort):
    def __init__(self, base: FrontPort, host: str | None, port: int) -> None:
        from combat_cli.web.live import LiveServer

        super().__init__()
        self.base = base
        self.hub = Hub()
        self.server = LiveServer(self.hub, host, port)
        self.players = Players(self)
        self.publisher = Publisher(self.hub)
        self._closed = False
        self.server.start()

    def announce(self) -> str:
        """The line said when the table is served (before the prompt: no ruleset yet)."""
        from combat_cli.locale import _

        if self.server.open_to_network:
            line = _("table page: {url} (anyone on this network can open it)")
        else:
            line = _("table page: {url} (this machine only: --host 0.0.0.0 for phones)")
        return line.format(url=self.server.url)

    def bind(self, driver: Driver) -> None:
        super().bind(driver)
        self.base.bind(driver)
        driver.table.sealing = True  # what is declared waits for the reveal
        self.publish()
        self.publisher.flush()  # the PCs a phone may join as are known before anyone asks
        self.hub.on_request = self._poke
        self.hub.on_say = lambda text, values: self.tell(self.word(text).format(
            **{k: self.word(v) if k == "device" else v for k, v in values.items()}))

    def _pc(self, name: str | None) -> str | None:
        """The id of the PC called ``name`` if a phone of it has joined."""
        if name is None or self.driver is None:
            return None
        ids = {c.name: c.id for c in self.driver.table.enc.combatants if c.side == "pc"}
        cid = ids.get(name)
        return cid if cid is not None and any(d.pc == cid for d in self.hub.joined()) else None

    def _poke(self) -> None:
        wake = self.wake
        if wake is not None:
            wake()

    def show(self, entries: Sequence[LogEntry]) -> None:
        self.base.show(entries)

    def ask_dice(self, question: DiceQuestion, race: Race | None = None) -> Answer | None:
        pc = self._pc(question.by.name if question.by is not None else None)
        if pc is None:
            return self.base.ask_dice(question)
        text = dice(question.purpose or question.spec.text())
        self.publisher.flush()  # the card as it stands before the question
        race = self.hub.ask((pc,), dice_question(question, text),
                            reader(question.spec, question.purpose))
        race.alive = lambda: not race.left and self.hub.present(pc)
        assert question.by is not None
        if not self.hub.present(pc):
            self.tell(self.word("{name}'s phone is not connected: type the faces, or "
                               "Enter to roll").format(name=question.by.name))
        else:
            watch(self.hub, race, (pc,), self.word(
                "{name}'s phone has left: type the faces, or Enter to roll").format(
                name=question.by.name))
        try:
            return self.base.ask_dice(question, race)
        finally:
            self.hub.settle(race)

    def ask(self, question: Question, race: Race | None = None) -> str | None:
        ids = tuple(i for i in (self._pc(n) for n in question.pcs) if i is not None)
        if not ids:
            return None if question.phones_only else self.base.ask(question)
        if question.kind == "choice":
            self.publisher.flush()
            race = self.hub.ask(ids, {"kind": "choice", "text": question.text.strip(),
                                      "choices": [{"value": c, "label": self.word(c)}
                                                  for c in question.choices]},
                                choice_reader(question.choices))
        else:
            def read(pc: str, body: dict[str, Any]) -> str:  # the claim, as the PC's name
                return self.hub.names.get(claim_reader(pc, body), pc)
            race = self.hub.ask(ids, {"kind": "claim", "text": question.text.strip(),
                                      "choices": list(question.choices)}, read)
        asked = race
        asked.alive = lambda: not asked.left and any(self.hub.present(i) for i in ids)
        watch(self.hub, race, ids, self.word("{name}'s phone has left: answer here").format(
            name=" / ".join(question.pcs)))
        try:
            return self.base.ask(question, race)
        finally:
            self.hub.settle(race)

    def settled(self) -> None:
        self.publish()

    def pending(self) -> bool:
        return self.hub.pending()

    def serve_inbox(self) -> None:
        """Do what the phones sent, oldest first: a declaration is read as if typed (for its
        character only, sealed until the reveal); a turn's action waits for the GM's yes."""
        if self.driver is None:
            return
        while (req := self.hub.take()) is not None:
            try:
                if req.kind == "declare":
                    self._declare(req)
                    self.publisher.flush()  # the phone's answer comes with its card
                else:
                    self._propose(req)
            finally:
                req.done.set()

    def _name(self, pc: str) -> str | None:
        assert self.driver is not None
        return next((c.name for c in self.driver.table.enc.combatants if c.id == pc), None)

    def _declare(self, req: Request) -> None:
        import shlex

        assert self.driver is not None
        name = self._name(req.pc)
        if name is None:
            req.status, req.said = 409, "your character has left the fight"
            return
        out = self.driver.handle(f"declare {shlex.quote(name)} {req.text}", phone=req.pc)
        req.status, req.said = (422, self._for_players(out.error)) if out.error else (200, "")

    def _for_players(self, error: str) -> str:
        """A refusal as a phone may read it: one naming a hidden combatant (a "did you
        mean", a list of names) says only that the target is not one it can name."""
        assert self.driver is not None
        hidden = [c for c in self.driver.table.enc.combatants if c.hidden]

        def names_one(text: str) -> bool:
            low = text.casefold()
            words = low.replace(",", " ").replace("?", " ").split()
            return any(c.name.casefold() in low or (c.tag and c.tag.casefold() in words)
                       for c in hidden)
        if not names_one(error):
            return error
        head = error.split(" (known:")[0].split(" — ")[0]
        if head != error and not names_one(head):
            return self.word("{error}: pick a target the form offers").format(error=head)
        return self.word("no such target: pick one the form offers")

    def _propose(self, req: Request) -> None:
        import shlex

        from combat_cli.repl.port import confirmed

        assert self.driver is not None
        from combat_cli.engine.table import Snapshot
        from combat_cli.web.card import its_turn

        name = self._name(req.pc)
        table = self.driver.table
        if name is None or not its_turn(Snapshot(table), table.enc.get(req.pc)):
            self.hub.settle_proposal(req.pc, "the turn has passed")
            return
        line = f"act {shlex.quote(name)} {req.text}"
        self.publish()
        typed = self.base.confirm(self.word(
            "{name}'s phone: {line} — Enter (or y) does it, n drops it, or type a command: "
        ).format(name=name, line=line))
        yes = confirmed("n" if typed is None else typed)
        self.hub.settle_proposal(req.pc, "the GM took it" if yes else
                                 "the GM chose otherwise")
        if yes is not False:
            self.driver.handle(line if yes else str(typed))

    def publish(self) -> None:
        """The pages follow: the table as it stands goes to the publisher's thread."""
        from combat_cli.engine.table import Snapshot

        if self.driver is not None:
            self.publisher.submit(Snapshot(self.driver.table))

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self.publisher.stop()
            self.server.stop()


class Publisher:
    """Builds each audience's view in a thread of its own, so a command costs the GM no more
    with the pages open; when commands come faster than :data:`GAP` apart (a piped script),
    only the latest state is built (the pages show where the fight stands, not every step
    to it)."""

    GAP = 0.1

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.cond = threading.Condition()
        self.pending: Snapshot | None = None
        self.busy = False
        self.idle = False
        """Waiting for a state to build (a submit wakes it; during the gap nothing does)."""
        self.stopping = False
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="combat-views", daemon=True)
        self.thread.start()

    def submit(self, snap: Snapshot) -> None:
        with self.cond:
            self.pending = snap
            if self.idle:  # else it is building or in its gap: it takes this one next
                self.cond.notify_all()

    def flush(self, timeout: float = 5) -> None:
        """Wait until what was submitted is published (before a phone is asked)."""
        with self.cond:
            self.cond.wait_for(lambda: self.pending is None and not self.busy, timeout)

    def stop(self) -> None:
        self.flush()
        with self.cond:
            self.stopping = True
            self.stopped.set()
            self.cond.notify_all()
        self.thread.join(timeout=5)

    def _run(self) -> None:
        from combat_cli.web.card import cards, table_view

        while True:
            with self.cond:
                self.idle = True
                self.cond.wait_for(lambda: self.pending is not None or self.stopping)
                self.idle = False
                if self.pending is None:
                    return
                snap, self.pending, self.busy = self.pending, None, True
            try:
                view = table_view(snap)
                self.hub.publish(view, cards(snap, view))
            except Exception as e:  # noqa: BLE001 - the pages keep the last good view
                from combat_cli.paths import record_crash

                record_crash(f"publishing the pages: {type(e).__name__}: {e}")
            finally:
                with self.cond:
                    self.busy = False
                    self.cond.notify_all()
            # the gap: commands that come meanwhile wake nobody (a piped script's pace)
            self.stopped.wait(self.GAP)


class Players:
    """The GM's side of the phones: the ``players`` verb's subcommands."""

    def __init__(self, port: PhonePort) -> None:
        self.port = port

    @property
    def hub(self) -> Hub:
        return self.port.hub

    def url(self, path: str) -> str:
        return self.port.server.url.rstrip("/") + path

    def overview(self) -> list[str]:
        """The URL, the code, a QR code of the join URL, and who has joined."""
        w = self.port.word
        join = self.url(f"/join?code={self.hub.code}")
        lines = [w("phones: open {url} and type the code {code} (or scan)").format(
            url=self.url("/join"), code=self.hub.code), *qr(join)]
        lines += self.joined()
        return lines

    def joined(self) -> list[str]:
        import time

        w = self.port.word
        devices = self.hub.joined()
        if not devices:
            return [w("no phone has joined yet")]
        now = time.monotonic()
        return [w("{name}: {device}, seen {ago} s ago").format(
            name=self.hub.names.get(d.pc, "?"), device=w(d.name), ago=int(now - d.seen))
            for d in devices]

    def new_code(self) -> list[str]:
        return [self.port.word("new join code: {code} (the old one no longer works)").format(
            code=self.hub.new_code())]

    def link(self, cid: str, name: str) -> list[str]:
        url = self.url(f"/join?link={self.hub.link(cid)}")
        return [self.port.word("{name}'s one-time link: {url}").format(name=name, url=url),
                *qr(url)]

    def kick(self, cid: str, name: str) -> list[str]:
        n = self.hub.kick(cid)
        w = self.port.word
        return [w("{name}'s phones can no longer act: {n} ended").format(name=name, n=n)
                if n else w("{name} has no phone joined").format(name=name)]


def qr(text: str) -> list[str]:
    """``text`` as a QR code in the terminal (two rows of modules per line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(text, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue().rstrip("\n").split("\n")
