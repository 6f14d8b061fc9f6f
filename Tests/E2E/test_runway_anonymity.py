"""The Runway's anonymity, attacked as a voter would: take the two looks of a dealt pair, then
read everything public — boards, standings, profiles, player pages, link pages, avatars, the
feed, the vote's own reply — for anything that puts either look beside its owner. While the
day's runway takes votes nothing may; the owner still sees their own look."""
import html
import urllib.parse

import pytest

from server_process import Server
from test_runway_server import candidate_looks, today


def enter_and_submit(server, players, plume):
    """Each player enters a look the theme takes, and submits it to the day's style board (what
    a player does: their best of the day goes to the runway). Returns {code: player}."""
    looks = candidate_looks(plume, 11)
    owners = {}
    for player in players:
        for _ in range(400):
            code = next(looks)
            status, reply = server.json("PUT", f"/v1/runway/{today()}/entry", {"code": code}, player["token"])
            if status == 200:
                owners[reply["code"]] = player
                status, reply = server.json("POST", "/v1/scores", {"board_id": f"style-{today()}", "code": code}, player["token"])
                assert status == 200, reply
                break
            assert status == 422, reply
        else:
            pytest.fail("no random look scored the runway's minimum in 400 tries")
    return owners


def links_in_rows(rows, owners, where):
    """(where, owner's name) for each row showing a look of the pair beside its owner."""
    found = []
    for row in rows:
        for code, owner in owners.items():
            beside_owner = row.get("player_id") == owner["player_id"] or row.get("name") == owner["name"]
            if beside_owner and code in (row.get("code"), row.get("avatar_look")):
                found.append((where, owner["name"]))
    return found


def reads_that_reveal(server, owners, pair, voter):
    """Every public read a voter can make, searched for a look of `pair` beside its owner."""
    judged = {code: owners[code] for code in pair}
    drawings = {code: server.request("GET", f"/v1/looks/{code}.svg")[2].decode() for code in pair}
    found = []
    day = today()
    for board in (f"style-{day}", f"people-{day}"):
        found += board_reads_that_reveal(server, judged, board, lambda rows, where: links_in_rows(rows, judged, where),
                                         lambda page, where: pages_that_reveal(page, judged, drawings, where))
    status, _, body = server.request("GET", f"/runway/{day}")
    found += pages_that_reveal(body.decode(), judged, drawings, f"GET /runway/{day}")
    for code, owner in judged.items():
        status, profile = server.json("GET", f"/v1/players/{owner['player_id']}")
        assert status == 200, profile
        shown = [best["code"] for best in profile["bests"]] + [profile.get("avatar_look")]
        if code in shown:
            found.append(("GET /v1/players/{player}", owner["name"]))
        # The voter reading with their own token sees no more than anyone.
        status, profile = server.json("GET", f"/v1/players/{owner['player_id']}", token=voter["token"])
        if status == 200 and code in [best["code"] for best in profile["bests"]] + [profile.get("avatar_look")]:
            found.append(("GET /v1/players/{player} with the voter's token", owner["name"]))
        status, _, body = server.request("GET", f"/p/{owner['player_id']}")
        found += pages_that_reveal(body.decode(), {code: owner}, drawings, "GET /p/{player}")
        status, _, body = server.request("GET", f"/l/{code}")
        if html.escape(owner["name"]) in body.decode():
            found.append(("GET /l/{code}", owner["name"]))
    status, _, body = server.request("GET", "/TopScores.xml")
    for code, owner in judged.items():
        if urllib.parse.quote(code, safe="") in body.decode() or code in body.decode():
            found.append(("GET /TopScores.xml", owner["name"]))
    return found


def board_reads_that_reveal(server, judged, board, in_rows, in_page):
    """Every public read of one board — its top, around each owner, each owner's standing, its web
    page — searched for a judged entry beside its owner: `in_rows(rows, where)` and
    `in_page(html, where)` say what reveals one (the swarm show's attack reads the same way)."""
    found = []
    status, page = server.json("GET", f"/v1/boards/{board}/top?limit=100")
    assert status == 200, page
    found += in_rows(page["rows"], f"GET /v1/boards/{board}/top")
    for owner in judged.values():
        status, page = server.json("GET", f"/v1/boards/{board}/around/{owner['player_id']}?radius=25")
        if status == 200:
            found += in_rows(page["rows"], f"GET /v1/boards/{board}/around/{{player}}")
        status, standing = server.json("GET", f"/v1/boards/{board}/players/{owner['player_id']}")
        if status == 200:
            found += in_rows([standing["row"]], f"GET /v1/boards/{board}/players/{{player}}")
    _, _, body = server.request("GET", f"/b/{board}")
    found += in_page(body.decode(), f"GET /b/{board}")
    return found


def owners_see_their_own(server, owners, board):
    """Each owner's own reads (around them on `board`, their profile, with their token) show their entry."""
    for code, owner in owners.items():
        status, page = server.json("GET", f"/v1/boards/{board}/around/me?radius=0", token=owner["token"])
        assert status == 200 and page["rows"][0]["code"] == code, page
        status, profile = server.json("GET", f"/v1/players/{owner['player_id']}", token=owner["token"])
        assert code in [best["code"] for best in profile["bests"]], profile


def pages_that_reveal(page, owners, drawings, where):
    """A page reveals an owner when it names them and shows their look's code or its drawing."""
    found = []
    for code, owner in owners.items():
        if html.escape(owner["name"]) in page and (code in page or drawings[code] in page):
            found.append((where, owner["name"]))
    return found


def test_a_voter_can_not_find_whose_looks_they_judge(tmp_path, plume):
    server = Server(tmp_path)
    try:
        entrants = [server.register(f"Entrant {n}") for n in range(4)]
        voter = server.register("Voter")
        owners = enter_and_submit(server, entrants, plume)
        status, pair = server.json("GET", f"/v1/runway/{today()}/pair", token=voter["token"])
        assert status == 200, pair
        codes = [pair["left"], pair["right"]]
        assert all(code in owners for code in codes)
        # An avatar is a look too: the left look's owner wears it as their avatar.
        status, reply = server.json("PATCH", "/v1/players/me", {"avatar_look": codes[0]}, owners[codes[0]]["token"])
        assert status == 200, reply
        found = reads_that_reveal(server, owners, codes, voter)
        # Voting on the pair, and reading everything again.
        status, recorded = server.json("POST", "/v1/runway/votes", {"ticket": pair["ticket"], "choice": "left"}, voter["token"])
        assert status == 200, recorded
        for side in ("left", "right"):
            if recorded.get(side):
                found.append(("POST /v1/runway/votes", recorded[side]["name"]))
        found += reads_that_reveal(server, owners, codes, voter)
        print(f"reads that put a judged look beside its owner: {len(found)}")
        for where, name in sorted(set(found)):
            print(f"  {where}: {name}")
        assert not found, f"{len(set(found))} reads reveal whose look a voter judges: {sorted(set(found))}"
        # The owners still see their own looks: their own rows and their own profile.
        owners_see_their_own(server, owners, f"style-{today()}")
    finally:
        server.stop()


def test_a_copy_of_a_look_on_the_runway_is_refused_without_naming_anyone(tmp_path, plume):
    server = Server(tmp_path)
    try:
        owner, friend = server.register("Owner"), server.register("Friend")
        owners = enter_and_submit(server, [owner], plume)
        code = next(iter(owners))
        status, reply = server.json("PUT", f"/v1/runway/{today()}/entry", {"code": code}, friend["token"])
        assert status == 409 and reply["error"]["code"] == "look_taken", reply
        assert "Owner" not in reply["error"]["message"] and "runway" in reply["error"]["message"]
        # Nothing changed: the owner's entry stands; the friend has none and may enter their own.
        status, day = server.json("GET", f"/v1/runway/{today()}", token=owner["token"])
        assert day["entries"] == 1 and day["you"]["entry"]["code"] == code
        status, day = server.json("GET", f"/v1/runway/{today()}", token=friend["token"])
        assert day["you"].get("entry") is None
        # The owner entering the same look again is not a copy of someone else's.
        status, reply = server.json("PUT", f"/v1/runway/{today()}/entry", {"code": code}, owner["token"])
        assert status == 200, reply
    finally:
        server.stop()
