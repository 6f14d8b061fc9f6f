"""The real game in a 100×30 pty: dressing, pasting, sharing, resizing, the Lab, quitting."""
import base64
import json
import os
import re
import signal
import subprocess
import time

import pytest


LOOK_LINK = "plume://look/1EQECAwIBCwAkAnOD"


def score(text):
    return int(re.search(r"Score (\d+)/1000", text).group(1))


def test_dressing_with_keys_changes_the_look_and_the_score(game):
    g = game()
    before = score(g.wait_for("Score "))
    g.press("down", "down", "right")
    text = g.wait_for("Plain Tee")
    g.press("down", "right")
    text = g.wait_for("Straight Jeans")
    assert score(text) != before
    g.press("down", "right")
    text = g.wait_for("The Sundress replaces the Plain Tee and the Straight Jeans.")
    assert "Plain Tee" not in text.split("The Sundress replaces")[0]


def test_a_bracketed_paste_opens_import_and_enter_applies(game):
    g = game()
    g.wait_for("Today:")
    g.paste("Look at this one!\n<" + LOOK_LINK + "?x-source=Mail>")
    g.wait_for("✓ A look: 3 garments on Sunset Beach")
    g.wait_for("From: Mail (unverified")
    g.press("enter")
    text = g.wait_for("Imported a look")
    assert "Striped Tee" in text and "Sandals" in text


def test_a_4_kib_paste_is_read_and_a_larger_one_refused(game):
    g = game()
    g.wait_for("Today:")
    exact = LOOK_LINK + " " * (4096 - len(LOOK_LINK))
    g.paste(exact)
    g.wait_for("✓ A look")
    g.press("escape")
    g.wait_for("Import cancelled")
    g.paste(exact + "!")
    g.wait_for("4097 bytes")


def test_share_sends_the_link_by_osc52(game):
    g = game()
    g.wait_for("Today:")
    g.paste(LOOK_LINK)
    g.wait_for("✓ A look")
    g.press("enter")
    g.wait_for("Imported a look")
    g.press("s")
    g.wait_for("Share this look")
    g.wait_for("OSC 52")
    payloads = g.osc52_payloads()
    assert payloads, "no OSC 52 sequence was written"
    assert base64.b64decode(payloads[-1]).decode() == LOOK_LINK
    assert LOOK_LINK in g.text()


def test_resizing_redraws_and_a_small_window_asks_for_more_room(game):
    g = game()
    g.wait_for("Today:")
    g.resize(120, 35)
    g.wait_for(lambda text: text.splitlines()[0].rstrip().endswith("q quit") and len(text.splitlines()[0]) == 120, what="a 120-column tab bar")
    g.resize(70, 20)
    g.wait_for("Make the window larger")
    g.wait_for("70×20")
    g.resize(100, 30)
    g.wait_for("Today:")


def braille(text):
    return [(row, column) for row, line in enumerate(text.splitlines()) for column, ch in enumerate(line) if "\u2801" <= ch <= "\u28ff"]


def test_the_lab_runs_and_its_dots_move(game):
    g = game()
    g.wait_for("Today:")
    g.press("2")
    first = braille(g.wait_for(lambda text: len(braille(text)) > 20, what="swarm dots"))
    g.wait_for(lambda text: braille(text) != first and len(braille(text)) > 20, what="dots that moved")
    steps = int(re.search(r"step (\d+)", g.text()).group(1))
    g.press(" ")
    g.wait_for("paused")
    g.wait_for(lambda text: int(re.search(r"step (\d+)", text).group(1)) > steps, what="steps advancing")


def test_quitting_restores_the_terminal_and_autosaves(game, plume, tmp_path):
    g = game()
    g.wait_for("Today:")
    g.press("down", "down", "right", "right")
    g.wait_for("Striped Tee")
    g.press("q")
    assert g.wait_exit() == 0
    tail = bytes(g.raw[-200:])
    assert b"\x1b[?2004l" in tail  # bracketed paste off
    assert b"\x1b[?1049l" in tail  # back from the alternate screen
    saved = json.loads((tmp_path / "data" / "plume" / "plume.json").read_text())
    assert saved["look"].startswith("plume://look/1")
    shared = subprocess.run([g.child.command, "share"], capture_output=True, env={"XDG_DATA_HOME": str(tmp_path / "data")})
    assert shared.stdout.decode().strip() == saved["look"]
    decoded = json.loads(plume("link", "decode", saved["look"]).stdout)
    assert [garment["id"] for garment in decoded["garments"]] == [2]


def saved_garments(tmp_path):
    saved = json.loads((tmp_path / "data" / "plume" / "plume.json").read_text())
    return saved["look"]


def test_ctrl_c_right_after_a_change_quits_with_the_change_saved(game, tmp_path):
    g = game()
    g.wait_for("Today:")
    # Quitting with nothing changed writes nothing.
    g.press("u")
    g.wait_for("Nothing to undo.")
    g.press("\x03")
    assert g.wait_exit() == 0
    assert not (tmp_path / "data" / "plume" / "plume.json").exists()
    # A change and Ctrl-C at once: the save waiting to be written is written before the end.
    g = game()
    g.wait_for("Today:")
    g.press("down", "down", "right")
    g.wait_for("Plain Tee")
    g.press("\x03")
    assert g.wait_exit() == 0
    assert saved_garments(tmp_path) != "plume://look/1EQEBAO3S"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP, signal.SIGSEGV])
def test_a_signal_or_crash_still_restores_the_terminal(game, sig, tmp_path):
    g = game()
    g.wait_for("Today:")
    g.press("down", "down", "right")
    g.wait_for("Plain Tee")
    g.child.kill(sig)
    g.wait_exit()
    assert b"\x1b[?1049l" in bytes(g.raw[-200:])
    if sig != signal.SIGSEGV:
        # SIGTERM and SIGHUP write the last change before the process ends.
        link = saved_garments(tmp_path)
        assert link.startswith("plume://look/1") and link != "plume://look/1EQEBAO3S"


def test_an_unknown_term_falls_back_and_no_color_is_respected(game):
    g = game(env={"TERM": "plume-unknown-term", "NO_COLOR": "1"})
    g.wait_for("Today:")
    g.press("2")
    g.wait_for("running")
    assert not re.search(rb"\x1b\[[0-9;]*(38|48);5;", bytes(g.raw)), "colours were sent despite NO_COLOR"


def test_help_lists_the_keys(game):
    g = game()
    g.wait_for("Today:")
    g.press("?")
    g.wait_for("Keys — Studio")
    g.wait_for("randomise")
    g.press("x")
    g.wait_for(lambda text: "Keys — Studio" not in text, what="help closed")


def test_an_eight_colour_terminal_gets_only_its_own_colours(game):
    g = game(env={"TERM": "xterm"})
    g.wait_for("Today:")
    g.press("2")
    g.wait_for(lambda text: len(braille(text)) > 20, what="swarm dots")
    sent = bytes(g.raw)
    assert re.search(rb"\x1b\[3[0-7]m|\x1b\[3[0-7];4[0-7]m|\x1b\[4[0-7]m", sent), "no basic colours were used"
    assert b"38;5;" not in sent and b"48;5;" not in sent


def test_clicking_a_tab_switches_screen(game):
    g = game()
    g.wait_for("Today:")
    column = g.text().splitlines()[0].index("2 Lab")
    # An SGR (1006) mouse report, as xterm sends with this terminfo: button 1 pressed, then
    # released, at (column, row 0), 1-based.
    g.press(f"\x1b[<0;{column + 1};1M", f"\x1b[<0;{column + 1};1m")
    g.wait_for("running")


def test_a_corrupt_save_is_kept_aside_and_said(game, tmp_path):
    folder = tmp_path / "data" / "plume"
    folder.mkdir(parents=True)
    (folder / "plume.json").write_text("{ this is not a save")
    g = game()
    g.wait_for("couldn't be read")
    aside = [p for p in folder.iterdir() if p.name.startswith("plume.json.corrupt-")]
    assert len(aside) == 1 and aside[0].read_text() == "{ this is not a save"


def cpu_ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def runnable_threads(pid):
    """How many of the process's threads are running or waiting for a core (state R)."""
    count = 0
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            state = open(f"/proc/{pid}/task/{task}/stat").read().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            continue
        count += state == "R"
    return count


def settled_cpu_ticks(pid, deadline=30):
    """The process's CPU ticks once it has come to rest: two readings 0.2 s apart agree and none
    of its threads is runnable at either (on a busy machine a thread still working — the Lab's
    score of a new recipe, say — can wait longer than 0.2 s for a core, and its ticks stand still
    meanwhile)."""
    give_up = time.monotonic() + deadline
    last, was_idle = cpu_ticks(pid), runnable_threads(pid) == 0
    while time.monotonic() < give_up:
        time.sleep(0.2)
        now, idle = cpu_ticks(pid), runnable_threads(pid) == 0
        if now == last and idle and was_idle:
            return now
        last, was_idle = now, idle
    raise AssertionError(f"the game never came to rest within {deadline} s")


def test_the_evolution_grid_breeds_by_eye_and_rests_when_paused(game):
    g = game()
    g.wait_for("Today:")
    g.press("2")
    g.wait_for("Ingredients")
    g.press("e")
    g.wait_for("Evolution · generation 0")
    # The nine children's labels, drawn under the title.
    g.wait_for(lambda text: all(f"{index} · " in text for index in range(1, 10)), what="the nine children's labels")
    first = braille(g.text())
    g.wait_for(lambda text: braille(text) != first, what="nine mini-swarms moving")
    g.press("4")
    g.wait_for("Generation 1: child 4 is the new parent")
    assert "Evolution · generation 1" in g.text()
    g.press(" ")
    g.wait_for("Paused.")
    # The Lab under the grid scores the new parent on its next clock tick (once a second, seconds
    # of CPU in a debug build): a clock tick goes by first, so that the job is under way, and the
    # game comes to rest (its CPU time stopped growing) before the window is measured.
    time.sleep(1.5)
    before = settled_cpu_ticks(g.child.pid)
    time.sleep(2)
    assert cpu_ticks(g.child.pid) - before <= 2, "a paused grid uses no CPU"
    g.press("escape")
    g.wait_for("Back to the Lab (generation 1)")
    g.wait_for("generation 1")
    assert "Ingredients" in g.text()


def test_a_named_swarm_slot_is_saved_and_shared_from_the_command_line(game, plume_bin, tmp_path):
    g = game()
    g.wait_for("Today:")
    g.press("2")
    g.wait_for("Ingredients")
    g.press("N")
    g.wait_for("Name this swarm")
    g.paste("Lighthouse")
    g.press("enter")
    g.wait_for("The swarm is called “Lighthouse”")
    g.press("w", "4")
    g.wait_for("Saved “Lighthouse” to swarm slot 4")
    g.press("q")
    g.wait_exit()
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    shared = subprocess.run([plume_bin, "share", "--swarm", "--slot", "4"], capture_output=True, env=env, timeout=30)
    assert shared.returncode == 0, shared.stderr
    current = subprocess.run([plume_bin, "share", "--swarm"], capture_output=True, env=env, timeout=30)
    assert shared.stdout == current.stdout and shared.stdout.startswith(b"plume://swarm/1")
    assert "“Lighthouse”".encode() in shared.stderr
    empty = subprocess.run([plume_bin, "share", "--swarm", "--slot", "5"], capture_output=True, env=env, timeout=30)
    assert empty.returncode == 1 and b"swarm slot 5 is empty" in empty.stderr
    bad = subprocess.run([plume_bin, "share", "--slot", "12"], capture_output=True, env=env, timeout=30)
    assert bad.returncode == 1 and b"--slot must be 1" in bad.stderr
