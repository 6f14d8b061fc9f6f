"""`plume swarm score`: the number a player chases is the number the server gives. The command
and a real server score the same recipes; season 2's rules refuse small crowds in words."""
import datetime
import json

import pytest

from server_process import Server

# Each score is 8 runs of 200 steps in a debug build, seconds of a core: run apart from the
# suites that bound their waits (the SSH and pty tests), as `alone` tests are.
pytestmark = pytest.mark.alone


@pytest.fixture
def server(tmp_path, database):
    srv = Server(tmp_path, database=database)
    yield srv
    srv.stop()


def recipe(population=100, radius=60, second=None):
    ingredients = [{"population": population, "R": radius, "Vn": 5, "Vm": 10, "c1": 0.5,
                    "c2": 0.5, "c3": 20, "c4": 0.1, "c5": 0.5}]
    if second:
        ingredients.append({"population": second, "R": 90, "Vn": 8, "Vm": 14, "c1": 0.2,
                            "c2": 0.8, "c3": 40, "c4": 0.2, "c5": 0.3})
    return {"kind": "swarm", "ingredients": ingredients}


def link(plume, state):
    result = plume("link", "encode", stdin=json.dumps(state).encode())
    assert result.returncode == 0, result.stderr
    return result.stdout.decode().strip()


def score(plume, board, text, *extra):
    return plume("swarm", "score", "--board", board, *extra, stdin=text.encode(), timeout=120)


def this_week():
    year, week, _ = datetime.datetime.now(datetime.timezone.utc).isocalendar()
    return f"{year}-W{week:02d}"


def test_the_command_gives_what_the_server_gives(server, plume, tmp_path):
    """Season 2's boards (open since 2026-11-28): the server scores the season board and this
    week's, each on its own seeds, and the command gives both numbers."""
    ada = server.register("Ada")
    for challenge, state in [("huddle", recipe()), ("comet", recipe(120, 80, second=60)), ("sort", recipe(70, 50, second=50))]:
        board, week = f"swarm-{challenge}-s2", f"swarm-{challenge}-s2-{this_week()}"
        shared = link(plume, state)
        printed = score(plume, board, shared, "--json")
        assert printed.returncode == 0, printed.stderr
        mine = json.loads(printed.stdout)
        assert set(mine) == {"board", "score", "detail", "agents", "ingredients"}
        assert (mine["board"], mine["agents"], mine["ingredients"]) == (board, state["ingredients"][0]["population"]
                                                                        + sum(i["population"] for i in state["ingredients"][1:]),
                                                                        len(state["ingredients"]))
        weekly = json.loads(score(plume, week, shared, "--json").stdout)
        status, result = server.json("POST", "/v1/scores", {"board_id": board, "code": shared}, ada["token"])
        assert status == 200, result
        assert (result["score"], result["detail"]) == (mine["score"], mine["detail"]), board
        assert [(a["board_id"], a["score"], a["detail"]) for a in result["also"]] == [(week, weekly["score"], weekly["detail"])]
    # Season 1's boards are closed (read for ever); the command still reads them as they scored.
    status, result = server.json("POST", "/v1/scores", {"board_id": "swarm-huddle", "code": link(plume, recipe(150))}, ada["token"])
    assert status == 409 and result["error"]["code"] == "board_closed" and "season 1" in result["error"]["message"], result
    # A file, a bare code and a Swarm Chemistry recipe read as the importer reads them.
    path = tmp_path / "swarm.txt"
    path.write_text(link(plume, recipe()))
    from_file = plume("swarm", "score", "--board", "swarm-huddle", "--json", str(path), timeout=120)
    assert from_file.returncode == 0 and json.loads(from_file.stdout)["board"] == "swarm-huddle"
    words = plume("swarm", "score", "--board", "swarm-huddle", str(path), timeout=120)
    assert words.returncode == 0 and words.stdout.decode().startswith("swarm-huddle: ")


def test_season_two_reads_eight_seeds_and_refuses_small_crowds_in_words(plume):
    shared = link(plume, recipe(100, 60, second=40))
    season = score(plume, "swarm-huddle-s2", shared, "--json")
    assert season.returncode == 0, season.stderr
    scored = json.loads(season.stdout)
    assert 0 <= scored["score"] <= 1000 and scored["agents"] == 140 and scored["ingredients"] == 2
    # The detail is rounded to a millionth.
    assert round(scored["detail"] * 1e6) == pytest.approx(scored["detail"] * 1e6, abs=1e-6)
    # Every run is printed in words; a week's board has seeds of its own.
    words = score(plume, "swarm-huddle-s2", shared).stdout.decode()
    assert "8 runs of 200 steps" in words
    week = json.loads(score(plume, "swarm-huddle-s2-2026-W49", shared, "--json").stdout)
    assert week["detail"] != scored["detail"]
    # Too small a crowd: refused before any run, in words, exit 1.
    lone = score(plume, "swarm-huddle-s2", link(plume, recipe(1)))
    assert lone.returncode == 1 and lone.stdout == b""
    assert "at least 100 agents" in lone.stderr.decode() and "has 1" in lone.stderr.decode()
    lopsided = score(plume, "swarm-sort-s2", link(plume, recipe(100, 60, second=10)))
    assert lopsided.returncode == 1 and "at least 20 %" in lopsided.stderr.decode()


@pytest.mark.parametrize("board, words", [
    ("style-2026-11-28", "is not a swarm board"),
    ("swarm-nosuch-s2", "is not a swarm board"),
    ("swarm-huddle-s02", "is not a swarm board"),
])
def test_a_board_that_scores_no_swarm_is_named_with_the_forms(plume, board, words):
    result = score(plume, board, "x")
    assert result.returncode == 1 and words in result.stderr.decode() and "swarm-<challenge>-s2" in result.stderr.decode()


def test_a_look_or_a_mangled_paste_is_refused_in_words(plume):
    look = plume("link", "encode", stdin=json.dumps({"kind": "look", "background": 1, "model": 1, "garments": []}).encode())
    result = score(plume, "swarm-huddle-s2", look.stdout.decode())
    assert result.returncode == 1 and "look" in result.stderr.decode()
    mangled = score(plume, "swarm-huddle-s2", "plume://swarm/\x1b[31m!!!")
    assert mangled.returncode == 1 and b"\x1b" not in mangled.stderr and mangled.stderr.decode().startswith("plume: ")


def test_a_copy_of_another_players_swarm_earns_nothing(server, plume):
    ada, bea = server.register("Ada"), server.register("Bea")
    shared = link(plume, recipe(130, 55))
    status, _ = server.json("POST", "/v1/scores", {"board_id": "swarm-vortex-s2", "code": shared}, ada["token"])
    assert status == 200
    for board in ("swarm-vortex-s2", "swarm-march-s2"):
        status, refused = server.json("POST", "/v1/scores", {"board_id": board, "code": shared}, bea["token"])
        assert status == 409 and refused["error"]["code"] == "code_taken", refused
        assert "copies earn nothing" in refused["error"]["message"] and "Ada" not in refused["error"]["message"]
    # Bea earned nothing; Ada's own swarm goes on another board.
    status, mine = server.json("GET", "/v1/players/me", token=bea["token"])
    assert mine["points_earned"] == 0
    status, _ = server.json("POST", "/v1/scores", {"board_id": "swarm-march-s2", "code": shared}, ada["token"])
    assert status == 200


def fair_recipe(rules):
    """A swarm every rule of the Lab's pool allows: the species the brief asks for (else two),
    150 agents shared fairly, R 70 and Vm 7 in every ingredient."""
    species = next((int(rule.split()[1]) for rule in rules if rule.startswith("exactly ")), 2)
    ingredients = [{"population": 150 // species + (1 if i < 150 % species else 0), "R": 70 - 10 * (i % 2), "Vn": 3 + i,
                    "Vm": 7, "c1": 0.6, "c2": 0.3 + 0.1 * i, "c3": 10 + 5 * i, "c4": 0.05, "c5": 0.5} for i in range(species)]
    return {"kind": "swarm", "ingredients": ingredients}


def test_todays_lab_brief_scores_the_same_in_the_command_and_the_server(server, plume):
    today = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    brief = plume("swarm", "brief", "--json")
    assert brief.returncode == 0, brief.stderr
    brief = json.loads(brief.stdout)
    board = f"lab-{today}"
    assert brief["board"] == board and len(brief["goals"]) == 2 and brief["rules"]
    words = plume("swarm", "brief").stdout.decode()
    assert brief["name"] in words and all(goal["words"] in words for goal in brief["goals"])
    # The server lists the board under the brief's name.
    _, boards = server.json("GET", "/v1/boards")
    listed = next(b for b in boards["boards"] if b["id"] == board)
    assert listed["title"] == "Lab: " + brief["name"] and listed["kind"] == "swarm" and listed["period"] == "day"
    ada = server.register("Ada")
    shared = link(plume, fair_recipe(brief["rules"]))
    mine = json.loads(score(plume, board, shared, "--json").stdout)
    status, result = server.json("POST", "/v1/scores", {"board_id": board, "code": shared}, ada["token"])
    assert status == 200, result
    assert (result["score"], result["detail"]) == (mine["score"], mine["detail"])
    # Costs rank within a score: the detail is −(ingredients × 1000 + agents).
    assert result["detail"] == -(mine["ingredients"] * 1000 + 150) and result["percentile"] == 100
    # The histograms of its costs, and the board's page draws all three.
    status, spread = server.json("GET", f"/v1/boards/{board}/histogram?of=ingredients", token=ada["token"])
    assert status == 200 and spread["you"]["score"] == mine["ingredients"] and sum(b["count"] for b in spread["buckets"]) == 1
    page = server.request("GET", f"/b/{board}")[2].decode()
    assert page.count('class="histogram"') == 3 and "the agents their recipes took" in page
    # A rule broken is refused in words, and the command says the same words.
    wide = fair_recipe(brief["rules"])
    wide["ingredients"] = wide["ingredients"] * 4 + wide["ingredients"][:1]
    for ingredient in wide["ingredients"]:
        ingredient["population"] = 20
    wide["ingredients"][0]["R"] = 250
    wide["ingredients"][0]["Vm"] = 30
    broken = link(plume, wide)
    status, refused = server.json("POST", "/v1/scores", {"board_id": board, "code": broken}, ada["token"])
    printed = score(plume, board, broken)
    assert status == 422 and refused["error"]["code"] in ("swarm_breaks_brief", "swarm_too_small"), refused
    assert printed.returncode == 1 and printed.stderr.decode().strip() == "plume: " + refused["error"]["message"]
