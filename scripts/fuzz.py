#!/usr/bin/env python3
"""Runs every libFuzzer harness of plume-fuzz (built by `make fuzz` with -sanitize=fuzzer) for
SECONDS each, from its corpus in Fuzz/corpus with its dictionary in Fuzz/dict, and prints per
harness: executions, executions per second, edges covered at the start and at the end, and the
corpus size. New inputs go to .build/fuzz-out/NAME/new (the repository's corpus is only read),
unless --merge: then what reached new code is merged, minimised, into Fuzz/corpus/NAME. An input
that breaks a harness's rule is kept as .build/fuzz-out/NAME/crash-… and fails the run, with the
rule's words.

    scripts/fuzz.py [--only NAME,…] [--merge] [--jobs N] SECONDS

Harnesses run N at a time (default: one per core): each is one process on one core.
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
BINARY = pathlib.Path(os.environ.get("PLUME_FUZZ_BIN", ROOT / ".build" / "test" / "debug" / "plume-fuzz"))
OUT = ROOT / ".build" / "fuzz-out"


def harnesses():
    """Every harness: each has its dictionary (FuzzReplayTests checks it)."""
    return sorted(p.stem for p in (ROOT / "Fuzz" / "dict").glob("*.dict"))


def run(name, seconds, merge):
    corpus = ROOT / "Fuzz" / "corpus" / name
    out = OUT / name
    shutil.rmtree(out, ignore_errors=True)
    (out / "new").mkdir(parents=True)
    # Swift's own crash reporter would end the process before libFuzzer keeps the input.
    env = dict(os.environ, PLUME_FUZZ_TARGET=name, SWIFT_BACKTRACE="enable=no")
    args = [str(BINARY), f"-max_total_time={seconds}", f"-dict={ROOT / 'Fuzz' / 'dict' / (name + '.dict')}", f"-artifact_prefix={out}/",
            "-print_final_stats=1", "-timeout=10", "-rss_limit_mb=2048", "-max_len=4096", str(out / "new"), str(corpus)]
    started = time.monotonic()
    done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=seconds + 300, cwd=out)
    took = time.monotonic() - started
    log = done.stderr
    (out / "log.txt").write_text(log)
    inited = re.search(r"INITED cov: (\d+)", log)
    final = re.findall(r"#(\d+)\s+\w+\s+cov: (\d+) ft: (\d+) corp: (\d+)/", log)
    executed = re.search(r"stat::number_of_executed_units:\s+(\d+)", log)
    rate = re.search(r"stat::average_exec_per_sec:\s+(\d+)", log)
    crashes = sorted(p.name for p in out.iterdir() if p.name.startswith(("crash-", "timeout-", "oom-", "leak-")))
    broken = re.findall(r"plume-fuzz: [\w-]+: (.*)", log)
    row = {
        "name": name, "seconds": took, "executions": int(executed.group(1)) if executed else 0, "per_second": int(rate.group(1)) if rate else 0,
        "edges_start": int(inited.group(1)) if inited else 0, "edges_end": int(final[-1][1]) if final else 0,
        "corpus": int(final[-1][3]) if final else 0, "kept": len(list(corpus.iterdir())) if corpus.exists() else 0,
        "crashes": crashes, "broken": broken, "code": done.returncode,
    }
    if merge and not crashes:
        subprocess.run([str(BINARY), "-merge=1", f"-dict={ROOT / 'Fuzz' / 'dict' / (name + '.dict')}", "-max_len=4096", str(corpus), str(out / "new")],
                       env=env, capture_output=True, text=True, timeout=600, cwd=out)
        row["kept"] = len(list(corpus.iterdir()))
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seconds", type=int)
    parser.add_argument("--only", default="")
    parser.add_argument("--merge", action="store_true")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if not BINARY.exists():
        sys.exit(f"{BINARY} is missing: `make fuzz` builds it")
    names = harnesses()
    if args.only:
        names = [n for n in names if n in args.only.split(",")]
    print(f"{'harness':<16}{'execs':>10}{'exec/s':>9}{'edges start':>13}{'edges end':>11}{'corpus':>8}{'kept':>6}  found", flush=True)
    failed = False
    # Rows are printed in the harnesses' order, each as soon as it and those before it are done.
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        rows = [pool.submit(run, name, args.seconds, args.merge) for name in names]
        for name, future in zip(names, rows):
            row = future.result()
            found = "; ".join(row["broken"][:1] + row["crashes"][:2]) or ("none" if row["code"] == 0 else f"exit {row['code']}")
            print(f"{name:<16}{row['executions']:>10}{row['per_second']:>9}{row['edges_start']:>13}{row['edges_end']:>11}{row['corpus']:>8}{row['kept']:>6}  {found}",
                  flush=True)
            if row["crashes"] or row["code"] != 0:
                failed = True
                print(f"  see {OUT / name / 'log.txt'}; replay: PLUME_FUZZ_TARGET={name} {BINARY} {OUT / name}/<crash file>", flush=True)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
