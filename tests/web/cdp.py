"""A small Chrome DevTools Protocol client over a websocket (standard library only), and a
headless Chromium to drive with it. ``--dump-dom`` is no use here: it never returns while the
page holds its event stream open."""

from __future__ import annotations

import base64
import json
import os
import shutil
import signal
import socket
import struct
import subprocess
import tempfile
import time
import urllib.request
from typing import Any
from urllib.parse import urlsplit

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                  "--mute-audio", "--window-size=1280,860"]


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    def __init__(self, url: str, timeout: float = 30) -> None:
        parts = urlsplit(url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                           ).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("websocket handshake failed")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def send(self, text: str) -> None:
        data = text.encode()
        n = len(data)
        head = bytes([0x81])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 1 << 16:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        mask = os.urandom(4)
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _exact(self, n: int) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("websocket closed")
            buf += chunk
        return buf

    def recv(self) -> str:
        parts: list[bytes] = []
        while True:
            b0, b1 = self._exact(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack("!H", self._exact(2))[0]
            elif n == 127:
                n = struct.unpack("!Q", self._exact(8))[0]
            mask = self._exact(4) if b1 & 0x80 else None
            data = self._exact(n)
            if mask:
                data = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
            op = b0 & 0x0F
            if op == 8:
                raise ConnectionError("websocket closed by the browser")
            if op in (9, 10):
                continue
            parts.append(data)
            if b0 & 0x80:
                return b"".join(parts).decode()

    def close(self) -> None:
        self.sock.close()


class Page:
    """One browser tab: call DevTools methods, evaluate JavaScript."""

    def __init__(self, ws_url: str) -> None:
        self.ws = WebSocket(ws_url)
        self.n = 0
        self.events: list[dict[str, Any]] = []
        """Every event the page sent while a call was awaited (console errors among them)."""

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        self.n += 1
        self.ws.send(json.dumps({"id": self.n, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if "method" in msg:
                self.events.append(msg)
            if msg.get("id") == self.n:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})

    def js(self, expr: str) -> Any:
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def js_async(self, expr: str) -> Any:
        """The value of a promise ``expr`` (a fetch made by the page itself)."""
        r = self.call("Runtime.evaluate", expression=expr, returnByValue=True,
                      awaitPromise=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expr}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def wait_for(self, expr: str, timeout: float = 15, step: float = 0.05) -> Any:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                value = self.js(expr)
            except RuntimeError as e:  # the page was navigating: ask the new one
                if "navigated" not in str(e) and "context" not in str(e):
                    raise
                value = None
            if value:
                return value
            time.sleep(step)
        raise AssertionError(f"timed out waiting for {expr}")

    def errors(self) -> list[str]:
        """Uncaught exceptions and console errors seen so far."""
        out = []
        for e in self.events:
            if e["method"] == "Runtime.exceptionThrown":
                out.append(json.dumps(e["params"]["exceptionDetails"])[:300])
            elif e["method"] == "Runtime.consoleAPICalled" and e["params"]["type"] == "error":
                out.append(json.dumps(e["params"]["args"])[:300])
            elif e["method"] == "Log.entryAdded" and e["params"]["entry"]["level"] == "error":
                out.append(e["params"]["entry"].get("text", "")[:300])
        return out

    def screenshot(self) -> bytes:
        return base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])

    def close(self) -> None:
        self.ws.close()


class Chromium:
    """A headless Chromium with its own throw-away profile; stopped (with its helpers)
    when closed."""

    def __init__(self, binary: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="combat-chromium-")
        self.proc = subprocess.Popen(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={self.profile}",
             "--remote-debugging-port=0", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        end = time.monotonic() + 30
        while not os.path.exists(port_file) or not open(port_file).read().strip():
            if time.monotonic() > end or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("Chromium did not start")
            time.sleep(0.05)
        self.port = int(open(port_file).read().split()[0])

    def page(self) -> Page:
        end = time.monotonic() + 15
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list") as r:
                targets = json.load(r)
            pages = [t for t in targets if t.get("type") == "page"]
            if pages:
                return Page(pages[0]["webSocketDebuggerUrl"])
            if time.monotonic() > end:
                raise RuntimeError("Chromium has no page")
            time.sleep(0.1)

    def context_page(self) -> Page:
        """A page in a browser context of its own (its own cookies: another phone)."""
        with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/version") as r:
            browser = Page(json.load(r)["webSocketDebuggerUrl"])
        try:
            ctx = browser.call("Target.createBrowserContext")["browserContextId"]
            target = browser.call("Target.createTarget", url="about:blank",
                                  browserContextId=ctx)["targetId"]
        finally:
            browser.close()
        end = time.monotonic() + 15
        while time.monotonic() < end:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list") as r:
                found = [t for t in json.load(r) if t.get("id") == target]
            if found:
                return Page(found[0]["webSocketDebuggerUrl"])
            time.sleep(0.05)
        raise RuntimeError("Chromium made no page")

    def close(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        shutil.rmtree(self.profile, ignore_errors=True)
