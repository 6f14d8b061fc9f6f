"""`plume open` with real processes: a link forwarded to the game already running (the sender exits
0 and says where it went; the game shows the preview), a game started by `plume open`, a stale
socket, two games started at once, refused messages (oversize, not a link, not a Plume message),
a silent client, and the socket's permissions."""
import base64
import os
import re
import socket
import stat
import subprocess
import threading
import time

import pytest

from pty_game import Game
from qr_image import decode

LOOK_LINK = "plume://look/1EQECAwIBCwAkAnOD"
SWARM_RECIPE = "40 * (120.5, 4.2, 9.3, 0.5, 0.4, 20.0, 0.1, 0.6)"


@pytest.fixture
def games(plume_bin, tmp_path):
    started = []

    def start(*args, **options):
        g = Game(plume_bin, tmp_path / "data", args=args, **options)
        started.append(g)
        return g

    yield start
    for g in started:
        g.close()


@pytest.fixture
def runtime(tmp_path):
    path = tmp_path / "data-run"
    path.mkdir(mode=0o700, exist_ok=True)
    return path


def open_link(plume_bin, tmp_path, text, timeout=15):
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "data-config"),
               XDG_RUNTIME_DIR=str(tmp_path / "data-run"))
    env.pop("PLUME_SERVER", None)
    return subprocess.run([plume_bin, "open", text], capture_output=True, env=env, timeout=timeout, stdin=subprocess.DEVNULL)


def status(g):
    return g.status()


def test_a_link_goes_to_the_running_game_and_the_sender_exits_0(games, plume_bin, tmp_path, runtime):
    g = games()
    g.wait_for("Today:")
    started = time.monotonic()
    sent = open_link(plume_bin, tmp_path, LOOK_LINK)
    assert sent.returncode == 0, sent.stderr.decode()
    assert time.monotonic() - started < 5
    words = sent.stdout.decode()
    assert f"process {g.child.pid}" in words and "Import preview" in words and "look" in words
    g.wait_for("A look: 3 garments")
    g.wait_for_status("A link arrived from another program")
    g.press("enter")
    g.wait_for("Imported a look")
    # A swarm recipe (any accepted form) too, and from another screen.
    assert open_link(plume_bin, tmp_path, SWARM_RECIPE).returncode == 0
    g.wait_for("A swarm: 1 ingredients, 40 agents")


def test_plume_open_with_no_game_running_starts_one_with_the_preview(games, plume_bin, tmp_path, runtime):
    g = games("open", LOOK_LINK)
    g.wait_for("A look: 3 garments")
    g.wait_for(lambda text: os.path.exists(runtime / "plume" / "game.sock"), what="the socket")
    # That game now owns the socket: a second link goes to it.
    sent = open_link(plume_bin, tmp_path, "http://scores.example:8080/l/1EQEBAO3S")
    assert sent.returncode == 0, sent.stderr.decode()
    g.wait_for("A look: 0 garments")
    # A bad link still starts the game, showing why.
    h = games("open", "plume://look/1EQECAwIBCwAkAnOE", env={"XDG_RUNTIME_DIR": str(tmp_path / "other-run")})
    h.wait_for("checksum")


def test_without_a_game_or_a_terminal_open_explains_and_exits_1(plume_bin, tmp_path, runtime):
    sent = open_link(plume_bin, tmp_path, LOOK_LINK)
    assert sent.returncode == 1
    assert b"no Plume game is running" in sent.stderr


def test_a_stale_socket_left_by_a_crash_is_replaced(games, plume_bin, tmp_path, runtime):
    g = games()
    g.wait_for("Today:")
    sock = runtime / "plume" / "game.sock"
    assert sock.exists()
    g.child.kill(9)
    g.wait_exit()
    assert sock.exists(), "a killed game can't remove its socket"
    with pytest.raises(ConnectionRefusedError):
        probe = socket.socket(socket.AF_UNIX)
        probe.connect(str(sock))
    h = games("open", LOOK_LINK)
    h.wait_for("A look: 3 garments")
    sent = open_link(plume_bin, tmp_path, SWARM_RECIPE)
    assert sent.returncode == 0 and f"process {h.child.pid}" in sent.stdout.decode()
    h.wait_for("A swarm")


def test_two_games_started_at_once_never_both_own_the_socket(games, plume_bin, tmp_path, runtime):
    first, second = games(), games()
    # Each game's welcome on its status line, which says whether it listens.
    for g in (first, second):
        g.wait_for_status("Welcome to Plume")
    others = [g for g in (first, second) if "Another Plume game is running" in status(g)]
    assert len(others) == 1
    owner = first if others[0] is second else second
    sent = open_link(plume_bin, tmp_path, LOOK_LINK)
    assert sent.returncode == 0 and f"process {owner.child.pid}" in sent.stdout.decode()
    owner.wait_for("A look: 3 garments")
    assert "A look" not in others[0].text()


def raw_exchange(path, payload, finish=True):
    with socket.socket(socket.AF_UNIX) as s:
        s.settimeout(10)
        s.connect(str(path))
        s.sendall(payload)
        if finish:
            s.shutdown(socket.SHUT_WR)
        reply = b""
        while chunk := s.recv(4096):
            reply += chunk
        return reply.decode()


def test_oversize_foreign_and_non_link_messages_are_refused_and_said(games, plume_bin, tmp_path, runtime):
    g = games()
    g.wait_for("Today:")
    sock = runtime / "plume" / "game.sock"
    assert raw_exchange(sock, b"plume-open 1\n" + b"plume://look/" + b"A" * 5000) == "refused it was over 4 KiB\n"
    g.wait_for("Refused a message from another program: it was over 4 KiB")
    assert raw_exchange(sock, b"\x1b[2J hello") == "refused it isn't a Plume message\n"
    g.wait_for("it isn't a Plume message")
    sent = open_link(plume_bin, tmp_path, "just some words")
    assert sent.returncode == 1 and b"refused this: it isn't a link" in sent.stderr
    g.wait_for("it isn't a link")
    # Nothing was lost: still the Studio, and the game still answers keys.
    assert "Today:" in g.text()
    g.press("2")
    g.wait_for("Ingredients")


def test_a_silent_client_cannot_block_the_game(games, plume_bin, tmp_path, runtime):
    g = games()
    g.wait_for("Today:")
    silent = socket.socket(socket.AF_UNIX)
    silent.connect(str(runtime / "plume" / "game.sock"))
    try:
        g.press("2")
        g.wait_for("Ingredients", timeout=1.5)
        started = time.monotonic()
        sent = open_link(plume_bin, tmp_path, LOOK_LINK)
        assert sent.returncode == 0 and time.monotonic() - started < 2
        g.wait_for("A look: 3 garments")
        silent.settimeout(10)
        assert silent.recv(100) == b"", "the silent client is closed at the deadline"
    finally:
        silent.close()


def test_the_socket_and_its_directory_are_private(games, runtime):
    g = games()
    g.wait_for("Today:")
    directory = runtime / "plume"
    for path, mode in [(directory, 0o700), (directory / "game.sock", 0o600), (directory / "game.lock", 0o600)]:
        info = os.lstat(path)
        assert stat.S_IMODE(info.st_mode) == mode, path
        assert info.st_uid == os.getuid()
    assert stat.S_ISSOCK(os.lstat(directory / "game.sock").st_mode)
    g.press("q")
    g.wait_exit()
    assert not (directory / "game.sock").exists(), "a game that quits removes its socket"


def test_a_directory_of_another_user_is_refused(games, tmp_path):
    if os.getuid() != 0:
        pytest.skip("needs root to make a directory of another user")
    temporary = tmp_path / "tmp"
    temporary.mkdir(mode=0o777)
    foreign = temporary / f"plume-{os.getuid()}"
    foreign.mkdir(mode=0o777)
    os.chown(foreign, 65534, 65534)
    g = games(env={"XDG_RUNTIME_DIR": "", "TMPDIR": str(temporary)}, width=220)
    # The whole reason, which may wrap onto the status line's next row.
    g.wait_for_status(lambda said: "Links from other programs are off" in said and "belongs to another user" in said,
                      what="links off: the directory belongs to another user")
    assert not (foreign / "game.sock").exists()


def test_the_share_screen_draws_a_qr_code_that_decodes(games, tmp_path):
    g = games(width=120, height=40)
    g.wait_for("Today:")
    g.press("4")
    g.wait_for("Share this look")
    link = re.search(r"plume://look/\S+", g.text()).group(0)
    # The symbol is the block of cells painted black on white, whatever the terminal's colours.
    paper = [(r, c) for r in range(40) for c in range(120)
             if g.screen.buffer[r][c].bg == "ffffff" and g.screen.buffer[r][c].fg == "000000"]
    assert paper, "no black-on-white cells on the Share screen"
    top, bottom = min(r for r, _ in paper), max(r for r, _ in paper)
    left, right = min(c for _, c in paper), max(c for _, c in paper)
    assert len(paper) == (bottom - top + 1) * (right - left + 1), "the symbol is one solid block, quiet zone included"
    assert right - left + 1 == 17 + 4 * 2 + 8, "a look link fits in version 2"
    lines = ["".join(g.screen.buffer[r][c].data for c in range(left, right + 1)) for r in range(top, bottom + 1)]
    assert decode(lines, tmp_path) == link
    # The swarm's longer link needs a bigger symbol than 80×24 has room for: a sentence says so.
    g.resize(80, 24)
    g.press("w")
    g.wait_for("Share this swarm")
    g.wait_for("shows this link as a QR code")
    assert not any(g.screen.buffer[r][c].bg == "ffffff" for r in range(24) for c in range(80))


def test_callbacks_open_only_on_the_key_through_xdg_open_or_the_clipboard(games, tmp_path):
    # A stand-in xdg-open that records what it was asked to open (a desktop would start a browser).
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opened = tmp_path / "opened"
    (bin_dir / "xdg-open").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> "{opened}"\n')
    (bin_dir / "xdg-open").chmod(0o755)
    target = "https://friend.example/back?from=mail"
    link = LOOK_LINK + "?x-source=Mail&x-success=" + target + "&x-cancel=https://friend.example/cancel"
    g = games(env={"DISPLAY": ":0", "PATH": f"{bin_dir}:{os.environ['PATH']}"})
    g.wait_for("Today:")
    g.paste(link)
    g.wait_for("Wants to return after to")
    g.press("enter")
    expected = target + "&kind=look&code=1EQECAwIBCwAkAnOD&link=plume%3A%2F%2Flook%2F1EQECAwIBCwAkAnOD"
    # The offer and its whole link, in one frame (a frame read half-drawn once had neither).
    g.wait_for(lambda text: "Mail (unverified" in text and expected in text.replace("\n", "").replace(" ", ""), what="the x-success offer and its link")
    assert not opened.exists(), "nothing is opened without the key"
    g.press("o")
    g.wait_for("Opened the link with xdg-open")
    deadline = time.monotonic() + 10
    while not opened.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert opened.read_text().splitlines() == [expected]
    # No desktop: Esc on a preview offers x-cancel; o copies it (OSC 52) instead.
    h = games(env={"DISPLAY": "", "WAYLAND_DISPLAY": "", "PATH": f"{bin_dir}:{os.environ['PATH']}"})
    h.wait_for("Today:")
    h.paste(link)
    h.wait_for("Wants to return after to")
    h.press("escape")
    h.wait_for(lambda text: "asks to be opened now that the import is" in text and "https://friend.example/cancel" in text, what="the x-cancel offer")
    h.press("o")
    h.wait_for("No desktop here to open the link on")
    assert base64.b64encode(b"https://friend.example/cancel") in h.osc52_payloads()
    assert opened.read_text().splitlines() == [expected], "xdg-open was not run without a desktop"
