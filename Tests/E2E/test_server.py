"""The real plume-server on a live loopback port: every route, every refusal, pages, feed,
metrics, and durability across kill -9 — each on SQLite and on a real PostgreSQL."""
import http.client
import json
import re
import signal
import subprocess
import threading
import xml.etree.ElementTree as ET

import pytest

from reference_codec import look_link
from server_process import SERVER_BIN, Server


@pytest.fixture
def server(tmp_path, database):
    srv = Server(tmp_path, database=database)
    yield srv
    srv.stop()


def look_code(plume, garments=()):
    state = {"kind": "look", "background": 1, "model": 1, "garments": [{"id": g, "colour": 0} for g in garments]}
    result = plume("link", "encode", "--code", stdin=json.dumps(state).encode())
    assert result.returncode == 0, result.stderr
    return result.stdout.decode().strip()


def swarm_code(plume, population=100, radius=60):
    state = {"kind": "swarm", "ingredients": [{"population": population, "R": radius, "Vn": 5, "Vm": 10, "c1": 0.5,
                                                "c2": 0.5, "c3": 20, "c4": 0.1, "c5": 0.5}]}
    return plume("link", "encode", "--code", stdin=json.dumps(state).encode()).stdout.decode().strip()


def today_board(server):
    _, boards = server.json("GET", "/v1/boards")
    return next(b["id"] for b in boards["boards"] if b["kind"] == "style")


def test_help_documents_every_option_and_its_environment_variable():
    text = subprocess.run([str(SERVER_BIN), "serve", "--help"], capture_output=True, text=True).stdout
    for option, env in [("--host", "PLUME_HOST"), ("--port", "PLUME_PORT"), ("--database", "PLUME_DATABASE"),
                        ("--allowed-origin", "PLUME_ALLOWED_ORIGINS"), ("--rate-limit", "PLUME_RATE_LIMIT"),
                        ("--submit-rate-limit", "PLUME_SUBMIT_RATE_LIMIT"), ("--vote-rate-limit", "PLUME_VOTE_RATE_LIMIT"),
                        ("--register-rate-limit", "PLUME_REGISTER_RATE_LIMIT"),
                        ("--simulations", "PLUME_SIMULATIONS"), ("--poll-ms", "PLUME_POLL_MS"), ("--public-url", "PLUME_PUBLIC_URL"),
                        ("--log-level", "LOG_LEVEL"), ("--log-format", "PLUME_LOG_FORMAT"), ("--config", "PLUME_CONFIG"),
                        ("--max-connections", "PLUME_MAX_CONNECTIONS"), ("--max-connections-per-address", "PLUME_MAX_CONNECTIONS_PER_ADDRESS"),
                        ("--head-timeout", "PLUME_HEAD_TIMEOUT"), ("--min-body-rate", "PLUME_MIN_BODY_RATE"),
                        ("--idle-timeout", "PLUME_IDLE_TIMEOUT"), ("--trusted-proxy", "PLUME_TRUSTED_PROXIES"),
                        ("--forwarded-header", "PLUME_FORWARDED_HEADER")]:
        assert option in text and env in text


def test_a_bad_environment_value_stops_start_up_with_words(tmp_path):
    result = subprocess.run([str(SERVER_BIN), "serve", "--database", str(tmp_path / "x.sqlite")], capture_output=True, text=True,
                            env={"PLUME_PORT": "eighty"}, timeout=30)
    assert result.returncode != 0 and 'PLUME_PORT: port must be a whole number from 0 to 65535, not "eighty"' in result.stderr


def test_register_submit_and_read_a_look_with_the_score_recomputed(server, plume):
    ada = server.register("Ada")
    board = today_board(server)
    code = look_code(plume, [1])
    status, result = server.json("POST", "/v1/scores", {"board_id": board, "code": code, "score": 1000000}, ada["token"])
    assert status == 200, result
    assert result["score"] < 1001 and result["rank"] == 1 and result["personal_best"] is True
    status, page = server.json("GET", f"/v1/boards/{board}/top")
    row = page["rows"][0]
    # Today's runway takes votes, so the style board shows no look beside a name; Ada sees hers.
    assert (row["name"], row["code"], row["rank"], row["player_id"]) == ("Ada", "", 1, ada["player_id"])
    status, mine = server.json("GET", f"/v1/boards/{board}/around/me?radius=0", token=ada["token"])
    assert mine["rows"][0]["code"] == code
    status, standing = server.json("GET", f"/v1/boards/{board}/players/{ada['player_id']}")
    assert standing["row"]["score"] == result["score"]
    status, mine = server.json("GET", "/v1/players/me", token=ada["token"])
    assert mine["points_earned"] == result["score"] and mine["points_available"] == result["score"]
    status, public = server.json("GET", f"/v1/players/{ada['player_id']}")
    assert "email" not in public and public["bests"][0]["rank"] == 1


def test_board_reads_carry_an_etag_and_answer_304_when_unchanged(server, plume):
    status, headers, body = server.request("GET", "/v1/boards/swarm-huddle-s2/top?limit=10")
    etag = headers["ETag"]
    status, headers, body = server.request("GET", "/v1/boards/swarm-huddle-s2/top?limit=10", headers={"If-None-Match": etag})
    assert status == 304 and body == b""
    ada = server.register("Ada")
    server.json("POST", "/v1/scores", {"board_id": "swarm-huddle-s2", "code": swarm_code(plume)}, ada["token"])
    status, headers, body = server.request("GET", "/v1/boards/swarm-huddle-s2/top?limit=10", headers={"If-None-Match": etag})
    assert status == 200 and headers["ETag"] != etag


@pytest.mark.parametrize("method,path,body,raw,token,status,code", [
    ("POST", "/v1/players", None, b"{not json", None, 400, "malformed_json"),
    ("POST", "/v1/players", None, b"[1,2]", None, 400, "not_an_object"),
    ("POST", "/v1/players", None, b"", None, 400, "empty_body"),
    ("POST", "/v1/players", {"name": 12}, None, None, 422, "wrong_type"),
    ("POST", "/v1/players", {"nom": "x"}, None, None, 422, "missing_field"),
    ("POST", "/v1/players", {"name": "a\u202eb"}, None, None, 422, "invalid_name"),
    ("POST", "/v1/players", None, b'{"name":"' + b"x" * 20000 + b'"}', None, 413, "body_too_large"),
    ("POST", "/v1/scores", {"board_id": "swarm-huddle-s2", "code": "1x"}, None, None, 401, "missing_token"),
    ("POST", "/v1/scores", {"board_id": "swarm-huddle-s2", "code": "1x"}, None, "plm_bogus", 401, "invalid_token"),
    ("GET", "/v1/players/me", None, None, "plm_bogus", 401, "invalid_token"),
    ("GET", "/v1/boards/nope/top", None, None, None, 404, "board_not_found"),
    ("GET", "/v1/boards/swarm-huddle-s2/top?limit=0", None, None, None, 400, "invalid_limit"),
    ("GET", "/v1/boards/swarm-huddle-s2/top?limit=99999999999999", None, None, None, 400, "invalid_limit"),
    ("GET", "/v1/boards/swarm-huddle-s2/top?limit=abc", None, None, None, 400, "invalid_limit"),
    ("GET", "/v1/boards/swarm-huddle-s2/top?cursor=AAAA", None, None, None, 422, "invalid_cursor"),
    ("GET", "/v1/boards/swarm-huddle-s2/around/AAAAAAAAAAAAAAAAAAAAAA?radius=-1", None, None, None, 400, "invalid_radius"),
    ("GET", "/v1/boards/swarm-huddle-s2/around/AAAAAAAAAAAAAAAAAAAAAA", None, None, None, 404, "player_not_found"),
    ("GET", "/v1/players/..%2F..%2Fetc%2Fpasswd", None, None, None, 404, "player_not_found"),
    ("GET", "/v1/boards/..%2Fcontributors/top", None, None, None, 404, "board_not_found"),
    ("GET", "/no/such/route", None, None, None, 404, "not_found"),
], ids=lambda value: value if isinstance(value, str) and len(value) < 40 else "-")
def test_bad_requests_get_a_4xx_json_error_in_plain_words(server, method, path, body, raw, token, status, code):
    got, headers, payload = server.request(method, path, body, token, raw=raw)
    assert got == status, payload
    error = json.loads(payload)["error"]
    assert error["code"] == code and len(error["message"]) > 10


def test_submissions_are_refused_with_reasons(server, plume):
    ada = server.register("Ada")
    token = ada["token"]
    board = today_board(server)
    cases = [
        ({"board_id": board, "code": swarm_code(plume)}, 422, "wrong_kind"),
        ({"board_id": "swarm-huddle-s2", "code": look_code(plume)}, 422, "wrong_kind"),
        ({"board_id": board, "code": look_code(plume)[:-1] + "A"}, 422, "invalid_code"),
        ({"board_id": board, "code": "9abc"}, 422, "invalid_code"),
        ({"board_id": "contributors", "code": look_code(plume)}, 422, "board_takes_donations"),
        ({"board_id": "style-2026-01-01", "code": look_code(plume)}, 409, "board_closed"),
        ({"board_id": board}, 422, "missing_field"),
    ]
    for body, status, code in cases:
        got, reply = server.json("POST", "/v1/scores", body, token)
        assert (got, reply["error"]["code"]) == (status, code), (body, reply)


def test_names_are_unique_ignoring_case_and_email_is_never_public(server):
    status, body = server.json("POST", "/v1/players", {"name": "Ada", "email": "ada@example.org", "updates_opt_in": True})
    assert status == 201
    status, clash = server.json("POST", "/v1/players", {"name": "aDA"})
    assert status == 409 and clash["error"]["code"] == "name_taken"
    for path in ["/v1/players/" + body["player_id"], "/p/" + body["player_id"], "/TopScores.xml", "/v1/boards"]:
        assert b"ada@example.org" not in server.request("GET", path)[2]


def test_donations_move_available_points_and_feed_the_seed_xml(server, plume):
    ada = server.register("Ada & <Co>")
    status, result = server.json("POST", "/v1/scores", {"board_id": today_board(server), "code": look_code(plume, [1])}, ada["token"])
    earned = result["score"]
    for points, status, code in [(0, 422, "invalid_points"), (-3, 422, "invalid_points"), (1.5, 422, "wrong_type"),
                                 ("7", 422, "wrong_type"), (earned + 1, 409, "not_enough_points")]:
        got, reply = server.json("POST", "/v1/donations", {"cause_id": "trees", "points": points}, ada["token"])
        assert (got, reply["error"]["code"]) == (status, code)
    got, reply = server.json("POST", "/v1/donations", {"cause_id": "trees", "points": earned}, ada["token"])
    assert got == 200 and reply["points_available"] == 0
    _, causes = server.json("GET", "/v1/causes")
    assert next(c for c in causes["causes"] if c["id"] == "trees")["total_points"] == earned
    status, headers, body = server.request("GET", "/TopScores.xml")
    root = ET.fromstring(body)
    assert root.tag == "customers"
    customer = root.find("customer")
    assert customer.find("name").text == "Ada & <Co>" and customer.find("points").text == str(earned)
    _, contributors = server.json("GET", "/v1/contributors/top")
    assert contributors["rows"][0]["score"] == earned


def test_pages_escape_outside_text_and_forbid_scripts(server, plume):
    hostile = "<script>x</script>"
    player = server.register(hostile)
    code = look_code(plume, [1])
    server.json("PATCH", "/v1/players/me", {"avatar_look": code}, player["token"])
    status, headers, body = server.request("GET", "/p/" + player["player_id"])
    assert status == 200 and "script-src" not in headers["Content-Security-Policy"] and "default-src 'none'" in headers["Content-Security-Policy"]
    assert b"<script>" not in body and b"&lt;script&gt;" in body and b"<svg" in body
    status, headers, body = server.request("GET", "/l/" + code)
    assert status == 200 and b"<svg" in body and ("plume://look/" + code).encode() in body
    assert f"<code>plume open plume://look/{code}</code>".encode() in body and b"plume register-scheme" in body
    # The page's own address is a link the game imports too.
    page = f"http://127.0.0.1:{server.port}/l/{code}"
    decoded = plume("link", "decode", page)
    assert decoded.returncode == 0 and b'"form":"plume-server web link"' in decoded.stdout
    status, headers, body = server.request("GET", "/l/" + swarm_code(plume))
    assert status == 200 and body.count(b"<circle") == 100
    status, headers, body = server.request("GET", "/l/1broken<tag>")
    assert status == 404 and b"<tag>" not in body
    status, headers, body = server.request("GET", f"/v1/looks/{code}.svg")
    assert status == 200 and headers["Content-Type"].startswith("image/svg+xml") and body.startswith(b"<svg")


def test_profile_changes_and_erasure(server, plume):
    ada = server.register("Ada")
    status, profile = server.json("PATCH", "/v1/players/me", {"name": "Ada L", "email": "a@example.org", "updates_opt_in": True}, ada["token"])
    assert status == 200 and profile["name"] == "Ada L" and profile["updates_opt_in"] is True
    status, reply = server.json("PATCH", "/v1/players/me", {"avatar_look": swarm_code(plume)}, ada["token"])
    assert status == 422 and reply["error"]["code"] == "invalid_avatar"
    status, _, _ = server.request("DELETE", "/v1/players/me", token=ada["token"])
    assert status == 204
    assert server.json("GET", "/v1/players/me", token=ada["token"])[0] == 401
    assert server.json("GET", "/v1/players/" + ada["player_id"])[0] == 404


def test_health_readiness_metrics_and_openapi(server, plume):
    assert server.json("GET", "/healthz") == (200, {"status": "ok"})
    assert server.json("GET", "/readyz")[1]["status"] == "ready"
    ada = server.register("Ada")
    server.json("POST", "/v1/scores", {"board_id": "swarm-huddle-s2", "code": swarm_code(plume)}, ada["token"])
    server.json("GET", "/v1/boards/swarm-huddle-s2/top")
    text = server.request("GET", "/metrics")[2].decode()
    assert re.search(r'plume_verifications\{result="swarm_simulated"\} 2', text)
    assert re.search(r'plume_rank_index_records\{board="swarm-huddle-s2"\} 1', text)
    assert "hb_requests" in text or "http_server_request_duration" in text
    status, document = server.json("GET", "/v1/openapi.json")
    assert status == 200 and document["openapi"].startswith("3.1")


def test_operator_commands_work_on_the_servers_database(server, plume, tmp_path):
    ada = server.register("Ada")
    server.json("PATCH", "/v1/players/me", {"email": "ada@example.org", "updates_opt_in": True}, ada["token"])
    board = today_board(server)
    server.json("POST", "/v1/scores", {"board_id": board, "code": look_code(plume, [1])}, ada["token"])

    def admin(*args):
        result = subprocess.run([str(SERVER_BIN), *args, "--database", server.database], capture_output=True, text=True, timeout=60)
        assert result.returncode == 0, result.stderr
        return result.stdout

    assert ada["player_id"] in admin("players", "list")
    assert admin("updates-list").splitlines() == ["name,email", "Ada,ada@example.org"]
    admin("records", "hide", board, "Ada")
    wait_for(lambda: server.json("GET", f"/v1/boards/{board}/top")[1]["rows"] == [])
    admin("records", "unhide", board, ada["player_id"])
    wait_for(lambda: len(server.json("GET", f"/v1/boards/{board}/top")[1]["rows"]) == 1)
    admin("players", "ban", "ada")
    wait_for(lambda: server.json("GET", f"/v1/boards/{board}/top")[1]["rows"] == [])
    status, reply = server.json("POST", "/v1/scores", {"board_id": board, "code": look_code(plume, [2])}, ada["token"])
    assert status == 403 and reply["error"]["code"] == "player_banned"


def wait_for(condition, timeout=10):
    import time
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError("condition not reached")


def test_acknowledged_submissions_survive_kill_minus_nine(tmp_path, database, plume):
    srv = Server(tmp_path, database=database)
    players = [srv.register(f"p{n}") for n in range(20)]
    board = today_board(srv)
    codes = [look_code(plume, [g]) for g in range(1, 11)]
    acknowledged = {}
    lock = threading.Lock()

    def submit(number, player):
        for attempt in range(5):
            try:
                status, reply = srv.json("POST", "/v1/scores", {"board_id": board, "code": codes[(number + attempt) % len(codes)]}, player["token"])
            except (OSError, http.client.HTTPException):
                # The server was killed mid-reply: this one was never acknowledged.
                return
            if status == 200:
                with lock:
                    acknowledged[player["player_id"]] = reply["best"]["score"]

    threads = [threading.Thread(target=submit, args=(n, p)) for n, p in enumerate(players)]
    for thread in threads:
        thread.start()
    wait_for(lambda: len(acknowledged) >= 5)
    srv.process.send_signal(signal.SIGKILL)
    for thread in threads:
        thread.join()
    srv.process.wait()
    srv.log.close()
    with lock:
        snapshot = dict(acknowledged)
    again = Server(tmp_path, database=srv.database)
    try:
        for player_id, score in snapshot.items():
            status, standing = again.json("GET", f"/v1/boards/{board}/players/{player_id}")
            assert status == 200 and standing["row"]["score"] >= score
    finally:
        again.stop()


def test_sigterm_finishes_and_exits_cleanly(tmp_path, database):
    srv = Server(tmp_path, database=database)
    assert srv.stop(signal.SIGTERM) == 0


def test_two_servers_on_one_database_rank_each_others_writes(tmp_path, database, plume):
    # On PostgreSQL the second server polls only once a minute: LISTEN/NOTIFY must do it. The
    # waits allow 5 s so a loaded machine can't fail them; SQLite's 250 ms poll and NOTIFY both
    # answer well within a second.
    poll = ["--poll-ms", "60000"] if database.startswith("postgres://") else []
    first = Server(tmp_path, *poll, database=database)
    second = Server(tmp_path, *poll, database=database)
    try:
        ada = first.register("Ada")
        wait_for(lambda: second.json("GET", f"/v1/players/{ada['player_id']}")[0] == 200, timeout=5)
        status, result = first.json("POST", "/v1/scores", {"board_id": "swarm-comet-s2", "code": swarm_code(plume)}, ada["token"])
        assert status == 200
        wait_for(lambda: second.json("GET", f"/v1/boards/swarm-comet-s2/players/{ada['player_id']}")[0] == 200, timeout=5)
        status, standing = second.json("GET", f"/v1/boards/swarm-comet-s2/players/{ada['player_id']}")
        assert standing["row"]["rank"] == 1 and standing["row"]["score"] == result["score"]
    finally:
        first.stop()
        second.stop()


def test_the_openapi_document_is_valid_and_names_every_route(server):
    from openapi_spec_validator import validate
    status, document = server.json("GET", "/v1/openapi.json")
    validate(document)
    for path in ["/v1/players", "/v1/players/me", "/v1/scores", "/v1/boards/{board}/top", "/v1/boards/{board}/around/me",
                 "/v1/donations", "/v1/causes", "/v1/contributors/top", "/TopScores.xml", "/p/{player}", "/l/{code}"]:
        assert path in document["paths"]
