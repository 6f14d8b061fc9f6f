"""The command-line face: one version for both programs, and help that reads like a manual —
every paragraph wrapped to the width, never broken before a line is full."""
import os
import re
import subprocess

import pytest

from conftest import ROOT
from server_process import SERVER_BIN


@pytest.fixture(scope="session")
def server_bin():
    return str(SERVER_BIN)


def run(binary, *args):
    env = dict(os.environ, COLUMNS="80")
    return subprocess.run([binary, *args], capture_output=True, text=True, timeout=30, env=env)


def test_both_programs_print_one_version(plume_bin, server_bin):
    game, server = run(plume_bin, "--version"), run(server_bin, "--version")
    assert game.returncode == 0 and server.returncode == 0
    assert re.fullmatch(r"\d+\.\d+\.\d+\n", game.stdout), game.stdout
    assert game.stdout == server.stdout
    source = (ROOT / "Sources" / "GameState" / "PlumeVersion.swift").read_text()
    assert f'"{game.stdout.strip()}"' in source


def subcommands(binary, *path):
    """Every subcommand below `path`, found in the help's SUBCOMMANDS section."""
    help_text = run(binary, *path, "--help").stdout
    section = help_text.split("SUBCOMMANDS:", 1)[1] if "SUBCOMMANDS:" in help_text else ""
    names = re.findall(r"^  ([a-z][a-z-]*)", section, re.M)
    found = [path]
    for name in names:
        if name != "help":
            found += subcommands(binary, *path, name)
    return found


def paragraphs(help_text):
    """The OVERVIEW's prose: lines of text between blank lines (not the usage or option lists)."""
    overview = help_text.split("USAGE:", 1)[0]
    block = []
    for line in overview.splitlines() + [""]:
        if line.strip():
            block.append(line)
        elif block:
            yield block
            block = []


@pytest.mark.parametrize("program", ["plume", "plume-server"])
def test_help_is_wrapped_like_a_manual(program, plume_bin, server_bin):
    binary = plume_bin if program == "plume" else server_bin
    checked = 0
    for path in subcommands(binary):
        help_text = run(binary, *path, "--help").stdout
        assert help_text, path
        for block in paragraphs(help_text):
            for line, following in zip(block, block[1:]):
                first_word = following.split()[0]
                # A deliberate list or sample line (indented, or a key=value line) may stand alone.
                if following.startswith("  ") or "=" in first_word or line.rstrip().endswith(":"):
                    continue
                # ArgumentParser fills lines to 79 columns of an 80-column terminal.
                assert len(line) + 1 + len(first_word) > 79, f"{program} {' '.join(path)}: a line broken early:\n{line}\n{following}"
                checked += 1
            assert all(len(line) <= 80 for line in block)
    assert checked >= 5
