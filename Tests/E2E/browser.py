"""Headless chromium driven over the DevTools protocol: open a page and wait (with a deadline)
until an expression evaluated in it holds — for pages that keep changing, like a live game."""
import json
import pathlib
import shutil
import subprocess
import time
import urllib.request

import websocket

from server_process import free_port


class Browser:
    def __init__(self, scratch):
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if chromium is None:
            raise RuntimeError("chromium is missing: `make e2e-deps` installs it with apt-get")
        self.port = free_port()
        self.process = subprocess.Popen([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", f"--remote-debugging-port={self.port}",
                                         f"--user-data-dir={pathlib.Path(scratch) / 'chromium-devtools'}", "--window-size=1400,1000",
                                         "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        page = None
        while page is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/json/list", timeout=2) as answer:
                    page = next((t for t in json.load(answer) if t.get("type") == "page"), None)
            except OSError:
                time.sleep(0.2)
        if page is None:
            self.close()
            raise RuntimeError("headless chromium did not offer its DevTools")
        self.socket = websocket.create_connection(page["webSocketDebuggerUrl"], timeout=30)
        self.sequence = 0

    def call(self, method, **params):
        self.sequence += 1
        self.socket.send(json.dumps({"id": self.sequence, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("id") == self.sequence:
                return message.get("result", {})

    def open(self, url):
        self.call("Page.navigate", url=url)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def wait_for(self, expression, check, timeout=30, what=None):
        """Evaluates `expression` until `check(value)` holds; returns the value."""
        deadline = time.monotonic() + timeout
        value = None
        while time.monotonic() < deadline:
            value = self.evaluate(expression)
            if value is not None and check(value):
                return value
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for {what or expression}; last value: {value!r}"[:4000])

    def close(self):
        try:
            self.socket.close()
        except Exception:
            pass
        if self.process.poll() is None:
            import os
            import signal
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)
