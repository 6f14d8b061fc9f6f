"""`make dist`'s scripts on the build under test: scripts/icu-data.py's smaller ICU data package
(read back by ICU's own icupkg), and scripts/dist.py's two Debian packages and tarball made from
the debug binaries (gzip at its fastest, where `make dist` uses xz on release builds): what each
package holds and declares, lintian's verdict, and the tarball's install.sh and uninstall.sh in
a temporary prefix. `make dist-check` proves the release packages in clean Debian roots; it runs
outside `make test` (it needs release builds and a Debian mirror)."""
import hashlib
import json
import os
import pathlib
import re
import shutil
import subprocess
import tarfile

import pytest

from server_process import ROOT, SERVER_BIN

TEST_BIN = SERVER_BIN.parent
LOOK = "plume://look/1EQECAwIBCwAkAnOD"


def test_the_icu_data_keeps_what_foundation_reads_and_icu_reads_it_back(tmp_path):
    listed = subprocess.run(["python3", str(ROOT / "scripts" / "icu-data.py"), str(tmp_path), "--list"],
                            capture_output=True, text=True, timeout=300)
    assert listed.returncode == 0, listed.stderr
    kept = {line.split()[1].split("/", 1)[1]: int(line.split()[0]) for line in listed.stdout.splitlines()[:-1]}
    for needed in ("root.res", "en.res", "en_US_POSIX.res", "zoneinfo64.res", "timezoneTypes.res", "metaZones.res",
                   "supplementalData.res", "likelySubtags.res", "plurals.res", "numberingSystems.res", "nfkc.nrm",
                   "coll/ucadata.icu", "coll/root.res", "brkitr/word.brk", "brkitr/root.res", "zone/en.res", "curr/pool.res",
                   "curr/supplementalData.res", "translit/root.res"):
        assert needed in kept, f"{needed} was left out"
    assert not [name for name in kept if name.endswith((".cnv", ".dict")) or name.startswith("rbnf/")]
    assert not [name for name in kept if re.search(r"(^|/)(de|fr|ja|zh)(_[A-Za-z]+)?\.res$", name)], "other locales were kept"
    package = (tmp_path / "icu.dat").read_bytes()
    assert 2_000_000 < len(package) < 8_000_000, len(package)
    symbol = (tmp_path / "icu_symbol.h").read_text()
    assert re.search(r"#define ICU_DATA_SYMBOL icudt\d+_dat", symbol), symbol
    # The header the build follows names the data's digest, so new data rebuilds the object.
    assert hashlib.sha256(package).hexdigest() in symbol
    # ICU's own package tool reads the package and lists every item (under the name ICU gives it).
    if shutil.which("icupkg") is None:
        subprocess.run(["apt-get", "install", "-y", "-qq", "icu-devtools"], capture_output=True, timeout=600)
    name = re.search(r"icudt(\d+)_dat", symbol).group(1)
    renamed = tmp_path / f"icudt{name}l.dat"
    renamed.write_bytes(package)
    icupkg = subprocess.run(["icupkg", "-l", str(renamed)], capture_output=True, text=True, timeout=60)
    assert sorted(icupkg.stdout.split()) == sorted(kept), icupkg.stderr[:2000]


@pytest.fixture(scope="module")
def dist(tmp_path_factory):
    """scripts/dist.py on the debug build under test, with manual pages from its binaries."""
    out = tmp_path_factory.mktemp("dist")
    manuals = tmp_path_factory.mktemp("manuals")
    flags = os.environ.get("PLUME_TEST_FLAGS", "").split()
    built = subprocess.run(["swift", "build", *flags, "--product", "generate-manual"], cwd=ROOT, capture_output=True, text=True, timeout=1800)
    assert built.returncode == 0, built.stdout[-2000:] + built.stderr[-2000:]
    for tool in ("plume", "plume-server"):
        made = subprocess.run([str(TEST_BIN / "generate-manual"), str(TEST_BIN / tool), "--output-directory", str(manuals)],
                              capture_output=True, text=True, timeout=300)
        assert made.returncode == 0, made.stderr
    scratch = pathlib.Path(os.environ.get("PLUME_TEST_SCRATCH", ROOT / ".build" / "test"))
    checkouts = scratch / "checkouts" if (scratch / "checkouts").exists() else ROOT / ".build" / "checkouts"
    result = subprocess.run(["python3", str(ROOT / "scripts" / "dist.py"), "--bin", str(TEST_BIN), "--manuals", str(manuals),
                             "--checkouts", str(checkouts), "--out", str(out), "--fast", "--stage", str(tmp_path_factory.mktemp("stage"))],
                            capture_output=True, text=True, timeout=1800)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-4000:]
    version = subprocess.run([str(TEST_BIN / "plume"), "--version"], capture_output=True, text=True).stdout.strip()
    return {"out": out, "version": version, "report": result.stdout}


def deb_field(deb, field):
    return subprocess.run(["dpkg-deb", "-f", str(deb), field], capture_output=True, text=True, check=True).stdout.strip()


def deb_files(deb):
    listing = subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True, check=True).stdout
    return {line.split(None, 5)[5].removeprefix(".").split(" -> ")[0]: line.split()[0] for line in listing.splitlines()}


def test_dist_makes_two_packages_a_tarball_and_their_sums(dist):
    version = dist["version"]
    names = sorted(p.name for p in dist["out"].iterdir())
    machine = os.uname().machine
    arch = subprocess.run(["dpkg", "--print-architecture"], capture_output=True, text=True).stdout.strip()
    assert names == sorted([f"plume_{version}_{arch}.deb", f"plume-server_{version}_{arch}.deb",
                            f"plume-{version}-linux-{machine}.tar.gz", "SHA256SUMS"])
    sums = subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=dist["out"], capture_output=True, text=True)
    assert sums.returncode == 0 and sums.stdout.count(": OK") == 3, sums.stdout + sums.stderr
    # lintian read both packages (dist.py fails on an error; it prints what it said).
    assert "lintian: 0 errors, 0 warnings" in dist["report"], dist["report"]
    # The README's install lines name what `make dist` makes of this version.
    readme = (ROOT / "README.md").read_text()
    assert f"plume_{version}_{arch}.deb" in readme and f"plume-{version}-linux-{machine}.tar.gz" in readme


def test_the_game_package_holds_the_game_and_depends_only_on_debian_libraries(dist, tmp_path):
    deb = next(dist["out"].glob("plume_*.deb"))
    assert deb_field(deb, "Package") == "plume" and deb_field(deb, "Version") == dist["version"]
    depends = deb_field(deb, "Depends")
    # libcurl is loaded by Foundation's networking: linked into a release build, from the
    # toolchain's shared library in a debug one.
    linked_in = "libswiftCore" not in subprocess.run(["ldd", str(TEST_BIN / "plume")], capture_output=True, text=True).stdout
    for library in ("libc6", "libncursesw6", "libsqlite3-0", *(["libcurl4"] if linked_in else [])):
        assert re.search(rf"\b{library}\b", depends), (library, depends)
    assert "swift" not in depends.lower()
    files = deb_files(deb)
    for path in ("/usr/games/plume", "/usr/share/man/man6/plume.6.gz", "/usr/share/bash-completion/completions/plume",
                 "/usr/share/zsh/vendor-completions/_plume", "/usr/share/fish/vendor_completions.d/plume.fish",
                 "/usr/share/applications/plume.desktop", "/usr/share/doc/plume/copyright", "/usr/share/doc/plume/changelog.gz",
                 "/usr/share/plume/Plume_PlumeAssets.resources/catalog.json"):
        assert path in files, path
    assert files["/usr/games/plume"] == "-rwxr-xr-x" and files["/usr/bin/plume"] == "lrwxrwxrwx"
    assert "./usr/bin/plume -> ../games/plume" in subprocess.run(["dpkg-deb", "-c", str(deb)], capture_output=True, text=True).stdout
    assert not [p for p in files if "plume-server" in p or p.startswith("/etc/")]
    # The binary is stripped, and the desktop entry sends plume:// links to it.
    extracted = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(extracted)], check=True)
    assert "not stripped" not in subprocess.run(["file", str(extracted / "usr/games/plume")], capture_output=True, text=True).stdout
    entry = (extracted / "usr/share/applications/plume.desktop").read_text()
    assert "MimeType=x-scheme-handler/plume;" in entry and "Exec=/usr/games/plume open %u" in entry
    validate = subprocess.run(["desktop-file-validate", str(extracted / "usr/share/applications/plume.desktop")], capture_output=True, text=True)
    assert validate.returncode == 0 and not validate.stdout.strip(), validate.stdout
    installed_kib = int(deb_field(deb, "Installed-Size"))
    on_disk = sum(-(-p.stat().st_size // 1024) for p in extracted.rglob("*") if p.is_file() and not p.is_symlink())
    assert on_disk <= installed_kib <= on_disk + 200, (installed_kib, on_disk)


def test_the_server_package_makes_its_user_and_keeps_its_config_as_a_conffile(dist, tmp_path):
    deb = next(dist["out"].glob("plume-server_*.deb"))
    assert re.search(r"\blibsqlite3-0\b", deb_field(deb, "Depends"))
    assert f"plume (= {dist['version']})" in deb_field(deb, "Recommends")
    files = deb_files(deb)
    for path in ("/usr/bin/plume-server", "/usr/lib/systemd/system/plume-server.service", "/usr/lib/sysusers.d/plume-server.conf",
                 "/usr/lib/tmpfiles.d/plume-server.conf", "/etc/plume/plume-server.toml", "/usr/share/man/man1/plume-server.1.gz",
                 "/usr/share/plume-server/Plume_LeaderboardServer.resources/openapi.json",
                 "/usr/share/plume-server/Plume_PlumeAssets.resources/catalog.json"):
        assert path in files, path
    # The two packages share no file: both can be installed.
    assert not set(files) & {p for p in deb_files(next(dist["out"].glob("plume_*.deb"))) if not p.endswith("/")}
    control = tmp_path / "control"
    subprocess.run(["dpkg-deb", "-e", str(deb), str(control)], check=True)
    assert (control / "conffiles").read_text().split() == ["/etc/plume/plume-server.toml"]
    for script in ("postinst", "prerm", "postrm"):
        assert os.access(control / script, os.X_OK)
        assert subprocess.run(["sh", "-n", str(control / script)]).returncode == 0
    postrm = (control / "postrm").read_text()
    assert 'if [ "$1" = "purge" ]' in postrm and "rm -rf /var/lib/plume-server" in postrm and "userdel plume-server" in postrm
    postinst = (control / "postinst").read_text()
    code = [line for line in postinst.splitlines() if not line.strip().startswith("#")]
    assert not [line for line in code if "enable" in line], "the package must not enable the unit"
    extracted = tmp_path / "root"
    subprocess.run(["dpkg-deb", "-x", str(deb), str(extracted)], check=True)
    unit = (extracted / "usr/lib/systemd/system/plume-server.service").read_text()
    assert "ExecStart=/usr/bin/plume-server serve --config /etc/plume/plume-server.toml" in unit
    assert "User=plume-server" in unit and "DynamicUser" not in unit and "StateDirectory=plume-server" in unit
    # systemd reads the unit as the package installs it (its ExecStart= pointed at the extracted binary).
    copy = tmp_path / "plume-server.service"
    copy.write_text(unit.replace("ExecStart=/usr/bin/plume-server ", f"ExecStart={extracted}/usr/bin/plume-server "))
    verify = subprocess.run(["systemd-analyze", "verify", "--man=no", str(copy)], capture_output=True, text=True, timeout=120)
    assert verify.returncode == 0 and not (verify.stdout + verify.stderr).strip(), verify.stdout + verify.stderr
    assert "u plume-server" in (extracted / "usr/lib/sysusers.d/plume-server.conf").read_text()
    assert "d /var/lib/plume-server 0700 plume-server plume-server" in (extracted / "usr/lib/tmpfiles.d/plume-server.conf").read_text()
    # The server as packaged finds its resources in /usr/share/plume-server, from anywhere.
    config = subprocess.run([str(extracted / "usr/bin/plume-server"), "config", "--config", str(extracted / "etc/plume/plume-server.toml")],
                            capture_output=True, text=True, timeout=60, cwd=tmp_path)
    assert config.returncode == 0 and "/var/lib/plume-server/plume-scores.sqlite" in config.stdout, config.stdout + config.stderr


def test_the_tarball_installs_under_a_prefix_and_uninstalls_to_nothing(dist, tmp_path):
    tarball = next(dist["out"].glob("plume-*.tar.gz"))
    with tarfile.open(tarball) as archive:
        members = archive.getmembers()
        assert all(m.uid == 0 and m.gid == 0 for m in members)
        archive.extractall(tmp_path / "unpacked", filter="tar")
    folder = tmp_path / "unpacked" / tarball.name.removesuffix(".tar.gz")
    for name in ("install.sh", "uninstall.sh", "README", "FILES", "bin/plume", "bin/plume-server"):
        assert (folder / name).exists(), name
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    prefix = tmp_path / "new" / "prefix"
    installed = subprocess.run([str(folder / "install.sh"), "--prefix", str(prefix)], capture_output=True, text=True, env=env, timeout=120)
    assert installed.returncode == 0, installed.stderr
    assert f"{prefix}/bin is not on your PATH" in installed.stdout
    files = (folder / "FILES").read_text().split()
    assert all((prefix / f).exists() for f in files)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    version = subprocess.run([str(prefix / "bin/plume"), "--version"], capture_output=True, text=True, env=env, cwd=elsewhere)
    assert version.stdout.strip() == dist["version"]
    decoded = subprocess.run([str(prefix / "bin/plume"), "link", "decode", LOOK], capture_output=True, text=True, env=env, cwd=elsewhere)
    assert json.loads(decoded.stdout)["link"] == LOOK, decoded.stderr
    # Installing again over it removes what the earlier installation had and this one does not
    # (an older version's file, listed in its manifest), and changes nothing else.
    manifest = prefix / "share/plume/install-manifest.txt"
    (prefix / "share/plume/from-an-older-version.txt").write_text("old")
    manifest.write_text(manifest.read_text() + "share/plume/from-an-older-version.txt\n")
    again = subprocess.run([str(folder / "install.sh"), f"--prefix={prefix}"], capture_output=True, text=True, env=env, timeout=120)
    assert again.returncode == 0, again.stderr
    assert not (prefix / "share/plume/from-an-older-version.txt").exists()
    assert "from-an-older-version" not in manifest.read_text()
    removed = subprocess.run([str(prefix / "share/plume/uninstall.sh")], capture_output=True, text=True, env=env, timeout=120)
    assert removed.returncode == 0 and f"from {prefix}" in removed.stdout, removed.stdout + removed.stderr
    assert not prefix.exists(), sorted(str(p) for p in prefix.rglob("*"))
    assert (tmp_path / "new").exists()
    # A prefix that was there keeps itself and what was in it.
    kept = tmp_path / "kept"
    (kept / "bin").mkdir(parents=True)
    (kept / "bin" / "mine").write_text("mine")
    assert subprocess.run([str(folder / "install.sh"), "--prefix", str(kept)], capture_output=True, env=env).returncode == 0
    assert subprocess.run([str(folder / "uninstall.sh"), "--prefix", str(kept)], capture_output=True, env=env).returncode == 0
    assert sorted(str(p.relative_to(kept)) for p in kept.rglob("*")) == ["bin", "bin/mine"]
    nothing = subprocess.run([str(folder / "uninstall.sh"), "--prefix", str(kept)], capture_output=True, text=True, env=env)
    assert nothing.returncode == 1 and "Nothing to uninstall" in nothing.stderr
