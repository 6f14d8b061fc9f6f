"""The screen-reader mode, the messages file, the palettes and the settings place, in the real
game in a pty, run as docs/playing.md's Accessibility section gives them: the terminal's cursor
is shown and sits at the start of the focused item's text on every screen and after every move;
status words and each screen or dialog reach the named file; a palette changes the colours the
terminal is told to draw; the settings place keeps a change in config.toml for the next game."""
import pathlib
import time

from test_game_pty import braille


def cursor_text(g):
    """The screen's text from the cursor to the end of its row, and the cursor's row."""
    x, y = g.screen.cursor.x, g.screen.cursor.y
    return g.screen.display[y][x:].strip(), y


def wait_cursor_on(g, prefix, what):
    """Pumps until the cursor sits at the start of text beginning with `prefix`."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        g.pump()
        if cursor_text(g)[0].startswith(prefix):
            return cursor_text(g)[1]
    raise AssertionError(f"the cursor never reached {what}: it is on {cursor_text(g)!r}; screen was:\n{g.text()}")


def messages_say(path, words):
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if path.exists() and words in path.read_text():
            return path.read_text()
        time.sleep(0.05)
    raise AssertionError(f"{path} never said {words!r}; it holds:\n{path.read_text() if path.exists() else '(nothing)'}")


def test_the_cursor_follows_the_focus_and_the_messages_reach_the_file(game, plume_bin, tmp_path):
    said = tmp_path / "said.txt"
    g = game([plume_bin, "play", "--screen-reader", "--messages-to", str(said)])
    g.wait_for("Today:")
    g.wait_for_status("Screen-reader mode")
    assert not g.screen.cursor.hidden, "the cursor is shown"
    row = wait_cursor_on(g, "▸ ", "the Studio's chosen row")
    g.press("down")
    assert wait_cursor_on(g, "▸ ", "the next row") == row + 1
    g.press("up")
    assert wait_cursor_on(g, "▸ ", "the first row again") == row
    # The Lab: words instead of dots, the cursor on the chosen parameter, and it follows ↓.
    g.press("2")
    g.wait_for("Shape:", what="the Lab's swarm in words")
    assert not braille(g.text()), "no braille picture"
    parameter = wait_cursor_on(g, "▸ R neighbourhood radius", "the Lab's chosen parameter")
    g.press("down")
    assert wait_cursor_on(g, "▸ ", "the next parameter") == parameter + 1
    # Scores: a dialog names itself, and the cursor goes to its field and follows Tab.
    g.press("5", "p")
    g.wait_for_status("Register is open")
    wait_cursor_on(g, "▸ Name", "the register dialog's name field")
    g.press("tab")
    wait_cursor_on(g, "▸ E-mail", "the e-mail field")
    g.press("escape")
    text = messages_say(said, "Register is open")
    assert "Studio screen." in text and "Lab screen." in text and "Scores screen." in text
    assert "\x1b" not in text
    # Every other screen puts the cursor on words inside the screen.
    for key in "1346":
        g.press(key)
        g.pump(0.3)
        words, y = cursor_text(g)
        assert words and 0 < y < g.screen.lines - 2, f"screen {key}: the cursor is on {words!r} at row {y}"
    g.press("q")
    assert g.wait_exit() == 0


def test_without_the_mode_the_cursor_stays_hidden_and_the_environment_turns_it_on(game):
    g = game()
    g.wait_for("Today:")
    g.pump(0.3)
    assert g.screen.cursor.hidden
    g.press("q")
    assert g.wait_exit() == 0
    g = game(env={"PLUME_SCREEN_READER": "1"})
    g.wait_for("Today:")
    wait_cursor_on(g, "▸ ", "the Studio's chosen row")
    assert not g.screen.cursor.hidden
    g.press("q")
    assert g.wait_exit() == 0


# The accent as a 256-colour terminal is told it: standard pink (255,121,176) is cube colour 211,
# the deuteranopia palette's (255,215,255) is 225.
STANDARD_ACCENT, DEUTERANOPIA_ACCENT = b"38;5;211m", b"38;5;225m"


def test_a_palette_changes_the_colours_drawn_and_a_wrong_name_is_refused(game, plume, plume_bin):
    g = game([plume_bin, "play", "--palette", "deuteranopia"])
    g.wait_for("Today:")
    g.pump(0.3)
    assert DEUTERANOPIA_ACCENT in g.raw and STANDARD_ACCENT not in g.raw
    g.press("q")
    assert g.wait_exit() == 0
    plain = game()
    plain.wait_for("Today:")
    plain.pump(0.3)
    assert STANDARD_ACCENT in plain.raw and DEUTERANOPIA_ACCENT not in plain.raw
    plain.press("q")
    assert plain.wait_exit() == 0
    refused = plume("play", "--palette", "sepia")
    assert refused.returncode != 0
    assert b"--palette must be one of standard, deuteranopia, protanopia, tritanopia, high-contrast" in refused.stderr


def test_the_settings_place_keeps_a_change_for_the_next_game(game, tmp_path):
    g = game()
    g.wait_for("Today:")
    g.press(",")
    g.wait_for("Settings", what="the settings place")
    g.wait_for("◂ standard ▸")
    g.press("enter")
    g.wait_for_status("Colours: deuteranopia.")
    g.pump(0.3)
    assert DEUTERANOPIA_ACCENT in g.raw
    g.press("down", "enter")
    g.wait_for_status("Screen reader: on.")
    g.pump(0.3)
    assert not g.screen.cursor.hidden, "the mode holds at once"
    g.press("escape", "q")
    assert g.wait_exit() == 0
    config = pathlib.Path(str(tmp_path / "data") + "-config") / "plume" / "config.toml"
    text = config.read_text()
    assert 'palette = "deuteranopia"' in text and "screen-reader = true" in text
    again = game()
    again.wait_for("Today:")
    again.wait_for_status("Screen-reader mode")
    again.pump(0.3)
    assert DEUTERANOPIA_ACCENT in again.raw and not again.screen.cursor.hidden
    again.press("q")
    assert again.wait_exit() == 0
