"""Starts the real `plume-server` on a free loopback port with its own SQLite file."""
import json
import os
import pathlib
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[2]
SERVER_BIN = pathlib.Path(os.environ.get("PLUME_SERVER_BIN", ROOT / ".build" / "debug" / "plume-server"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`prefix` runs the server under another program (faketime); it then gets a session of its
    own, and stopping it stops the whole group (the server may be a grandchild). `cwd` is the
    directory it starts in (relative defaults are resolved against it)."""

    def __init__(self, directory, *extra, database=None, port=None, binary=None, prefix=(), cwd=None):
        self.directory = pathlib.Path(directory)
        self.group = bool(prefix)
        self.database = database or str(self.directory / "scores.sqlite")
        env = dict(os.environ, PLUME_RATE_LIMIT="0", PLUME_REGISTER_RATE_LIMIT="0", PLUME_SUBMIT_RATE_LIMIT="0",
                   PLUME_VOTE_RATE_LIMIT="0")
        # A free port found here can be taken by another test's process before the server binds
        # it (the suites run in parallel): a port of our choosing is chosen again, a few times.
        for attempt in range(1 if port else 4):
            self.port = port or free_port()
            self.base = f"http://127.0.0.1:{self.port}"
            self.log = open(self.directory / f"server-{self.port}.log", "ab")
            self.process = subprocess.Popen(
                [*prefix, str(binary or SERVER_BIN), "serve", "--port", str(self.port), "--database", self.database, *extra],
                stdout=self.log, stderr=subprocess.STDOUT, env=env, start_new_session=self.group, cwd=cwd)
            try:
                self.wait_ready()
                return
            except BaseException:
                self.stop()
                said = (self.directory / f"server-{self.port}.log").read_text(errors="replace")
                if port or attempt == 3 or "Address already in use" not in said:
                    raise

    def wait_ready(self, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"plume-server exited with {self.process.returncode}")
            try:
                status, _, _ = self.request("GET", "/readyz")
                if status == 200:
                    return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("plume-server did not become ready")

    def request(self, method, path, body=None, token=None, headers=None, raw=None):
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        request = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        for key, value in (headers or {}).items():
            request.add_header(key, value)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def json(self, method, path, body=None, token=None, **kwargs):
        status, headers, payload = self.request(method, path, body, token, **kwargs)
        return status, (json.loads(payload) if payload else None)

    def register(self, name):
        status, body = self.json("POST", "/v1/players", {"name": name})
        assert status == 201, body
        return body

    def children(self):
        try:
            with open(f"/proc/{self.process.pid}/task/{self.process.pid}/children") as listing:
                return [int(pid) for pid in listing.read().split()]
        except (FileNotFoundError, ProcessLookupError, ValueError):
            return []

    def stop(self, sig=signal.SIGTERM, timeout=20):
        if self.group:
            self.stop_group(sig, timeout)
        elif self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=timeout)
        self.log.close()
        return self.process.returncode

    def stop_group(self, sig, timeout):
        # A wrapper such as faketime removes its shared-memory files only when its own program
        # exits: the program is signalled first, and the wrapper given time to follow it; the
        # whole group is signalled only if that was not enough.
        for pid in self.children():
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        try:
            self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            pass
        try:
            os.killpg(self.process.pid, sig)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                self.process.poll()  # reaps the direct child, so the group can empty
                os.killpg(self.process.pid, 0)
                time.sleep(0.05)
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()
