"""Measures keypress to drawn frame on the real game in a pty: the time from writing a key to
the first bytes of the frame that shows it. Prints the median, 90th percentile and worst of N
presses in the Studio (each changes the garment, so each is a save too) and in the paused Lab.

    python3 Tests/E2E/key_latency.py [--bin .build/release/plume] [--presses 100]
"""
import argparse
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(__file__))
from pty_game import Game  # noqa: E402


def drain(g, quiet=0.08):
    """Reads until the game has written nothing for `quiet` seconds."""
    while True:
        before = len(g.raw)
        g.pump(wait=quiet)
        if len(g.raw) == before:
            return


def first_output(g, timeout=5):
    """Seconds until the game writes its next byte (None if it doesn't within `timeout`)."""
    start = time.monotonic()
    before = len(g.raw)
    while time.monotonic() - start < timeout:
        g.pump(wait=0.0005)
        if len(g.raw) > before:
            return time.monotonic() - start
    return None


def measure(g, keys, presses):
    times = []
    for index in range(presses):
        drain(g)
        key = keys[index % len(keys)]
        start = time.monotonic()
        g.press(key)
        got = first_output(g)
        if got is None:
            raise RuntimeError(f"no frame after {key!r}")
        times.append(time.monotonic() - start)
    return times


def report(name, times):
    times = sorted(times)
    p90 = times[int(len(times) * 0.9) - 1]
    print(f"{name}: presses={len(times)} median_ms={statistics.median(times) * 1000:.2f} p90_ms={p90 * 1000:.2f} max_ms={times[-1] * 1000:.2f}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=".build/release/plume")
    parser.add_argument("--presses", type=int, default=100)
    options = parser.parse_args()
    home = tempfile.mkdtemp(prefix="plume-latency-")
    g = Game(os.path.abspath(options.bin), os.path.join(home, "data"))
    # pexpect waits 50 ms before every write by default; that is not the game's time.
    g.child.delaybeforesend = None
    try:
        g.wait_for("Today:")
        g.press("down", "down")
        g.wait_for("▸ Top")
        report("studio garment change", measure(g, ["right", "left"], options.presses))
        # The Lab paused, so that no animation frame is taken for the key's.
        g.press("2")
        g.wait_for("running")
        g.press(" ")
        g.wait_for("paused")
        report("lab parameter change (paused)", measure(g, ["right", "left"], options.presses))
    finally:
        g.close()


if __name__ == "__main__":
    main()
