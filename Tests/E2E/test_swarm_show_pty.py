"""The swarm show in the real game, in an 80×24 pty, against a real plume-server, both under
Debian's faketime (the day, and so its Lab brief, is the test's): three players' swarms are in
the show; the game registers, w shows a pair of swarms running side by side, a vote counts and
names no one, and a swarm pasted into the Lab enters with e."""
import json
import re

import pytest

from server_process import Server
from test_swarm_show_server import DAY, variant

pytestmark = pytest.mark.alone

BRAILLE = re.compile("[\u2801-\u28ff]")


def halves(text):
    """Whether both halves of the stage rows hold drawn agents (braille cells)."""
    rows = text.split("\n")[4:20]
    return any(BRAILLE.search(row[:40]) for row in rows) and any(BRAILLE.search(row[40:]) for row in rows)


def test_a_player_watches_and_votes_on_the_swarm_show_and_enters_a_swarm(tmp_path, game, plume_bin, plume, monkeypatch):
    monkeypatch.setenv("FAKETIME_DONT_FAKE_MONOTONIC", "1")
    swarms = [variant(plume, n) for n in range(4)]
    directory = tmp_path / "server"
    directory.mkdir()
    server = Server(directory, prefix=["faketime", f"{DAY} 12:00:00"])
    try:
        for name, code in zip(("Bea", "Cy", "Di"), swarms):
            player = server.register(name)
            status, entered = server.json("PUT", f"/v1/runway/{DAY}/entry", {"code": code}, player["token"])
            assert status == 200, entered
        g = game(["faketime", f"{DAY} 12:00:00", plume_bin, "--server", server.base], width=80, height=24)
        g.wait_for("Score ", timeout=45)
        g.press("6")
        g.wait_for("to vote and enter: press p", timeout=30)
        g.press("p")
        g.wait_for(f"Register on 127.0.0.1:{server.port}")
        g.press(*"Vic")
        g.press("enter")
        g.wait_for("Vic", timeout=30, what="the registration")
        g.press("w")
        text = g.wait_for(lambda t: "Swarm show · " + DAY in t and "3 swarms" in t and t.count("2 species · ") == 2 and halves(t),
                          timeout=30, what="a pair of swarms running side by side under the day's 3 swarms")
        assert "Tight spin I" in text and "← this one" in text and "this one →" in text
        g.press("right")
        text = g.wait_for("Vote counted: +1 point. The owners stay hidden until voting closes.", timeout=30, what="the vote counted")
        assert not re.search(r"\b(Bea|Cy|Di)\b", text), text
        _, day = server.json("GET", f"/v1/runway/{DAY}?show=swarm")
        assert day["votes"] == 1 and day["entries"] == 3, day
        # The fourth swarm, pasted into the Lab, enters the show with e.
        g.paste(f"plume://swarm/{swarms[3]}")
        g.wait_for("Enter applies", timeout=30)
        g.press("enter")
        g.press("6")
        g.press("e")
        g.wait_for(lambda t: re.search(rf"Your swarm \(\d+ on today's Lab brief\) is in the swarm show of {DAY}", t), timeout=30,
                   what="the entry's confirmation")
        g.wait_for("your swarm: no votes yet", timeout=30, what="the entry in the header")
        _, day = server.json("GET", f"/v1/runway/{DAY}?show=swarm")
        assert day["entries"] == 4, day
        g.press("q")
        assert g.wait_exit() == 0
    finally:
        server.stop()
