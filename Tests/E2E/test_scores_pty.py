"""The Scores screen in the real game, in a pty: against a real plume-server on a loopback port
(register, submit a look and a swarm, see yourself, donate; then the server stops, the screen
says so, a submission waits in the outbox and is sent when the server is back), and the same
with no server configured (the local board)."""
import json
import re
import subprocess

import pytest

from pty_game import Game
from server_process import Server


@pytest.fixture(params=["server", "local"])
def place(request, tmp_path):
    if request.param == "local":
        yield None
        return
    directory = tmp_path / "server"
    directory.mkdir()
    server = Server(directory)
    yield server
    server.stop()


def start_game(plume_bin, tmp_path, server):
    env = {"PLUME_SERVER": server.base} if server else {}
    return Game(plume_bin, tmp_path / "data", env=env)


def test_a_player_registers_submits_sees_themselves_and_donates(plume_bin, plume, tmp_path, place):
    server = place
    g = start_game(plume_bin, tmp_path, server)
    try:
        where = f"127.0.0.1:{server.port}" if server else "Local board"
        # b in the Studio: not registered yet, so the Register dialog opens first.
        g.wait_for("Score ")
        g.press("b")
        g.wait_for(f"Register on {where}")
        g.press(*"Ada Plume")
        g.press("enter")
        said = g.wait_for_status("new personal best!", timeout=30)
        assert re.search(r"Style: .*: scored \d+, rank 1 — new personal best!", said), said

        # The Lab sends the swarm to the selected challenge's board, verified by the server.
        g.press("2")
        g.wait_for("Challenge: ")
        challenge = re.search(r"Challenge: (\w+)", g.text()).group(1)
        g.press("b")
        # This season's board (season 2 since 2026-11-28), named so in the answer.
        said = g.wait_for_status(f"{challenge} — season 2: scored", timeout=60, what="the swarm's official score")
        assert "rank 1" in said, said

        # The Scores screen: where, who, the board, and us on it.
        g.press("5")
        text = g.wait_for(lambda t: "you are Ada Plume" in t and "updated" in t and "Ada Plume" in t.split("when", 1)[-1])
        assert f"Scores · {where} · you are Ada Plume" in text
        g.press("right")
        g.wait_for("▸ Ada Plume")

        # Donate from Causes (past Friends, My bests and Contributors), with a confirmation, and the
        # contributors board changes.
        g.press("right", "right", "right", "right")
        text = g.wait_for(lambda t: re.search(r"You have (\d+) points? to give", t) is not None, what="points to give")
        available = int(re.search(r"You have (\d+) points? to give", text).group(1))
        assert available > 0
        g.press("d")
        g.wait_for("Donate points")
        g.press("3", "enter")
        g.wait_for("Give 3 points to")
        g.press("y")
        g.wait_for(lambda t: re.search(rf"you have {available - 3} left", t), what="the donation's answer")
        g.press("left")
        g.wait_for("gave 3 points")

        if server is None:
            # The local board lives in the data directory, and the command line reads it too.
            assert (tmp_path / "data" / "plume" / "scores.sqlite").exists()
            return

        # The server stops: the screen says offline within a refresh, and keeps the data.
        port, database = server.port, server.database
        server.stop()
        g.press("right", "right", "right", "right")  # back round to Top, past Causes, Spread and League
        g.press("r")
        text = g.wait_for("offline — showing data from", timeout=20)
        assert "Ada Plume" in text
        # A submission while it is down waits in the outbox.
        g.press("1", "c", "b")
        g.wait_for("kept in the outbox (1 waiting)", timeout=20)
        g.press("5")
        g.wait_for("outbox: 1 waiting")
        # Back on the same port and database: the outbox drains by itself.
        back = Server(server.directory, database=database, port=port)
        try:
            g.press("r")
            g.wait_for("Outbox sent 1 submission", timeout=60)
            g.wait_for(lambda t: "outbox:" not in t.split("\n")[2], what="the outbox count to go")
        finally:
            back.stop()
    finally:
        g.close()


def test_the_command_line_reads_the_same_boards(plume_bin, tmp_path):
    directory = tmp_path / "server"
    directory.mkdir()
    server = Server(directory)
    try:
        ada = server.register("Ada")
        today = server.json("GET", "/v1/boards")[1]["boards"][0]["id"]
        env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_CONFIG_HOME": str(tmp_path / "config"), "HOME": str(tmp_path)}
        look = "1EQECAwIBCwAkAnOD"
        status_code, body = server.json("POST", "/v1/scores", {"board_id": today, "code": look}, token=ada["token"])
        assert status_code == 200, body

        def run(*args, extra=None):
            return subprocess.run([plume_bin, *args], capture_output=True, text=True, timeout=30, env={**env, **(extra or {})})

        listed = run("scores", "--server", server.base)
        assert listed.returncode == 0 and today in listed.stdout and "swarm-huddle" in listed.stdout
        board = run("scores", "--board", today, "--json", extra={"PLUME_SERVER": server.base})
        assert board.returncode == 0, board.stderr
        assert [row["name"] for row in json.loads(board.stdout)["rows"]] == ["Ada"]
        table = run("scores", "--board", today, "--server", server.base)
        assert re.search(r"^\s+1\s+Ada\s+\d+\s+\d+ s ago$", table.stdout, re.M), table.stdout
        missing = run("scores", "--board", "style-1999-01-01", "--server", server.base)
        assert missing.returncode == 1 and "there is no board" in missing.stderr
        assert "not registered on" in run("whoami", "--server", server.base).stdout
        bad = run("whoami", extra={"PLUME_SERVER": "gopher://nowhere"})
        assert "can't be used" in bad.stderr and "the local board" in bad.stdout
    finally:
        server.stop()
    down = subprocess.run([plume_bin, "scores", "--server", server.base], capture_output=True, text=True, timeout=30, env=env)
    assert down.returncode == 1 and "isn't answering" in down.stderr
