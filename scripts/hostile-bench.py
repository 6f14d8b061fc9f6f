#!/usr/bin/env python3
"""The hostile-load benchmark: top-50 read throughput and p99 of honest clients (wrk, from
127.0.0.1) on a release plume-server, alone and while a slowloris from 127.0.0.2 tries to hold
20 000 connections: half-sent heads, then in rounds a header line to each and the ones the server
closed reopened, as the classic tool does (its rounds are 15 s apart; 1 s is harsher, and 0 s is
a reconnect flood). The attacker runs on the same two cores. Prints the figures
docs/performance.md quotes.

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
sys.path.insert(0, str(ROOT / "scripts"))
from benchkit import cpu_seconds, free_port, wrk  # noqa: E402


def slowloris(port, target, source, cycle):
    """Runs until SIGTERM, as the classic slowloris tool does: open connections up to `target`
    with half-sent heads, then every `cycle` seconds send each a header line and reopen the ones
    the server closed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = target + 1024
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(want, soft), max(want, hard)))  # root may raise the hard limit
    except (ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
        target = min(target, hard - 1024)
        print(f"slowloris: only {target} connections (open-file limit {hard})", file=sys.stderr, flush=True)
    held = set()
    running = [True]
    signal.signal(signal.SIGTERM, lambda *_: running.__setitem__(0, False))
    selector = selectors.DefaultSelector()
    opened = 0
    most = 0
    while running[0]:
        for _ in range(target - len(held)):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.setblocking(False)
            try:
                sock.bind((source, 0))
                sock.connect_ex(("127.0.0.1", port))
            except OSError:
                sock.close()
                break
            held.add(sock)
            selector.register(sock, selectors.EVENT_WRITE)
            opened += 1
        cycle_ends = time.monotonic() + cycle
        first = True
        while running[0] and (first or time.monotonic() < cycle_ends):
            first = False
            for key, events in selector.select(timeout=min(0.5, cycle)):
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
            most = max(most, len(held))
        for sock in list(held):
            try:
                sock.send(b"X-a: b\r\n")
            except OSError:
                pass
        print(f"slowloris: {len(held)} held by its count, {opened} opened", file=sys.stderr, flush=True)
    print(f"slowloris: opened {opened} connections in all", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--server", default=str(ROOT / ".build/release/plume-server"))
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=16)
    parser.add_argument("--slow", type=int, default=20_000, help="connections the slowloris tries to hold")
    parser.add_argument("--cycle", type=float, default=15, help=argparse.SUPPRESS)
    parser.add_argument("--rounds", type=int, default=3, help="alternating runs of each kind")
    parser.add_argument("--slowloris", nargs=2, metavar=("PORT", "SOURCE"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.slowloris:
        slowloris(int(args.slowloris[0]), args.slow, args.slowloris[1], args.cycle)
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
        # Runs alternate (alone, slowloris, flood; three times) and the medians are reported: the
        # machine's own drift from one run to the next is larger than some of the differences.
        attacks = [(f"slowloris, {args.slow} conns, 15 s rounds", 15.0), (f"slowloris, {args.slow} conns, 1 s rounds", 1.0),
                   ("reconnect flood (0 s rounds)", 0)]
        runs = {"alone": []} | {label: [] for label, _ in attacks}
        for _ in range(args.rounds):
            server_cpu = cpu_seconds(server.pid)
            result = wrk(port, args.seconds, args.connections)
            runs["alone"].append((result, (cpu_seconds(server.pid) - server_cpu) / args.seconds, None, None, None, None))
            for label, cycle in attacks:
                attacker = subprocess.Popen([sys.executable, __file__, "--slowloris", str(port), "127.0.0.2", "--slow", str(args.slow),
                                             "--cycle", str(cycle)], stderr=subprocess.PIPE, text=True)
                time.sleep(3)
                # The measurement spans at least one whole round of the attack.
                seconds = max(args.seconds, int(cycle) + 5)
                server_cpu, attacker_cpu = cpu_seconds(server.pid), cpu_seconds(attacker.pid)
                result = wrk(port, seconds, args.connections)
                server_cpu, attacker_cpu = cpu_seconds(server.pid) - server_cpu, cpu_seconds(attacker.pid) - attacker_cpu
                rss = int(next(l for l in open(f"/proc/{server.pid}/status") if l.startswith("VmRSS:")).split()[1]) // 1024
                fds = len(os.listdir(f"/proc/{server.pid}/fd"))
                attacker.send_signal(signal.SIGTERM)
                _, attack_log = attacker.communicate(timeout=60)
                opened = re.findall(r"opened (\d+) connections in all", attack_log)
                runs[label].append((result, server_cpu / seconds, attacker_cpu / seconds, rss, fds, (int(opened[-1]) if opened else 0) / (seconds + 3)))
                time.sleep(12)  # the held ones reach their head deadline
        alive = server.poll() is None
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)
    def median(values):
        return sorted(values)[len(values) // 2]

    alone_rate = median([r[0][0] for r in runs["alone"]])
    print(f"\ntop-50 reads, wrk -t2 -c{args.connections} -d{args.seconds}s (20 s with 15 s rounds) from 127.0.0.1, {args.records} records, release build;"
          f" the attacker on 127.0.0.2, on the same two cores; medians of {args.rounds} alternating runs")
    print(f"{'':40} {'req/s':>7} {'kept':>5} {'p99 ms':>7} {'non-2xx':>7} {'server CPU':>10} {'attacker CPU':>12} {'opened/s':>9} {'server RSS, fds':>16}")
    for label, results in runs.items():
        rate = median([r[0][0] for r in results])
        p99 = median([r[0][1] for r in results])
        non2xx = sum(r[0][2] for r in results)
        cpu = median([r[1] for r in results])
        if label == "alone":
            extra = f"{'':>12} {'':>9} {'':>16}"
        else:
            extra = (f"{100 * median([r[2] for r in results]):11.0f}% {median([r[5] for r in results]):9.0f}"
                     f" {max(r[3] for r in results):9d} MiB, {max(r[4] for r in results)}")
        print(f"{label:40} {rate:7.0f} {100 * rate / alone_rate:4.0f}% {p99:7.2f} {non2xx:7d} {100 * cpu:9.0f}% {extra}")
        errors = [r[0][3] for r in results if r[0][3] != "none"]
        if errors:
            print(f"{'':40} socket errors: {errors}")
    print(f"goal with a slowloris: ≥ 80% of the throughput, p99 < 20 ms; server alive after: {alive}")


if __name__ == "__main__":
    main()
