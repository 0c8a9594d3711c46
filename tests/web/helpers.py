"""Running ``combat`` for the web tests: make a fight, start ``combat serve``, read its feed."""

from __future__ import annotations

import http.client
import json
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

SECRET_FIGHT = [
    'add Mina side=pc Firearms=4D Dodge=3D Constitution=3D weapon="Heavy Pistol"',
    "add Shadowblade hidden=yes Brawling=5D Strength=3D Constitution=3D",
    'add "Demon Thug" Firearms=4D+2 Constitution=2D+1 weapon="Light Pistol"',
    'note "Demon Thug" SECRETNOTE carries the crypt key',
    'condition "Demon Thug" +Cursed custom=yes secret',
    "condition Mina +Prone",
    "start",
    "declare Shadowblade brawl Mina",
    'declare Mina shoot "Demon Thug"',
    "resolve all",
]
SECRETS = ["Shadowblade", "SECRETNOTE", "crypt key", "Cursed", "4D+2", "2D+1", "Light Pistol",
           "Brawling", "Firearms", "house_rules", "SECRETNOTE again"]


def combat(*args: str, cwd: Path | None = None, input: str | None = None,
           check: bool = True) -> subprocess.CompletedProcess:
    p = subprocess.run([sys.executable, "-m", "combat_cli", *args], capture_output=True,
                       text=True, cwd=cwd, input=input, timeout=60)
    if check and p.returncode != 0:
        raise AssertionError(f"combat {' '.join(args)} failed: {p.stderr}")
    return p


def make_fight(path: Path, ruleset: str, lines: list[str], seed: int = 3) -> Path:
    combat("new", str(path), "--ruleset", ruleset)
    if lines:
        script = path.with_suffix(".txt")
        script.write_text("\n".join(lines) + "\n", encoding="utf-8")
        combat("play", str(path), "--script", str(script), "--seed", str(seed))
    return path


def gm(path: Path, *lines: str, seed: int = 5) -> None:
    """What the GM types at the table, saved as ``combat play`` saves it."""
    combat("play", str(path), "--script", "-", "--seed", str(seed), input="\n".join(lines) + "\n")


class Server:
    """``combat serve FILE --port 0`` in a subprocess; stops it at the end."""

    def __init__(self, path: Path, *args: str) -> None:
        self.proc = subprocess.Popen([sys.executable, "-m", "combat_cli", "serve", str(path),
                                      "--port", "0", *args], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()  # type: ignore[union-attr]
        m = re.search(r"http://[^ ]+/", line)
        if not m:
            self.stop()
            raise AssertionError(f"no URL from combat serve: {line!r} {self.proc.stderr.read()}")
        self.first_line = line
        self.url = m.group(0)
        parts = urlsplit(self.url)
        self.host, self.port = parts.hostname or "", parts.port or 0

    def request(self, method: str, path: str, body: bytes | None = None
                ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=10)
        try:
            conn.request(method, path, body=body)
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            conn.close()

    def get(self, path: str) -> bytes:
        status, _, body = self.request("GET", path)
        assert status == 200, (path, status)
        return body

    def interrupt(self) -> float:
        """Ctrl-C; returns how long the server took to exit."""
        t = time.monotonic()
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(timeout=15)
        return time.monotonic() - t

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdout, self.proc.stderr):
            if f:
                f.close()


class Stream:
    """One browser's event stream (``/events``), read event by event."""

    def __init__(self, server: Server, timeout: float = 10) -> None:
        self.conn = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
        self.conn.request("GET", "/events", headers={"Accept": "text/event-stream"})
        self.resp = self.conn.getresponse()
        assert self.resp.status == 200
        assert self.resp.getheader("content-type", "").startswith("text/event-stream")
        self.raw = b""

    def next_event(self, timeout: float = 10) -> dict[str, Any] | None:
        """The next data event (None: the stream ended)."""
        self.conn.sock.settimeout(timeout)  # type: ignore[union-attr]
        data = []
        while True:
            line = self.resp.readline()
            self.raw += line
            if not line:
                return None
            line = line.rstrip(b"\r\n")
            if line.startswith(b"data: "):
                data.append(line[6:])
            elif not line and data:
                return json.loads(b"\n".join(data))

    def until(self, wanted: Any, timeout: float = 10) -> dict[str, Any]:
        """The first event for which ``wanted(event)`` holds (earlier ones may be stale: the
        feed sends every state it sees, and a GM's two commands may come as two events)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            event = self.next_event(timeout=max(0.1, end - time.monotonic()))
            if event is None:
                break
            if wanted(event):
                return event
        raise AssertionError("the state waited for never came")

    def close(self) -> None:
        self.conn.close()


class Client:
    """HTTP requests to a live table as a phone (or a stranger) sends them."""

    port = 0
    origin = ""

    def code(self) -> str:
        raise NotImplementedError

    def request(self, method: str, path: str, body: Any = None, cookie: str | None = None,
                headers: dict[str, str] | None = None, raw: bytes | None = None
                ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        h = {"Content-Type": "application/json", "Origin": self.origin}
        if cookie:
            h["Cookie"] = cookie
        h.update(headers or {})
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None
                                            else None)
        try:
            conn.request(method, path, body=data, headers=h)
            r = conn.getresponse()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()
        finally:
            conn.close()

    def join(self, pc: str, code: str | None = None) -> str:
        """Join as ``pc``; returns the device cookie."""
        status, headers, body = self.request("POST", "/api/join",
                                             {"code": code or self.code(), "pc": pc})
        assert status == 200, body
        return headers["set-cookie"].split(";")[0]

    def me(self, cookie: str) -> dict[str, Any]:
        status, _, body = self.request("GET", "/api/me", cookie=cookie)
        assert status == 200, body
        return json.loads(body)

    def question(self, cookie: str, timeout: float = 15) -> dict[str, Any]:
        """The question waiting for this phone (waits until there is one)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            ask = self.me(cookie)["ask"]
            if ask:
                return ask
            time.sleep(0.03)
        raise AssertionError(f"no question came:\n{''.join(self.seen)}")

    def answer(self, cookie: str, **body: Any) -> tuple[int, dict[str, Any]]:
        ask = self.question(cookie)
        status, _, raw = self.request("POST", "/api/answer", {"id": ask["id"], **body},
                                      cookie=cookie)
        return status, json.loads(raw)


class LiveTable(Client):
    """``combat play FILE --script - --serve --port 0``: the GM's lines written as they are
    wanted, the output read as it comes, and HTTP requests as a phone (or a stranger) sends
    them."""

    def __init__(self, path: Path, *args: str) -> None:
        import queue
        import threading

        self.proc = subprocess.Popen(
            [sys.executable, "-m", "combat_cli", "play", str(path), "--script", "-", "--serve",
             "--port", "0", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []

        def read() -> None:
            for line in self.proc.stdout:  # type: ignore[union-attr]
                self.lines.put(line)
        threading.Thread(target=read, daemon=True).start()
        m = self.expect(r"http://127\.0\.0\.1:(\d+)/")
        self.host, self.port = "127.0.0.1", int(m.group(1))
        self.origin = f"http://127.0.0.1:{self.port}"

    def expect(self, pattern: str, timeout: float = 15) -> re.Match[str]:
        """Wait for a line of output matching ``pattern`` (the lines before it are kept)."""
        import queue

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=0.05)
            except queue.Empty:
                if self.proc.poll() is not None and self.lines.empty():
                    break
                continue
            self.seen.append(line)
            m = re.search(pattern, line)
            if m:
                return m
        raise AssertionError(f"no {pattern!r} in the GM's output:\n{''.join(self.seen)}")

    def said(self, pattern: str) -> bool:
        """Whether the GM's output so far (read without waiting) has a line matching."""
        import queue

        while True:
            try:
                self.seen.append(self.lines.get_nowait())
            except queue.Empty:
                break
        return any(re.search(pattern, line) for line in self.seen)

    def gm(self, *lines: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("".join(f"{ln}\n" for ln in lines))
        self.proc.stdin.flush()

    def code(self) -> str:
        self.gm("players")
        return self.expect(r"/join\b.*?\b([A-HJ-NP-Z2-9]{6})\b").group(1)  # any language

    def close(self) -> int:
        """End the GM's lines; the exit status. A table still waiting on a phone that is
        there (a question the test left open waits up to GONE_AFTER for it) is stopped after
        a few seconds, as Ctrl-C would: the test is over."""
        if self.proc.stdin and not self.proc.stdin.closed:
            self.proc.stdin.close()
        try:
            return self.proc.wait(timeout=6)
        except subprocess.TimeoutExpired:
            self.proc.terminate()
        try:
            return self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            return self.proc.wait()
