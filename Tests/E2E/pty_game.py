"""Drives the real `plume` binary in a pseudo-terminal and reads its screen with pyte.

Tests wait for screen states (with a deadline), never for fixed times. They wait for what they
then assert, not for something else on the same screen: on a busy machine a frame can arrive in
pieces (the rows under the one waited for not drawn yet), answers from the server come in any
order, and a confirmation on the status line goes after a few seconds (StatusLine.briefSeconds)."""
import os
import re
import time

import pexpect
import pyte

# What a terminal in keypad (application) mode sends for these keys, per xterm's terminfo.
KEYS = {"up": "\x1bOA", "down": "\x1bOB", "right": "\x1bOC", "left": "\x1bOD", "enter": "\r", "escape": "\x1b", "tab": "\t"}


class Game:
    def __init__(self, binary, data_home, width=100, height=30, env=None, args=()):
        environment = dict(os.environ)
        environment.update({"TERM": "xterm-256color", "XDG_DATA_HOME": str(data_home), "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8",
                            "XDG_CONFIG_HOME": str(data_home) + "-config"})
        # Each game gets its own runtime directory, so games of different tests never meet.
        runtime = str(data_home) + "-run"
        os.makedirs(runtime, mode=0o700, exist_ok=True)
        environment["XDG_RUNTIME_DIR"] = runtime
        environment.pop("NO_COLOR", None)
        # Inside tmux the game also sends OSC 52 through its passthrough: these tests run as outside it.
        environment.pop("TMUX", None)
        environment.pop("PLUME_SERVER", None)
        for name in ("PLUME_REDUCE_MOTION", "PLUME_SCREEN_READER", "PLUME_PALETTE"):
            environment.pop(name, None)
        # ncurses takes LINES and COLUMNS over the pty's size, and then keeps that size through
        # every resize: exported by the shell that runs the tests, they would pin every game at it.
        environment.pop("LINES", None)
        environment.pop("COLUMNS", None)
        environment.update(env or {})
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()
        self.child = pexpect.spawn(binary, list(args), dimensions=(height, width), env=environment)

    def pump(self, wait=0.05):
        """Reads whatever output is ready (waiting at most `wait` seconds for the first byte)."""
        try:
            while True:
                chunk = self.child.read_nonblocking(65536, timeout=wait)
                self.raw.extend(chunk)
                self.stream.feed(chunk)
                wait = 0.01
        except (pexpect.TIMEOUT, pexpect.EOF):
            pass

    def text(self):
        return "\n".join(self.screen.display)

    def status(self):
        """The status line, whole: the reverse-video rows above the key line (a long message
        wraps upward onto them)."""
        rows = []
        for y in range(self.screen.lines - 2, 0, -1):
            if not self.screen.buffer[y][0].reverse:
                break
            rows.insert(0, self.screen.display[y].strip())
        return " ".join(row for row in rows if row)

    def wait_for(self, condition, timeout=15, what=None):
        """Pumps until `condition` (a string on screen, or a function of the screen text) holds."""
        check = (lambda text: condition in text) if isinstance(condition, str) else condition
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump()
            if check(self.text()):
                return self.text()
        raise AssertionError(f"timed out waiting for {what or condition!r}; screen was:\n{self.text()}")

    def wait_for_status(self, condition, timeout=15, what=None):
        """Pumps until the status line holds `condition` (words in it, or a function of it);
        returns the status line as it was then."""
        check = (lambda said: condition in said) if isinstance(condition, str) else condition
        self.wait_for(lambda text: check(self.status()), timeout=timeout, what=what or f"the status line to say: {condition}")
        return self.status()

    def press(self, *keys):
        for key in keys:
            self.child.send(KEYS.get(key, key))

    def paste(self, text):
        self.child.send("\x1b[200~" + text + "\x1b[201~")

    def resize(self, width, height):
        self.child.setwinsize(height, width)
        self.screen.resize(height, width)

    def osc52_payloads(self):
        return re.findall(rb"\x1b\]52;c;([A-Za-z0-9+/=]*)\x07", bytes(self.raw))

    def wait_exit(self, timeout=15):
        deadline = time.monotonic() + timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self.pump()
        self.pump()
        assert not self.child.isalive(), "plume did not exit"
        self.child.close()
        return self.child.exitstatus

    def close(self):
        if self.child.isalive():
            self.child.terminate(force=True)
