"""The swarm show on the real plume-server over HTTP, on SQLite and on a real PostgreSQL, under
Debian's faketime (the day, and so its Lab brief, is the test's): swarms enter with a score on
the day's brief, copies are refused, pairs come with the start both swarms run from, votes
become the people's board of swarms, and nothing names a swarm's owner while the show votes."""
import io
import json
import time

import pytest
from PIL import Image

from server_process import Server

pytestmark = pytest.mark.alone

DAY = "2027-01-02"  # Tight spin I · at most 150 agents
# A two-ingredient swarm that spins tight (the Lab calibration's witness), and variants of it.
BASE = "plume://swarm/1IROS6HJFsjLsAAAZYEBtAAAAAhk3r3PAq4Y"


@pytest.fixture
def faked(monkeypatch):
    # The server's timers run on the monotonic clock: leave it alone.
    monkeypatch.setenv("FAKETIME_DONT_FAKE_MONOTONIC", "1")
    return ["faketime", f"{DAY} 12:00:00"]


def variant(plume, extra):
    """The base swarm with `extra` agents more in its first species, as a share code."""
    state = json.loads(plume("link", "decode", stdin=BASE.encode()).stdout)
    state["ingredients"][0]["population"] += extra
    del state["link"], state["form"]
    result = plume("link", "encode", "--code", stdin=json.dumps(state).encode())
    assert result.returncode == 0, result.stderr
    return result.stdout.decode().strip()


def test_swarms_enter_pair_and_become_the_swarm_shows_board(tmp_path, database, plume, faked):
    swarms = [variant(plume, n) for n in range(4)]
    # What plume swarm score says is what the server takes: a catalogue change fails here in words.
    scored = json.loads(plume("swarm", "score", "--board", f"lab-{DAY}", "--json", stdin=swarms[0].encode()).stdout)
    assert scored["score"] >= 400, f"the fixture swarm scores {scored['score']} on {DAY}'s brief: pick another"
    srv = Server(tmp_path, database=database, prefix=faked)
    try:
        breeders = [srv.register(f"Breeder {n}") for n in range(4)]
        for breeder, code in zip(breeders, swarms):
            status, entered = srv.json("PUT", f"/v1/runway/{DAY}/entry", {"code": code}, breeder["token"])
            assert status == 200, entered
            assert entered["show"] == "swarm" and entered["board_id"] == f"lab-{DAY}" and entered["score"] >= 400, entered
            status, submitted = srv.json("POST", "/v1/scores", {"board_id": f"lab-{DAY}", "code": code}, breeder["token"])
            assert status == 200, submitted
        assert entered["score"] == json.loads(plume("swarm", "score", "--board", f"lab-{DAY}", "--json",
                                                    stdin=swarms[3].encode()).stdout)["score"]
        voter = srv.register("Voter")
        # A copy of an entered swarm earns nothing, on the boards or in the show; no name is given.
        for method, path, body in [("POST", "/v1/scores", {"board_id": f"lab-{DAY}", "code": swarms[1]}),
                                   ("PUT", f"/v1/runway/{DAY}/entry", {"code": swarms[1]})]:
            status, refused = srv.json(method, path, body, voter["token"])
            assert status == 409 and refused["error"]["code"] == "code_taken", refused
            assert "Breeder" not in refused["error"]["message"]
        status, low = srv.json("PUT", f"/v1/runway/{DAY}/entry", {"code": variant(plume, 40)}, voter["token"])
        assert status == 422 and low["error"]["code"] == "swarm_breaks_brief" and "150 agents" in low["error"]["message"], low
        status, bad = srv.json("GET", f"/v1/runway/{DAY}/pair?show=sideways", token=voter["token"])
        assert status == 400 and bad["error"]["code"] == "invalid_show", bad
        # The looks have no pair; the swarm show deals its swarms, with the start they run from.
        status, none = srv.json("GET", f"/v1/runway/{DAY}/pair", token=voter["token"])
        assert status == 404 and none["error"]["code"] == "no_pair_left", none
        seen = set()
        votes = 0
        while True:
            status, pair = srv.json("GET", f"/v1/runway/{DAY}/pair?show=swarm", token=voter["token"])
            if status == 404:
                assert pair["error"]["code"] == "no_pair_left" and "swarm show" in pair["error"]["message"], pair
                break
            assert status == 200 and pair["show"] == "swarm" and pair["seed"].isdigit(), pair
            assert {pair["left"], pair["right"]} <= set(swarms) and pair["left"] != pair["right"], pair
            seen |= {pair["left"], pair["right"]}
            choice = "right" if pair["right"] == swarms[0] else "left"
            status, vote = srv.json("POST", "/v1/runway/votes", {"ticket": pair["ticket"], "choice": choice}, voter["token"])
            assert status == 200 and vote["show"] == "swarm" and "left" not in vote and "right" not in vote, vote
            votes += 1
        assert votes == 6 and seen == set(swarms)
        status, day = srv.json("GET", f"/v1/runway/{DAY}?show=swarm", token=voter["token"])
        assert status == 200 and day["board_id"] == f"swarmshow-{DAY}" and day["entry_board_id"] == f"lab-{DAY}", day
        assert day["entries"] == 4 and day["votes"] == 6 and day["theme"].startswith("Tight spin I"), day
        # While the show votes: no public read puts a swarm beside a name.
        status, boards = srv.json("GET", "/v1/boards")
        assert any(b["id"] == f"swarmshow-{DAY}" and b["kind"] == "people" for b in boards["boards"]), boards
        # The fit writes the show's board on a refresh pass once its refit interval (0.75 s) has
        # gone by. Under faketime the server's own timers never fire on this machine (libdispatch's
        # timers wait on a faked clock), so its background passes don't run: an entry (here Breeder
        # 3 entering the same swarm again) runs the pass instead, after the interval.
        time.sleep(1.0)
        status, again = srv.json("PUT", f"/v1/runway/{DAY}/entry", {"code": swarms[3]}, breeders[3]["token"])
        assert status == 200, again
        for board in (f"swarmshow-{DAY}", f"lab-{DAY}"):
            status, top = srv.json("GET", f"/v1/boards/{board}/top")
            assert status == 200 and len(top["rows"]) == 4, top
            assert all(row["code"] == "" for row in top["rows"]), top
        status, show = srv.json("GET", f"/v1/boards/swarmshow-{DAY}/top")
        assert all(row["name"] == "a swarm in the show" and row["player_id"] == "" for row in show["rows"]), show
        for page in (f"/b/lab-{DAY}", f"/b/swarmshow-{DAY}", f"/runway/{DAY}"):
            status, _, html = srv.request("GET", page)
            assert status == 200 and not any(code in html.decode() for code in swarms), page
        # The Lab board keeps its names (its swarms hidden), as the style board does while the runway votes.
        assert f'src="/v1/runway/{DAY}/swarms.gif"' in html.decode()
        # A browser that asks for reduced motion is shown the picture held still.
        assert f'<source media="(prefers-reduced-motion: reduce)" srcset="/v1/runway/{DAY}/swarms-still.gif">' in html.decode()
        status, headers, still = srv.request("GET", f"/v1/runway/{DAY}/swarms-still.gif")
        assert status == 200 and headers["Content-Type"] == "image/gif", (status, headers)
        held = Image.open(io.BytesIO(still))
        assert held.size == (296, 144) and held.n_frames == 1, (held.size, held.n_frames)
        # The page's moving picture: two swarms side by side, looping; asked again, the same.
        status, headers, gif = srv.request("GET", f"/v1/runway/{DAY}/swarms.gif")
        assert status == 200 and headers["Content-Type"] == "image/gif" and len(gif) < 512 * 1024, (status, headers)
        picture = Image.open(io.BytesIO(gif))
        assert picture.size == (296, 144) and picture.n_frames == 51 and picture.info.get("loop") == 0, (picture.size, picture.n_frames)
        picture.seek(25)
        frame = picture.convert("RGB")
        left = {frame.getpixel((x, y)) for x in range(0, 144, 2) for y in range(0, 144, 2)}
        right = {frame.getpixel((x, y)) for x in range(152, 296, 2) for y in range(0, 144, 2)}
        assert len(left) > 1 and len(right) > 1, "a panel with no swarm in it"
        status, again, same = srv.request("GET", f"/v1/runway/{DAY}/swarms.gif", headers={"If-None-Match": headers["ETag"]})
        assert status == 304, status
        status, _, missing = srv.request("GET", "/v1/runway/2027-01-01/swarms.gif")
        assert status == 404 and json.loads(missing)["error"]["code"] == "not_found", missing
    finally:
        srv.stop()
    # Two days on, a fresh server on the same database: the show is final, and names its swarms,
    # the voted one first.
    later = Server(tmp_path, database=srv.database, prefix=["faketime", "2027-01-04 12:00:00"])
    try:
        status, top = later.json("GET", f"/v1/boards/swarmshow-{DAY}/top")
        assert status == 200 and not top["board"]["open"], top
        assert [row["name"] for row in top["rows"]][0] == "Breeder 0" and top["rows"][0]["code"] == swarms[0], top
        assert {row["code"] for row in top["rows"]} == set(swarms), top
        status, lab = later.json("GET", f"/v1/boards/lab-{DAY}/top")
        assert {row["code"] for row in lab["rows"]} == set(swarms), lab
    finally:
        later.stop()
