"""One game per player across hosts: two `plume-server`s on one PostgreSQL, each with players'
homes of its own, and the real OpenSSH client. What a player saves on one host is there on the
other (their files travel through the store, not a shared disk); connecting anew takes the game
over from wherever it runs, with its last change; a host stopping saves its games and gives
their leases back; a host killed mid-game loses at most its last sync, and its lease lapses for
another host to take. The screens are read with pyte; the store
with psql (PostgreSQL) or sqlite3 (SQLite).

Lines starting "MEASURE" are timings for the operator's notes: take-over (from starting ssh to
the game's first frame on the new host) and the wait after a host was killed."""
import hashlib
import os
import re
import signal
import sqlite3
import statistics
import subprocess
import time

import pytest

from test_ssh import Host, background, host, keygen  # noqa: F401 (host: the fixture)

# The store's lease lifetime and sync interval (HostDesk): a host killed loses its lease this
# long after its last renewal, and a change reaches the store within the sync interval.
LEASE_SECONDS = 15
SYNC_SECONDS = 2
MOVED = "you connected from elsewhere, so your game moved there; it is saved."


def psql(url, query):
    result = subprocess.run(["psql", "--no-psqlrc", "--no-align", "--tuples-only", "--set=ON_ERROR_STOP=1", f"--dbname={url}",
                             "--command", query], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return [line.split("|") for line in result.stdout.splitlines() if line]


def store_rows(database, query):
    if database.startswith("postgres://"):
        return psql(database, query)
    with sqlite3.connect(database) as db:
        return [[str(value) for value in row] for row in db.execute(query)]


def save_digest(database):
    rows = store_rows(database, "SELECT digest FROM hosted_saves WHERE path = 'data/plume/plume.json'")
    return rows[0][0] if rows else None


def renewed(database, timeout=20):
    """Returns just after the host holding the (one) lease renewed it."""
    def expiry():
        return store_rows(database, "SELECT expires_at FROM hosted_games")
    before = expiry()
    assert len(before) == 1, before
    deadline = time.monotonic() + timeout
    while expiry() == before:
        assert time.monotonic() < deadline, "the lease was not renewed"
        time.sleep(0.02)


def slots(text):
    match = re.search(r"Slots: ([·\d ]+?)\s*$", text, re.MULTILINE)
    return match.group(1).split() if match else None


def in_game(text):
    """The game's first frame: its tab bar and the Studio's rows."""
    return "1 Studio" in text.splitlines()[0] and background(text) is not None


def said(client):
    """Everything the client printed, its escape sequences left out and its lines joined."""
    text = re.sub(r"\x1b(\[[0-9;?]*[A-Za-z]|\][^\x07]*\x07|[()][A-Z0-9]|[=>])", "", bytes(client.raw).decode(errors="replace"))
    return " ".join(text.split())


def new_background(client, before):
    """→ on the Background row (the Studio starts on it) until the screen shows another one."""
    client.press("right")
    return background(client.wait_for(lambda t: background(t) not in (None, before), what=f"a background other than {before}"))


def start(host, key, timeout=40):
    """Connects and waits for the game; returns the client and the seconds to its first frame."""
    began = time.monotonic()
    client = host.play(key, "ada")
    client.wait_for(in_game, timeout=timeout, what="the game's first frame")
    return client, time.monotonic() - began


def quit_game(client):
    client.press("q")
    assert client.wait_exit(timeout=30) == 0


def saved_file(home_root):
    """The game's save in a host's homes (one player's)."""
    found = list(home_root.glob("*/data/plume/plume.json"))
    assert len(found) == 1, found
    return found[0]


def running(pid):
    """A process that has not ended (a zombie has)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def game_processes(host):
    return [pid for pid, _ in host.children()]


@pytest.fixture
def pair(tmp_path, plume_bin, postgres_cluster):
    """Two hosts, "a" and "b", on one PostgreSQL, each with its own directory and homes."""
    database = postgres_cluster.new_database()
    made = []
    try:
        for name in ("a", "b"):
            directory = tmp_path / name
            directory.mkdir()
            made.append(Host(directory, plume_bin, "--ssh-homes", str(directory / "homes"), "--ssh-host-name", name, database=database))
        yield made
    finally:
        for h in made:
            h.close()


def test_a_look_and_a_slot_saved_on_one_host_are_there_on_the_other(pair, tmp_path):
    a, b = pair
    ada = keygen(tmp_path, "ada")
    first, _ = start(a, ada)
    first.wait_for("Welcome to Plume, ada")
    chosen = new_background(first, background(first.text()))
    first.press("w", "1")
    assert slots(first.wait_for("Saved to slot 1.")) == ["1"] + ["·"] * 8
    quit_game(first)
    a.wait_no_children()
    assert store_rows(a.server.database, "SELECT owner FROM hosted_games") == [], "the lease was given back"

    # The homes are the hosts' own: B has nothing of the player's until the game starts there.
    assert not (b.tmp / "homes").exists() or not list((b.tmp / "homes").rglob("plume.json"))
    again, _ = start(b, ada)
    text = again.wait_for("Welcome back, ada")
    assert background(text) == chosen
    assert slots(text) == ["1"] + ["·"] * 8
    # The slot holds the look: opening it after another change puts the saved background back.
    other = new_background(again, chosen)
    assert other != chosen
    again.press("o", "1")
    again.wait_for("Opened slot 1")
    assert background(again.text()) == chosen
    quit_game(again)
    b.wait_no_children()


def test_with_every_default_a_slot_saved_on_one_host_is_there_on_the_other(tmp_path, plume_bin, postgres_cluster):
    # Two hosts as the docs start them: each in a directory of its own, on one PostgreSQL, with
    # no --ssh-homes (so plume-players in the directory each starts in) and the game beside the
    # server. A relative home was once resolved a second time inside the player's home, and the
    # game's saves never reached the store.
    database = postgres_cluster.new_database()
    hosts = []
    try:
        for name in ("a", "b"):
            directory = tmp_path / name
            directory.mkdir()
            hosts.append(Host(directory, plume_bin, database=database, defaults=True))
        a, b = hosts
        ada = keygen(tmp_path, "ada")
        first, _ = start(a, ada)
        first.wait_for("Welcome to Plume, ada")
        chosen = new_background(first, background(first.text()))
        first.press("w", "4")
        assert slots(first.wait_for("Saved to slot 4.")) == ["·"] * 3 + ["4"] + ["·"] * 5
        quit_game(first)
        a.wait_no_children()
        # The game wrote its save in the player's home under plume-players, once: nothing nested.
        homes = a.tmp / "plume-players"
        assert len(list(homes.glob("*/data/plume/plume.json"))) == 1, sorted(str(p) for p in homes.rglob("*"))[:20]
        assert not list(homes.glob("*/plume-players")), "a home inside a home: the relative path was resolved twice"
        assert save_digest(database) is not None, "the save never reached the store"

        again, _ = start(b, ada)
        text = again.wait_for("Welcome back, ada")
        assert background(text) == chosen
        assert slots(text) == ["·"] * 3 + ["4"] + ["·"] * 5
        quit_game(again)
        b.wait_no_children()
        assert (b.tmp / "plume-players").is_dir()
    finally:
        for h in hosts:
            h.close()


def test_connecting_to_another_host_takes_the_game_over_with_its_last_change(pair, tmp_path):
    a, b = pair
    ada = keygen(tmp_path, "ada")
    playing, _ = start(b, ada)
    playing.wait_for("Welcome to Plume, ada")
    database = a.server.database
    names = {a: "a", b: "b"}
    here, there = b, a
    times = []
    for turn in range(5):
        # Just after the host renewed the lease (and synced the files), a change, then at once a
        # connection elsewhere: the change can reach the store only with the game's last save as
        # it is asked to end, not by the next sync (2 s away).
        renewed(database)
        changed = new_background(playing, background(playing.text()))
        stored = save_digest(database)
        began = time.monotonic()
        moved = there.play(ada, "ada")
        text = moved.wait_for(in_game, timeout=40, what="the game's first frame on the host it moved to")
        took = time.monotonic() - began
        times.append(took)
        print(f"MEASURE take-over {names[here]}->{names[there]} round {turn + 1}: {took:.3f} s", flush=True)
        assert background(text) == changed, f"round {turn + 1}: the change made just before did not move with the game"
        # The session it moved from ends, saying why, after the game (on stderr).
        playing.wait_exit(timeout=30)
        words = said(playing)
        assert "connected from elsewhere" in words and "saved" in words and "plume: " + MOVED in words, words[-400:]
        last = hashlib.sha256(saved_file(here.tmp / "homes").read_bytes()).hexdigest()
        assert stored != last, f"round {turn + 1}: the store had the game's last save before the connection (the round proves nothing)"
        playing, (here, there) = moved, (there, here)
    print(f"MEASURE take-over median of {len(times)}: {statistics.median(times):.3f} s "
          f"(min {min(times):.3f}, max {max(times):.3f})", flush=True)
    assert a.metric("plume_ssh_take_overs") + b.metric("plume_ssh_take_overs") == 5
    quit_game(playing)
    for h in pair:
        h.wait_no_children()
    assert store_rows(a.server.database, "SELECT owner FROM hosted_games") == []


def test_a_host_killed_mid_game_lets_another_take_the_game_once_its_lease_lapses(pair, tmp_path):
    a, b = pair
    ada = keygen(tmp_path, "ada")
    playing, _ = start(a, ada)
    playing.wait_for("Welcome to Plume, ada")
    before_change = time.time()
    changed = new_background(playing, background(playing.text()))
    # The game writes its save (within about a second), and the host the save to the store (every
    # 2 s): wait until the store holds the very file on A's disk.
    deadline = time.monotonic() + 30
    while True:
        local = list((a.tmp / "homes").glob("*/data/plume/plume.json"))
        if local and local[0].stat().st_mtime > before_change \
                and save_digest(a.server.database) == hashlib.sha256(local[0].read_bytes()).hexdigest():
            break
        assert time.monotonic() < deadline, "the change never reached the store"
        time.sleep(0.1)
    print(f"MEASURE change to store: {time.time() - before_change:.3f} s", flush=True)
    games = game_processes(a)
    assert len(games) == 1
    killed_at = time.monotonic()
    a.server.process.kill()
    a.server.process.wait(timeout=10)
    try:
        moved, took = start(b, ada, timeout=LEASE_SECONDS + 20)
        print(f"MEASURE start on b after a was killed: {took:.3f} s ({time.monotonic() - killed_at:.3f} s after the kill)", flush=True)
        # The lease was renewed at most one sync before the kill: B waited for it to lapse (no
        # second game while it was live), and no longer.
        assert LEASE_SECONDS - SYNC_SECONDS - 1 < took < LEASE_SECONDS + 10, \
            f"B started after {took:.1f} s, for a lease that lapses {LEASE_SECONDS} s after its last renewal"
        assert background(moved.text()) == changed
        # The game on the killed host lost its terminal and ended by itself (it saved into A's
        # home, which no one reads now): nothing is left running.
        playing.wait_exit(timeout=20)
        deadline = time.monotonic() + 20
        while [pid for pid in games if running(pid)]:
            assert time.monotonic() < deadline, f"the killed host's game is still running: {games}"
            time.sleep(0.1)
        quit_game(moved)
        b.wait_no_children()
        assert store_rows(b.server.database, "SELECT host FROM hosted_games") == []
    finally:
        for pid in games:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def test_a_host_stopping_saves_its_games_and_gives_their_leases_back(pair, tmp_path):
    a, b = pair
    ada = keygen(tmp_path, "ada")
    playing, _ = start(a, ada)
    playing.wait_for("Welcome to Plume, ada")
    renewed(a.server.database)
    changed = new_background(playing, background(playing.text()))
    # Stopped (SIGTERM) at once: the change reaches the store with the game's last save, and
    # the lease is given back rather than left to lapse.
    assert a.server.stop() == 0
    playing.wait_for(lambda t: "plume-server is stopping" in said(playing), timeout=20, what="the words for a server stopping")
    playing.wait_exit()
    assert store_rows(b.server.database, "SELECT owner FROM hosted_games") == []
    moved, took = start(b, ada)
    print(f"MEASURE start on b after a stopped: {took:.3f} s", flush=True)
    assert took < LEASE_SECONDS - SYNC_SECONDS, "B waited as if the lease had been left to lapse"
    assert background(moved.text()) == changed
    quit_game(moved)
    b.wait_no_children()


def test_a_second_connection_on_one_host_takes_the_game_over(host, tmp_path):
    h = host()
    ada = keygen(tmp_path, "ada")
    first, _ = start(h, ada)
    first.wait_for("Welcome to Plume, ada")
    # A first change reaches the store, so the second game starts from the store's copy (which
    # the first game must bring up to date as it ends), not from the one on the host's disk.
    earlier = new_background(first, background(first.text()))
    deadline = time.monotonic() + 20
    while save_digest(h.server.database) is None:
        assert time.monotonic() < deadline, "the game's save never reached the store"
        time.sleep(0.1)
    renewed(h.server.database)
    changed = new_background(first, earlier)
    second, took = start(h, ada)
    print(f"MEASURE take-over on one host (SQLite): {took:.3f} s", flush=True)
    text = second.wait_for("Welcome back, ada")
    assert background(text) == changed
    first.wait_exit(timeout=30)
    assert "plume: " + MOVED in said(first), said(first)[-400:]
    # One game runs: the first was hung up, not left behind.
    assert len(game_processes(h)) == 1
    assert h.metric("plume_ssh_take_overs") == 1
    quit_game(second)
    h.wait_no_children()
    assert store_rows(h.server.database, "SELECT owner FROM hosted_games") == []


def test_a_key_that_became_a_player_in_its_game_takes_that_game_over(host, tmp_path):
    # The key is no one's when its game starts ("play" is no name); the player registers in the
    # game. A second connection with the key is that player's: the game the key started is theirs
    # too, so it moves, with its files, rather than running beside the new one.
    h = host()
    bo = keygen(tmp_path, "bo")
    first = h.play(bo, "play")
    first.wait_for("Choose the name your looks go under", timeout=30)
    first.press(*"Bo Peep")
    first.press("enter")
    first.wait_for("Registered as Bo Peep", timeout=20)
    changed = new_background(first, background(first.text()))
    second, took = start(h, bo)
    print(f"MEASURE take-over of a key's game by its player: {took:.3f} s", flush=True)
    text = second.wait_for("Welcome back, Bo Peep")
    assert background(text) == changed
    first.wait_exit(timeout=30)
    assert "plume: " + MOVED in said(first), said(first)[-400:]
    assert len(game_processes(h)) == 1
    # The files are the player's now, in the store as on the disk.
    assert {row[0] for row in store_rows(h.server.database, "SELECT owner FROM hosted_saves")} == set(os.listdir(h.tmp / "plume-players"))
    quit_game(second)
    h.wait_no_children()
    assert store_rows(h.server.database, "SELECT owner FROM hosted_games") == []
