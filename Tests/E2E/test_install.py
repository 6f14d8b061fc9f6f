"""`make install PREFIX=…` into a temporary prefix: the installed binaries run from another
directory with a clean environment, find their resources under the prefix (not the build
folder), carry their man pages and completions; then `make uninstall` leaves nothing behind.

The recipe is the release one; it installs the debug build under test here (INSTALL_FLAGS and
MANUAL_FLAGS: `make test` names its build's flags in PLUME_TEST_FLAGS; without them, the ordinary
debug build), which is already made, so CI does not build plume-server for release as well. That the release
build links the Swift runtime in is checked on a release `plume` (`make test` builds it beside the
E2E suite, in a build directory of its own, and names it in PLUME_RELEASE_PLUME)."""
import json
import os
import pathlib
import shutil
import subprocess
import time
import urllib.request

import pytest

from server_process import ROOT, free_port

def make(*args, timeout=3600):
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    result = subprocess.run(["make", "-C", str(ROOT), *args], capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    return result


def files_under(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_install_runs_anywhere_and_uninstall_leaves_nothing(tmp_path):
    prefix = tmp_path / "prefix"
    prefix.mkdir()
    flags = os.environ.get("PLUME_TEST_FLAGS", "")
    make("install", f"PREFIX={prefix}", f"INSTALL_FLAGS={flags}", f"MANUAL_FLAGS={flags}")
    bin_dir = prefix / "bin"
    assert sorted(os.listdir(bin_dir)) == ["plume", "plume-server"]
    home = tmp_path / "home"
    elsewhere = tmp_path / "elsewhere"
    home.mkdir(), elsewhere.mkdir()
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}

    def run(*args, env=env):
        return subprocess.run([*args], capture_output=True, text=True, cwd=elsewhere, env=env, timeout=60)

    for tool in ("plume", "plume-server"):
        version = run(str(bin_dir / tool), "--version")
        assert version.returncode == 0 and version.stdout.strip(), version.stderr
        helped = run(str(bin_dir / tool), "--help")
        assert helped.returncode == 0 and "USAGE:" in helped.stdout and "SUBCOMMANDS:" in helped.stdout, helped.stderr

    # A command that reads the catalog, traced: it opens the installed copy, not the build folder's.
    trace = tmp_path / "trace"
    decoded = run("strace", "-f", "-e", "trace=openat", "-o", str(trace), str(bin_dir / "plume"), "link", "decode",
                  "plume://look/1EQECAwIBCwAkAnOD")
    assert decoded.returncode == 0, decoded.stderr
    assert json.loads(decoded.stdout)["link"].startswith("plume://look/")
    opened = [line for line in trace.read_text().splitlines() if "catalog.json" in line and "ENOENT" not in line]
    assert opened and all(str(prefix / "share" / "plume") in line for line in opened), opened
    assert not any(str(ROOT / ".build") in line for line in trace.read_text().splitlines())

    # The installed server serves, with its OpenAPI document from the prefix.
    port = free_port()
    server = subprocess.Popen([str(bin_dir / "plume-server"), "serve", "--port", str(port), "--database", str(elsewhere / "s.sqlite")],
                              cwd=elsewhere, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5) as reply:
                    assert reply.status == 200
                    break
            except OSError:
                assert time.monotonic() < deadline and server.poll() is None, "the installed server did not start"
                time.sleep(0.1)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/openapi.json", timeout=5) as reply:
            assert json.loads(reply.read())["openapi"] == "3.1.0"
    finally:
        server.terminate()
        server.wait(timeout=30)

    # Man pages (from swift-argument-parser's generate-manual) and completions (from the binaries themselves).
    for page in ("plume.1", "plume-server.1"):
        path = prefix / "share" / "man" / "man1" / page
        text = path.read_text()
        assert ".SH NAME" in text or ".Sh NAME" in text, text[:300]
        if shutil.which("man"):
            shown = run("man", "-l", str(path), env={**env, "MANPAGER": "cat", "MANWIDTH": "80"})
            assert shown.returncode == 0 and "NAME" in shown.stdout and page[:-2] in shown.stdout, shown.stderr
    for tool in ("plume", "plume-server"):
        bash = prefix / "share" / "bash-completion" / "completions" / tool
        assert subprocess.run(["bash", "-n", str(bash)], timeout=30).returncode == 0
        assert (prefix / "share" / "zsh" / "site-functions" / f"_{tool}").stat().st_size > 200
        assert (prefix / "share" / "fish" / "vendor_completions.d" / f"{tool}.fish").stat().st_size > 200
    assert "serve" in (prefix / "share" / "bash-completion" / "completions" / "plume-server").read_text()

    make("uninstall", f"PREFIX={prefix}")
    assert files_under(prefix) == []


def test_the_release_build_links_the_swift_runtime_in():
    """`make release`'s recipe (which `make test` runs beside the E2E suite) builds with the flags
    `make install` uses: nothing from the toolchain is loaded at run time."""
    binary = pathlib.Path(os.environ.get("PLUME_RELEASE_PLUME") or ROOT / ".build" / "release" / "plume")
    if not binary.exists():
        pytest.fail(f"there is no release build of plume at {binary}: `make release` makes it (make test does, beside the E2E suite)")
    linked = subprocess.run(["ldd", str(binary)], capture_output=True, text=True, timeout=30).stdout
    assert "libswiftCore" not in linked and "libFoundation" not in linked and "/opt/swift" not in linked, linked
    version = subprocess.run([str(binary), "--version"], capture_output=True, text=True, timeout=30,
                             env={"PATH": "/usr/bin:/bin", "HOME": "/nonexistent"})
    assert version.returncode == 0 and version.stdout.strip()
