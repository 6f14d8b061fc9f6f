#!/usr/bin/env python3
"""`make dist-check`: the packages `make dist` made, proved where no Swift exists.

Two clean Debian roots of this machine's release, made by mmdebstrap (minbase: only what is
essential, and apt) from Debian's package registry as this machine's apt reaches it:

1. the packages: `apt install ./plume_….deb` and `./plume-server_….deb`; then, as a new user,
   `plume --version`, `plume link decode` of a look link, the game in a pty (the Studio opens, a
   look goes to the local board, the game quits and leaves the terminal as it found it), `plume
   card --plain` of that board; the desktop's view of plume:// links; the server's user, state
   directory, conffile and unit (not enabled), then the server run as the unit runs it, as its
   user (systemd does not run in a root), /healthz, a look from the game; a reinstall keeps the
   operator's config; `apt remove` keeps the data, `apt purge` removes it and the user;
2. the tarball: install.sh as a new user says which libraries are missing and installs nothing;
   with them, it installs under ~/.local; the same checks; uninstall.sh removes what it installed;
   then the server's package where systemd is absent (the first root has systemd installed, not
   running, so both ways of making the user are proved).

Every step is printed with its time, and the packages' sizes at the end. Needs root (chroot,
mounts) and mmdebstrap.

    scripts/dist-check.py dist
"""
import hashlib
import json
import os
import pathlib
import re
import shlex
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "Tests" / "E2E"))
from pty_game import Game  # noqa: E402
from server_process import free_port  # noqa: E402

LOOK = "plume://look/1EQECAwIBCwAkAnOD"
PLAYER = "player"
# A name the plain card spells in ASCII through ICU's transliterators ("Any-Latin; Latin-ASCII").
NAME, NAME_IN_ASCII = "Zoe 李小龙", "Zoe li xiao long"
STARTED = time.monotonic()


def say(text):
    print(f"[{time.monotonic() - STARTED:6.1f}s] {text}", flush=True)


def fail(text):
    print(f"dist-check FAILED: {text}", flush=True)
    sys.exit(1)


def check(condition, text):
    if not condition:
        fail(text)


def run(*args, check_status=True, timeout=600, **kwargs):
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=timeout, **kwargs)
    if check_status and result.returncode != 0:
        fail(f"{shlex.join(map(str, args))} exited {result.returncode}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}")
    return result


def mounts_under(path):
    """Mount points at or below `path`, deepest first (from /proc/self/mountinfo)."""
    base = str(path)
    points = []
    for line in pathlib.Path("/proc/self/mountinfo").read_text().splitlines():
        point = line.split()[4].encode().decode("unicode_escape")
        if point == base or point.startswith(base + "/"):
            points.append(point)
    return sorted(points, key=len, reverse=True)


class DebianRoot:
    """A minimal Debian root, with /proc mounted while in use."""

    def __init__(self, path, name):
        self.path = pathlib.Path(path)
        self.name = name

    def make(self):
        release = dict(line.split("=", 1) for line in pathlib.Path("/etc/os-release").read_text().splitlines() if "=" in line)
        suite = release.get("VERSION_CODENAME", "").strip('"')
        check(suite, "this machine's Debian release has no codename in /etc/os-release")
        sources = [p for p in sorted(pathlib.Path("/etc/apt/sources.list.d").glob("*.sources"))] + \
                  [p for p in [pathlib.Path("/etc/apt/sources.list")] if p.exists() and p.read_text().strip()]
        debian = [p for p in sources if "debian" in p.read_text()]
        check(debian, "no Debian sources in /etc/apt: mmdebstrap needs the package registry this machine uses")
        say(f"{self.name}: mmdebstrap --variant=minbase {suite} (from {', '.join(map(str, debian))})")
        # Stopped with SIGTERM if it takes too long, so that it unmounts what it mounted.
        making = subprocess.Popen(["mmdebstrap", "--quiet", "--variant=minbase", "--aptopt=Acquire::Check-Valid-Until \"false\"",
                                   "--aptopt=Acquire::Check-Date \"false\"", suite, str(self.path), *map(str, debian)],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            output, _ = making.communicate(timeout=900)
        except subprocess.TimeoutExpired:
            making.terminate()
            try:
                making.communicate(timeout=120)
            except subprocess.TimeoutExpired:
                making.kill()
            fail(f"{self.name}: mmdebstrap did not finish in 15 minutes")
        check(making.returncode == 0, f"{self.name}: mmdebstrap exited {making.returncode}:\n{output[-3000:]}")
        check(not (self.path / "usr/bin/swift").exists() and not list(self.path.glob("usr/lib/swift*")), "the root has Swift in it")
        size = run("du", "-sh", "-x", self.path).stdout.split()[0]
        run("mount", "-t", "proc", "proc", self.path / "proc")
        run("chroot", self.path, "useradd", "--create-home", "--shell", "/bin/bash", PLAYER)
        say(f"{self.name}: {size}, no Swift; the new user {PLAYER}")

    def close(self):
        """Unmounts whatever is mounted in the root (ours, or mmdebstrap's if it was stopped),
        deepest first; removes the root only once nothing is, and never across a file system."""
        for point in mounts_under(self.path):
            subprocess.run(["umount", "-l", point], capture_output=True)
        if mounts_under(self.path):
            print(f"dist-check: {self.path} still has mounts ({', '.join(mounts_under(self.path))}); left in place", flush=True)
            return
        subprocess.run(["rm", "-rf", "--one-file-system", str(self.path)], capture_output=True)

    def as_root(self, *args, **kwargs):
        return run("chroot", self.path, "env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND=noninteractive",
                   "LANG=C.UTF-8", *args, **kwargs)

    def user_env(self, user=PLAYER, extra=()):
        home = f"/home/{user}"
        return ["env", "-i", f"HOME={home}", f"USER={user}", f"LOGNAME={user}", f"PATH={home}/.local/bin:/usr/local/bin:/usr/bin:/bin:/usr/games",
                "LANG=C.UTF-8", "LC_ALL=C.UTF-8", "TERM=xterm-256color", *extra]

    def as_user(self, *args, user=PLAYER, extra=(), cwd=None, **kwargs):
        inner = shlex.join(map(str, args))
        if cwd:
            inner = f"cd {shlex.quote(cwd)} && {inner}"
        return run("chroot", f"--userspec={user}:{user}", self.path, *self.user_env(user, extra), "sh", "-c", inner, **kwargs)

    def apt(self, *args):
        return self.as_root("apt-get", "-y", "-q", "-o", "Acquire::Check-Valid-Until=false", *args)

    def exists(self, path):
        return (self.path / path.lstrip("/")).exists()

    def copy_in(self, source, target, owner=None):
        data = pathlib.Path(source).read_bytes()
        destination = self.path / target.lstrip("/")
        destination.parent.mkdir(parents=True, exist_ok=True)
        destination.write_bytes(data)
        if owner:
            self.as_root("chown", f"{owner}:{owner}", target)
        return target


def play(root, plume, label, server=None):
    """The game in a pty as the new user, 80×24: the Studio opens, a look is sent (registering on
    the board first), and the game quits leaving the terminal's settings as they were."""
    extra = [f"PLUME_SERVER={server}"] if server else []
    script = f"stty -g > /tmp/stty-before; {shlex.quote(plume)}; status=$?; stty -g > /tmp/stty-after; exit $status"
    with tempfile.TemporaryDirectory() as host_side:
        game = Game("chroot", pathlib.Path(host_side) / "data", width=80, height=24,
                    args=[f"--userspec={PLAYER}:{PLAYER}", str(root.path), *root.user_env(extra=extra), "sh", "-c", script])
        try:
            game.wait_for("Score ", timeout=30, what="the Studio")
            say(f"{label}: the Studio opened at 80×24")
            game.press("b")
            board = "127.0.0.1" if server else "Local board"
            game.wait_for(f"Register on {board}", timeout=30, what="the register dialog")
            game.child.send(NAME)
            game.press("enter")
            answer = game.wait_for_status(lambda said: re.search(r"scored \d+, rank \d+", said), timeout=60,
                                          what="the look's score")
            say(f"{label}: registered as {NAME}; the look sent: {answer.strip()[:90]}")
            game.press("q")
            status = game.wait_exit(timeout=20)
        finally:
            game.close()
    check(status == 0, f"{label}: plume exited {status}")
    after_quit = bytes(game.raw)[-400:]
    check(b"\x1b[?1049l" in after_quit and b"\x1b[?25h" in after_quit,
          f"{label}: plume did not leave the alternate screen and show the cursor on quitting: {after_quit!r}")
    before = (root.path / "tmp/stty-before").read_text()
    after = (root.path / "tmp/stty-after").read_text()
    check(before == after, f"{label}: the terminal's settings changed: {before.strip()} → {after.strip()}")
    say(f"{label}: quit with status 0; the terminal's settings as before (stty -g), the cursor shown, the screen restored")


def player_checks(root, plume, version, label):
    """What a new player runs first."""
    shown = root.as_user(plume, "--version").stdout.strip()
    check(shown == version, f"{label}: plume --version says {shown!r}, the package is {version}")
    say(f"{label}: plume --version → {shown}")
    decoded = json.loads(root.as_user(plume, "link", "decode", LOOK).stdout)
    check(decoded["link"] == LOOK and decoded["kind"] == "look", f"{label}: link decode gave {decoded}")
    say(f"{label}: plume link decode {LOOK} → a look on model {decoded['model']} with {len(decoded['garments'])} garments")
    play(root, plume, label)
    card = root.as_user(plume, "card", "--plain")
    lines = card.stdout.strip().splitlines()
    check(card.stdout.isascii(), f"{label}: plume card --plain is not plain ASCII: {card.stdout!r}")
    check(lines and lines[0].startswith(f"{NAME_IN_ASCII}'s Plume - ") and re.search(r"rank 1 of 1", card.stdout),
          f"{label}: plume card --plain printed {card.stdout!r}")
    say(f"{label}: plume card --plain ({card.stderr.strip()}):\n    " + "\n    ".join(lines))


def serve(root, command, label, user, cwd):
    """The server started as `command` runs it, as `user`; /healthz answers; the game sends it a
    look; SIGTERM stops it cleanly."""
    port = free_port()
    log = root.path / "tmp" / f"server-{user}.log"
    inner = f"cd {shlex.quote(cwd)} && exec {command} --port {port}"
    server = subprocess.Popen(["chroot", f"--userspec={user}:{user}", str(root.path), *root.user_env(user), "sh", "-c", inner],
                              stdout=subprocess.DEVNULL, stderr=open(log, "wb"))
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as reply:
                    body = reply.read().decode()
                    check(reply.status == 200, f"{label}: /healthz answered {reply.status}")
                    break
            except OSError:
                check(server.poll() is None, f"{label}: the server exited {server.returncode}:\n{log.read_text()[-3000:]}")
                check(time.monotonic() < deadline, f"{label}: the server did not answer /healthz in 60 s")
                time.sleep(0.2)
        say(f"{label}: `{command}` as {user} answers /healthz on port {port}: {body.strip()[:80]}")
        play(root, "plume" if label.startswith("packages") else f"/home/{PLAYER}/.local/bin/plume", label + " against it",
             server=f"http://127.0.0.1:{port}")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/boards", timeout=10) as reply:
            days = sorted(set(re.findall(r'"(style-\d{4}-\d{2}-\d{2})"', reply.read().decode())))
        check(days, f"{label}: the server lists no day's style board")
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/boards/{days[-1]}/top", timeout=10) as reply:
            top = reply.read().decode()
        check(NAME in json.dumps(json.loads(top), ensure_ascii=False), f"{label}: {NAME}'s look is not on {days[-1]}'s top: {top[:500]}")
        say(f"{label}: {NAME}'s look is on the top of {days[-1]}")
    finally:
        server.terminate()
        try:
            status = server.wait(timeout=40)
        except subprocess.TimeoutExpired:
            server.kill()
            fail(f"{label}: the server did not stop within 40 s of SIGTERM")
    check(status == 0, f"{label}: the server exited {status} on SIGTERM:\n{log.read_text()[-2000:]}")
    say(f"{label}: SIGTERM stopped it with status 0")
    return port


def server_user_checks(root, label):
    """The package's system user and its state directory, as installed."""
    user = root.as_root("getent", "passwd", "plume-server", check_status=False).stdout.strip()
    check(user and user.split(":")[5] == "/var/lib/plume-server", f"{label}: the system user is {user!r}")
    check(int(user.split(":")[2]) < 1000 and user.split(":")[6] == "/usr/sbin/nologin", f"{label}: plume-server is not a system user: {user}")
    check(root.as_root("getent", "group", "plume-server", check_status=False).returncode == 0, f"{label}: no group plume-server")
    state = root.as_root("stat", "-c", "%U:%G %a", "/var/lib/plume-server").stdout.strip()
    check(state == "plume-server:plume-server 700", f"{label}: /var/lib/plume-server is {state}")
    return user


def work_area(root):
    area = root.path.parent / f"{root.name}-work"
    area.mkdir(exist_ok=True)
    return area


def installed_bytes(root, package):
    files = root.as_root("dpkg", "-L", package).stdout.splitlines()
    return sum((root.path / f.lstrip("/")).stat().st_size for f in files
               if (root.path / f.lstrip("/")).is_file() and not (root.path / f.lstrip("/")).is_symlink())


def check_packages(dist, work, version, sizes):
    root = DebianRoot(work / "root-packages", "packages")
    try:
        root.make()
        debs = {name: next(dist.glob(f"{name}_{version}_*.deb")) for name in ("plume", "plume-server")}
        for name, deb in debs.items():
            root.copy_in(deb, f"/tmp/dist/{deb.name}")
        root.apt("update")
        installed = root.apt("install", f"/tmp/dist/{debs['plume'].name}")
        pulled = re.findall(r"^Setting up (\S+)", installed.stdout, re.M)
        say(f"packages: apt install ./{debs['plume'].name}: {len(pulled)} packages set up ({', '.join(sorted(p.split(' ')[0] for p in pulled))})")
        check(root.exists("/usr/games/plume") and root.exists("/usr/share/man/man6/plume.6.gz")
              and root.exists("/usr/share/bash-completion/completions/plume") and root.exists("/usr/share/zsh/vendor-completions/_plume")
              and root.exists("/usr/share/fish/vendor_completions.d/plume.fish"), "packages: plume's files are not all installed")
        rooted = root.as_root("plume", "--version").stdout.strip()
        check(rooted == version, f"packages: plume on root's PATH says {rooted!r}")
        player_checks(root, "plume", version, "packages")
        # The desktop's view: with desktop-file-utils, the scheme's handler is plume.desktop.
        root.apt("install", "--no-install-recommends", "desktop-file-utils")
        cache = (root.path / "usr/share/applications/mimeinfo.cache").read_text()
        check("x-scheme-handler/plume=plume.desktop;" in cache, f"packages: mimeinfo.cache does not name plume.desktop:\n{cache}")
        root.as_root("desktop-file-validate", "/usr/share/applications/plume.desktop")
        say("packages: plume.desktop validates, and the desktop database sends x-scheme-handler/plume to it")

        # With systemd in the root (not running: a root has no init), the package makes its user
        # and directory with systemd-sysusers and systemd-tmpfiles; the tarball's root, without
        # systemd, proves the useradd way.
        root.apt("install", "--no-install-recommends", "systemd")
        installed = root.apt("install", f"/tmp/dist/{debs['plume-server'].name}")
        user = server_user_checks(root, "packages")
        say("packages: with systemd in the root, the package's postinst made them with systemd-sysusers and systemd-tmpfiles")
        state = root.as_root("stat", "-c", "%U:%G %a", "/var/lib/plume-server").stdout.strip()
        conffiles = root.as_root("dpkg-query", "-W", "-f=${Conffiles}", "plume-server").stdout
        check("/etc/plume/plume-server.toml" in conffiles, f"packages: the config file is not a conffile: {conffiles!r}")
        unit = "/usr/lib/systemd/system/plume-server.service"
        check(root.exists(unit), "packages: the unit is missing")
        check(not list((root.path / "etc/systemd/system").rglob("plume-server.service")), "packages: the unit was enabled on install")
        effective = root.as_root("plume-server", "config", "--config", "/etc/plume/plume-server.toml").stdout
        hosted = re.search(r'^plume = "([^"]+)"', effective, re.M)
        check(hosted and hosted.group(1) in ("/usr/bin/plume", "/usr/games/plume"),
              f"packages: the server would not host the installed game:\n{effective}")
        say(f"packages: apt install ./{debs['plume-server'].name}: the user ({user}), /var/lib/plume-server ({state}), "
            f"/etc/plume/plume-server.toml a conffile, the unit installed and not enabled, {hosted.group(1)} the game it hosts")
        # systemd does not run in the root: this machine's systemd reads the installed unit, its
        # ExecStart= pointed at the root's binary.
        copy = work_area(root) / "plume-server.service"
        copy.write_text((root.path / unit.lstrip("/")).read_text().replace("ExecStart=/usr/bin/plume-server ",
                                                                          f"ExecStart={root.path}/usr/bin/plume-server "))
        verify = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], capture_output=True, text=True, timeout=120)
        check(verify.returncode == 0 and not (verify.stdout + verify.stderr).strip(),
              f"packages: systemd-analyze verify of the installed unit: {verify.stdout}{verify.stderr}")
        say("packages: systemd-analyze verify finds nothing to say of the installed unit")
        exec_start = next(line.split("=", 1)[1] for line in (root.path / unit.lstrip("/")).read_text().splitlines()
                          if line.startswith("ExecStart="))
        unit_text = (root.path / unit.lstrip("/")).read_text()
        work_dir = re.search(r"^WorkingDirectory=(.*)$", unit_text, re.M).group(1)
        unit_user = re.search(r"^User=(.*)$", unit_text, re.M).group(1)
        serve(root, exec_start, "packages: the server", unit_user, work_dir)
        check(root.exists("/var/lib/plume-server/plume-scores.sqlite"), "packages: the server kept no database in its state directory")
        # The operator's changes to the conffile survive the package being installed again.
        config = root.path / "etc/plume/plume-server.toml"
        config.write_text(config.read_text() + "\n# the operator's own line\n")
        root.apt("install", "--reinstall", f"/tmp/dist/{debs['plume-server'].name}")
        check("# the operator's own line" in config.read_text(), "packages: reinstalling replaced the operator's config file")
        check(root.exists("/var/lib/plume-server/plume-scores.sqlite"), "packages: reinstalling lost the database")
        say("packages: apt install --reinstall keeps the operator's changes to the config file, and the database")
        sizes["plume"] = installed_bytes(root, "plume")
        sizes["plume-server"] = installed_bytes(root, "plume-server")

        root.apt("remove", "plume-server")
        check(root.exists("/var/lib/plume-server/plume-scores.sqlite") and root.exists("/etc/plume/plume-server.toml"),
              "packages: apt remove took the data or the configuration")
        check(root.as_root("getent", "passwd", "plume-server", check_status=False).returncode == 0, "packages: apt remove took the user")
        check(not root.exists("/usr/bin/plume-server"), "packages: apt remove left the binary")
        say("packages: apt remove plume-server: the binary gone; the data, the configuration and the user kept")
        root.apt("purge", "plume-server")
        check(not root.exists("/var/lib/plume-server"), "packages: apt purge left /var/lib/plume-server")
        check(not root.exists("/etc/plume/plume-server.toml"), "packages: apt purge left the conffile")
        check(root.as_root("getent", "passwd", "plume-server", check_status=False).returncode != 0, "packages: apt purge left the user")
        check(root.as_root("getent", "group", "plume-server", check_status=False).returncode != 0, "packages: apt purge left the group")
        say("packages: apt purge plume-server: the data, the configuration, the user and the group gone")
        root.apt("purge", "plume")
        left = [p for p in ("/usr/games/plume", "/usr/bin/plume", "/usr/share/plume", "/usr/share/applications/plume.desktop")
                if root.exists(p) or (root.path / p.lstrip("/")).is_symlink()]
        check(not left, f"packages: apt purge plume left {left}")
        say("packages: apt purge plume: nothing of it left")
    finally:
        root.close()


def check_tarball(dist, work, version):
    root = DebianRoot(work / "root-tarball", "tarball")
    try:
        root.make()
        tarball = next(dist.glob(f"plume-{version}-linux-*.tar.gz"))
        home = f"/home/{PLAYER}"
        root.copy_in(tarball, f"{home}/{tarball.name}", owner=PLAYER)
        root.as_user("tar", "xzf", tarball.name, cwd=home)
        folder = f"{home}/{tarball.name.removesuffix('.tar.gz')}"
        refused = root.as_user("./install.sh", cwd=folder, check_status=False)
        check(refused.returncode == 1 and "Nothing was installed" in refused.stderr, f"tarball: install.sh without the libraries: {refused.stderr}")
        check(not root.exists(f"{home}/.local"), "tarball: install.sh refused but left ~/.local")
        wanted = re.search(r"Debian, Ubuntu: sudo apt install (.*)$", refused.stderr, re.M)
        check(wanted, f"tarball: install.sh named no Debian packages: {refused.stderr}")
        say("tarball: install.sh without the libraries installs nothing and says: " + " / ".join(refused.stderr.strip().splitlines()[:2]))
        root.apt("update")
        root.apt("install", "--no-install-recommends", *wanted.group(1).split())
        say(f"tarball: apt install {wanted.group(1)} (as install.sh said)")
        installed = root.as_user("./install.sh", cwd=folder)
        say("tarball: " + installed.stdout.strip().splitlines()[0])
        files = (root.path / folder.lstrip("/") / "FILES").read_text().split()
        check(all(root.exists(f"{home}/.local/{f}") for f in files), "tarball: install.sh left files out")
        plume = f"{home}/.local/bin/plume"
        player_checks(root, plume, version, "tarball")
        serve(root, f"{home}/.local/bin/plume-server serve --database {home}/scores.sqlite", "tarball: the server", PLAYER, home)
        removed = root.as_user(f"{home}/.local/share/plume/uninstall.sh")
        say("tarball: " + removed.stdout.strip())
        left = [f for f in files + ["share/plume/uninstall.sh", "share/plume/install-manifest.txt", "bin"]
                if root.exists(f"{home}/.local/{f}")]
        check(not left, f"tarball: uninstall.sh left {left}")
        remaining = sorted(str(p.relative_to(root.path / home.lstrip("/") / ".local"))
                           for p in (root.path / home.lstrip("/") / ".local").rglob("*") if p.is_file()) \
            if root.exists(f"{home}/.local") else []
        check(all(r.startswith("share/plume/") and "resources" not in r for r in remaining),
              f"tarball: after uninstall.sh, ~/.local holds {remaining}")
        say(f"tarball: uninstall.sh left none of its {len(files) + 2} files; ~/.local keeps only the game's own saves "
            f"({', '.join(remaining) or 'none'})")
        # The server's package where systemd is absent: its postinst makes the user with useradd.
        deb = next(dist.glob(f"plume-server_{version}_*.deb"))
        root.copy_in(deb, f"/tmp/dist/{deb.name}")
        check(not root.exists("/usr/bin/systemd-sysusers"), "tarball: the root has systemd")
        root.apt("install", f"/tmp/dist/{deb.name}")
        user = server_user_checks(root, "without systemd")
        root.apt("purge", "plume-server")
        check(root.as_root("getent", "passwd", "plume-server", check_status=False).returncode != 0
              and not root.exists("/var/lib/plume-server"), "without systemd: apt purge left the user or the data")
        say(f"without systemd: apt install ./{deb.name} made the user with useradd ({user}) and the directory; apt purge removed both")
    finally:
        root.close()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: scripts/dist-check.py DIST_DIRECTORY")
    if os.geteuid() != 0:
        sys.exit("dist-check makes Debian roots and mounts /proc in them: run it as root")
    dist = pathlib.Path(sys.argv[1]).resolve()
    sums = dist / "SHA256SUMS"
    check(sums.exists(), f"{sums} is missing: run make dist")
    for line in sums.read_text().splitlines():
        digest, name = line.split(None, 1)
        check(hashlib.sha256((dist / name).read_bytes()).hexdigest() == digest, f"{name} does not match SHA256SUMS")
    names = [line.split(None, 1)[1] for line in sums.read_text().splitlines()]
    version = re.match(r"plume_(.+)_[^_]+\.deb$", next(n for n in names if n.startswith("plume_"))).group(1)
    say(f"SHA256SUMS matches {', '.join(names)} (version {version})")
    sizes = {}
    work = pathlib.Path(tempfile.mkdtemp(prefix="plume-dist-check-"))
    try:
        check_packages(dist, work, version, sizes)
        check_tarball(dist, work, version)
    finally:
        # The roots remove themselves once unmounted; what is left is removed only if nothing
        # under it is still mounted.
        if mounts_under(work):
            print(f"dist-check: {work} still has mounts; left in place", flush=True)
        else:
            subprocess.run(["rm", "-rf", "--one-file-system", str(work)], capture_output=True)
    print()
    for name in names:
        print(f"  {name}: {(dist / name).stat().st_size / 1e6:.1f} MB")
    for package, size in sizes.items():
        print(f"  {package} installed: {size / 1e6:.1f} MB")
    say("dist-check passed")


if __name__ == "__main__":
    main()
