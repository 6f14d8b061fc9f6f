"""The swarm show's anonymity, attacked as a voter would: take the two swarms of a dealt pair, then
read everything public — the Lab board, the swarm show's board, a classic challenge's boards
holding the same swarms, standings, profiles, player pages, the runway page and its moving
picture — for anything that puts either swarm beside its owner. While the show takes votes
nothing may; the owners still see their own swarms."""
import html

import pytest

from server_process import Server
from test_runway_anonymity import board_reads_that_reveal, owners_see_their_own
from test_swarm_show_server import DAY, variant

pytestmark = pytest.mark.alone


def rows_that_reveal(rows, judged, where):
    found = []
    for row in rows:
        for code, owner in judged.items():
            if (row.get("player_id") == owner["player_id"] or row.get("name") == owner["name"]) and code == row.get("code"):
                found.append((where, owner["name"]))
    return found


def reads_that_reveal(server, judged, boards):
    found = []
    for board in boards:
        found += board_reads_that_reveal(server, judged, board, lambda rows, where: rows_that_reveal(rows, judged, where),
                                         lambda page, where: pages_that_reveal(page, judged, where))
    _, _, body = server.request("GET", f"/runway/{DAY}")
    found += pages_that_reveal(body.decode(), judged, f"GET /runway/{DAY}")
    for code, owner in judged.items():
        status, profile = server.json("GET", f"/v1/players/{owner['player_id']}")
        assert status == 200, profile
        if code in [best["code"] for best in profile["bests"]]:
            found.append(("GET /v1/players/{player}", owner["name"]))
        _, _, body = server.request("GET", f"/p/{owner['player_id']}")
        found += pages_that_reveal(body.decode(), {code: owner}, "GET /p/{player}")
    return found


def pages_that_reveal(page, judged, where):
    return [(where, owner["name"]) for code, owner in judged.items() if html.escape(owner["name"]) in page and code in page]


def test_a_voter_can_not_find_whose_swarms_they_judge(tmp_path, plume, monkeypatch):
    monkeypatch.setenv("FAKETIME_DONT_FAKE_MONOTONIC", "1")
    swarms = [variant(plume, n) for n in range(4)]
    server = Server(tmp_path, prefix=["faketime", f"{DAY} 12:00:00"])
    try:
        status, listed = server.json("GET", "/v1/boards")
        classic = [b["id"] for b in listed["boards"] if b["id"].startswith("swarm-") and b["open"]]
        owners, boards = {}, {f"lab-{DAY}", f"swarmshow-{DAY}"}
        for n, code in enumerate(swarms):
            player = server.register(f"Breeder {n}")
            status, reply = server.json("PUT", f"/v1/runway/{DAY}/entry", {"code": code}, player["token"])
            assert status == 200, reply
            owners[code] = player
            # Their best of the day, and the classic challenges that take it, hold the same swarm.
            status, reply = server.json("POST", "/v1/scores", {"board_id": f"lab-{DAY}", "code": code}, player["token"])
            assert status == 200, reply
            for board in classic:
                status, reply = server.json("POST", "/v1/scores", {"board_id": board, "code": code}, player["token"])
                if status == 200:
                    boards.add(board)
        assert len(boards) > 2, "no classic challenge took the fixture swarms"
        voter = server.register("Voter")
        status, pair = server.json("GET", f"/v1/runway/{DAY}/pair?show=swarm", token=voter["token"])
        assert status == 200, pair
        judged = {code: owners[code] for code in (pair["left"], pair["right"])}
        found = reads_that_reveal(server, judged, sorted(boards))
        status, recorded = server.json("POST", "/v1/runway/votes", {"ticket": pair["ticket"], "choice": "left"}, voter["token"])
        assert status == 200 and "left" not in recorded, recorded
        found += reads_that_reveal(server, judged, sorted(boards))
        print(f"boards read: {sorted(boards)}; reads that put a judged swarm beside its owner: {len(found)}")
        assert not found, f"{len(set(found))} reads reveal whose swarm a voter judges: {sorted(set(found))}"
        # The owners still see their own swarms.
        owners_see_their_own(server, judged, f"lab-{DAY}")
    finally:
        server.stop()
