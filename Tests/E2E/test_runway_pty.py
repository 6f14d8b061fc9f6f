"""The Runway screen in the real game, in a pty: against a real plume-server (three players'
looks on today's runway; the game registers, is dealt pairs, votes with the arrow keys and is
told whose looks they were; a look too plain for the theme is refused in words; a good one,
pasted in, enters) and on the local board, which says in words what it needs before voting."""
import re

from pty_game import Game
from server_process import Server
from test_runway_server import candidate_looks, enter, today


def test_a_player_votes_on_the_runway_and_enters_a_look(plume_bin, plume, tmp_path):
    directory = tmp_path / "server"
    directory.mkdir()
    server = Server(directory)
    try:
        entrants = [server.register(name) for name in ("Bea", "Cy", "Di")]
        enter(server, entrants, plume, seed=4)
        g = Game(plume_bin, tmp_path / "data", env={"PLUME_SERVER": server.base})
        try:
            g.wait_for("Score ")
            g.press("6")
            g.wait_for("to vote and enter: press p")
            g.press("p")
            g.wait_for(f"Register on 127.0.0.1:{server.port}")
            g.press(*"Vic")
            g.press("enter")
            # Registered: a pair is dealt and drawn, with the day's theme and the tally. The day's
            # figures (its looks, and that the player has not entered) come in another answer than
            # the pair's, in either order: all of it is waited for.
            text = g.wait_for(lambda t: "← this one" in t and "0 votes" in t and "3 looks" in t and "not entered — e enters the Studio's look" in t,
                              timeout=30, what="a pair on the runway, under the day's 3 looks and 'not entered'")
            assert f"Runway · {today()} ·" in text
            g.press("right")
            # The vote counts; whose looks they were stays hidden while the runway takes votes.
            text = g.wait_for("Vote counted: +1 point. The owners stay hidden until voting closes.", timeout=30, what="the vote counted")
            assert not re.search(r"\b(Bea|Cy|Di)\b", text), text
            g.wait_for("1 vote, 1 point (49 more today)", timeout=30)
            g.press("=")
            g.wait_for("2 votes, 2 points", timeout=30)
            # Three looks make three pairs: the last one, then words for none left.
            g.press("left")
            g.wait_for("you have judged every pair", timeout=30)
            _, day = server.json("GET", f"/v1/runway/{today()}")
            assert day["votes"] == 3

            # The Studio's starting look is too plain for the theme: refused, with what it lacks.
            g.press("e")
            g.wait_for(lambda t: "Not on the runway: this look scores" in t, timeout=30, what="the refusal")
            # A good look pasted in and applied enters. The server says which looks the theme takes;
            # Bea tries them, then moves on to a second, since a look on the runway is one player's.
            looks = candidate_looks(plume, seed=5)
            taken = []
            for candidate in looks:
                status, reply = server.json("PUT", f"/v1/runway/{today()}/entry", {"code": candidate}, entrants[0]["token"])
                if status == 200:
                    taken.append(candidate)
                    if len(taken) == 2:
                        break
            code = taken[0]
            g.paste(f"plume://look/{code}")
            g.wait_for("Enter applies")
            g.press("enter")
            g.press("6")
            g.press("e")
            g.wait_for(lambda t: re.search(rf"Your look \(\d+ on the theme\) is on the runway of {today()}", t), timeout=30,
                       what="the entry's confirmation")
            g.wait_for(lambda t: "your look: no votes yet" in t, timeout=30, what="the entry in the header")
            g.press("q")
            assert g.wait_exit() == 0
        finally:
            g.close()
    finally:
        server.stop()


def test_the_local_board_says_what_voting_needs(plume_bin, tmp_path):
    g = Game(plume_bin, tmp_path / "data")
    try:
        g.wait_for("Score ")
        g.press("6")
        g.wait_for("to vote and enter: press p")
        g.press("p")
        g.wait_for("Register on Local board")
        g.press(*"Ada")
        g.press("enter")
        g.wait_for(lambda t: "has no looks besides yours; voting needs two" in t, timeout=30, what="the words for an empty runway")
    finally:
        g.close()
