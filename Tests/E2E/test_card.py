"""`plume card` against the real plume-server: a registered player's card for today, plain and
with emoji, fits a chat (at most 6 lines of at most 60 terminal columns, the link excepted),
carries the player's own link, never another player's link while the day's runway takes votes,
and every mistake is a sentence on stderr with a non-zero exit code."""
import json
import os
import re
import subprocess
import unicodedata

import pytest

from server_process import Server

try:
    from wcwidth import wcswidth
except ImportError:  # the Makefile's e2e-deps installs wcwidth; this keeps the test runnable without it
    wcswidth = None

LOOK = "1EQECAwIBCwAkAnOD"
OTHER_LOOK = "1EQIBAgEACwGQ9g"


def columns(line):
    """Terminal columns, as a terminal counts them (wide characters and emoji take two)."""
    if wcswidth is not None:
        width = wcswidth(line)
        assert width >= 0, f"a control character in {line!r}"
        return width
    return sum(0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in line)


@pytest.fixture
def world(tmp_path, plume_bin):
    """A server with Ada (signed in on this machine) and Bea, both on today's style board."""
    directory = tmp_path / "server"
    directory.mkdir()
    server = Server(directory)
    try:
        today = next(b["id"] for b in server.json("GET", "/v1/boards")[1]["boards"] if b["kind"] == "style")
        ada, bea = server.register("Ada"), server.register("Bea")
        for player, code in [(ada, LOOK), (bea, OTHER_LOOK)]:
            status, body = server.json("POST", "/v1/scores", {"board_id": today, "code": code}, token=player["token"])
            assert status == 200, body
        config = tmp_path / "config"
        (config / "plume").mkdir(parents=True)
        credentials = config / "plume" / "credentials.json"
        credentials.write_text(json.dumps({"servers": {server.base: ada}}))
        os.chmod(credentials, 0o600)
        env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(config), "HOME": str(tmp_path),
               "PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}

        def card(*args, extra=None):
            return subprocess.run([plume_bin, "card", "--server", server.base, *args], capture_output=True, text=True, timeout=30,
                                  env={**env, **(extra or {})})

        yield {"server": server, "day": today.removeprefix("style-"), "ada": ada, "bea": bea, "card": card, "env": env}
    finally:
        server.stop()


def check_fits(text, link=None):
    lines = text.rstrip("\n").split("\n")
    assert 3 <= len(lines) <= 6, text
    for line in lines:
        assert line == link or columns(line) <= 60, f"{columns(line)} columns: {line!r}"
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in line), repr(line)
    return lines


def test_my_card_for_today_plain_and_with_emoji(world):
    link = f"plume://look/{LOOK}"
    plain = world["card"]("--plain")
    assert plain.returncode == 0, plain.stderr
    lines = check_fits(plain.stdout, link)
    assert plain.stdout.isascii()
    assert lines[0].startswith(f"Ada's Plume - {world['day']} - ")
    assert re.search(r"^\[[#-]{10}\] \d+/1000 - rank [12] of 2 so far$", lines[1], re.M), lines[1]
    assert "Streak: 1 day - 1 day played" in plain.stdout
    assert lines[-1] == link, "your own card carries your look's link, whole, on the last line"
    assert plain.stderr == ""

    fancy = world["card"]()
    assert fancy.returncode == 0, fancy.stderr
    lines = check_fits(fancy.stdout, link)
    assert not fancy.stdout.isascii() and "🔥" in fancy.stdout
    assert lines[-1] == link
    # Naming yourself with --player is still your own card, link and all.
    mine = world["card"]("--player", world["ada"]["player_id"], "--plain")
    assert mine.returncode == 0, mine.stderr
    assert mine.stdout == plain.stdout


def test_another_players_card_hides_their_link_while_the_runway_takes_votes(world):
    result = world["card"]("--player", world["bea"]["player_id"])
    assert result.returncode == 0, result.stderr
    check_fits(result.stdout)
    assert result.stdout.startswith("Bea's Plume · ")
    assert "plume://" not in result.stdout and OTHER_LOOK not in result.stdout
    plain = world["card"]("--player", world["bea"]["player_id"], "--plain")
    assert plain.returncode == 0 and plain.stdout.isascii() and "plume://" not in plain.stdout


def test_a_player_id_starting_with_a_dash_is_read_as_the_id(world):
    """Player ids are base64url: one in 32 starts with "-", which must not read as an option."""
    result = world["card"]("--player", "-no-such-player", "--plain")
    assert result.returncode == 1 and "there is no player “-no-such-player”" in result.stderr, result.stderr


def test_mistakes_are_sentences_and_a_non_zero_exit(world, plume_bin, tmp_path):
    card = world["card"]
    for day in ["2025-6-1", "2025-02-30", "yesterday"]:
        bad = card("--day", day)
        assert bad.returncode != 0 and "write the day as YYYY-MM-DD" in bad.stderr, bad.stderr
        assert "Traceback" not in bad.stderr and "Fatal error" not in bad.stderr
    unplayed = card("--day", "2020-01-01")
    assert unplayed.returncode == 1 and "you didn't play on 2020-01-01" in unplayed.stderr, unplayed.stderr
    assert f"(the last day played was {world['day']})" in unplayed.stderr
    future = card("--day", "2999-01-01")
    assert future.returncode == 1 and "hasn't come yet" in future.stderr, future.stderr
    nobody = card("--player", "nobody-at-all")
    assert nobody.returncode == 1 and "there is no player" in nobody.stderr, nobody.stderr
    stranger = card(extra={"XDG_CONFIG_HOME": str(tmp_path / "elsewhere")})
    assert stranger.returncode == 1 and "not registered on" in stranger.stderr, stranger.stderr
    world["server"].stop()
    down = card()
    assert down.returncode == 1 and "isn't answering" in down.stderr, down.stderr
    assert down.stdout == ""
