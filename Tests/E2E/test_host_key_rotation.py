"""Changing the SSH host key without surprising anyone: `plume-server ssh-key announce` makes the
next key, which every host's home page shows with a known_hosts line; a player who adds it keeps
connecting under strict checking after `plume-server ssh-key rotate`, which every running host
follows within `ssh-key-check` seconds (30 unless set). On PostgreSQL the keys are in the database; on SQLite, files."""
import re
import subprocess
import time

from server_process import SERVER_BIN
from test_ssh import host, keygen  # noqa: F401 (the fixture)


def operator(*args):
    return subprocess.run([str(SERVER_BIN), *args], capture_output=True, text=True, timeout=60)


def presented(host, key):
    """The fingerprint the host presents now, as the real client reports it (a fresh known_hosts)."""
    scan = subprocess.run(["ssh-keyscan", "-t", "ed25519", "-p", str(host.ssh_port), "127.0.0.1"], capture_output=True, text=True, timeout=20)
    line = next(l for l in scan.stdout.splitlines() if "ssh-ed25519" in l)
    printed = subprocess.run(["ssh-keygen", "-l", "-f", "-"], input=line, capture_output=True, text=True)
    return printed.stdout.split()[1]


def strict_run(host, key, known):
    """One connection under strict checking, knowing only what `known` holds."""
    kept, host.known = host.known, known
    try:
        options = host.options(key, strict="yes")
    finally:
        host.known = kept
    return subprocess.run(["ssh", *options, "ada@127.0.0.1", "true"], stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=20)


def test_hosts_on_one_postgresql_announce_then_rotate_their_key(host, tmp_path, postgres_cluster):
    database = postgres_cluster.new_database()
    # Hosts read their keys every second here (30 unless set), so the rotation reaches them soon.
    homes = ["--ssh-homes", str(tmp_path / "homes"), "--ssh-key-check", "1"]
    first, second = host(*homes, database=database), host(*homes, database=database)
    ada = keygen(tmp_path, "ada")
    old = operator("ssh-fingerprint", "--database", database)
    assert old.returncode == 0 and "next:" not in old.stdout, old
    old_fingerprint = old.stdout.split()[0]
    announced = operator("ssh-key", "announce", "--database", database)
    assert announced.returncode == 0, announced
    next_fingerprint = re.search(r"next: (SHA256:\S+)", announced.stdout).group(1)
    assert next_fingerprint != old_fingerprint
    again = operator("ssh-key", "announce", "--database", database)
    assert next_fingerprint in again.stdout and "announced already" in again.stdout, again
    # Every host's page shows both, with the known_hosts lines, within the reload time.
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline:
        pages = [h.server.request("GET", "/")[2].decode() for h in (first, second)]
        if all(next_fingerprint in page for page in pages):
            break
        time.sleep(1)
    assert all(old_fingerprint in page and next_fingerprint in page for page in pages), "both keys on every host's page"
    lines = [re.sub(r"<[^>]+>", "", line) for line in re.findall(r"<code>(\[[^<]+\]:\d+ ssh-ed25519 [^<]+)</code>", pages[0])]
    assert len(lines) == 2, lines
    # A player who adds both lines (under the address they use) connects before and after.
    known = tmp_path / "strict_known_hosts"
    alias = "plume-under-test"
    known.write_text("".join(alias + " " + line.split(" ", 1)[1] + "\n" for line in lines))
    assert "runs no commands" in strict_run(first, ada, known).stderr
    assert presented(first, ada) == old_fingerprint
    rotated = operator("ssh-key", "rotate", "--database", database)
    assert rotated.returncode == 0 and rotated.stdout.startswith(next_fingerprint), rotated
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline and {presented(h, ada) for h in (first, second)} != {next_fingerprint}:
        time.sleep(1)
    assert {presented(h, ada) for h in (first, second)} == {next_fingerprint}, "every host presents the new key"
    for h in (first, second):
        assert "runs no commands" in strict_run(h, ada, known).stderr, "no warning for a player who added the line"
    # A player who did not is warned by their own client, as they should be.
    only_old = tmp_path / "old_known_hosts"
    only_old.write_text(alias + " " + lines[0].split(" ", 1)[1] + "\n")
    warned = strict_run(first, ada, only_old)
    assert warned.returncode == 255 and "IDENTIFICATION HAS CHANGED" in warned.stderr
    nothing = operator("ssh-key", "rotate", "--database", database)
    assert nothing.returncode != 0 and "announce" in nothing.stderr, nothing


def test_a_key_file_is_announced_and_rotated_beside_it(host, tmp_path):
    h = host()
    path = h.tmp / "plume-ssh-host-key"
    before = operator("ssh-fingerprint", "--database", h.server.database)
    assert before.returncode == 0, before
    announced = operator("ssh-key", "announce", "--database", h.server.database)
    assert announced.returncode == 0 and (h.tmp / "plume-ssh-host-key.next").exists(), announced
    assert oct((h.tmp / "plume-ssh-host-key.next").stat().st_mode & 0o777) == "0o600"
    rotated = operator("ssh-key", "rotate", "--database", h.server.database)
    assert rotated.returncode == 0, rotated
    assert not (h.tmp / "plume-ssh-host-key.next").exists() and (h.tmp / "plume-ssh-host-key.previous").exists()
    keygen_view = subprocess.run(["ssh-keygen", "-l", "-f", str(path)], capture_output=True, text=True)
    assert keygen_view.stdout.split()[1] == rotated.stdout.split()[0]
    assert before.stdout.split()[0] != rotated.stdout.split()[0]
