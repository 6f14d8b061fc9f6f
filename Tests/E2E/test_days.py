"""The day that carries over, on the real server as its days go by (under Debian's faketime, so
the server's UTC day is the test's to choose): the record of days and the streak, the news the
closing passes write once however many servers run them, and requests it refuses in words."""
import pytest

from server_process import Server
from test_server import look_code, server  # noqa: F401 (the fixture)


def serve(tmp_path, day, database=None, hour="10:00:00"):
    return Server(tmp_path, database=database, prefix=["faketime", f"{day} {hour}"])


def wait_for_news(server, token, count, timeout=60):
    """The closing pass runs as the server starts and every 20 s: the items, once `count` are in."""
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        status, page = server.json("GET", "/v1/players/me/news?after=0", token=token)
        assert status == 200, page
        if len(page["items"]) >= count:
            return page["items"]
        time.sleep(0.1)
    raise AssertionError(f"fewer than {count} news items after {timeout} s: {page}")


def test_the_record_streak_and_news_follow_the_servers_days(tmp_path, database, plume):
    code = look_code(plume, [1])
    day1 = serve(tmp_path, "2026-12-01", database)
    try:
        ada, bea = day1.register("Ada"), day1.register("Bea")
        for player in (ada, bea):
            status, reply = day1.json("POST", "/v1/scores", {"board_id": "style-2026-12-01", "code": code}, player["token"])
            assert status == 200, reply
        status, record = day1.json("GET", f"/v1/players/{ada['player_id']}/record")
        assert status == 200 and (record["days_played"], record["streak"], record["today"]) == (1, 1, "2026-12-01")
        assert record["days"][0]["day"] == "2026-12-01" and record["days"][0]["entries"] == 2
        status, page = day1.json("GET", "/v1/players/me/news", token=ada["token"])
        assert status == 200 and page == {"items": [], "more": False}
    finally:
        day1.stop()
    day2 = serve(tmp_path, "2026-12-02", database)
    try:
        items = wait_for_news(day2, ada["token"], 1)
        closed = items[0]
        assert (closed["kind"], closed["day"], closed["of"]) == ("day_closed", "2026-12-01", 2) and closed["rank"] in (1, 2)
        assert f"#{closed['rank']} of 2" in closed["text"]
        # Not played yet today: yesterday still counts.
        status, record = day2.json("GET", f"/v1/players/{ada['player_id']}/record")
        assert (record["streak"], record["last_played"], record["days"][0]["rank"]) == (1, "2026-12-01", closed["rank"])
        status, reply = day2.json("POST", "/v1/scores", {"board_id": "style-2026-12-02", "code": code}, ada["token"])
        assert status == 200, reply
        status, record = day2.json("GET", f"/v1/players/{ada['player_id']}/record")
        assert (record["days_played"], record["streak"], record["best_streak"]) == (2, 2, 2)
        # A board of a day gone by takes nothing, whatever the client's clock says.
        status, reply = day2.json("POST", "/v1/scores", {"board_id": "style-2026-12-01", "code": code}, bea["token"])
        assert status == 409 and reply["error"]["code"] == "board_closed"
    finally:
        day2.stop()
    # 2026-12-03 goes by unplayed: on the 4th the streak is over, and Ada hears it once.
    day4 = serve(tmp_path, "2026-12-04", database)
    try:
        items = wait_for_news(day4, ada["token"], 3)
        assert [item["kind"] for item in items] == ["day_closed", "day_closed", "streak_broken"], items
        assert "2-day streak ended" in items[2]["text"] and items[2]["day"] == "2026-12-03"
        newest = items[-1]["id"]
        status, page = day4.json("GET", f"/v1/players/me/news?after={newest}", token=ada["token"])
        assert page["items"] == []
        status, record = day4.json("GET", f"/v1/players/{ada['player_id']}/record")
        assert (record["streak"], record["best_streak"], record["days_played"]) == (0, 2, 2)
        # Bea played one day: nothing of hers ended.
        assert [item["kind"] for item in wait_for_news(day4, bea["token"], 1)] == ["day_closed"]
    finally:
        day4.stop()


def test_two_servers_closing_the_same_day_write_each_item_once(tmp_path, database, plume):
    if not database.startswith("postgres"):
        pytest.skip("several servers share one database on PostgreSQL")
    code = look_code(plume, [1])
    day1 = serve(tmp_path, "2026-12-01", database)
    try:
        players = [day1.register(f"Player {n}") for n in range(30)]
        for player in players:
            status, reply = day1.json("POST", "/v1/scores", {"board_id": "style-2026-12-01", "code": code}, player["token"])
            assert status == 200, reply
    finally:
        day1.stop()
    servers = [serve(tmp_path, "2026-12-02", database) for _ in range(3)]
    try:
        for player in players:
            items = wait_for_news(servers[0], player["token"], 1)
            assert [item["kind"] for item in items] == ["day_closed"] and items[0]["of"] == 30
        ranks = sorted(wait_for_news(servers[1], player["token"], 1)[0]["rank"] for player in players)
        assert ranks == list(range(1, 31))
    finally:
        for server in servers:
            server.stop()


@pytest.mark.parametrize("path, token, status, code", [
    ("/v1/players/me/news", False, 401, "missing_token"),
    ("/v1/players/me/news?after=abc", True, 400, "invalid_cursor"),
    ("/v1/players/me/news?after=-1", True, 400, "invalid_cursor"),
    ("/v1/players/{id}/record?cursor=2026-02-30", False, 422, "invalid_cursor"),
    ("/v1/players/{id}/record?limit=0", False, 400, "invalid_limit"),
    ("/v1/players/{id}/record?limit=372", False, 400, "invalid_limit"),
    ("/v1/players/AAAAAAAAAAAAAAAAAAAAAA/record", False, 404, "player_not_found"),
])
def test_bad_record_and_news_requests_get_a_4xx_in_words(server, path, token, status, code):
    ada = server.register("Ada")
    got, reply = server.json("GET", path.replace("{id}", ada["player_id"]), token=ada["token"] if token else None)
    assert (got, reply["error"]["code"]) == (status, code), reply
    assert len(reply["error"]["message"]) > 10
