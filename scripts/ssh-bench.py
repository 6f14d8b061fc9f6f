#!/usr/bin/env python3
"""The play-over-SSH benchmark, on release builds of plume and plume-server, with the real OpenSSH
client: how long from starting `ssh` to the game's first drawn frame (50 connections, one after
another), what an idle session costs (memory of its game and of the server, CPU while idle), and
how many idle sessions this machine holds while top-50 reads (wrk, as in `make bench`) keep at
least 80% of their throughput. Prints the figures docs/performance.md quotes.

    make bench-ssh        (builds both release binaries, installs wrk if missing)
"""
import argparse
import os
import pathlib
import re
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

import pexpect
import pyte

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
from benchkit import Session, cpu_seconds, free_port, games_of, wrk  # noqa: E402


def kib(pid, field, name="status"):
    for line in open(f"/proc/{pid}/{name}"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


class Reader:
    """Reads every held session's output in the background, as players' terminals would."""

    def __init__(self, sessions):
        self.sessions, self.running = sessions, True
        self.bytes = 0
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            for session in list(self.sessions):
                try:
                    while True:
                        self.bytes += len(session.child.read_nonblocking(65536, timeout=0))
                except (pexpect.TIMEOUT, pexpect.EOF):
                    pass
            time.sleep(0.1)

    def stop(self):
        self.running = False
        self.thread.join()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(ROOT / ".build/release/plume-server"))
    parser.add_argument("--plume", default=str(ROOT / ".build/release/plume"))
    parser.add_argument("--connections", type=int, default=50, help="connections timed to the first frame")
    parser.add_argument("--idle", type=int, default=20, help="idle sessions measured for memory and CPU")
    parser.add_argument("--steps", default="0,50,100,200,300", help="idle sessions held during each read run")
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a pty per session held
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: `make bench-ssh` installs it (apt-get install wrk)")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="plume-ssh-bench-"))
    print(f"seeding {args.records} records (plume-server bench, short runs)…", flush=True)
    subprocess.run([args.server, "bench", "--records", str(args.records), "--seconds", "1", "--directory", str(folder)],
                   check=True, stdout=subprocess.DEVNULL)
    key = folder / "bench"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
    known = folder / "known_hosts"
    port, ssh_port = free_port(), free_port()
    log = open(folder / "server.log", "w")
    env = dict(os.environ, PLUME_RATE_LIMIT="0")
    steps = [int(s) for s in args.steps.split(",")]
    server = subprocess.Popen([args.server, "serve", "--port", str(port), "--database", str(folder / "bench.sqlite"),
                               "--ssh-port", str(ssh_port), "--plume", args.plume, "--ssh-max-sessions", str(max(steps) + 10),
                               "--ssh-max-sessions-per-address", str(max(steps) + 10), "--ssh-max-unauthenticated", "200",
                               "--ssh-connections-per-minute", "100000"], stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        for _ in range(300):
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2).status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        # 1. Connection to first frame: from starting ssh to the Studio drawn (tab bar and the day's theme).
        times = []
        for _ in range(args.connections):
            started = time.monotonic()
            session = Session(ssh_port, key, known)
            session.wait_for("Today:")
            times.append((time.monotonic() - started) * 1000)
            session.quit()
        times.sort()
        print(f"\nconnect to first frame over {len(times)} connections (ssh started to the Studio drawn, loopback): "
              f"median {times[len(times) // 2]:.0f} ms, p90 {times[int(len(times) * 0.9)]:.0f} ms, "
              f"p99 {times[min(len(times) - 1, int(len(times) * 0.99))]:.0f} ms, first {times[0]:.0f} ms … slowest {times[-1]:.0f} ms", flush=True)

        # 2. An idle session's cost: its game's memory, the server's growth, CPU while nobody types.
        server_rss = kib(server.pid, "VmRSS")
        sessions = []
        for _ in range(args.idle):
            session = Session(ssh_port, key, known)
            session.wait_for("Today:")
            sessions.append(session)
        time.sleep(3)
        for session in sessions:
            session.drain()
        games = games_of(server.pid)
        rss = [kib(pid, "VmRSS") for pid in games]
        pss = [kib(pid, "Pss", "smaps_rollup") for pid in games]
        grown = kib(server.pid, "VmRSS") - server_rss
        before = {pid: cpu_seconds(pid) for pid in games}
        server_before = cpu_seconds(server.pid)
        idle_seconds = 30
        end = time.monotonic() + idle_seconds
        while time.monotonic() < end:
            for session in sessions:
                session.drain()
            time.sleep(0.5)
        game_cpu = sum(cpu_seconds(pid) - before[pid] for pid in games) / len(games) / idle_seconds
        server_cpu = (cpu_seconds(server.pid) - server_before) / idle_seconds
        print(f"{len(games)} idle sessions: each game {sum(rss) / len(rss) / 1024:.1f} MiB resident ({sum(pss) / len(pss) / 1024:.1f} MiB "
              f"proportional, shared pages split), the server {grown / len(games) / 1024:.2f} MiB more per session; "
              f"CPU while idle over {idle_seconds} s: {100 * game_cpu:.2f}% of a core per game, server {100 * server_cpu:.2f}%", flush=True)
        for session in sessions:
            session.quit()

        # 3. Idle sessions held (their output read, as a player's terminal would) while the read
        # benchmark runs: the throughput kept at each step, against runs with none held before
        # and after (the machine's own drift).
        wrk(port, 2, 16)  # warm-up
        held = []
        runs = []
        alone = [wrk(port, args.seconds, 16)]
        print(f"\ntop-50 reads, wrk -t2 -c16 -d{args.seconds}s, {args.records} records, while idle SSH sessions are held "
              f"(two runs each; alone before: {alone[0][0]:.0f} req/s):")
        for step in [s for s in steps if s > 0]:
            while len(held) < step:
                session = Session(ssh_port, key, known)
                session.wait_for("Today:")
                held.append(session)
            reader = Reader(held)
            time.sleep(3)
            read_before = reader.bytes
            results = [wrk(port, args.seconds, 16) for _ in range(2)]
            output = (reader.bytes - read_before) / (2 * args.seconds) / len(held)
            reader.stop()
            games = games_of(server.pid)
            total = sum(kib(pid, "VmRSS") for pid in games) / 1024
            runs.append((step, max(r[0] for r in results), max(r[1] for r in results), total, kib(server.pid, "VmRSS") / 1024, output))
        for session in held:
            session.quit()
        time.sleep(2)
        alone.append(wrk(port, args.seconds, 16))
        base = sum(a[0] for a in alone) / len(alone)
        print(f"alone after: {alone[1][0]:.0f} req/s; base (their mean) {base:.0f} req/s, p99 {max(a[1] for a in alone):.2f} ms")
        print(f"{'sessions':>9} {'req/s':>8} {'kept':>6} {'p99 ms':>7} {'games RSS MiB':>14} {'server RSS MiB':>15} {'B/s a session':>14}")
        for step, rate, p99, total, server_rss, output in runs:
            print(f"{step:9d} {rate:8.0f} {100 * rate / base:5.0f}% {p99:7.2f} {total:14.0f} {server_rss:15.0f} {output:14.1f}", flush=True)
        alive = server.poll() is None
    finally:
        server.terminate()
        server.wait(timeout=60)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"goals: first frame ≤ 300 ms (median and p99); ≤ 40 MB an idle session; ~0 CPU idle; reads ≥ 80% kept. Server alive after: {alive}")


if __name__ == "__main__":
    main()
