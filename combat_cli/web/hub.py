"""The players' phones, between the table and the web server: who has joined, the join code,
the question waiting for a phone, and what each audience may see (already built).

The REPL (or the script) runs in the main thread; the web server in a thread of its own. They
share only this object, under one lock: the table publishes each audience's payload after a
command (built from an allow-list: :mod:`combat_cli.web.card`), and the server reads them;
a phone's answer is handed to the :class:`Race` the rules are waiting on. Nothing here reads
the encounter itself, so nothing secret can be reached through it.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
"""Join-code characters: letters and digits that can't be misread (no 0/O, 1/I/L)."""
CODE_LENGTH = 6
WRONG_CODES = 10
"""Wrong join codes from one client in :data:`WRONG_WINDOW` seconds before it is refused."""
WRONG_WINDOW = 60.0
GONE_AFTER = 20.0
"""A phone not heard from (no open page, no request) for this long has left."""
LEFT_AFTER = 3.0
"""A phone whose page was closed has left this long after (a reload comes back well within
it), unless it sends a request meanwhile."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def new_token() -> str:
    return secrets.token_urlsafe(24)  # 192 random bits


@dataclass
class Device:
    token: str
    pc: str
    name: str
    joined: float
    seen: float
    streams: int = 0


@dataclass
class Race:
    """One question, answered by whoever is first: the keyboard (or script) or a phone.
    ``pcs`` are the ids of the characters whose phones may answer; ``read`` turns a phone's
    request into the answer (ValueError: a refusal for the phone, said in one line)."""

    pcs: tuple[str, ...]
    question: dict[str, Any]
    read: Callable[[str, dict[str, Any]], Any]
    answer: Any = None
    by: str = ""
    event: threading.Event = field(default_factory=threading.Event)
    wake: Callable[[], None] | None = None
    """Set by the front end that is waiting: makes it stop waiting for the keyboard."""
    alive: Callable[[], bool] = lambda: True
    """False once no phone that may answer is there (a script that ended stops waiting)."""
    over: bool = False
    """The question is over (settled): nobody waits on it any more."""
    left: bool = False
    """Every phone that may answer has left while it was asked (see :meth:`leave`)."""
    notice: str = ""
    """What the front end waiting must tell the GM when it next wakes ("Mina's phone has
    left ..."), once."""

    def leave(self, notice: str) -> None:
        """Every phone that may answer has gone while it was asked: the front end waiting is
        woken to tell the GM ``notice``, and goes on waiting for the keyboard (a phone that
        comes back may still answer)."""
        with _race_lock:
            if self.event.is_set() or self.left:
                return
            self.left, self.notice = True, notice
            wake = self.wake
        if wake is not None:
            wake()

    def take_notice(self) -> str:
        """The notice to tell the GM now ("" when there is none), told once."""
        with _race_lock:
            notice, self.notice = self.notice, ""
        return notice

    def offer(self, answer: Any, by: str) -> bool:
        """Take ``answer`` (``by``: a PC's id, or "" for the keyboard) if nobody answered
        yet; False when it came second."""
        with _race_lock:
            if self.event.is_set():
                return False
            self.answer, self.by = answer, by
            self.event.set()
            wake = self.wake
        if wake is not None:
            wake()
        return True


_race_lock = threading.Lock()

MAX_LINE = 400
"""The longest declaration a phone may send (a typed line is no longer)."""


@dataclass
class Request:
    """Something a phone sent that only the table (in the main thread) can do: a declaration
    (``declare``, answered when the table has read it) or the action of its turn (``act``,
    shown to the GM, who confirms it)."""

    pc: str
    kind: str
    text: str
    done: threading.Event = field(default_factory=threading.Event)
    status: int = 0
    said: str = ""
    dropped: bool = False


class Hub:
    def __init__(self) -> None:
        self.lock = threading.RLock()
        self.code = new_code()
        self.devices: dict[str, Device] = {}
        self.links: dict[str, str] = {}
        """One-time join tokens (``players link NAME``) -> the PC."""
        self.wrong: dict[str, list[float]] = {}
        self.race: Race | None = None
        self.qid = 0
        self.table: dict[str, Any] = {}
        """The table page's view (who is asked now is added when it is read)."""
        self.cards: dict[str, dict[str, Any]] = {}
        """Each PC's card, by combatant id (a rename keeps its phone)."""
        self.names: dict[str, str] = {}
        """The PCs a phone may join as: id -> name."""
        self.version = 0
        self.listeners: list[Callable[[], None]] = []
        """Called (in the publishing thread) when anything a page shows changed."""
        self.on_say: Callable[[str, dict[str, str]], None] | None = None
        """How the GM is told something (a phone joined): a message and its values."""
        self.inbox: list[Request] = []
        """What the phones sent for the table to do, oldest first."""
        self.on_request: Callable[[], None] | None = None
        """Wakes the table's thread (the GM's prompt) when a request comes in."""
        self.proposals: dict[str, str] = {}
        """The action each PC's phone proposed for its turn, until the GM confirms it."""
        self.said: dict[str, str] = {}
        """The last word for each PC's phone about what it sent ("the GM took it")."""

    # -- what the table publishes (main thread) ------------------------------------------
    def publish(self, table: dict[str, Any], cards: dict[str, dict[str, Any]]) -> None:
        """The table page's payload and the PCs' cards (by id, each with its ``name``)."""
        with self.lock:
            if table == self.table and cards == self.cards:
                return  # nothing any audience sees changed: no event
            self.table, self.cards = table, cards
            self.names = {cid: c["name"] for cid, c in cards.items()}
            self._changed()

    @property
    def pcs(self) -> list[str]:
        with self.lock:
            return list(self.names.values())

    def _changed(self) -> None:
        self.version += 1
        for listener in list(self.listeners):
            listener()

    def ask(self, pcs: tuple[str, ...], question: dict[str, Any],
            read: Callable[[str, dict[str, Any]], Any]) -> Race:
        """Put a question to the phones of ``pcs`` (ids); the returned race is answered by
        the first."""
        with self.lock:
            self.qid += 1
            race = Race(pcs, {**question, "id": f"q{self.qid}-{secrets.token_hex(4)}"}, read)
            self.race = race
            self._changed()
        return race

    def settle(self, race: Race) -> None:
        """The question is over (answered, or the command ended): the phone stops showing it."""
        with self.lock:
            race.over = True
            if self.race is race:
                self.race = None
                self._changed()

    def table_page(self) -> dict[str, Any]:
        """The table page's view now, with who is still to answer."""
        with self.lock:
            waiting = self.waiting()
            shown = {c.get("name") for c in self.table.get("combatants", [])}
            return {**self.table, "waiting": [n for n in waiting if n in shown]}

    def waiting(self) -> list[str]:
        """The names of those whose phones are asked now."""
        with self.lock:
            race = self.race
            if race is None or race.event.is_set():
                return []
            return [self.names[i] for i in race.pcs if i in self.names]

    # -- joining (server thread) ---------------------------------------------------------
    def new_code(self) -> str:
        with self.lock:
            self.code = new_code()
            return self.code

    def link(self, pc: str) -> str:
        """A one-time join token for the PC of id ``pc``."""
        with self.lock:
            token = new_token()
            self.links[token] = pc
            return token

    def limited(self, client: str) -> bool:
        now = time.monotonic()
        with self.lock:
            recent = [t for t in self.wrong.get(client, []) if now - t < WRONG_WINDOW]
            self.wrong[client] = recent
            return len(recent) >= WRONG_CODES

    def join(self, client: str, device: str, pc: str | None = None, code: str | None = None,
             link: str | None = None) -> tuple[int, str]:
        """(200, token) or (status, why). A wrong code counts against ``client``."""
        with self.lock:
            if self.limited(client):
                return 429, "too many wrong codes: wait a minute and try again"
            if link is not None:
                pc = self.links.pop(link, None)
                if pc is None:
                    return 403, "this link was used or replaced: ask the GM for a new one"
            else:
                if not isinstance(code, str) or code.strip().upper() != self.code:
                    self.wrong.setdefault(client, []).append(time.monotonic())
                    return 403, "wrong code: type the code the GM's screen shows"
                pc = next((i for i, n in self.names.items() if n == pc), None)
                if pc is None:
                    return 404, "no such character: pick one of the PCs"
            token = new_token()
            now = time.monotonic()
            self.devices[token] = Device(token, pc, device[:60] or "a device", now, now)
            self._tell("{name}'s {device} joined", name=self.names.get(pc, "?"),
                       device=self.devices[token].name)
            return 200, token

    def device(self, token: str | None) -> Device | None:
        with self.lock:
            d = self.devices.get(token or "")
            if d is not None:
                d.seen = time.monotonic()
            return d

    def kick(self, pc: str) -> int:
        """End the access of every device of the PC of id ``pc``; how many there were."""
        with self.lock:
            gone = [t for t, d in self.devices.items() if d.pc == pc]
            for t in gone:
                del self.devices[t]
            for t in [t for t, p in self.links.items() if p == pc]:
                del self.links[t]
            if gone:
                self._changed()  # their open streams end
            return len(gone)

    def joined(self) -> list[Device]:
        with self.lock:
            return sorted(self.devices.values(), key=lambda d: (d.pc, d.joined))

    def opened(self, device: Device) -> None:
        """A page of ``device`` holds its event stream open: it is there."""
        with self.lock:
            device.streams += 1

    def closed(self, device: Device) -> None:
        """One of ``device``'s pages closed its event stream: with none left open, it counts
        as gone :data:`LEFT_AFTER` seconds from now (unless it is heard from again)."""
        with self.lock:
            device.streams -= 1
            if not device.streams:
                device.seen = min(device.seen, time.monotonic() - GONE_AFTER + LEFT_AFTER)

    def present(self, pc: str) -> bool:
        """A phone of ``pc`` was heard from lately (a page open or a request)."""
        now = time.monotonic()
        with self.lock:
            return any(d.pc == pc and (d.streams or now - d.seen < GONE_AFTER)
                       for d in self.devices.values())

    # -- what a phone sees and sends (server thread) -------------------------------------
    def me(self, device: Device) -> dict[str, Any]:
        """What ``device``'s phone shows: its own card, the question waiting for it, and the
        form it declares with (or its turn's action) when it may."""
        with self.lock:
            race = self.race
            ask = race.question if race is not None and device.pc in race.pcs and \
                not race.event.is_set() else None
            card = dict(self.cards.get(device.pc) or {})
            form = card.pop("declare", None)
            if race is not None and not race.event.is_set():
                form = None  # a command is running (it asks): the form waits for its end
            if form is not None:
                form = {**form, "pending": self.proposals.get(device.pc),
                        "said": self.said.get(device.pc, "")}
            return {"pc": self.names.get(device.pc), "card": card or None, "ask": ask,
                    "declare": form}

    def request(self, device: Device, text: Any) -> Request | tuple[int, str]:
        """A phone's declaration (or its turn's action), queued for the table: the request,
        or (status, why) when it is refused at once."""
        if not isinstance(text, str) or not text.strip():
            return 400, 'send {"text": "..."}: the declaration, as it would be typed'
        if len(text) > MAX_LINE or any(ord(ch) < 32 or 0x7f <= ord(ch) < 0xa0
                                       for ch in text):
            return 422, "the declaration is too long or holds control characters"
        with self.lock:
            form = (self.cards.get(device.pc) or {}).get("declare")
            if self.race is not None and not self.race.event.is_set():
                return 503, "the GM's tracker is busy (a roll is asked): send it again in a moment"
            if form is None:
                return 409, "you cannot declare now (wait for the declare phase or your turn)"
            if form["kind"] == "act" and device.pc in self.proposals:
                return 409, "your action is waiting for the GM"
            req = Request(device.pc, form["kind"], " ".join(text.split()))
            self.inbox.append(req)
            if req.kind == "act":
                self.proposals[device.pc] = req.text
                req.status, req.said = 202, "sent: waiting for the GM"
                req.done.set()
                self._changed()
            wake = self.on_request
        if wake is not None:
            wake()
        return req

    def take(self) -> Request | None:
        """The oldest request still wanted (table thread)."""
        with self.lock:
            while self.inbox:
                req = self.inbox.pop(0)
                if not req.dropped:
                    return req
            return None

    def drop(self, req: Request) -> bool:
        """The phone gave up waiting: True if the table had not taken it yet."""
        with self.lock:
            if req in self.inbox:
                req.dropped = True
                self.inbox.remove(req)
                return True
            return False

    def pending(self) -> bool:
        with self.lock:
            return bool(self.inbox)

    def settle_proposal(self, pc: str, said: str) -> None:
        """The GM took (or dropped) the action the phone of ``pc`` proposed."""
        with self.lock:
            self.proposals.pop(pc, None)
            self.said[pc] = said
            self._changed()

    def answer(self, device: Device, body: dict[str, Any]) -> tuple[int, str]:
        """A phone's answer to the question waiting for it: read against the question, then
        handed to the race (first answer wins). (status, what to tell the phone)."""
        with self.lock:
            race = self.race
            if race is None or race.event.is_set() or race.question["id"] != body.get("id"):
                return 409, "that question is over (answered, or the GM moved on)"
            if device.pc not in race.pcs:
                return 403, "that question is for another character"
        try:
            answer = race.read(device.pc, body)
        except ValueError as e:
            return 422, str(e)
        if not race.offer(answer, device.pc):
            return 409, "that question is over (answered, or the GM moved on)"
        return 200, "ok"

    # -- what the GM is told -------------------------------------------------------------
    def _tell(self, message: str, **values: str) -> None:
        if self.on_say is not None:
            self.on_say(message, values)
