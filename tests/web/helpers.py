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

    def close(self) -> None:
        self.conn.close()
