"""What the server benchmarks share: a free port, a process's CPU time, and a wrk run of top-50
reads with its rate, p99, non-2xx responses and socket errors."""
import os
import re
import socket
import subprocess

BOARD = "swarm-huddle"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
