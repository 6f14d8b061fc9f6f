"""Reduced motion in the real game in a pty: with `plume play --reduce-motion`, with
PLUME_REDUCE_MOTION=1, and with `reduce-motion = true` in config.toml (each as the docs give
it), the Lab's swarm and the evolution grid hold still until asked: `.` steps them, space runs
them. The dots are read off the screen; "still" is a whole second of frames with none moved."""
import time

import pytest

from test_game_pty import braille


def held_still(g, seconds=1.0):
    """The braille dots over `seconds` of the game's output: unchanged throughout."""
    first = braille(g.text())
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        g.pump(0.1)
        if braille(g.text()) != first:
            return False
    return bool(first)


def still_then_one_step(g, what):
    """Nothing moves for a second; then . moves it once, and it is still again."""
    assert held_still(g), f"{what} moved by itself"
    before = braille(g.text())
    g.press(".")
    g.wait_for(lambda text: braille(text) != before, what=f"one step of {what}")
    assert held_still(g), f"after one step {what} moved on by itself"


def lab_and_grid_wait_for_the_player(g):
    g.wait_for("Today:")
    g.wait_for_status("Motion is held still", what="the welcome saying motion is held still")
    g.press("2")
    g.wait_for("‖ paused", what="the Lab, paused")
    still_then_one_step(g, "the Lab's swarm")
    g.press("e")
    g.wait_for("Evolution · generation 0")
    g.wait_for_status(". steps them", what="the grid saying how it moves")
    still_then_one_step(g, "the evolution grid")
    g.press(" ")
    g.wait_for_status("Running.")
    first = braille(g.text())
    g.wait_for(lambda text: braille(text) != first, what="the grid running once asked")
    g.press("escape")
    g.wait_for("Back to the Lab")
    g.press("q")
    assert g.wait_exit() == 0


def test_reduce_motion_flag_holds_the_swarms_still_until_asked(game, plume_bin):
    lab_and_grid_wait_for_the_player(game([plume_bin, "play", "--reduce-motion"]))


def test_the_environment_holds_them_still(game):
    lab_and_grid_wait_for_the_player(game(env={"PLUME_REDUCE_MOTION": "1"}))


def test_the_config_file_holds_them_still(game, tmp_path):
    # pty_game.Game keeps the config home beside the data: tmp_path/data-config.
    config = tmp_path / "data-config" / "plume"
    config.mkdir(parents=True)
    (config / "config.toml").write_text("# my settings\nreduce-motion = true\n")
    lab_and_grid_wait_for_the_player(game())


def test_without_the_setting_the_lab_moves_at_once(game):
    g = game()
    g.wait_for("Today:")
    assert "Motion is held still" not in g.status()
    g.press("2")
    g.wait_for("▶ running")
    first = braille(g.text())
    g.wait_for(lambda text: braille(text) != first, what="the swarm moving by itself")
    g.press("q")
    assert g.wait_exit() == 0
