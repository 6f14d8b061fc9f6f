#!/usr/bin/env python3
"""The hostile-load benchmark: top-50 read throughput and p99 of honest clients (wrk, from
127.0.0.1) on a release plume-server, first alone, then while a slowloris from 127.0.0.2 tries to
hold 20 000 connections (half-sent heads, a byte every few seconds to each, dead ones reopened —
as the classic tool does). Prints the figures docs/performance.md quotes.

    make bench-hostile        (builds the release server, installs wrk if missing)
"""
import argparse
import os
import pathlib
import re
import resource
import selectors
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
BOARD = "swarm-huddle"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wrk(port, seconds, connections):
    out = subprocess.run(["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency",
                          f"http://127.0.0.1:{port}/v1/boards/{BOARD}/top?limit=50"],
                         capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p99 = re.search(r"99%\s+([\d.]+)(us|ms|s)", out)
    p99_ms = float(p99.group(1)) * {"us": 0.001, "ms": 1, "s": 1000}[p99.group(2)]
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: (.*)", out)
    return rate, p99_ms, (int(errors.group(1)) if errors else 0), (socket_errors.group(1) if socket_errors else "none")


def slowloris(port, target, source):
    """Runs until SIGTERM: keeps trying to hold `target` connections from `source`."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    held = set()
    running = [True]
    signal.signal(signal.SIGTERM, lambda *_: running.__setitem__(0, False))
    selector = selectors.DefaultSelector()
    last_trickle = time.monotonic()
    opened = 0
    while running[0]:
        # Open up to the target, a few hundred at a time.
        for _ in range(min(500, target - len(held))):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            try:
                sock.bind((source, 0))
                sock.connect_ex(("127.0.0.1", port))
            except OSError:
                sock.close()
                break
            held.add(sock)
            selector.register(sock, selectors.EVENT_WRITE | selectors.EVENT_READ)
            opened += 1
        for key, events in selector.select(timeout=0.5):
            sock = key.fileobj
            try:
                if events & selectors.EVENT_READ and not sock.recv(4096):
                    raise ConnectionResetError
                if events & selectors.EVENT_WRITE:
                    sock.send(b"GET /v1/boards HTTP/1.1\r\nHost: plume\r\n")
                    selector.modify(sock, selectors.EVENT_READ)
            except OSError:
                selector.unregister(sock)
                held.discard(sock)
                sock.close()
        if time.monotonic() - last_trickle > 5:
            last_trickle = time.monotonic()
            for sock in list(held):
                try:
                    sock.send(b"X-a: b\r\n")
                except OSError:
                    pass
            print(f"slowloris: {len(held)} held, {opened} opened", file=sys.stderr, flush=True)
    print(f"slowloris: opened {opened} in all", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(ROOT / ".build/release/plume-server"))
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--slow", type=int, default=20_000, help="connections the slowloris tries to hold")
    parser.add_argument("--slowloris", nargs=2, metavar=("PORT", "SOURCE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.slowloris:
        slowloris(int(args.slowloris[0]), args.slow, args.slowloris[1])
        return
    if not shutil.which("wrk"):
        sys.exit("wrk is missing: `make bench-hostile` installs it (apt-get install wrk)")
    folder = tempfile.mkdtemp(prefix="plume-hostile-")
    print(f"seeding {args.records} records (plume-server bench, short runs)…", flush=True)
    subprocess.run([args.server, "bench", "--records", str(args.records), "--seconds", "1", "--directory", folder],
                   check=True, stdout=subprocess.DEVNULL)
    port = free_port()
    log = open(os.path.join(folder, "hostile-server.log"), "w")
    env = dict(os.environ, PLUME_RATE_LIMIT="0")
    server = subprocess.Popen([args.server, "serve", "--port", str(port), "--database", os.path.join(folder, "bench.sqlite")],
                              stdout=log, stderr=subprocess.STDOUT, env=env)
    try:
        for _ in range(300):
            try:
                if urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=2).status == 200:
                    break
            except OSError:
                time.sleep(0.1)
        wrk(port, 2, args.connections)  # warm-up
        alone = wrk(port, args.seconds, args.connections)
        attacker = subprocess.Popen([sys.executable, __file__, "--slowloris", str(port), "127.0.0.2", "--slow", str(args.slow)],
                                    stderr=subprocess.PIPE, text=True)
        time.sleep(5)
        attacked = wrk(port, args.seconds, args.connections)
        rss = int(next(l for l in open(f"/proc/{server.pid}/status") if l.startswith("VmRSS:")).split()[1]) // 1024
        fds = len(os.listdir(f"/proc/{server.pid}/fd"))
        attacker.send_signal(signal.SIGTERM)
        _, attack_log = attacker.communicate(timeout=60)
        alive = server.poll() is None
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"\ntop-50 reads, wrk -t2 -c{args.connections} -d{args.seconds}s, {args.records} records, release build")
    print(f"{'':34} {'req/s':>9} {'p99 ms':>8} {'non-2xx':>8}  socket errors")
    print(f"{'alone':34} {alone[0]:9.0f} {alone[1]:8.2f} {alone[2]:8d}  {alone[3]}")
    print(f"{f'with a slowloris of {args.slow} conns':34} {attacked[0]:9.0f} {attacked[1]:8.2f} {attacked[2]:8d}  {attacked[3]}")
    print(f"throughput kept: {100 * attacked[0] / alone[0]:.0f}%  (goal ≥ 80%; p99 goal < 20 ms)")
    print(f"server during the attack: {rss} MiB resident, {fds} descriptors open; alive after: {alive}")
    print("slowloris: " + (attack_log.strip().splitlines() or ["(no report)"])[-2 if len(attack_log.strip().splitlines()) > 1 else -1])


if __name__ == "__main__":
    main()
