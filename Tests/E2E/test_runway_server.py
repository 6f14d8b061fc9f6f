"""The Runway on the real plume-server over HTTP, on SQLite and on a real PostgreSQL: votes
acknowledged before a kill -9 are all there after it, and two servers on one database deal and
count the same votes."""
import datetime
import http.client
import json
import pathlib
import random
import signal
import threading
import time

import pytest

from server_process import ROOT, Server

CATALOG = json.loads((ROOT / "Assets" / "catalog.json").read_text())


def today():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")


def candidate_looks(plume, seed):
    """Random looks in the game's shape (a dress, or a top and a bottom; sometimes outerwear,
    shoes, a hat; a few accessories), as share codes. The server says which may enter."""
    rng = random.Random(seed)
    by_slot = {}
    for garment in CATALOG["garments"]:
        by_slot.setdefault(garment["slot"], []).append(garment)
    while True:
        worn = []
        slots = ["dress"] if rng.random() < 0.35 else ["top", "bottom"]
        slots += [s for s in ("outerwear", "shoes", "hat") if rng.random() < 0.5]
        for slot in slots:
            garment = rng.choice(by_slot[slot])
            worn.append({"id": garment["id"], "colour": rng.randrange(len(garment["variants"]))})
        for accessory in rng.sample(by_slot["accessory"], rng.randrange(3)):
            worn.append({"id": accessory["id"], "colour": 0})
        state = {"kind": "look", "background": 1, "model": 1, "garments": worn}
        result = plume("link", "encode", "--code", stdin=json.dumps(state).encode())
        if result.returncode == 0:
            yield result.stdout.decode().strip()


def enter(server, players, plume, seed=1):
    """Enters a look for each player, trying random looks until the day's theme takes one."""
    looks = candidate_looks(plume, seed)
    for player in players:
        for _ in range(400):
            status, reply = server.json("PUT", f"/v1/runway/{today()}/entry", {"code": next(looks)}, player["token"])
            if status == 200:
                break
            assert status == 422 and reply["error"]["code"] in ("below_runway_minimum", "look_not_wearable"), reply
        else:
            pytest.fail("no random look scored 500 on today's theme in 400 tries")


def wait_for(condition, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return time.monotonic()
        time.sleep(0.02)
    raise AssertionError("condition not reached")


def test_acknowledged_votes_survive_kill_minus_nine(tmp_path, database, plume):
    srv = Server(tmp_path, database=database)
    entrants = [srv.register(f"Model {n}") for n in range(8)]
    enter(srv, entrants, plume)
    voters = [srv.register(f"Voter {n}") for n in range(4)]
    acknowledged = {v["player_id"]: 0 for v in voters}
    lock = threading.Lock()

    def vote(voter):
        while True:
            try:
                status, pair = srv.json("GET", f"/v1/runway/{today()}/pair", token=voter["token"])
                if status != 200:
                    return
                status, _ = srv.json("POST", "/v1/runway/votes", {"ticket": pair["ticket"], "choice": "left"}, voter["token"])
            except (OSError, http.client.HTTPException):
                return  # killed mid-request: that vote was never acknowledged
            if status == 200:
                with lock:
                    acknowledged[voter["player_id"]] += 1

    threads = [threading.Thread(target=vote, args=(v,)) for v in voters]
    for thread in threads:
        thread.start()
    wait_for(lambda: sum(acknowledged.values()) >= 12, timeout=60)
    srv.process.send_signal(signal.SIGKILL)
    for thread in threads:
        thread.join()
    srv.process.wait()
    srv.log.close()
    again = Server(tmp_path, database=srv.database)
    try:
        for voter in voters:
            status, day = again.json("GET", f"/v1/runway/{today()}", token=voter["token"])
            assert status == 200
            assert day["you"]["tally"]["votes"] >= acknowledged[voter["player_id"]], (voter["name"], day["you"], acknowledged)
        # Every counted vote is on the people's board: two looks in each.
        status, day = again.json("GET", f"/v1/runway/{today()}")
        wait_for(lambda: sum(r["detail"] for r in again.json("GET", f"/v1/boards/people-{today()}/top")[1]["rows"]) == 2 * day["votes"], timeout=20)
    finally:
        again.stop()


def test_two_servers_deal_the_same_pairs_and_count_each_others_votes(tmp_path, database, plume):
    first = Server(tmp_path, database=database)
    second = Server(tmp_path, database=database)
    try:
        entrants = [first.register(f"Model {n}") for n in range(6)]
        enter(first, entrants, plume, seed=2)
        voter = first.register("Voter")
        # A pair asked for through one server is the pair the other deals, with a ticket it takes.
        status, through_first = first.json("GET", f"/v1/runway/{today()}/pair", token=voter["token"])
        assert status == 200
        status, through_second = second.json("GET", f"/v1/runway/{today()}/pair", token=voter["token"])
        assert status == 200 and (through_second["left"], through_second["right"]) == (through_first["left"], through_first["right"])
        status, _ = second.json("POST", "/v1/runway/votes", {"ticket": through_first["ticket"], "choice": "left"}, voter["token"])
        assert status == 200
        status, reply = first.json("POST", "/v1/runway/votes", {"ticket": through_second["ticket"], "choice": "left"}, voter["token"])
        assert status == 409 and reply["error"]["code"] == "ticket_used"
        # Votes through the first move the people's board read through the second.
        delays = []
        for n in range(1, 6):
            status, pair = first.json("GET", f"/v1/runway/{today()}/pair", token=voter["token"])
            assert status == 200
            status, _ = first.json("POST", "/v1/runway/votes", {"ticket": pair["ticket"], "choice": "right"}, voter["token"])
            assert status == 200
            cast = time.monotonic()

            def counted():
                _, page = second.json("GET", f"/v1/boards/people-{today()}/top")
                return sum(r["detail"] for r in page["rows"]) == 2 * (n + 1)
            delays.append(wait_for(counted, timeout=10) - cast)
        print(f"people's board on the second server caught up after {max(delays) * 1000:.0f} ms at most")
    finally:
        first.stop()
        second.stop()
