#!/usr/bin/env python3
"""`make dist`: the release binaries, packaged for people without Swift, into dist/:

- plume_VERSION_ARCH.deb: the game, its manual, completions, and the desktop entry that makes
  plume:// links open it;
- plume-server_VERSION_ARCH.deb: the server, its manual and completions, a systemd unit (not
  enabled), a system user and state directory made on install (sysusers.d and tmpfiles.d, with
  useradd and install(1) where systemd is absent), /etc/plume/plume-server.toml as a conffile;
  `apt remove` keeps the data, `apt purge` removes it and the user;
- plume-VERSION-linux-MACHINE.tar.gz: both programs, manuals and completions under a prefix, with
  install.sh (default ~/.local) and uninstall.sh;
- SHA256SUMS.

    scripts/dist.py --bin BUILD/release --manuals MANUALS --checkouts BUILD/checkouts --out dist

The binaries are stripped here (the build keeps its symbols for benchmarks and crashes). Each
package depends on what dpkg-shlibdeps finds the binary needs; the Swift runtime is linked in.
Files carry the last commit's time (SOURCE_DATE_EPOCH), so a rebuild of a commit makes the same
archives. lintian then reads both packages and any error fails the build.
"""
import argparse
import gzip
import hashlib
import io
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tarfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
DEBIAN = PACKAGING / "debian"
MAINTAINER = os.environ.get("PLUME_MAINTAINER", "The Plume developers <plume@example.org>")

# The Swift packages linked into each program (Package.swift's products, followed), whose
# licences go into the packages' copyright files.
GAME_PACKAGES = ["swift-argument-parser", "GRDB.swift", "swift-crypto", "swift-asn1"]
SERVER_PACKAGES = GAME_PACKAGES + [
    "hummingbird", "hummingbird-websocket", "swift-websocket", "swift-mustache", "swift-nio", "swift-nio-extras",
    "swift-nio-ssl", "swift-nio-ssh", "swift-nio-http2", "swift-nio-transport-services", "swift-http-types",
    "swift-http-structured-headers", "swift-log", "swift-metrics", "swift-prometheus", "swift-service-lifecycle",
    "swift-service-context", "swift-distributed-tracing", "postgres-nio", "swift-collections", "swift-atomics",
    "swift-algorithms", "swift-numerics", "swift-async-algorithms", "swift-system", "swift-certificates", "compress-nio",
]
# What each program's resources are called in the build.
RESOURCES = {"plume": ["Plume_PlumeAssets.resources"],
             "plume-server": ["Plume_PlumeAssets.resources", "Plume_LeaderboardServer.resources"]}


def run(*args, **kwargs):
    return subprocess.run([str(a) for a in args], check=True, capture_output=True, text=True, **kwargs).stdout


def say(text):
    print(text, flush=True)


class Tree:
    """A staging directory: files written with fixed modes and the commit's time."""

    def __init__(self, root, epoch):
        self.root = pathlib.Path(root)
        self.epoch = epoch
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True)

    def path(self, relative):
        target = self.root / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        return target

    def write(self, relative, data, mode=0o644):
        target = self.path(relative)
        target.write_bytes(data if isinstance(data, bytes) else data.encode())
        target.chmod(mode)
        return target

    def copy(self, source, relative, mode=0o644):
        return self.write(relative, pathlib.Path(source).read_bytes(), mode)

    def copy_tree(self, source, relative):
        for file in sorted(pathlib.Path(source).rglob("*")):
            if file.is_file():
                self.copy(file, pathlib.Path(relative) / file.relative_to(source))

    def gzip(self, relative, data):
        buffer = io.BytesIO()
        with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9, mtime=self.epoch, filename="") as out:
            out.write(data if isinstance(data, bytes) else data.encode())
        return self.write(relative, buffer.getvalue())

    def finish(self):
        """Directories 0755; every time the commit's."""
        for path in sorted(self.root.rglob("*"), reverse=True):
            if path.is_dir() and not path.is_symlink():
                path.chmod(0o755)
            os.utime(path, (self.epoch, self.epoch), follow_symlinks=False)
        self.root.chmod(0o755)
        os.utime(self.root, (self.epoch, self.epoch))

    def files(self):
        """Regular files (not links), outside DEBIAN."""
        return sorted(p for p in self.root.rglob("*")
                      if p.is_file() and not p.is_symlink() and "DEBIAN" not in p.relative_to(self.root).parts)

    def installed_size_kib(self):
        """As dpkg-gencontrol counts it: each file's size in KiB rounded up, one per directory."""
        total = 0
        for path in self.root.rglob("*"):
            if "DEBIAN" in path.relative_to(self.root).parts:
                continue
            total += 1 if path.is_dir() else -(-path.lstat().st_size // 1024)
        return total


def strip(source, target):
    """dh_strip's way for an executable: no symbols, no .comment or .note sections."""
    run("strip", "--remove-section=.comment", "--remove-section=.note", "--strip-unneeded", "-o", target, source)
    os.chmod(target, 0o755)


def shlib_depends(binary, work):
    """dpkg-shlibdeps's Depends for a binary: the Debian packages of the libraries it loads."""
    (work / "debian").mkdir(parents=True, exist_ok=True)
    (work / "debian" / "control").write_text("Source: plume\n\nPackage: plume\nArchitecture: any\n")
    out = run("dpkg-shlibdeps", "-O", "-e" + str(binary), cwd=work)
    found = re.search(r"^shlibs:Depends=(.*)$", out, re.M)
    if not found:
        sys.exit(f"dpkg-shlibdeps found no dependencies for {binary}")
    return found.group(1).strip()


def completions(tree, binary, tool, layout):
    """bash, zsh and fish completions written by the program itself (bash's is sourced, not run:
    without the #! line it starts with)."""
    for shell, path in layout.items():
        script = run(binary, "--generate-completion-script", shell)
        if shell == "bash" and script.startswith("#!"):
            script = script.split("\n", 1)[1]
        tree.write(path.format(tool=tool), script)


def manual(page, section=None, epoch=None):
    """A man page from generate-manual, with each empty line (which groff warns of) as .sp, the
    vertical space it stood for; dated by the commit, not the day it was made (so that a rebuild
    makes the same bytes); in another section if asked (games are in 6)."""
    text = page.read_text()
    if epoch is not None:
        day = time.strftime("%B %-d, %Y", time.gmtime(epoch))
        text = re.sub(r"(?m)^\.Dd .*$", f".Dd {day}", text, count=1)
    text = re.sub(r"(?m)^[ \t]*$", ".sp", text.rstrip("\n")) + "\n"
    if section is not None:
        text, changed = re.subn(r"(?m)^(\.Dt\s+\S+\s+)1\b", lambda m: m.group(1) + str(section), text, count=1)
        if not changed:
            sys.exit(f"{page} has no .Dt line to move to section {section}")
    return text.encode()


def changelog(package, version, date):
    return (f"{package} ({version}) unstable; urgency=medium\n\n"
            f"  * Plume {version}.\n\n"
            f" -- {MAINTAINER}  {date}\n")


def copyright_text(packages, checkouts):
    """Plume's notice, then each linked package's licence and notice, read from its checkout."""
    parts = [(DEBIAN / "copyright.head").read_text().rstrip() + "\n"]
    swift = shutil.which(os.environ.get("SWIFT", "swift"))
    toolchain_license = pathlib.Path(swift or "/nonexistent").resolve().parent.parent / "share/swift/LICENSE.txt"
    parts.append("\nThe Swift runtime, the standard library and Foundation (from the Swift toolchain)\n"
                 "Copyright (c) Apple Inc. and the Swift project authors\n"
                 "License: Apache-2.0 with the Runtime Library Exception; the full text of the Apache\n"
                 "License 2.0 is in /usr/share/common-licenses/Apache-2.0. The exception reads:\n\n")
    if toolchain_license.exists():
        text = toolchain_license.read_text()
        exception = text[text.find("## Runtime Library Exception"):] if "## Runtime Library Exception" in text else ""
        parts.append(indent(exception.strip() or "(see the Swift project's LICENSE.txt)") + "\n")
    parts.append("\nICU (International Components for Unicode), in Foundation, with part of its data\n"
                 + indent((DEBIAN / "icu-license.txt").read_text().strip()) + "\n")
    for name in packages:
        checkout = checkouts / name
        licence = next((checkout / n for n in ("LICENSE.txt", "LICENSE", "LICENSE.md") if (checkout / n).exists()), None)
        if licence is None:
            sys.exit(f"no licence found in {checkout} (run a build first)")
        text = licence.read_text()
        parts.append(f"\n{name} (Swift package)\n")
        if "Apache License" in text and "Version 2.0" in text and len(text) > 9000:
            parts.append(indent("License: Apache-2.0; the full text is in /usr/share/common-licenses/Apache-2.0.") + "\n")
        else:
            parts.append(indent(text.strip()) + "\n")
        notice = checkout / "NOTICE.txt"
        if notice.exists():
            parts.append(indent("NOTICE:\n" + notice.read_text().strip()) + "\n")
    return "".join(parts)


def indent(text):
    return "\n".join(("  " + line) if line.strip() else " ." for line in text.splitlines())


def md5sums(tree):
    lines = [f"{hashlib.md5(p.read_bytes()).hexdigest()}  {p.relative_to(tree.root)}\n" for p in tree.files()]
    return "".join(lines)


def control(fields):
    out = []
    for key, value in fields:
        if key == "Description":
            first, *rest = value.strip().splitlines()
            out.append(f"Description: {first}")
            out.extend((" " + line) if line.strip() else " ." for line in rest)
        else:
            out.append(f"{key}: {value}")
    return "\n".join(out) + "\n"


COMPRESSION = ["-Zxz"]


def build_deb(tree, out):
    tree.finish()
    env = dict(os.environ, SOURCE_DATE_EPOCH=str(tree.epoch))
    run("dpkg-deb", "--root-owner-group", *COMPRESSION, "--build", tree.root, out, env=env)


def game_deb(args, version, arch, epoch, date, work):
    tree = Tree(work / "plume", epoch)
    # Debian puts games in /usr/games (policy 11.11), on every user's PATH; plume-server looks
    # there for the game it hosts over SSH when none is beside it.
    strip(args.bin / "plume", tree.path("usr/games/plume"))
    # …and /usr/bin/plume links to it, so that it is found on every PATH (root's, a service
    # manager's and a script's leave /usr/games out), as lintian's override there says.
    tree.path("usr/bin/plume").symlink_to("../games/plume")
    tree.copy(DEBIAN / "plume.lintian-overrides", "usr/share/lintian/overrides/plume")
    for bundle in RESOURCES["plume"]:
        tree.copy_tree(args.bin / bundle, f"usr/share/plume/{bundle}")
    tree.gzip("usr/share/man/man6/plume.6.gz", manual(args.manuals / "plume.1", section=6, epoch=epoch))
    completions(tree, args.bin / "plume", "plume", DEB_COMPLETIONS)
    tree.copy(DEBIAN / "plume.desktop", "usr/share/applications/plume.desktop")
    tree.write("usr/share/doc/plume/copyright", copyright_text(GAME_PACKAGES, args.checkouts))
    tree.gzip("usr/share/doc/plume/changelog.gz", changelog("plume", version, date))
    depends = shlib_depends(tree.root / "usr/games/plume", work / "shlibs-plume")
    tree.write("DEBIAN/control", control([
        ("Package", "plume"), ("Version", version), ("Architecture", arch), ("Maintainer", MAINTAINER),
        ("Installed-Size", str(tree.installed_size_kib())), ("Depends", depends),
        ("Suggests", "xdg-utils"), ("Section", "games"), ("Priority", "optional"),
        ("Description", (DEBIAN / "plume.description").read_text()),
    ]))
    tree.write("DEBIAN/md5sums", md5sums(tree))
    out = args.out / f"plume_{version}_{arch}.deb"
    build_deb(tree, out)
    return out, tree


def server_deb(args, version, arch, epoch, date, work):
    tree = Tree(work / "plume-server", epoch)
    strip(args.bin / "plume-server", tree.path("usr/bin/plume-server"))
    for bundle in RESOURCES["plume-server"]:
        tree.copy_tree(args.bin / bundle, f"usr/share/plume-server/{bundle}")
    tree.gzip("usr/share/man/man1/plume-server.1.gz", manual(args.manuals / "plume-server.1", epoch=epoch))
    completions(tree, args.bin / "plume-server", "plume-server", DEB_COMPLETIONS)
    tree.write("usr/lib/systemd/system/plume-server.service", packaged_unit())
    tree.copy(DEBIAN / "plume-server.sysusers", "usr/lib/sysusers.d/plume-server.conf")
    tree.copy(DEBIAN / "plume-server.tmpfiles", "usr/lib/tmpfiles.d/plume-server.conf")
    tree.copy(PACKAGING / "plume-server.toml", "etc/plume/plume-server.toml")
    tree.write("usr/share/doc/plume-server/copyright", copyright_text(SERVER_PACKAGES, args.checkouts))
    tree.gzip("usr/share/doc/plume-server/changelog.gz", changelog("plume-server", version, date))
    for script in ("postinst", "prerm", "postrm"):
        tree.copy(DEBIAN / f"plume-server.{script}", f"DEBIAN/{script}", mode=0o755)
    tree.write("DEBIAN/conffiles", "/etc/plume/plume-server.toml\n")
    depends = shlib_depends(tree.root / "usr/bin/plume-server", work / "shlibs-server")
    tree.write("DEBIAN/control", control([
        ("Package", "plume-server"), ("Version", version), ("Architecture", arch), ("Maintainer", MAINTAINER),
        ("Installed-Size", str(tree.installed_size_kib())), ("Depends", depends + ", passwd"),
        ("Recommends", f"plume (= {version})"), ("Suggests", "postgresql"),
        ("Section", "net"), ("Priority", "optional"),
        ("Description", (DEBIAN / "plume-server.description").read_text()),
    ]))
    tree.write("DEBIAN/md5sums", md5sums(tree))
    out = args.out / f"plume-server_{version}_{arch}.deb"
    build_deb(tree, out)
    return out, tree


def packaged_unit():
    """packaging/plume-server.service as the package installs it: /usr/bin, and the package's
    own system user (made on install) in place of a dynamic one."""
    text = (PACKAGING / "plume-server.service").read_text()
    body = text[text.index("[Unit]"):]
    if "ExecStart=/usr/local/bin/plume-server " not in body or "DynamicUser=yes\n" not in body:
        sys.exit("packaging/plume-server.service changed: scripts/dist.py rewrites its ExecStart= and DynamicUser=")
    body = body.replace("ExecStart=/usr/local/bin/plume-server ", "ExecStart=/usr/bin/plume-server ")
    body = body.replace("DynamicUser=yes\n", "User=plume-server\nGroup=plume-server\n")
    head = ("# plume-server under systemd, as the Debian package installs it: the system user plume-server\n"
            "# (made on install), the database in /var/lib/plume-server, the configuration in\n"
            "# /etc/plume/plume-server.toml, logs to the journal. Not enabled on install:\n"
            "#   systemctl enable --now plume-server\n")
    return head + body


DEB_COMPLETIONS = {"bash": "usr/share/bash-completion/completions/{tool}",
                   "zsh": "usr/share/zsh/vendor-completions/_{tool}",
                   "fish": "usr/share/fish/vendor_completions.d/{tool}.fish"}
TAR_COMPLETIONS = {"bash": "share/bash-completion/completions/{tool}",
                   "zsh": "share/zsh/site-functions/_{tool}",
                   "fish": "share/fish/vendor_completions.d/{tool}.fish"}


def tarball(args, version, epoch, work):
    machine = os.uname().machine
    name = f"plume-{version}-linux-{machine}"
    tree = Tree(work / name, epoch)
    for tool in ("plume", "plume-server"):
        strip(args.bin / tool, tree.path(f"bin/{tool}"))
        tree.gzip(f"share/man/man1/{tool}.1.gz", manual(args.manuals / f"{tool}.1", epoch=epoch))
        completions(tree, args.bin / tool, tool, TAR_COMPLETIONS)
    for bundle in sorted(set(RESOURCES["plume"] + RESOURCES["plume-server"])):
        tree.copy_tree(args.bin / bundle, f"share/plume/{bundle}")
    tree.write("share/doc/plume/copyright", copyright_text(SERVER_PACKAGES, args.checkouts))
    tree.copy(PACKAGING / "plume-server.toml", "share/doc/plume/plume-server.toml")
    tree.copy(PACKAGING / "plume-server.service", "share/doc/plume/plume-server.service")
    for script in ("install.sh", "uninstall.sh"):
        tree.copy(PACKAGING / "tarball" / script, script, mode=0o755)
    tree.write("README", (PACKAGING / "tarball" / "README").read_text().replace("@VERSION@", version))
    # The list install.sh installs from (and uninstall.sh removes): every file but the scripts.
    listed = [str(p.relative_to(tree.root)) for p in tree.files() if p.parent != tree.root]
    tree.write("FILES", "\n".join(listed) + "\n")
    tree.finish()
    out = args.out / f"{name}.tar.gz"

    def normal(info):
        info.uid = info.gid = 0
        info.uname = info.gname = "root"
        info.mtime = epoch
        return info

    with open(out, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", compresslevel=1 if COMPRESSION[0] == "-Zgzip" else 9,
                                               mtime=epoch, filename="") as zipped:
        with tarfile.open(fileobj=zipped, mode="w", format=tarfile.PAX_FORMAT) as tar:
            tar.add(tree.root, arcname=name, filter=normal, recursive=False)
            for path in sorted(tree.root.rglob("*")):
                tar.add(path, arcname=f"{name}/{path.relative_to(tree.root)}", filter=normal, recursive=False)
    return out, tree


def lintian(debs, debug_build=False):
    """lintian on both packages; an error fails. The tests' packages of a debug build (--fast)
    carry its RUNPATH to the toolchain's Swift runtime, which a release build links in: only
    that tag is left out for them."""
    if shutil.which("lintian") is None:
        sys.exit("lintian is missing (make dist installs it)")
    suppressed = ["--suppress-tags", "custom-library-search-path"] if debug_build else []
    result = subprocess.run(["lintian", "--fail-on", "error", "--display-info", *suppressed, *map(str, debs)], capture_output=True, text=True)
    lines = [line for line in result.stdout.splitlines() if re.match(r"^[EWIN]: ", line)]
    serious = [line for line in lines if line.startswith(("E:", "W:"))]
    notes = {}
    for line in lines:
        if line.startswith("I:"):
            tag = line.split()[2]
            notes[tag] = notes.get(tag, 0) + 1
    say(f"lintian: {sum(l.startswith('E:') for l in lines)} errors, {sum(l.startswith('W:') for l in lines)} warnings"
        + "".join(f"\n  {line}" for line in serious)
        + ("; notes (info): " + ", ".join(f"{tag} ×{count}" for tag, count in sorted(notes.items())) if notes else ""))
    if result.returncode != 0:
        sys.exit("lintian found errors in the packages:\n" + result.stdout[-3000:] + result.stderr[-3000:])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", type=pathlib.Path, required=True)
    parser.add_argument("--manuals", type=pathlib.Path, required=True)
    parser.add_argument("--out", type=pathlib.Path, required=True)
    parser.add_argument("--checkouts", type=pathlib.Path, required=True, help="the build's package checkouts (licences)")
    parser.add_argument("--fast", action="store_true", help="gzip at its fastest (the tests' packages of a debug build)")
    parser.add_argument("--stage", type=pathlib.Path, default=ROOT / ".build" / "dist-stage")
    args = parser.parse_args()
    if args.fast:
        COMPRESSION[:] = ["-Zgzip", "-z1"]
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*"):
        if old.is_file() and (old.suffix in (".deb", ".gz") or old.name == "SHA256SUMS"):
            old.unlink()
    # Made beside the stage and moved into --out only once lintian has passed them: a failed run
    # leaves no packages behind to be mistaken for good ones.
    final = args.out
    args.out = args.stage / "out"
    if args.out.exists():
        shutil.rmtree(args.out)
    args.out.mkdir(parents=True)
    version = run(args.bin / "plume", "--version").strip()
    server_version = run(args.bin / "plume-server", "--version").strip()
    if version != server_version or not re.fullmatch(r"[0-9][0-9A-Za-z.+~]*", version):
        sys.exit(f"the programs' versions are {version!r} and {server_version!r}: one Debian version is needed")
    arch = run("dpkg", "--print-architecture").strip()
    epoch = int(os.environ.get("SOURCE_DATE_EPOCH") or run("git", "-C", ROOT, "log", "-1", "--format=%ct").strip())
    date = run("date", "-R", "-u", "-d", f"@{epoch}").strip()
    work = args.stage
    made = [game_deb(args, version, arch, epoch, date, work), server_deb(args, version, arch, epoch, date, work),
            tarball(args, version, epoch, work)]
    sums = "".join(f"{hashlib.sha256(out.read_bytes()).hexdigest()}  {out.name}\n" for out, _ in made)
    (args.out / "SHA256SUMS").write_text(sums)
    for out, tree in made:
        binaries = [p for p in tree.files() if p.parent.name in ("bin", "games")]
        sizes = ", ".join(f"{p.name} {p.stat().st_size / 1e6:.1f} MB" for p in binaries)
        say(f"{out.name}: {out.stat().st_size / 1e6:.1f} MB, {tree.installed_size_kib() / 1024:.1f} MiB installed ({sizes})")
    say("SHA256SUMS: " + ", ".join(out.name for out, _ in made))
    lintian([made[0][0], made[1][0]], debug_build=args.fast)
    for path in [out for out, _ in made] + [args.out / "SHA256SUMS"]:
        shutil.move(str(path), str(final / path.name))
    shown = final.resolve().relative_to(ROOT) if final.resolve().is_relative_to(ROOT) else final
    say(f"in {shown}/: the packages, the tarball and SHA256SUMS")


if __name__ == "__main__":
    main()
