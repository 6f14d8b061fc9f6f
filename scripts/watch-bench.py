#!/usr/bin/env python3
"""Many hosts and watching, on release builds of plume and plume-server, two hosts on one real
PostgreSQL (started here), the real OpenSSH client in a pty per session:

1. connect to first frame with saves from the store (the player's files read from the database
   and written into their directory before the game starts), 30 connections one after another;
2. take-over: a player playing on one host connects to the other; from starting that ssh to the
   game's first frame there (the old session told, its game saved and its lease given back
   first), 20 times, alternating hosts;
3. one game watched by 50 watchers on the other host (ssh watch@host, each watcher's output read
   as a terminal would), while its player moves through the Studio's backgrounds ten times a
   second: the CPU of the game's host, the watchers' host and the game, with and without the
   watchers, and the bytes relayed.

    make bench-watch
"""
import argparse
import os
import pathlib
import re
import resource
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "Tests" / "E2E"))
from benchkit import Session, cpu_seconds, free_port, games_of  # noqa: E402
from postgres_cluster import PostgresCluster  # noqa: E402


class Host:
    def __init__(self, name, folder, database, args):
        self.name = name
        self.port, self.ssh_port = free_port(), free_port()
        self.log = open(folder / f"{name}.log", "w")
        env = dict(os.environ, PLUME_RATE_LIMIT="0")
        self.process = subprocess.Popen([args.server, "serve", "--port", str(self.port), "--database", database,
                                         "--ssh-port", str(self.ssh_port), "--plume", args.plume, "--ssh-homes", str(folder / f"{name}-homes"),
                                         "--ssh-host-name", name, "--ssh-max-sessions", "200", "--ssh-max-sessions-per-address", "200",
                                         "--ssh-max-unauthenticated", "200", "--ssh-connections-per-minute", "100000",
                                         "--watch-max-per-address", "200"], stdout=self.log, stderr=subprocess.STDOUT, env=env)
        for _ in range(600):
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{self.port}/readyz", timeout=2).status == 200:
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"host {name} did not start")

    def metric(self, name):
        text = urllib.request.urlopen(f"http://127.0.0.1:{self.port}/metrics", timeout=10).read().decode()
        match = re.search(rf"^{re.escape(name)} ([0-9.e+-]+)$", text, re.M)
        return float(match.group(1)) if match else 0.0

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * fraction))]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(ROOT / ".build/release/plume-server"))
    parser.add_argument("--plume", default=str(ROOT / ".build/release/plume"))
    parser.add_argument("--connections", type=int, default=30)
    parser.add_argument("--takeovers", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=20)
    args = parser.parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    folder = pathlib.Path(tempfile.mkdtemp(prefix="plume-watch-bench-"))
    cluster = PostgresCluster()
    hosts = []
    try:
        database = cluster.new_database()
        hosts = [Host("a", folder, database, args), Host("b", folder, database, args)]
        a, b = hosts
        key = folder / "bench"
        subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key)], check=True)
        known = folder / "known_hosts"

        # 1. Connect to first frame, the saves read from the store.
        times = []
        for _ in range(args.connections):
            started = time.monotonic()
            session = Session(a.ssh_port, key, known)
            session.wait_for("Today:")
            times.append((time.monotonic() - started) * 1000)
            session.quit()
        print(f"connect to first frame, saves from the store (PostgreSQL), {len(times)} connections: median {percentile(times, 0.5):.0f} ms, "
              f"p90 {percentile(times, 0.9):.0f} ms, p99 {percentile(times, 0.99):.0f} ms", flush=True)

        # 2. Take-over: playing on one host, connecting to the other.
        times = []
        playing = Session(a.ssh_port, key, known)
        playing.wait_for("Today:")
        here = a
        for turn in range(args.takeovers):
            there = b if here is a else a
            playing.child.send("\x1bOC")  # a change just before, carried by the take-over
            started = time.monotonic()
            moved = Session(there.ssh_port, key, known)
            moved.wait_for("Today:")
            times.append((time.monotonic() - started) * 1000)
            playing.child.expect(playing.pexpect.EOF, timeout=30)
            said = playing.child.before.decode(errors="replace") if isinstance(playing.child.before, bytes) else ""
            if turn == 0 and "connected from elsewhere" not in said:
                print("  (the old session's last words were not read: " + said[-200:].replace("\r\n", " ") + ")")
            playing.child.close()
            playing, here = moved, there
        print(f"take-over (playing on one host, ssh to the other until the game's first frame there), {len(times)} times: "
              f"median {percentile(times, 0.5):.0f} ms, p90 {percentile(times, 0.9):.0f} ms, p99 {percentile(times, 0.99):.0f} ms, "
              f"slowest {max(times):.0f} ms; take-overs counted {a.metric('plume_ssh_take_overs') + b.metric('plume_ssh_take_overs'):.0f}", flush=True)
        playing.quit()

        # 3. One game on a, watched from b.
        player = Session(a.ssh_port, key, known)
        player.wait_for("Today:")
        game = games_of(a.process.pid)[0]
        stop = threading.Event()

        def play():
            keys = ["\x1bOC", "\x1bOD"]
            count = 0
            while not stop.is_set():
                player.child.send(keys[count % 2] * 2)
                count += 1
                player.drain()
                time.sleep(0.1)

        def measure(label, watchers):
            before = {name: cpu_seconds(pid) for name, pid in (("a", a.process.pid), ("b", b.process.pid), ("game", game))}
            relayed = a.metric("plume_watch_relay_bytes")
            started = time.monotonic()
            end = started + args.seconds
            while time.monotonic() < end:
                for watcher in watchers:
                    watcher.drain()
                time.sleep(0.05)
            took = time.monotonic() - started
            cpu = {name: 100 * (cpu_seconds(pid) - before[name]) / took
                   for name, pid in (("a", a.process.pid), ("b", b.process.pid), ("game", game))}
            rate = (a.metric("plume_watch_relay_bytes") - relayed) / took
            print(f"{label}: CPU over {took:.0f} s — the game's host {cpu['a']:.1f}% of a core, the watchers' host {cpu['b']:.1f}%, "
                  f"the game {cpu['game']:.1f}%; relayed from the game's host {rate / 1024:.1f} KiB/s in all; "
                  f"dropped {a.metric('plume_watchers_dropped'):.0f}", flush=True)
            return cpu, rate

        driver = threading.Thread(target=play, daemon=True)
        driver.start()
        alone, _ = measure("no watchers", [])
        watchers = []
        for _ in range(args.watchers):
            watcher = Session(b.ssh_port, key, known, user="watch")
            watcher.wait_for("Enter watch")
            watcher.child.send("\r")
            watchers.append(watcher)
        deadline = time.monotonic() + 60
        while a.metric("plume_watchers") < args.watchers and time.monotonic() < deadline:
            for watcher in watchers:
                watcher.drain()
            time.sleep(0.2)
        print(f"{a.metric('plume_watchers'):.0f} watchers of the game on a (from b)", flush=True)
        watched, rate = measure(f"{args.watchers} watchers", watchers)
        print(f"extra CPU with {args.watchers} watchers: the game's host +{watched['a'] - alone['a']:.1f}% of a core, "
              f"the watchers' host +{watched['b'] - alone['b']:.1f}%, the game +{watched['game'] - alone['game']:.1f}%; "
              f"{rate / 1024 / max(1, args.watchers):.2f} KiB/s per watcher", flush=True)
        stop.set()
        driver.join()
        for watcher in watchers:
            watcher.child.close(force=True)
        player.quit()
    finally:
        for host in hosts:
            host.stop()
        cluster.stop()


if __name__ == "__main__":
    main()
