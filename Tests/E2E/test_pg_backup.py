"""A PostgreSQL leaderboard backed up and restored with the commands docs/operating.md gives:
pg_dump --format=custom, then pg_restore into a new database, or over the old one with the
command `plume-server restore` prints. A server on the restored database serves the same
players, tokens and boards, and the row ids go on where they stopped."""
import shlex
import subprocess

from server_process import SERVER_BIN, Server
from test_server import look_code, today_board

# Every row of the tables the leaderboard keeps, in a fixed order (psql's unaligned output).
TABLES = {
    "players": "SELECT * FROM players ORDER BY id",
    "records": "SELECT * FROM records ORDER BY board, player",
    "donations": "SELECT * FROM donations ORDER BY id",
}


def rows(url):
    result = subprocess.run(["psql", "--no-psqlrc", "--no-align", "--tuples-only", "--set=ON_ERROR_STOP=1",
                             f"--dbname={url}", "--command", "; ".join(TABLES.values())],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return result.stdout


def board_and_people(server, board, players):
    """What players see: the board's top page and each player's profile and own view."""
    status, top = server.json("GET", f"/v1/boards/{board}/top")
    assert status == 200, top
    seen = {"top": top["rows"]}
    for player in players:
        status, seen[player["player_id"]] = server.json("GET", "/v1/players/" + player["player_id"])
        assert status == 200
        status, seen["me " + player["player_id"]] = server.json("GET", "/v1/players/me", token=player["token"])
        assert status == 200
    return seen


def test_a_dump_restores_into_a_new_database_and_over_the_old_one(tmp_path, postgres_cluster, plume):
    source = postgres_cluster.new_database()
    server = Server(tmp_path, database=source)
    try:
        ada, bea = server.register("Ada"), server.register("Bea")
        board = today_board(server)
        for player, garments in ((ada, [1]), (bea, [2])):
            status, reply = server.json("POST", "/v1/scores", {"board_id": board, "code": look_code(plume, garments)}, player["token"])
            assert status == 200, reply
        before = board_and_people(server, board, [ada, bea])
        assert len(before["top"]) == 2
    finally:
        server.stop()
    saved = rows(source)
    assert saved.count("\n") >= 4  # two players, two records

    # `backup` does not copy a PostgreSQL database; it names pg_dump.
    advice = subprocess.run([str(SERVER_BIN), "backup", "--database", source, "--to", str(tmp_path / "x")],
                            capture_output=True, text=True, timeout=60)
    assert advice.returncode != 0 and "pg_dump --format=custom" in advice.stderr, advice.stderr

    # The docs' commands: dump, make a new database (createdb), restore into it.
    dump = tmp_path / "plume.dump"
    subprocess.run(["pg_dump", "--format=custom", f"--file={dump}", source], check=True, capture_output=True, timeout=120)
    target = postgres_cluster.new_database()
    subprocess.run(["pg_restore", "--no-owner", f"--dbname={target}", str(dump)], check=True, capture_output=True, timeout=120)
    assert rows(target) == saved

    restored = Server(tmp_path, database=target)
    try:
        assert board_and_people(restored, board, [ada, bea]) == before
        # The sequences came along: a new player gets a new id, a taken name is still taken.
        restored.register("Cy")
        status, _ = restored.json("POST", "/v1/players", {"name": "Ada"})
        assert status == 409
    finally:
        restored.stop()

    # Over the old database, once it has moved on: the command `plume-server restore` prints.
    later = Server(tmp_path, database=source)
    try:
        later.register("Dee")
    finally:
        later.stop()
    assert rows(source) != saved
    refused = subprocess.run([str(SERVER_BIN), "restore", "--database", source, "--from", str(dump)],
                             capture_output=True, text=True, timeout=60)
    assert refused.returncode != 0 and "pg_restore" in refused.stderr, refused.stderr
    command = refused.stderr.split("restore it with ", 1)[1].split(" (see docs/operating.md)", 1)[0]
    assert command.startswith("pg_restore --clean --if-exists "), command
    subprocess.run(shlex.split(command), check=True, capture_output=True, timeout=120)
    assert rows(source) == saved
