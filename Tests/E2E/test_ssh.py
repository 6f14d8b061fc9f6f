"""Play over SSH: the real OpenSSH client against `plume-server --ssh-port`, with keys made by
ssh-keygen. Each session is the real `plume` in a pty on the server; these tests read the client's
screen with pyte, check the server's boards over HTTP, and the process table for what is left."""
import base64
import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import time
import urllib.request

import pytest

from pty_game import Game
from server_process import Server, free_port

LOOK_LINK = "plume://look/1EQECAwIBCwAkAnOD"


def keygen(directory, name, kind="ed25519"):
    path = pathlib.Path(directory) / name
    args = ["ssh-keygen", "-q", "-t", kind, "-N", "", "-f", str(path), "-C", f"{name}@test"]
    if kind == "rsa":
        args += ["-b", "2048"]
    subprocess.run(args, check=True)
    return path


class Host:
    """A plume-server serving SSH on a free port, and a way to connect to it."""

    def __init__(self, tmp_path, plume_bin, *extra, env=None, database=None, defaults=False):
        """`defaults`: only the flags the docs' quick start shows (the SSH port; the HTTP port, so
        that two hosts fit on one machine), started in `tmp_path` as an operator starts it."""
        self.tmp = pathlib.Path(tmp_path)
        self.ssh_port = free_port()
        self.known = self.tmp / "known_hosts"
        args = ["--ssh-port", str(self.ssh_port)]
        if not defaults:
            args += ["--plume", plume_bin, "--ssh-connections-per-minute", "1000"]
        args += list(extra)
        saved = dict(os.environ)
        os.environ.update(env or {})
        try:
            self.server = Server(self.tmp, *args, database=database, cwd=self.tmp if defaults else None)
        finally:
            os.environ.clear()
            os.environ.update(saved)
        self.clients = []

    def options(self, key, strict="accept-new"):
        return ["-F", "/dev/null", "-p", str(self.ssh_port), "-o", "IdentitiesOnly=yes", "-o", f"StrictHostKeyChecking={strict}",
                "-o", f"UserKnownHostsFile={self.known}", "-o", "HostKeyAlias=plume-under-test", "-o", "LogLevel=ERROR"] + (["-i", str(key), "-o", "BatchMode=yes"] if key else [])

    def play(self, key, user, width=100, height=30, extra=(), strict="accept-new"):
        client = Game("ssh", self.tmp / f"client-{len(self.clients)}", width=width, height=height,
                      args=[*self.options(key, strict), "-t", *extra, f"{user}@127.0.0.1"])
        self.clients.append(client)
        return client

    def run(self, key, *options, command=(), user="ada", timeout=20):
        """One ssh run without a terminal of its own: `options` before the host, `command` after."""
        return subprocess.run(["ssh", *self.options(key), *options, f"{user}@127.0.0.1", *command], stdin=subprocess.DEVNULL,
                              capture_output=True, text=True, timeout=timeout)

    def children(self):
        """Processes whose parent is the server (games, zombies included)."""
        found = []
        for entry in os.listdir("/proc"):
            if not entry.isdigit():
                continue
            try:
                stat = pathlib.Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            fields = stat.rsplit(")", 1)[1].split()
            if int(fields[1]) == self.server.process.pid:
                found.append((int(entry), fields[0]))
        return found

    def wait_no_children(self, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.children():
                return
            time.sleep(0.1)
        raise AssertionError(f"processes left behind by the server: {self.children()}")

    def metric(self, name, **labels):
        _, _, body = self.server.request("GET", "/metrics")
        label = ",".join(f'{k}="{v}"' for k, v in labels.items())
        pattern = re.escape(name) + (r"\{" + re.escape(label) + r"\}" if label else "") + r" ([0-9.e+-]+)"
        match = re.search(pattern, body.decode())
        return float(match.group(1)) if match else None

    def close(self):
        for client in self.clients:
            client.close()
        if self.server.process.poll() is None:
            self.server.stop()


@pytest.fixture
def host(tmp_path, plume_bin):
    started = []

    def start(*extra, env=None, plume=None, database=None):
        made = Host(tmp_path, plume or plume_bin, *extra, env=env, database=database)
        started.append(made)
        return made

    yield start
    for made in started:
        made.close()


def today_style_board(server):
    status, boards = server.json("GET", "/v1/boards")
    assert status == 200
    return next(board["id"] for board in boards["boards"] if board["id"].startswith("style-"))


def background(text):
    match = re.search(r"Background\s+(\S.*?)\s{2,}", text)
    return match.group(1) if match else None


def test_a_key_is_a_player_who_plays_submits_and_comes_back(host, tmp_path):
    h = host()
    ada = keygen(tmp_path, "ada")
    g = h.play(ada, "ada")
    text = g.wait_for("Welcome to Plume, ada", timeout=30)
    assert "Studio" in text.splitlines()[0]
    # A resize reaches the game (TIOCSWINSZ, then SIGWINCH) and it redraws at the new size.
    g.resize(120, 35)
    # The tab bar and the Background row under it: after a resize the whole screen is drawn again,
    # top first.
    text = g.wait_for(lambda t: t.splitlines()[0].rstrip().endswith("q quit") and len(t.splitlines()[0]) == 120 and background(t),
                      what="a 120-column tab bar over the Studio's Background row")
    first = background(text)
    g.press("right")
    g.wait_for(lambda t: background(t) not in (None, first), what="another background")
    chosen = background(g.text())
    # b submits the look to today's style board as the key's player.
    g.press("b")
    g.wait_for("new personal best!", timeout=30)
    status, top = h.server.json("GET", f"/v1/boards/{today_style_board(h.server)}/top")
    assert status == 200 and [row["name"] for row in top["rows"]] == ["ada"], top
    g.press("q")
    assert g.wait_exit() == 0
    h.wait_no_children()

    # The same key is the same player, whatever user name it gives, and finds its look.
    again = h.play(ada, "someone-else")
    text = again.wait_for("Welcome back, ada", timeout=30)
    # ... and is told that the name it typed was not used.
    again.wait_for(lambda t: "so you play as ada: the name someone-else you connected with isn't used" in " ".join(t.split()), timeout=10,
                   what="words for the name not used")
    assert background(text) == chosen
    again.press("q")
    assert again.wait_exit() == 0

    # A second key is another player; "play" is no name, so the game asks for one.
    bo = keygen(tmp_path, "bo")
    other = h.play(bo, "play")
    other.wait_for("Choose the name your looks go under", timeout=30)
    other.press(*"Bo Peep")
    other.press("enter")
    other.wait_for("Registered as Bo Peep", timeout=20)
    other.press("q")
    assert other.wait_exit() == 0
    back = h.play(bo, "play")
    back.wait_for("Welcome back, Bo Peep", timeout=30)
    back.press("q")
    assert back.wait_exit() == 0
    # Nothing was written for the player outside their own directory, and no token file at all.
    homes = h.tmp / "plume-players"
    with sqlite(h.server) as db:
        ids = [row[0] for row in db.execute("SELECT public_id FROM players ORDER BY id")]
        keys = db.execute("SELECT COUNT(*) FROM player_keys").fetchone()[0]
    assert sorted(p.name for p in homes.iterdir()) == sorted(ids) and len(ids) == 2 and keys == 2
    assert not list(homes.rglob("credentials.json"))
    h.wait_no_children()


class sqlite:
    def __init__(self, server):
        import sqlite3
        self.db = sqlite3.connect(server.database)

    def __enter__(self):
        return self.db

    def __exit__(self, *_):
        self.db.close()


def test_a_player_adds_a_key_from_inside_the_game_and_plays_with_it(host, tmp_path, plume_bin):
    # The game named by a path relative to where the server started (each game starts elsewhere).
    h = host(plume=os.path.relpath(plume_bin))
    desk, laptop = keygen(tmp_path, "desk"), keygen(tmp_path, "laptop")
    g = h.play(desk, "cy")
    g.wait_for("Welcome to Plume, cy", timeout=30)
    g.press("5")
    # The board's first answer: until the server has answered once, the game does not yet know
    # it is on a server, and K says the local board has no keys.
    g.wait_for("updated", timeout=30)
    g.press("K")
    g.wait_for("Your SSH keys on")
    fingerprint = subprocess.run(["ssh-keygen", "-l", "-f", str(desk) + ".pub"], capture_output=True, text=True, check=True).stdout.split()[1]
    g.wait_for(fingerprint[:27])
    g.press("a")
    g.paste((tmp_path / "laptop.pub").read_text())
    g.press("enter")
    g.wait_for("Added your ssh-ed25519 key (laptop@test)", timeout=20)
    # The key this game connected with can't be removed from it.
    g.press("up", "x", "y")
    g.wait_for("that is the key you are connected with", timeout=20)
    g.press("escape", "q")
    assert g.wait_exit() == 0
    other = h.play(laptop, "someone")
    other.wait_for("Welcome back, cy", timeout=30)
    other.press("q")
    assert other.wait_exit() == 0


def test_only_the_game_is_served(host, tmp_path):
    # A stand-in xdg-open on the server's PATH: a hosted game must never run it.
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    opened = tmp_path / "opened"
    (bin_dir / "xdg-open").write_text(f'#!/bin/sh\nprintf "%s\\n" "$@" >> "{opened}"\n')
    (bin_dir / "xdg-open").chmod(0o755)
    h = host(env={"PATH": f"{bin_dir}:{os.environ['PATH']}", "DISPLAY": ":0"})
    ada = keygen(tmp_path, "ada")
    marker = tmp_path / "ran"
    exec_result = h.run(ada, command=["touch", str(marker)])
    assert exec_result.returncode == 1 and "runs no commands" in exec_result.stderr, exec_result
    assert not marker.exists()
    no_tty = h.run(ada, "-T")
    assert no_tty.returncode == 1 and "needs a terminal" in no_tty.stderr and "ssh -t" in no_tty.stderr, no_tty
    sftp = subprocess.run(["sftp", *[o if o != "-p" else "-P" for o in h.options(ada)], "ada@127.0.0.1"], stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=20)
    assert sftp.returncode != 0 and "subsystem request failed" in sftp.stderr, sftp
    local = h.run(ada, "-W", f"127.0.0.1:{h.server.port}")
    assert local.returncode == 255 and "forwarding failed" in local.stderr, local
    # -L: the tunnel's far end is refused, so a request through it gets no answer but a close.
    tunnel_port = free_port()
    tunnel = subprocess.Popen(["ssh", *h.options(ada), "-N", "-L", f"{tunnel_port}:127.0.0.1:{h.server.port}", "ada@127.0.0.1"],
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 15
        while True:
            try:
                through = socket.create_connection(("127.0.0.1", tunnel_port), timeout=10)
                break
            except OSError:
                assert time.monotonic() < deadline, "the -L listener never opened"
                time.sleep(0.1)
        with through:
            through.settimeout(10)
            through.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            try:
                answer = through.recv(4096)
            except ConnectionResetError:
                answer = b""
            assert answer == b"", "a request crossed the tunnel"
    finally:
        tunnel.kill()
        tunnel.wait(timeout=10)
    remote = h.run(ada, "-N", "-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:80")
    assert remote.returncode == 255 and "remote port forwarding failed" in remote.stderr, remote

    # A session with agent forwarding asked for: the game runs, with no agent and no socket of the client's.
    agent = subprocess.run(["ssh-agent", "-s"], capture_output=True, text=True, check=True)
    sock = re.search(r"SSH_AUTH_SOCK=([^;]+);", agent.stdout).group(1)
    agent_pid = int(re.search(r"SSH_AGENT_PID=(\d+);", agent.stdout).group(1))
    try:
        g = Game("ssh", tmp_path / "client", args=[*h.options(ada), "-t", "-A", "ada@127.0.0.1"], env={"SSH_AUTH_SOCK": sock})
        h.clients.append(g)
        g.wait_for("Welcome to Plume, ada", timeout=30)
        games = h.children()
        assert len(games) == 1
        environ = pathlib.Path(f"/proc/{games[0][0]}/environ").read_bytes().split(b"\0")
        assert not [v for v in environ if v.startswith((b"SSH_AUTH_SOCK", b"DISPLAY", b"PLUME_"))], environ
        # A callback's link is shown and copied (OSC 52), never opened on the host.
        target = "https://friend.example/back?from=mail"
        g.paste(LOOK_LINK + "?x-source=Mail&x-success=" + target)
        g.wait_for("Wants to return after to")
        g.press("enter")
        g.wait_for("Mail (unverified")
        g.press("o")
        g.wait_for("links open on your own machine")
        expected = target + "&kind=look&code=1EQECAwIBCwAkAnOD&link=plume%3A%2F%2Flook%2F1EQECAwIBCwAkAnOD"
        assert base64.b64encode(expected.encode()) in g.osc52_payloads()
        g.press("q")
        assert g.wait_exit() == 0
    finally:
        os.kill(agent_pid, signal.SIGTERM)
    assert not opened.exists(), "xdg-open ran on the host"
    # Each refusal is counted for the operator.
    for reason in ("exec", "no_terminal", "subsystem", "forwarding"):
        assert h.metric("plume_ssh_refused", reason=reason) >= 1, reason
    assert h.metric("plume_ssh_games_started") == 1
    h.wait_no_children()


def test_a_client_without_a_usable_key_is_told_how_to_make_one(host, tmp_path):
    import pexpect
    h = host()
    rsa = keygen(tmp_path, "old", kind="rsa")
    client = pexpect.spawn("ssh", [*h.options(None), "-i", str(rsa), "play@127.0.0.1"], encoding="utf-8", timeout=20)
    client.expect("password:")
    client.sendline("")
    client.expect(pexpect.EOF)
    assert "Ed25519 and ECDSA keys" in client.before and "ssh-keygen -t ed25519" in client.before, client.before
    client.close()
    assert client.exitstatus == 1
    assert h.metric("plume_ssh_refused", reason="no_key") == 1


def test_limits_are_told_and_nothing_is_left_behind(host, tmp_path):
    h = host("--ssh-max-sessions-per-address", "1", "--ssh-auth-timeout", "2", "--ssh-game-cpu", "600")
    ada = keygen(tmp_path, "ada")
    first = h.play(ada, "ada")
    first.wait_for("Welcome to Plume, ada", timeout=30)
    games = h.children()
    assert len(games) == 1
    limits = pathlib.Path(f"/proc/{games[0][0]}/limits").read_text()
    assert re.search(r"Max cpu time\s+600\s+601\s+seconds", limits), limits
    assert re.search(r"Max core file size\s+0\s+0", limits), limits
    nice = int(pathlib.Path(f"/proc/{games[0][0]}/stat").read_text().rsplit(")", 1)[1].split()[16])
    assert nice == 10
    # Another player's session over the address's share is told so, in words.
    bo = keygen(tmp_path, "bo")
    over = h.run(bo, "-tt", user="bo")
    assert over.returncode == 1 and "a game is open from your address already" in over.stderr, over
    # The same key is not turned away: it takes its own game over.
    again = h.play(ada, "ada")
    again.wait_for("Welcome back, ada", timeout=30)
    first.wait_exit()
    assert "connected from elsewhere" in bytes(first.raw).decode(errors="replace")
    first = again
    # The player's connection drops (the client killed): the game saves and ends; nothing is left.
    first.child.kill(signal.SIGKILL)
    h.wait_no_children()
    # A connection that never signs in is closed at the deadline (an answer, not a hang).
    with socket.create_connection(("127.0.0.1", h.ssh_port), timeout=10) as raw:
        assert raw.recv(64).startswith(b"SSH-2.0-")
        raw.settimeout(15)
        started = time.monotonic()
        while raw.recv(4096):
            assert time.monotonic() - started < 15
    assert h.metric("plume_ssh_refused", reason="auth_timeout") == 1
    # Stopping the server ends every game cleanly: the player is told, the game saved, all reaped.
    second = h.play(ada, "ada")
    second.wait_for("Welcome back, ada", timeout=30)
    # The server's own bounds: 5 s for the games to save, SIGKILL, 5 s more, 3 s for the clients
    # to hang up. Beside two other tests and a release build on two cores it has taken over 20 s;
    # 60 s still tells a stop that hangs from a slow one.
    assert h.server.stop(timeout=60) == 0
    second.wait_for("plume-server is stopping", timeout=20)
    second.wait_exit()
    assert not h.children()


def test_new_connections_from_one_address_are_rate_limited(host, tmp_path):
    h = host("--ssh-connections-per-minute", "3")
    ada = keygen(tmp_path, "ada")
    results = [h.run(ada, command=["true"]) for _ in range(4)]
    assert [r.returncode for r in results[:3]] == [1, 1, 1], results
    assert results[3].returncode == 255, results[3]
    assert h.metric("plume_ssh_refused", reason="rate") == 1


def test_clients_that_hang_up_during_the_key_exchange_give_their_place_back(host, tmp_path):
    """ssh-keyscan hangs up once it has the host key, in the middle of the key exchange. Each of
    those connections must give back its place among the ones signing in, or a few dozen scans
    would turn every player away."""
    h = host("--ssh-max-unauthenticated", "4")
    ada = keygen(tmp_path, "ada")
    for burst in range(6):
        scans = [subprocess.Popen(["ssh-keyscan", "-T", "5", "-t", "ed25519", "-p", str(h.ssh_port), "127.0.0.1"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(3)]
        for scan in scans:
            scan.wait(timeout=30)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and h.metric("plume_ssh_connections") != 0:
        time.sleep(0.1)
    assert h.metric("plume_ssh_connections") == 0
    for _ in range(6):
        result = h.run(ada, command=["true"])
        assert "runs no commands" in result.stderr, result
    assert h.metric("plume_ssh_refused", reason="unauthenticated") == 0


def test_the_host_key_is_kept_and_shown(host, tmp_path):
    h = host()
    key_file = h.tmp / "plume-ssh-host-key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    ada = keygen(tmp_path, "ada")
    assert h.run(ada, command=["true"]).returncode == 1  # known_hosts now holds the key
    listed = subprocess.run(["ssh-keygen", "-l", "-f", str(h.known)], capture_output=True, text=True, check=True).stdout
    fingerprint = re.search(r"(SHA256:\S+)", listed).group(1)
    _, _, page = h.server.request("GET", "/")
    assert fingerprint in page.decode() and f"ssh -p {h.ssh_port} 127.0.0.1" in page.decode()
    h.server.stop()
    again = host()
    again.known = h.known
    # The same key after a restart: a client that insists on the known key connects.
    strict = subprocess.run(["ssh", *again.options(ada, strict="yes"), "ada@127.0.0.1", "true"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=20)
    assert strict.returncode == 1 and "runs no commands" in strict.stderr, strict


def test_the_host_key_is_an_openssh_key_file_an_operator_can_make_and_check(host, tmp_path):
    from server_process import SERVER_BIN
    # The key the server made is in OpenSSH's format: ssh-keygen reads it, and finds the
    # fingerprint the server shows and `plume-server ssh-fingerprint` prints.
    h = host()
    made = h.tmp / "plume-ssh-host-key"
    assert made.read_text().startswith("-----BEGIN OPENSSH PRIVATE KEY-----")
    checked = subprocess.run(["ssh-keygen", "-l", "-f", str(made)], capture_output=True, text=True, check=True).stdout
    fingerprint = re.search(r"(SHA256:\S+)", checked).group(1)
    printed = subprocess.run([str(SERVER_BIN), "ssh-fingerprint", "--ssh-host-key", str(made)], capture_output=True, text=True)
    assert printed.returncode == 0 and printed.stdout.startswith(fingerprint + " (ED25519)"), printed
    public = subprocess.run(["ssh-keygen", "-y", "-f", str(made)], capture_output=True, text=True, check=True).stdout.split()[:2]
    assert printed.stdout.splitlines()[1].split()[:2] == public
    _, _, page = h.server.request("GET", "/")
    assert fingerprint in page.decode()
    h.server.stop()
    # A key the operator made with ssh-keygen is the one served.
    own = tmp_path / "operator-key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(own)], check=True)
    theirs = re.search(r"(SHA256:\S+)", subprocess.run(["ssh-keygen", "-l", "-f", str(own)], capture_output=True, text=True,
                                                      check=True).stdout).group(1)
    again = host("--ssh-host-key", str(own))
    _, _, page = again.server.request("GET", "/")
    assert theirs in page.decode()
    ada = keygen(tmp_path, "ada")
    assert again.run(ada, command=["true"]).returncode == 1
    listed = subprocess.run(["ssh-keygen", "-l", "-f", str(again.known)], capture_output=True, text=True, check=True).stdout
    assert theirs in listed
    # A key under a passphrase, or no key at all, is refused in words.
    locked = tmp_path / "locked-key"
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "a passphrase", "-f", str(locked)], check=True)
    refused = subprocess.run([str(SERVER_BIN), "ssh-fingerprint", "--ssh-host-key", str(locked)], capture_output=True, text=True)
    assert refused.returncode != 0 and "protected by a passphrase" in refused.stderr, refused
    missing = subprocess.run([str(SERVER_BIN), "ssh-fingerprint", "--ssh-host-key", str(tmp_path / "none")], capture_output=True, text=True)
    assert missing.returncode != 0 and "no SSH host key" in missing.stderr and "ssh-keygen -t ed25519" in missing.stderr


def test_hosts_on_one_postgresql_present_one_host_key(host, tmp_path, postgres_cluster):
    from server_process import SERVER_BIN
    database = postgres_cluster.new_database()
    homes = ["--ssh-homes", str(tmp_path / "homes")]
    first, second = host(*homes, database=database), host(*homes, database=database)
    pages = [h.server.request("GET", "/")[2].decode() for h in (first, second)]
    shown = [re.search(r"(SHA256:[A-Za-z0-9+/=]+)", page).group(1) for page in pages]
    assert shown[0] == shown[1], shown
    assert not (tmp_path / "plume-ssh-host-key").exists(), "no key file is made per host"
    printed = subprocess.run([str(SERVER_BIN), "ssh-fingerprint", "--database", database], capture_output=True, text=True)
    assert printed.returncode == 0 and printed.stdout.startswith(shown[0] + " (ED25519) kept in the database"), printed
    # A client that learned the key from the first host connects to the second under strict checking.
    ada = keygen(tmp_path, "ada")
    assert first.run(ada, command=["true"]).returncode == 1
    second.known = first.known
    strict = subprocess.run(["ssh", *second.options(ada, strict="yes"), "ada@127.0.0.1", "true"], stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=20)
    assert strict.returncode == 1 and "runs no commands" in strict.stderr, strict


def test_games_on_this_host_are_not_one_address_to_the_http_caps(host, tmp_path):
    # Every hosted game reaches the API from loopback: with SSH on, loopback is not capped as one
    # address (the games' requests count against their players' own addresses instead).
    h = host("--max-connections-per-address", "2")
    held = []
    try:
        for _ in range(6):
            conn = socket.create_connection(("127.0.0.1", h.server.port), timeout=10)
            conn.sendall(b"GET /healthz HTTP/1.1\r\nHost: plume\r\n\r\n")
            held.append(conn)
        for conn in held:
            assert conn.recv(4096).startswith(b"HTTP/1.1 200"), "a loopback connection past the per-address cap was turned away"
    finally:
        for conn in held:
            conn.close()


def test_a_taken_ssh_port_stops_start_up_in_words(tmp_path, plume_bin):
    from server_process import SERVER_BIN
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run([str(SERVER_BIN), "serve", "--port", str(free_port()), "--database", str(tmp_path / "s.sqlite"),
                                 "--ssh-port", str(port), "--plume", plume_bin], capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert f"can't serve SSH on 127.0.0.1:{port}: another program is listening there" in result.stderr, result.stderr[-500:]


def test_a_player_holds_the_swarms_still_over_ssh(host, tmp_path):
    # The one client variable besides COLORTERM and NO_COLOR the game is given.
    h = host()
    ada = keygen(tmp_path, "ada")
    g = h.play(ada, "ada", extra=["-o", "SetEnv=PLUME_REDUCE_MOTION=1"])
    g.wait_for("Welcome to Plume, ada", timeout=30)
    g.wait_for_status("Motion is held still", what="the hosted game saying motion is held still")
    g.press("2")
    g.wait_for("‖ paused", what="the hosted Lab, paused")
    g.press("q")
    assert g.wait_exit(timeout=30) == 0


def test_a_players_settings_follow_them_to_the_next_game_and_ssh_can_pass_them(host, tmp_path):
    # The settings place keeps a change with the player on the server (and in config.toml in
    # their directory, which the server keeps with their saves); the next game on any host starts
    # with what the server keeps. PLUME_SCREEN_READER and PLUME_PALETTE pass from the client like
    # PLUME_REDUCE_MOTION.
    import sqlite3
    from test_accessibility_pty import wait_cursor_on
    h = host()
    ada = keygen(tmp_path, "ada")
    g = h.play(ada, "ada")
    g.wait_for("Welcome to Plume, ada", timeout=30)
    assert g.screen.cursor.hidden
    g.press(",")
    g.wait_for("◂ standard ▸", what="the settings place")
    g.press("enter")
    g.wait_for_status("Colours: deuteranopia.")

    def kept():
        with sqlite3.connect(h.server.database) as db:
            row = db.execute("SELECT s.palette FROM player_settings s JOIN players p ON p.id = s.player WHERE p.name = 'ada'").fetchone()
        return row[0] if row else None

    deadline = time.monotonic() + 15
    while kept() != "deuteranopia" and time.monotonic() < deadline:
        g.pump(0.1)
    assert kept() == "deuteranopia", "the server keeps the palette"
    g.press("escape", "q")
    assert g.wait_exit(timeout=30) == 0
    h.wait_no_children()
    # Changed on the server since (as another of the player's games would through the API): the
    # next game starts with the server's word over its config.toml.
    with sqlite3.connect(h.server.database) as db:
        db.execute("UPDATE player_settings SET palette = 'tritanopia'")
    again = h.play(ada, "ada", extra=["-o", "SetEnv=PLUME_SCREEN_READER=1"])
    again.wait_for("Today:", timeout=30)
    again.wait_for_status("Screen-reader mode", what="the hosted game in the screen-reader mode")
    wait_cursor_on(again, "▸ ", "the Studio's chosen row, over SSH")
    assert not again.screen.cursor.hidden
    assert b"38;5;218m" in again.raw, "tritanopia's accent (255,175,215), as the server keeps it"
    again.press("q")
    assert again.wait_exit(timeout=30) == 0
