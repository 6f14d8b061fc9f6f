"""`plume card` against the real plume-server: a registered player's card for today, plain and
with emoji, fits a chat (at most 6 lines of at most 60 terminal columns, the link excepted),
holds back the player's own link while the day's board is open and carries it once the day has
closed, tells the streak as it stood on the card's day, never shows another player's link while
the day's runway takes votes, reads the scores where the game last played (and says where), and
every mistake is a sentence on stderr with a non-zero exit code."""
import json
import os
import pathlib
import re
import subprocess
import unicodedata

import pytest

from pty_game import Game
from server_process import Server

try:
    from wcwidth import wcswidth
except ImportError:  # the Makefile's e2e-deps installs wcwidth; this keeps the test runnable without it
    wcswidth = None

LOOK = "1EQECAwIBCwAkAnOD"
OTHER_LOOK = "1EQIBAgEACwGQ9g"
# The card's last line while the day's board is open, in place of the look's link.
TO_COME_PLAIN = "Look: its link joins the card once the day closes"
TO_COME = "🔗 the look's link joins the card once the day closes"


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
        sign_in(config, server.base, ada)
        env = environment(tmp_path, config)

        def card(*args, extra=None):
            return subprocess.run([plume_bin, "card", "--server", server.base, *args], capture_output=True, text=True, timeout=30,
                                  env={**env, **(extra or {})})

        yield {"server": server, "day": today.removeprefix("style-"), "ada": ada, "bea": bea, "card": card, "env": env}
    finally:
        server.stop()


def sign_in(config, base, player):
    """Signs `player` in on `base` in the config directory `config`, as the game would."""
    (config / "plume").mkdir(parents=True, exist_ok=True)
    credentials = config / "plume" / "credentials.json"
    credentials.write_text(json.dumps({"servers": {base: player}}))
    os.chmod(credentials, 0o600)


def environment(tmp_path, config):
    return {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(config), "HOME": str(tmp_path),
            "PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"}


def check_fits(text, link=None):
    lines = text.rstrip("\n").split("\n")
    assert 3 <= len(lines) <= 6, text
    for line in lines:
        assert line == link or columns(line) <= 60, f"{columns(line)} columns: {line!r}"
        assert not any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F for c in line), repr(line)
    return lines


def test_my_card_for_today_plain_and_with_emoji_holds_back_the_link_while_the_day_is_open(world):
    plain = world["card"]("--plain")
    assert plain.returncode == 0, plain.stderr
    lines = check_fits(plain.stdout)
    assert plain.stdout.isascii()
    assert lines[0].startswith(f"Ada's Plume - {world['day']} - ")
    assert re.search(r"^\[[#-]{10}\] \d+/1000 - rank [12] of 2 so far$", lines[1], re.M), lines[1]
    assert "Streak: 1 day - 1 day played" in plain.stdout
    # Today's board is open: the look's link would give the day's answer away.
    assert "plume://" not in plain.stdout and LOOK not in plain.stdout
    assert lines[-1] == TO_COME_PLAIN, "the card says the link joins it once the day closes"
    assert plain.stderr == f"plume: scores from {world['server'].base}\n", "where the scores come from, on stderr only"

    fancy = world["card"]()
    assert fancy.returncode == 0, fancy.stderr
    lines = check_fits(fancy.stdout)
    assert not fancy.stdout.isascii() and "🔥" in fancy.stdout
    assert "plume://" not in fancy.stdout and lines[-1] == TO_COME
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


def test_a_closed_days_card_has_the_link_and_the_streak_as_it_stood_that_day(tmp_path, plume_bin):
    """Ada plays on 1, 2 and 3 December (the server's days, under faketime). On the 3rd, her card
    of the 1st carries her look's link and the streak of the 1st (one day), the 2nd's the link and
    a streak of two; today's has a streak of three and no link yet: today's board is open."""
    directory = tmp_path / "server"
    directory.mkdir()
    database, config = str(directory / "scores.sqlite"), tmp_path / "config"
    env = environment(tmp_path, config)
    link = f"plume://look/{LOOK}"
    days = ["2026-12-01", "2026-12-02", "2026-12-03"]
    port, ada = None, None
    for day in days:
        server = Server(directory, database=database, port=port, prefix=["faketime", f"{day} 10:00:00"])
        port = server.port
        try:
            if ada is None:
                ada = server.register("Ada")
                sign_in(config, server.base, ada)
            status, body = server.json("POST", "/v1/scores", {"board_id": f"style-{day}", "code": LOOK}, token=ada["token"])
            assert status == 200, body
            if day != days[-1]:
                continue

            def card(*args):
                result = subprocess.run([plume_bin, "card", "--server", server.base, *args], capture_output=True, text=True,
                                        timeout=30, env=env)
                assert result.returncode == 0, result.stderr
                return result

            first = card("--day", "2026-12-01", "--plain")
            lines = check_fits(first.stdout, link)
            assert lines[0].startswith("Ada's Plume - 2026-12-01 - ")
            assert re.fullmatch(r"\[[#-]{10}\] \d+/1000 - rank 1 of 1", lines[1]), "a closed board's rank is final"
            assert "Streak: 1 day - 1 day played" in first.stdout, "the streak of the 1st, not today's"
            assert lines[-1] == link, "a closed day's card carries the look's link, whole, on the last line"

            second = card("--day", "2026-12-02")
            lines = check_fits(second.stdout, link)
            assert "🔥 2-day streak · 2 days played" in second.stdout, second.stdout
            assert lines[-1] == link

            today = card("--plain")
            lines = check_fits(today.stdout)
            assert lines[0].startswith("Ada's Plume - 2026-12-03 - ") and lines[1].endswith(" so far")
            assert "Streak: 3 days - 3 days played" in today.stdout
            assert "plume://" not in today.stdout and lines[-1] == TO_COME_PLAIN
        finally:
            server.stop()


def test_the_commands_read_the_scores_where_the_game_last_played(world, plume_bin, tmp_path):
    """After `plume --server URL`, card, share --me, whoami and scores read that server without
    being told, and say so; `--server local` still reads the local board."""
    server, env = world["server"], world["env"]

    def run(*args):
        return subprocess.run([plume_bin, *args], capture_output=True, text=True, timeout=30, env=env)

    # Before the game has played: where the settings say, here the local board, with nobody on it.
    before = run("card")
    assert before.returncode == 1 and "not registered on the local board" in before.stderr, before.stderr

    g = Game(plume_bin, tmp_path / "data", env={"XDG_CONFIG_HOME": env["XDG_CONFIG_HOME"]}, args=["--server", server.base])
    try:
        g.wait_for("Score ", timeout=30)
        g.press("q")
        assert g.wait_exit() == 0
    finally:
        g.close()
    noted = pathlib.Path(env["XDG_CONFIG_HOME"]) / "plume" / "last-played.json"
    assert json.loads(noted.read_text()) == {"server": server.base}

    where = f"plume: scores from {server.base} (where the game last played)"
    card = run("card", "--plain")
    assert card.returncode == 0, card.stderr
    assert card.stderr.splitlines()[0] == where
    assert card.stdout.startswith(f"Ada's Plume - {world['day']} - ")
    me = run("share", "--me")
    assert me.returncode == 0, me.stderr
    assert me.stdout.strip() == f"plume://player/{world['ada']['player_id']}" and where in me.stderr
    whoami = run("whoami")
    assert whoami.stdout.splitlines()[0] == f"You are Ada ({world['ada']['player_id']}) on {server.base} (where the game last played)."
    listed = run("scores")
    assert listed.returncode == 0 and f"Boards on {server.base}:" in listed.stdout and where in listed.stderr
    # --server says otherwise: `local` for the local board.
    local = run("card", "--server", "local")
    assert local.returncode == 1 and "plume: scores from the local board\n" in local.stderr
    assert "not registered on the local board" in local.stderr
