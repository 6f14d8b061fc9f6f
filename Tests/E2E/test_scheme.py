"""`plume register-scheme` / `unregister-scheme` against temporary XDG directories: with xdg-utils,
without them, with another handler already registered, --dry-run, a binary path that needs
quoting; the entry checked by desktop-file-validate and by GIO (a real desktop library), and a
link clicked through GIO reaching a running game. Unregistering leaves every file as it was."""
import hashlib
import os
import shutil
import subprocess

import pytest

from pty_game import Game

LINK = "plume://look/1EQEBAO3S"


@pytest.fixture
def home(tmp_path):
    """A user's home with some unrelated desktop settings already in it."""
    data, config = tmp_path / "data", tmp_path / "config"
    (data / "applications").mkdir(parents=True)
    config.mkdir()
    (data / "applications" / "notes.desktop").write_text("[Desktop Entry]\nType=Application\nName=Notes\nExec=/bin/true %f\nMimeType=text/plain;\n")
    (config / "mimeapps.list").write_text("[Default Applications]\ntext/plain=notes.desktop\n\n[Added Associations]\ntext/plain=notes.desktop;\n")
    (tmp_path / "run").mkdir(mode=0o700)
    return tmp_path


def environment(home, with_xdg_utils=True):
    env = dict(os.environ, HOME=str(home), XDG_DATA_HOME=str(home / "data"), XDG_CONFIG_HOME=str(home / "config"),
               XDG_RUNTIME_DIR=str(home / "run"))
    for name in ("XDG_CURRENT_DESKTOP", "DESKTOP_SESSION", "DISPLAY", "WAYLAND_DISPLAY", "PLUME_SERVER"):
        env.pop(name, None)
    if not with_xdg_utils:
        empty = home / "empty-bin"
        empty.mkdir(exist_ok=True)
        env["PATH"] = str(empty)
    return env


def run(binary, home, *args, with_xdg_utils=True):
    return subprocess.run([binary, *args], capture_output=True, env=environment(home, with_xdg_utils), timeout=60, text=True)


def snapshot(home):
    """Every file and directory under the data and config homes, with a hash of each file."""
    found = {}
    for top in ("data", "config"):
        for root, dirs, files in os.walk(home / top):
            found[os.path.relpath(root, home)] = "dir"
            for name in files:
                path = os.path.join(root, name)
                found[os.path.relpath(path, home)] = hashlib.sha256(open(path, "rb").read()).hexdigest()
    return found


def query_default(home):
    return subprocess.run(["xdg-mime", "query", "default", "x-scheme-handler/plume"], capture_output=True,
                          env=environment(home), text=True, timeout=30).stdout.strip()


def exec_line(entry):
    return next(line for line in entry.splitlines() if line.startswith("Exec="))[5:]


def test_register_with_xdg_utils_then_unregister_leaves_everything_as_it_was(plume_bin, home):
    before = snapshot(home)
    result = run(plume_bin, home, "register-scheme")
    assert result.returncode == 0, result.stderr
    entry_path = home / "data" / "applications" / "plume.desktop"
    entry = entry_path.read_text()
    binary = os.path.realpath(plume_bin)
    assert "MimeType=x-scheme-handler/plume;" in entry and "Terminal=true" in entry
    assert exec_line(entry) == f"{binary} open %u"
    assert subprocess.run(["desktop-file-validate", str(entry_path)], capture_output=True).returncode == 0
    assert query_default(home) == "plume.desktop"
    assert "x-scheme-handler/plume=plume.desktop;" in (home / "data" / "applications" / "mimeinfo.cache").read_text()
    gio = subprocess.run(["gio", "mime", "x-scheme-handler/plume"], capture_output=True, env=environment(home), text=True, timeout=30)
    assert "Default application for “x-scheme-handler/plume”: plume.desktop" in gio.stdout
    # The unrelated settings are untouched, and registering again changes nothing.
    assert "text/plain=notes.desktop" in (home / "config" / "mimeapps.list").read_text()
    registered = snapshot(home)
    again = run(plume_bin, home, "register-scheme")
    assert again.returncode == 0 and "Already registered" in again.stdout
    assert snapshot(home) == registered
    undone = run(plume_bin, home, "unregister-scheme")
    assert undone.returncode == 0, undone.stderr
    assert snapshot(home) == before
    assert query_default(home) == ""
    assert "Nothing to undo" in run(plume_bin, home, "unregister-scheme").stdout


def test_without_xdg_utils_the_default_is_written_to_mimeapps_list(plume_bin, home):
    before = snapshot(home)
    result = run(plume_bin, home, "register-scheme", with_xdg_utils=False)
    assert result.returncode == 0, result.stderr
    assert "update-desktop-database is not installed" in result.stdout and "xdg-mime is not installed" in result.stdout
    assert not (home / "data" / "applications" / "mimeinfo.cache").exists()
    # What Plume wrote by itself is what the real tools read.
    assert query_default(home) == "plume.desktop"
    text = (home / "config" / "mimeapps.list").read_text()
    assert "x-scheme-handler/plume=plume.desktop" in text and "text/plain=notes.desktop;" in text
    assert run(plume_bin, home, "unregister-scheme", with_xdg_utils=False).returncode == 0
    assert snapshot(home) == before


def test_another_handler_is_named_and_kept_unless_forced_and_given_back(plume_bin, home):
    other = home / "data" / "applications" / "other.desktop"
    other.write_text("[Desktop Entry]\nType=Application\nName=Other Links\nExec=/usr/bin/other-links %u\nMimeType=x-scheme-handler/plume;\n")
    subprocess.run(["xdg-mime", "default", "other.desktop", "x-scheme-handler/plume"], env=environment(home), check=True, timeout=30)
    before = snapshot(home)
    refused = run(plume_bin, home, "register-scheme")
    assert refused.returncode == 1
    assert "other.desktop (Other Links: /usr/bin/other-links %u)" in refused.stderr and "--force" in refused.stderr
    assert snapshot(home) == before
    # Without xdg-mime the owner is still found (from mimeapps.list).
    assert run(plume_bin, home, "register-scheme", with_xdg_utils=False).returncode == 1
    forced = run(plume_bin, home, "register-scheme", "--force")
    assert forced.returncode == 0, forced.stderr
    assert query_default(home) == "plume.desktop"
    assert "gives them back" in forced.stdout
    assert run(plume_bin, home, "unregister-scheme").returncode == 0
    assert query_default(home) == "other.desktop"
    assert snapshot(home) == before


def test_dry_run_prints_the_entry_and_the_commands_and_changes_nothing(plume_bin, home):
    before = snapshot(home)
    result = run(plume_bin, home, "register-scheme", "--dry-run")
    assert result.returncode == 0
    assert "Would write" in result.stdout and "MimeType=x-scheme-handler/plume;" in result.stdout
    assert "Would run: " in result.stdout and "xdg-mime default plume.desktop x-scheme-handler/plume" in result.stdout
    assert snapshot(home) == before
    assert run(plume_bin, home, "register-scheme").returncode == 0
    dry_undo = run(plume_bin, home, "unregister-scheme", "--dry-run")
    assert "Would: remove" in dry_undo.stdout
    assert (home / "data" / "applications" / "plume.desktop").exists()


def test_changes_made_after_registering_are_left_alone(plume_bin, home):
    assert run(plume_bin, home, "register-scheme").returncode == 0
    entry = home / "data" / "applications" / "plume.desktop"
    entry.write_text(entry.read_text().replace("Name=Plume", "Name=My Plume"))
    result = run(plume_bin, home, "unregister-scheme")
    assert result.returncode == 0 and "Leaving" in result.stdout
    assert entry.exists()


def test_a_binary_path_that_needs_quoting_still_launches(plume_bin, home, tmp_path):
    odd = tmp_path / "Games & $tuff \"here\"" / "plume"
    odd.parent.mkdir()
    shutil.copy(plume_bin, odd)
    bundle = os.path.join(os.path.dirname(os.path.realpath(plume_bin)), "Plume_PlumeAssets.resources")
    if os.path.isdir(bundle):
        shutil.copytree(bundle, odd.parent / "Plume_PlumeAssets.resources")
    assert run(str(odd), home, "register-scheme").returncode == 0
    entry_path = home / "data" / "applications" / "plume.desktop"
    assert subprocess.run(["desktop-file-validate", str(entry_path)], capture_output=True).returncode == 0
    assert exec_line(entry_path.read_text()).startswith('"')
    # GIO reads the Exec line back to the same path (it launches it through the terminal below).
    launched = click_through_gio(home)
    assert launched[:3] == ["-e", str(odd), "open"]


def click_through_gio(home):
    """Opens LINK the way a desktop does (GIO, Terminal=true), with a stand-in terminal emulator
    that records its arguments and runs the command. Returns the terminal's arguments."""
    bin_dir = home / "terminal-bin"
    bin_dir.mkdir(exist_ok=True)
    record = home / "terminal-args"
    terminal = bin_dir / "xterm"
    terminal.write_text(f'#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done > "{record}"\n[ "$1" = "-e" ] && shift\nexec "$@"\n')
    terminal.chmod(0o755)
    env = environment(home)
    env["PATH"] = f"{bin_dir}:{env['PATH']}"
    result = subprocess.run(["gio", "open", LINK], capture_output=True, env=env, text=True, timeout=30)
    assert result.returncode == 0, result.stderr
    return record.read_text().splitlines()


def test_a_clicked_link_reaches_the_running_game(plume_bin, home):
    assert run(plume_bin, home, "register-scheme").returncode == 0
    game = Game(plume_bin, home / "data", env={"XDG_RUNTIME_DIR": str(home / "run"), "XDG_CONFIG_HOME": str(home / "config")})
    try:
        game.wait_for("Today:")
        arguments = click_through_gio(home)
        assert arguments == ["-e", os.path.realpath(plume_bin), "open", LINK]
        game.wait_for("A look: 0 garments")
        game.wait_for("A link arrived from another program")
    finally:
        game.close()
