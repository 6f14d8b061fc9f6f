"""Watching games live: the real OpenSSH client as player and as watcher (`ssh watch@host`), the
real `plume` in a pty on the server, and the browser's page in headless chromium. A watcher sees
the game as it is drawn (a whole picture on joining, then live), types nothing into it, and is told
when it ends; a player who refuses is not listed and their watchers are dropped; across two hosts
on one PostgreSQL a watcher on one host sees a game on the other."""
import json
import pathlib
import re
import threading
import time

import pytest

from browser import Browser
from test_ssh import Host, background, keygen


@pytest.fixture
def hosts(tmp_path, plume_bin):
    started = []

    def start(*extra, database=None, name=None):
        directory = tmp_path / (name or f"host-{len(started)}")
        directory.mkdir(exist_ok=True)
        made = Host(directory, plume_bin, "--ssh-homes", str(directory / "homes"), *extra, database=database)
        started.append(made)
        return made

    yield start
    for made in started:
        made.close()


def menu_row(text, name):
    """The watch menu's row for `name`, or None."""
    return next((line for line in text.splitlines() if re.search(rf"\b{re.escape(name)}\b", line) and ("Studio" in line or "Lab" in line)), None)


def watch(host, key, name, known=None):
    """A watcher in the menu, then watching `name`'s game."""
    watcher = host.play(key, "watch")
    watcher.wait_for(lambda t: menu_row(t, name) is not None, timeout=30, what=f"{name} in the watch menu")
    watcher.press("enter")
    return watcher


def registered_with_key(server, name, key_path):
    """A player made over HTTP (so the test holds their token) whose SSH key is `key_path`."""
    status, made = server.json("POST", "/v1/players", {"name": name})
    assert status == 201, made
    public = pathlib.Path(str(key_path) + ".pub").read_text().strip()
    status, added = server.json("POST", "/v1/players/me/keys", {"public_key": public}, token=made["token"])
    assert status in (200, 201), added
    return made


def test_a_watcher_sees_the_game_live_and_cannot_type_into_it(hosts, tmp_path):
    h = hosts()
    ada, wes = keygen(tmp_path, "ada"), keygen(tmp_path, "wes")
    player = h.play(ada, "ada", width=100, height=30)
    player.wait_for("Welcome to Plume, ada", timeout=30)
    # The menu lists the game: player, screen, for how long, idle, watchers.
    watcher = h.play(wes, "watch", width=100, height=30)
    # The menu down to its keys, the line under the games.
    watcher.wait_for(lambda t: menu_row(t, "ada") is not None and "games being played now" in t and "Enter watch" in t, timeout=30,
                     what="ada's game in the menu, with its title and keys")
    watcher.press("enter")
    # A whole picture on joining: the Studio as the player sees it.
    shown = background(player.text())
    watcher.wait_for(lambda t: background(t) == shown and "Studio" in t.splitlines()[0], timeout=20, what="the Studio, whole")
    assert h.metric("plume_watchers") == 1
    # The player is told someone watches, and sees how many on every screen.
    player.wait_for(lambda t: player.status().endswith("1 watching"), timeout=10, what="1 watching on the player's screen")
    # Live: what the player does next.
    player.press("right")
    player.wait_for(lambda t: background(t) not in (None, shown), what="another background")
    chosen = background(player.text())
    watcher.wait_for(lambda t: background(t) == chosen, timeout=20, what="the player's new background")
    # Nothing the watcher types reaches the game: not a key of the Studio, not a submission.
    watcher.press("right", "right", "b", "\x1b[B", "enter")
    time.sleep(1.5)
    player.pump()
    assert background(player.text()) == chosen and "personal best" not in player.text()
    # The watcher's terminal never gets the player's clipboard or title.
    assert not watcher.osc52_payloads() and b"\x1b]2;" not in bytes(watcher.raw)
    # The game ends: the watcher is back in the menu, told so.
    player.press("q")
    assert player.wait_exit() == 0
    watcher.wait_for("Watching ended: the game ended", timeout=20)
    assert h.metric("plume_watchers") == 0
    # The player plays again and, in the game, refuses to be watched: the watcher is sent away.
    player = h.play(ada, "ada")
    player.wait_for("Welcome back, ada", timeout=30)
    watcher.wait_for(lambda t: menu_row(t, "ada") is not None, timeout=20, what="ada's new game in the menu")
    watcher.press("enter")
    player.wait_for(lambda t: player.status().endswith("1 watching"), timeout=20, what="1 watching")
    player.press("5")
    player.wait_for("others may watch: yes (w)", timeout=20)
    player.press("w")
    player.wait_for("Nobody may watch your games", timeout=20)
    watcher.wait_for("the player chose not to be watched", timeout=10)
    player.wait_for(lambda t: not re.search(r"\d+ watching$", player.status()), timeout=10, what="no count once nobody watches")
    player.press("q")
    assert player.wait_exit() == 0
    watcher.press("q")
    assert watcher.wait_exit() == 0
    assert h.metric("plume_watchers_started") >= 1 and h.metric("plume_watch_relay_bytes") > 0


def test_a_player_who_refuses_is_not_listed_and_their_watchers_are_dropped(hosts, tmp_path):
    h = hosts()
    ada, wes = keygen(tmp_path, "ada"), keygen(tmp_path, "wes")
    made = registered_with_key(h.server, "Ada", ada)
    player = h.play(ada, "ada")
    player.wait_for("Welcome back, Ada", timeout=30)
    watcher = watch(h, wes, "Ada")
    watcher.wait_for(lambda t: "Studio" in t.splitlines()[0], timeout=20, what="the game")
    status, settings = h.server.json("PUT", "/v1/players/me/settings", {"watchable": False}, token=made["token"])
    assert status == 200 and settings == {"watchable": False, "palette": "standard", "screen_reader": False, "reduce_motion": False}
    # At once (the hosts look several times a second): the watcher is back in the menu, told why.
    watcher.wait_for("the player chose not to be watched", timeout=10)
    assert menu_row(watcher.text(), "Ada") is None
    status, listed = h.server.json("GET", "/v1/watch")
    assert status == 200 and listed["games"] == []
    status = h.server.request("GET", f"/watch/{made['player_id']}")[0]
    assert status == 404
    # Allowed again: listed again.
    status, _ = h.server.json("PUT", "/v1/players/me/settings", {"watchable": True}, token=made["token"])
    assert status == 200
    watcher.wait_for(lambda t: menu_row(t, "Ada") is not None, timeout=10, what="Ada listed again")
    status, bad = h.server.json("PUT", "/v1/players/me/settings", {"watchable": "no"}, token=made["token"])
    assert status == 422 and bad["error"]["code"] == "wrong_type", bad
    # How the player plays is kept beside it, a field at a time; an unknown palette is refused.
    status, kept = h.server.json("PUT", "/v1/players/me/settings", {"watchable": True, "palette": "tritanopia"}, token=made["token"])
    assert status == 200 and kept == {"watchable": True, "palette": "tritanopia", "screen_reader": False, "reduce_motion": False}, kept
    status, bad = h.server.json("PUT", "/v1/players/me/settings", {"watchable": True, "palette": "sepia"}, token=made["token"])
    assert status == 422 and bad["error"]["code"] == "wrong_type" and "palette" in bad["error"]["message"], bad
    status, read = h.server.json("GET", "/v1/players/me/settings", token=made["token"])
    assert status == 200 and read == kept
    status, bad = h.server.json("PUT", "/v1/players/me/settings", {"watchable": False})
    assert status == 401
    player.press("q")
    player.wait_exit()


def test_watching_needs_no_key_and_is_refused_commands(hosts, tmp_path):
    h = hosts()
    wes = keygen(tmp_path, "wes")
    done = h.run(wes, command=["ls"], user="watch")
    assert done.returncode != 0 and "takes no command" in done.stderr, done
    no_tty = h.run(wes, user="watch")
    assert "needs a terminal" in no_tty.stderr, no_tty
    # No key at all: OpenSSH asks for a password, and any answer (even none) opens the menu, which
    # says when nobody is playing; q leaves.
    watcher = h.play(None, "watch", extra=["-o", "PubkeyAuthentication=no"])
    watcher.wait_for("password:", timeout=30)
    watcher.press("enter")
    watcher.wait_for("Nobody is playing just now", timeout=30)
    watcher.press("q")
    assert watcher.wait_exit() == 0


def test_a_watcher_on_one_host_sees_a_game_on_another_in_a_terminal_and_a_browser(hosts, tmp_path, postgres_cluster):
    database = postgres_cluster.new_database()
    first, second = hosts(database=database, name="a"), hosts(database=database, name="b")
    second.known = first.known
    ada, wes = keygen(tmp_path, "ada"), keygen(tmp_path, "wes")
    player = first.play(ada, "ada")
    player.wait_for("Welcome to Plume, ada", timeout=30)
    shown = background(player.text())
    watcher = watch(second, wes, "ada")
    watcher.wait_for(lambda t: background(t) == shown, timeout=20, what="the Studio of a game on the other host")
    player.press("right")
    player.wait_for(lambda t: background(t) not in (None, shown), what="another background")
    chosen = background(player.text())
    watcher.wait_for(lambda t: background(t) == chosen, timeout=20, what="the change, relayed")
    assert first.metric("plume_watchers") == 1, "the game's host counts the relayed watcher"
    # The browser's list and page on the second host.
    status, listed = second.server.json("GET", "/v1/watch")
    assert status == 200 and [g["name"] for g in listed["games"]] == ["ada"], listed
    player_id = listed["games"][0]["player_id"]
    status, _, page = second.server.request("GET", "/watch")
    assert status == 200 and f"/watch/{player_id}" in page.decode()
    browser = Browser(tmp_path)
    try:
        browser.open(f"{second.server.base}/watch/{player_id}")
        browser.wait_for("document.getElementById('status') && document.getElementById('status').textContent",
                         lambda status: "Watching ada live" in status, what="the page's status")
        # xterm.js draws the game's text (a cell per element, read back as the rows' text).
        rows = "document.querySelector('.xterm-rows') ? document.querySelector('.xterm-rows').textContent : ''"
        browser.wait_for(rows, lambda text: "Studio" in text and chosen in text, what="the game drawn in the page")
        # ... and what the player does next.
        player.press("right")
        player.wait_for(lambda t: background(t) not in (None, chosen), what="a third background")
        third = background(player.text())
        browser.wait_for(rows, lambda text: third in text, what="the change, live in the page")
    finally:
        browser.close()
    # A page of another origin may not open the live feed: no upgrade (a refused upgrade is answered
    # 400 and closed); the same page's origin may.
    upgrade = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    status = second.server.request("GET", f"/watch/{player_id}/live", headers={"Origin": "http://evil.example", **upgrade})[0]
    assert status == 400
    status, _, body = second.server.request("GET", f"/watch/{player_id}/live", headers={"Origin": "http://evil.example"})
    assert status == 403 and json.loads(body)["error"]["code"] == "origin_not_allowed"
    # Only a host may use the relay.
    status, _, body = first.server.request("GET", f"/v1/relay/{player_id}", headers={"X-Plume-Relay": "0" * 64})
    assert status == 403 and json.loads(body)["error"]["code"] == "invalid_relay"
    # The game's host stops (SIGTERM) while its game is relayed: it does not wait on the watcher;
    # the player is told, and so is the watcher on the other host.
    assert first.server.stop() == 0
    player.wait_for("plume-server is stopping", timeout=20)
    watcher.wait_for("Watching ended: the server is stopping", timeout=20)


@pytest.mark.alone
def test_watchers_are_capped_and_a_watcher_who_stops_reading_is_dropped_not_waited_for(hosts, tmp_path):
    h = hosts("--watch-max-per-address", "1")
    ada, wes = keygen(tmp_path, "ada"), keygen(tmp_path, "wes")
    player = h.play(ada, "ada")
    player.wait_for("Welcome to Plume, ada", timeout=30)
    first = watch(h, wes, "ada")
    first.wait_for(lambda t: "Studio" in t.splitlines()[0], timeout=20, what="the game")
    # A second watcher from the same address is told why not, in the menu.
    second = watch(h, wes, "ada")
    second.wait_for("your address is watching as many games as it may at once", timeout=20)
    second.press("q")
    second.wait_exit()
    # The first watcher's ssh stops reading (stopped, as a frozen client would be); the player
    # keeps playing, unslowed, and the watcher is dropped once its queue is full.
    first.child.kill(19)  # SIGSTOP
    try:
        shown = background(player.text())
        deadline = time.monotonic() + 90
        moves = 0
        while h.metric("plume_watchers_dropped") < 1 and time.monotonic() < deadline:
            player.press("right")
            moves += 1
            player.wait_for(lambda t: background(t) != shown, timeout=10, what=f"move {moves} answered while a watcher is stuck")
            shown = background(player.text())
        assert h.metric("plume_watchers_dropped") == 1, f"still not dropped after {moves} moves"
        assert h.metric("plume_watchers") == 0
    finally:
        first.child.kill(18)  # SIGCONT
    first.wait_for("fell too far behind", timeout=30)
    player.press("q")
    player.wait_exit()


def test_a_stopping_server_ends_its_watchers_rather_than_wait_for_them(hosts, tmp_path):
    import base64
    import os
    import socket
    h = hosts()
    ada = keygen(tmp_path, "ada")
    player = h.play(ada, "ada")
    player.wait_for("Welcome to Plume, ada", timeout=30)
    status, listed = h.server.json("GET", "/v1/watch")
    player_id = listed["games"][0]["player_id"]
    # A browser's WebSocket, spoken by hand: the upgrade, then the game's frames.
    raw = socket.create_connection(("127.0.0.1", h.server.port), timeout=20)
    key = base64.b64encode(os.urandom(16)).decode()
    raw.sendall((f"GET /watch/{player_id}/live HTTP/1.1\r\nHost: 127.0.0.1:{h.server.port}\r\nUpgrade: websocket\r\n"
                 f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\nOrigin: {h.server.base}\r\n\r\n").encode())
    received = b""
    while b"Studio" not in received:
        chunk = raw.recv(65536)
        assert chunk, "the WebSocket closed before the game was drawn"
        received += chunk
    assert received.startswith(b"HTTP/1.1 101")
    # An SSH watcher too.
    wes = keygen(tmp_path, "wes")
    watcher = watch(h, wes, "ada")
    watcher.wait_for(lambda t: "Studio" in t.splitlines()[0], timeout=20, what="the game")
    # The player's terminal reads on while the server stops (as a terminal does).
    reading = threading.Event()

    def read_on():
        while not reading.is_set():
            player.pump(0.05)

    reader = threading.Thread(target=read_on, daemon=True)
    reader.start()
    started = time.monotonic()
    assert h.server.stop() == 0
    assert time.monotonic() - started < 15, "the server waited on its watchers"
    # The WebSocket is closed by the server (a close frame, then the end), not left hanging.
    raw.settimeout(15)
    while True:
        chunk = raw.recv(65536)
        if not chunk:
            break
        received += chunk
    reading.set()
    reader.join()
    assert b"plume-server is stopping" in bytes(player.raw)
    assert b"closed by remote host" not in bytes(player.raw), "the player's session was ended, not cut off"
    watcher.wait_for("plume-server is stopping", timeout=20)
