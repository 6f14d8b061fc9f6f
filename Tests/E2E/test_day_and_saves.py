"""The real game across UTC midnight (under Debian's faketime) and the writes a burst of keys
costs (counted with strace): the day turns while the game runs, and saves never stall a key."""
import json
import os
import re
import subprocess


def theme(text):
    return re.search(r"Today: (.+?)\s{2,}", text).group(1)


def test_the_day_turns_at_midnight_while_the_game_runs(game, plume_bin):
    # The local board runs in the game's own process, so it keeps the same (faked) time.
    g = game(["faketime", "2026-06-01 23:59:54", plume_bin])
    before = theme(g.wait_for("Today:"))
    text = g.wait_for("A new day has begun", timeout=30)
    after = theme(text)
    assert after != before
    assert f"today's theme is “{after}”" in text
    # A look submitted now goes to the new day's board (registering first, on the local board).
    g.press("b")
    g.wait_for("Register on Local board")
    g.paste("Midnight Tester")
    g.press("enter")
    g.wait_for(f"Style: {after}: scored")
    g.press("5")
    g.wait_for(f"Style: {after}")
    g.wait_for("Midnight Tester")


def renames(log):
    """The saves that reached the disk: renames of the temporary file over plume.json."""
    return [line for line in open(log) if "rename" in line and "plume.json\"" in line and "= 0" in line]


def test_keys_that_change_nothing_write_nothing_and_a_burst_writes_a_few_times(game, plume_bin, tmp_path):
    log = tmp_path / "syscalls.txt"
    g = game(["strace", "-f", "-qq", "-y", "-e", "trace=rename,renameat,renameat2,fsync,fdatasync", "-o", str(log), plume_bin])
    g.wait_for("Today:")
    # Thirty keys that change nothing: undo with nothing to undo, moving the selection.
    g.press(*(["u"] * 15 + ["down", "up"] * 7 + ["up"]))
    g.wait_for("Nothing to undo.")
    # One change, so a write is known to have happened once it is on disk.
    g.press("right")
    saved = tmp_path / "data" / "plume" / "plume.json"
    g.wait_for(lambda text: saved.exists(), what="the first save")
    assert len(renames(log)) == 1, "keys that changed nothing were written"
    # Thirty garment changes in one burst: written at most a few times, not thirty.
    g.press(*(["right"] * 30))
    g.press("u")
    g.wait_for("Undone.")
    g.press("q")
    assert g.wait_exit() == 0
    writes = renames(log)
    assert 2 <= len(writes) <= 4, writes
    # Each save is made safe on disk once (-y names each fsync's file; the note of where the game
    # plays, last-played.json, is written once at start, in the config directory).
    fsyncs = [line for line in open(log) if "fsync(" in line and "last-played.json" not in line]
    assert len(fsyncs) == len(writes)
    # What was written last is the game as it was left.
    shared = subprocess.run([plume_bin, "share"], capture_output=True, env=dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data")))
    assert shared.stdout.decode().strip() == json.loads(saved.read_text())["look"]
