"""What the server benchmarks share: a free port, a process's CPU time, a wrk run of top-50
reads with its rate, p99, non-2xx responses and socket errors, and a player's ssh in a pty."""
import os
import re
import socket
import subprocess
import time

BOARD = "swarm-huddle"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def games_of(server_pid):
    """The processes whose parent is the server: its games."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == server_pid:
                found.append(int(entry))
    return found


def wrk(port, seconds, connections):
    """(requests a second, p99 in ms, non-2xx responses, socket errors as wrk words them)."""
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency",
                          f"http://127.0.0.1:{port}/v1/boards/{BOARD}/top?limit=50"],
                         capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return rate, p99_ms, (int(errors.group(1)) if errors else 0), (socket_errors.group(1) if socket_errors else "none")


class Session:
    """One player's ssh in a pty, its screen read with pyte."""

    def __init__(self, port, key, known, user="bench", width=100, height=30):
        import pexpect  # only the SSH benchmarks drive a terminal
        import pyte
        self.pexpect = pexpect
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.child = pexpect.spawn("ssh", ["-F", "/dev/null", "-p", str(port), "-i", str(key), "-o", "IdentitiesOnly=yes",
                                           "-o", "StrictHostKeyChecking=accept-new", "-o", f"UserKnownHostsFile={known}",
                                           "-o", "BatchMode=yes", "-o", "LogLevel=ERROR", "-t", f"{user}@127.0.0.1"],
                                   dimensions=(height, width), env={"TERM": "xterm-256color", "PATH": os.environ["PATH"]},
                                   use_poll=True)  # select() can't watch descriptors past 1024

    def wait_for(self, text, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                self.stream.feed(self.child.read_nonblocking(65536, timeout=0.005))
            except self.pexpect.TIMEOUT:
                pass
            except self.pexpect.EOF:
                raise RuntimeError("ssh ended before the game was drawn:\n" + "\n".join(self.screen.display).strip())
            if text in "\n".join(self.screen.display):
                return
        raise RuntimeError(f"no {text!r} on screen:\n" + "\n".join(self.screen.display))

    def drain(self):
        try:
            while True:
                self.child.read_nonblocking(65536, timeout=0)
        except (self.pexpect.TIMEOUT, self.pexpect.EOF):
            pass

    def quit(self):
        self.child.send("q")
        self.child.expect(self.pexpect.EOF, timeout=30)
        self.child.close()
