"""Friends in the real game, in a pty, against a live plume-server: Bea pastes Ada's player link
(mangled by mail) anywhere in the game, is offered "Follow Ada? (today …, rank …)", follows on a
key, and sees Ada in the Friends view with both ranks; Ada then passes Bea's score over the HTTP
API, and the game Bea starts next greets her with "Ada passed your score". A mangled player link
and one that leads to no player are said in plain words, and nothing else changes; `plume share
--me` prints Bea's own link, and `plume open` hands a player link to the running game. The link
tools read player links too, mangled, and say what is wrong with a broken one."""
import json
import os
import re
import subprocess

import pytest

from pty_game import Game
from server_process import Server
from test_server import look_code, today_board

TITLE = "While you were away"
# Looks of different sizes: the day's theme scores them apart (one garment a slot, wearable).
CANDIDATES = [[], [1], [19], [1, 11], [19, 34], [1, 11, 34], [2, 12, 35, 41], [3, 13, 36, 42, 47], [20, 35, 43, 48]]


@pytest.fixture
def server(tmp_path):
    directory = tmp_path / "server"
    directory.mkdir()
    started = Server(directory)
    yield started
    started.stop()


def sign_in(tmp_path, base, registered):
    """The game's credentials for `base`, as registering there leaves them (pty_game puts the
    game's config in tmp_path/data-config)."""
    directory = tmp_path / "data-config" / "plume"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "credentials.json"
    path.write_text(json.dumps({"servers": {base: registered}}))
    os.chmod(path, 0o600)


def three_looks(server, plume, board):
    """Codes of a low, a middle and a high score on today's theme, as the server scores them: a
    scout submits each candidate (the reply says its score), then erases itself, records and all."""
    scout = server.register("Scout")
    scored = {}
    for garments in CANDIDATES:
        state = {"kind": "look", "background": 1, "model": 1, "garments": [{"id": g, "colour": 0} for g in garments]}
        encoded = plume("link", "encode", "--code", stdin=json.dumps(state).encode())
        if encoded.returncode != 0:
            continue
        code = encoded.stdout.decode().strip()
        status, reply = server.json("POST", "/v1/scores", {"board_id": board, "code": code}, scout["token"])
        assert status == 200, reply
        scored.setdefault(reply["score"], code)
    status, _ = server.json("DELETE", "/v1/players/me", token=scout["token"])
    assert status in (200, 204), status
    scores = sorted(scored)
    assert len(scores) >= 3, f"the theme scores these looks alike: {scored}"
    low, mid, high = scores[0], scores[len(scores) // 2], scores[-1]
    return [(score, scored[score]) for score in (low, mid, high)]


def submit(server, player, board, code):
    status, reply = server.json("POST", "/v1/scores", {"board_id": board, "code": code}, player["token"])
    assert status == 200, reply
    return reply


def start(plume_bin, tmp_path, server):
    g = Game(plume_bin, tmp_path / "data", env={"PLUME_SERVER": server.base})
    g.wait_for("Score ", timeout=30)
    return g


def env_of(tmp_path):
    """The environment of the game pty_game starts, for the command line beside it."""
    return dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "data-config"),
                XDG_RUNTIME_DIR=str(tmp_path / "data-run"))


def row(text, name):
    """The Friends view's row of `name`: (rank among friends, score, rank on the board)."""
    match = re.search(rf"^\s+(\d+)=?\s+\S{{4}} (?:▸ )?{name}\s+(\d+)\s+#(\d+) of \d+", text, re.M)
    assert match, f"no row for {name}:\n{text}"
    return tuple(int(group) for group in match.groups())


def test_bea_follows_ada_by_her_link_sees_her_among_friends_and_hears_when_passed(plume_bin, plume, tmp_path, server):
    board = today_board(server)
    (low, low_code), (mid, mid_code), (high, high_code) = three_looks(server, plume, board)
    ada, bea = server.register("Ada"), server.register("Bea")
    submit(server, ada, board, low_code)
    submit(server, bea, board, mid_code)
    sign_in(tmp_path, server.base, bea)

    # Bea's own link, from the command line: what she would send Ada.
    shared = subprocess.run([plume_bin, "share", "--me"], capture_output=True, text=True, timeout=30,
                            env=dict(env_of(tmp_path), PLUME_SERVER=server.base))
    assert shared.returncode == 0 and shared.stdout.strip() == f"plume://player/{bea['player_id']}", shared

    g = start(plume_bin, tmp_path, server)
    try:
        g.press("5")
        g.wait_for("you are Bea", timeout=30)
        # Ada's link as a mail program mangles it: soft-wrapped, in angle brackets, after words.
        link = ada["player_id"]
        g.paste(f"Hi Bea, follow me:\r\n<plume://player/{link[:9]}=\r\n{link[9:]}>\r\nAda")
        # The offer down to its keys, drawn under the question.
        g.wait_for(lambda t: f"Follow Ada? (today {low}, rank 2" in t and "f or Enter follows · Esc cancels" in t, timeout=30,
                   what=f"Follow Ada? (today {low}, rank 2 …) and its keys")
        assert server.json("GET", "/v1/players/me/following", token=bea["token"])[1]["players"] == [], "followed before a key"
        g.press("f")
        g.wait_for("You follow Ada now", timeout=30)
        following = server.json("GET", "/v1/players/me/following", token=bea["token"])[1]["players"]
        assert [p["name"] for p in following] == ["Ada"], following

        # Enter shows the Friends view: Bea first among them and on the board, Ada second.
        g.press("enter")
        text = g.wait_for(lambda t: "Friends" in t and re.search(r"Ada\s+\d+\s+#2 of 2", t), timeout=30, what="Ada in the Friends view")
        assert row(text, "Bea") == (1, mid, 1) and row(text, "Ada") == (2, low, 2)

        # A mangled player link and one that leads to no one: words, and nothing else changes.
        g.paste(f"plume://player/{link[:12]}")
        g.wait_for("Can't read this player link: its player id is cut short (12 of 22 characters)")
        nobody = "A" * 22 if link != "A" * 22 else "B" * 22
        sent = subprocess.run([plume_bin, "open", f"https://scores.example/p/{nobody}"], capture_output=True, text=True, timeout=30,
                              env=env_of(tmp_path), stdin=subprocess.DEVNULL)
        assert sent.returncode == 0 and "the player is waiting in its Import screen" in sent.stdout, sent
        g.wait_for(f"No player on 127.0.0.1:{server.port} has this link", timeout=30)
        g.press("f")
        g.wait_for(lambda t: "No player on" in g.status(), what="f answered with the same words")
        following = server.json("GET", "/v1/players/me/following", token=bea["token"])[1]["players"]
        assert [p["name"] for p in following] == ["Ada"], following
        g.press("q")
        assert g.wait_exit() == 0
    finally:
        g.close()

    # Ada passes Bea's score; Bea's news has it at once (the request that passed her wrote it).
    passed = submit(server, ada, board, high_code)
    assert passed["score"] == high
    status, page = server.json("GET", "/v1/players/me/news?after=0", token=bea["token"])
    assert status == 200, page
    item = next(item for item in page["items"] if item["kind"] == "friend_passed")
    assert item["text"].startswith("Ada passed your score on ") and f"({high} vs your {mid})" in item["text"], item

    # The game Bea starts next greets her with it, and Friends opens first, Ada now on top.
    g = start(plume_bin, tmp_path, server)
    try:
        g.wait_for(lambda t: TITLE in t and "Ada passed your score" in t, timeout=30, what="the news that Ada passed her")
        g.press("x")
        g.wait_for(lambda t: TITLE not in t, what="the news to close")
        g.press("5")
        # Both rows: Bea's is drawn under Ada's.
        text = g.wait_for(lambda t: re.search(r"Ada\s+\d+\s+#1 of 2", t) and re.search(r"Bea\s+\d+\s+#2 of 2", t), timeout=30,
                          what="Ada first among friends, Bea second")
        assert row(text, "Ada") == (1, high, 1) and row(text, "Bea") == (2, mid, 2)
        g.press("q")
        assert g.wait_exit() == 0
    finally:
        g.close()


def test_the_command_line_reads_player_links_and_says_what_is_wrong(plume, plume_bin, tmp_path):
    player = "Xk3_pQ9-aZbC1dE2fG3hIj"
    decoded = plume("link", "decode", f"> Follow me: <https://scores.example/p/{player}/>.")
    assert decoded.returncode == 0, decoded.stderr
    assert json.loads(decoded.stdout) == {"kind": "player", "player_id": player, "link": f"plume://player/{player}",
                                          "form": "plume-server player page"}
    drawn = plume("link", "qr", f"plume%3A%2F%2Fplayer%2F{player}")
    assert drawn.returncode == 0 and drawn.stdout.decode().splitlines()[-1] == f"plume://player/{player}"
    broken = plume("link", "decode", "plume://player/Xk3_pQ9")
    assert broken.returncode == 1 and "its player id is cut short (7 of 22 characters)" in broken.stderr.decode()
    # Where a look or a swarm is wanted, a player link says what it is.
    exported = plume("link", "export", "--format", "plume", f"plume://player/{player}")
    assert exported.returncode == 1 and "This is a player link" in exported.stderr.decode()
    # Nobody registered on the local board: --me says how to register.
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    env.pop("PLUME_SERVER", None)
    alone = subprocess.run([plume_bin, "share", "--me"], capture_output=True, text=True, timeout=30, env=env)
    assert alone.returncode == 1 and "you are not registered on the local board" in alone.stderr, alone
