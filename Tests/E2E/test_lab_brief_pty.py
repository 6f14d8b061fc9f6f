"""The Lab on the day's brief, in the real game in a pty at 80×24: the panel shows the score the
board will give the recipe (computed in the background by the server's code), `plume swarm score`
gives the same number, and b gets exactly it on the board."""
import datetime
import json
import re

import pytest

from test_swarm_score import fair_recipe

# The Lab scores in the background (8 runs of 200 steps in a debug build): run apart.
pytestmark = pytest.mark.alone


def test_the_lab_shows_the_score_b_sends_and_b_gets_it(game, plume):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    brief = json.loads(plume("swarm", "brief", "--json").stdout)
    state = fair_recipe(brief["rules"])
    link = plume("link", "encode", stdin=json.dumps(state).encode()).stdout.decode().strip()
    expected = json.loads(plume("swarm", "score", "--board", f"lab-{today}", "--json", stdin=link.encode(), timeout=120).stdout)

    g = game(width=80, height=24)
    g.wait_for("Today:")
    g.paste(link)
    g.wait_for("✓ A swarm")
    g.press("enter")
    g.press("2")
    g.wait_for("Challenge: Huddle")
    g.press(*["g"] * 6)
    g.wait_for("Today's brief: ")
    # The goals' lines, then the score b sends — the command's number.
    text = g.wait_for(lambda t: "what b sends" in t, timeout=120, what="the board's score in the Lab")
    assert f"score {expected['score']}, 8 runs — what b sends" in text, text
    assert len(re.findall(r"\d+/1000", text)) == 2, text

    g.press("b")
    g.wait_for("Register on Local board")
    g.paste("Lab Tester")
    g.press("enter")
    said = g.wait_for_status("scored", timeout=60, what="the Lab board's answer")
    assert said.startswith("Lab: ") and f"scored {expected['score']}, rank 1" in said, said
