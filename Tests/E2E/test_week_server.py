"""The week on real plume-servers under Debian's faketime, two of them on one real PostgreSQL:
nine players' looks on Wednesday 2 December 2026 (2026-W49) seat them in one Cotton league group;
Ada founds a crew, invites Bea and Cy, and the crews' board adds up their week; then both servers
start at once on Monday 7 December, after the week's end, each running its closing pass as it
starts — the group closes exactly once: each player hears their place once, the top two (7 of 30,
rounded, of nine) move up to Linen and earn the Climber's bronze banner, and the week's tables,
the crew's page and the league's page say so."""
import concurrent.futures
import html
import os

import pytest

from server_process import Server
from test_server import look_code

WEDNESDAY, MONDAY = "2026-12-02", "2026-12-07"


def serve(tmp_path, day, database, hour="10:00:00"):
    return Server(tmp_path, database=database, prefix=["faketime", f"{day} {hour}"])


@pytest.fixture
def faked_monotonic(monkeypatch):
    """Monotonic time left real under faketime (a server's timers stop otherwise)."""
    monkeypatch.setitem(os.environ, "FAKETIME_DONT_FAKE_MONOTONIC", "1")


def submit_distinct_looks(server, plume, players, day):
    """Each player a look of their own (single garments, those the day takes)."""
    garment = 0
    for player in players:
        while True:
            garment += 1
            assert garment < 60, "too few single-garment looks the day takes"
            status, body = server.json("POST", "/v1/scores", {"board_id": f"style-{day}", "code": look_code(plume, [garment])}, player["token"])
            if status == 200:
                break
            assert status == 422, body


def test_a_week_closes_once_across_two_servers_on_one_postgresql(postgres_cluster, tmp_path, plume, faked_monotonic):
    database = postgres_cluster.new_database()
    wednesday = serve(tmp_path, WEDNESDAY, database)
    try:
        players = [wednesday.register(name) for name in ("Ada", "Bea", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy")]
        ada, bea, cy = players[:3]
        submit_distinct_looks(wednesday, plume, players, WEDNESDAY)
        status, table = wednesday.json("GET", "/v1/leagues/me", token=ada["token"])
        assert status == 200, table
        assert table["week"] == "2026-W49" and table["tier"] == "cotton" and table["group"] and not table["closed"]
        assert len(table["members"]) == 9 and table["promote"] == 2 and table["demote"] == 0, table
        assert table["closes_at"].startswith("2026-12-07T00:00:00")
        # The crew: founded, two invited and joined; a third without an invitation is refused.
        status, crew = wednesday.json("POST", "/v1/crews", {"name": "Velvet Rope"}, ada["token"])
        assert status == 201 and crew["members"][0]["player_id"] == ada["player_id"], crew
        for friend in (bea, cy):
            status, body = wednesday.json("POST", f"/v1/crews/{crew['crew_id']}/invites", {"player_id": friend["player_id"]}, ada["token"])
            assert status == 201, body
            status, body = wednesday.json("POST", f"/v1/crews/{crew['crew_id']}/join", token=friend["token"])
            assert status == 200, body
        status, body = wednesday.json("POST", f"/v1/crews/{crew['crew_id']}/join", token=players[3]["token"])
        assert status == 403 and body["error"]["code"] == "not_invited", body
        status, crew = wednesday.json("GET", f"/v1/crews/{crew['crew_id']}")
        points = {m["player_id"]: m["points"] for m in table["members"]}
        assert crew["score"] == sum(points[p["player_id"]] for p in (ada, bea, cy)) and crew["rank"] == 1, crew
        status, board = wednesday.json("GET", "/v1/boards/crews-2026-W49/top")
        assert status == 200 and [r["crew_id"] for r in board["rows"]] == [crew["crew_id"]] and board["rows"][0]["score"] == crew["score"]
    finally:
        wednesday.stop()

    # Monday: two servers start at once on the same database, and both close the week.
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        servers = list(pool.map(lambda n: serve(tmp_path, MONDAY, database, hour=f"00:0{n}:00"), (1, 2)))
    try:
        one, two = servers
        status, closed = two.json("GET", "/v1/leagues/me?week=2026-W49", token=ada["token"])
        assert status == 200 and closed["closed"] and closed["group"] == table["group"], closed
        by_rank = sorted(closed["members"], key=lambda m: m["rank"])
        assert [m["moved"] for m in by_rank] == ["up"] * 2 + ["stayed"] * 7, by_rank
        for member in by_rank:
            player = next(p for p in players if p["player_id"] == member["player_id"])
            status, news = one.json("GET", "/v1/players/me/news?after=0", token=player["token"])
            told = [item for item in news["items"] if item["kind"] == "league_closed"]
            assert len(told) == 1 and told[0]["rank"] == member["rank"] and told[0]["of"] == 9, (member, news)
            up = member["rank"] <= 2
            assert told[0]["text"].endswith("up to Linen." if up else "staying in Cotton."), told
            status, now = two.json("GET", "/v1/leagues/me", token=player["token"])
            assert now["week"] == "2026-W50" and now["group"] is None and now["tier"] == ("linen" if up else "cotton"), now
            status, record = one.json("GET", f"/v1/players/{member['player_id']}/record")
            assert [(b["id"], b["tier"]) for b in record["banners"]] == ([("league", 1)] if up else []), record
        # The pages: the group's table and the crew, names escaped.
        status, _, page = one.request("GET", f"/league/{table['group']}")
        text = page.decode()
        assert status == 200 and "Cotton · 2026-W49" in html.unescape(text) and "Closed at 2026-12-07 00:00 UTC" in text
        assert all(f"/p/{m['player_id']}" in text for m in by_rank)
        assert one.request("GET", "/league/999999")[0] == 404
        status, _, page = two.request("GET", f"/crew/{crew['crew_id']}")
        assert status == 200 and "Velvet Rope" in page.decode() and "2026-W50" in page.decode()
        assert two.request("GET", "/crew/nope")[0] == 404
    finally:
        for server in servers:
            server.stop()


def test_plume_crew_founds_invites_joins_shows_and_leaves_from_the_command_line(tmp_path, plume_bin):
    """`plume crew`, as a player runs it against a real server (Wednesday: the roster is open)."""
    import json
    import re
    import subprocess
    server = serve(tmp_path, WEDNESDAY, str(tmp_path / "scores.sqlite"))
    try:
        ada, bea = server.register("Ada"), server.register("Bea")

        def crew(who, *args):
            home = tmp_path / who["name"]
            (home / "plume").mkdir(parents=True, exist_ok=True)
            credentials = home / "plume" / "credentials.json"
            credentials.write_text(json.dumps({"servers": {server.base: who}}))
            os.chmod(credentials, 0o600)
            env = dict(os.environ, XDG_CONFIG_HOME=str(home), XDG_DATA_HOME=str(home / "data"))
            env.pop("PLUME_SERVER", None)
            return subprocess.run([plume_bin, "crew", *args, "--server", server.base], env=env, capture_output=True, text=True, timeout=30)

        founded = crew(ada, "create", "Velvet Rope")
        assert founded.returncode == 0 and "You founded Velvet Rope." in founded.stdout, founded
        invited = crew(ada, "invite", "bea")
        assert invited.returncode == 0, invited
        crew_id = re.search(r"plume crew join (\S+)`", invited.stdout).group(1)
        joined = crew(bea, "join", crew_id)
        assert joined.returncode == 0 and "You joined Velvet Rope." in joined.stdout, joined
        shown = crew(bea)
        assert shown.returncode == 0 and f"Velvet Rope ({crew_id}) · 2026-W49" in shown.stdout, shown
        assert "Ada" in shown.stdout and "Bea" in shown.stdout
        left = crew(bea, "leave")
        assert left.returncode == 0 and "You left Velvet Rope." in left.stdout, left
        again = crew(bea, "leave")
        assert again.returncode == 1 and "you are in no crew" in again.stderr, again
        refused = crew(bea, "join", crew_id)
        assert refused.returncode == 1 and "has not invited you" in refused.stderr, refused
    finally:
        server.stop()


def test_a_real_browser_draws_the_league_and_crew_pages_with_names_escaped(tmp_path, plume):
    """Headless chromium loads a league group's page and a crew's page: every member linked to
    their page, names escaped, no script."""
    from test_server_contract import browse
    from test_runway_server import today
    server = Server(tmp_path)
    try:
        ada, cy = server.register("Ada"), server.register("<b>Cy</b> & co")
        submit_distinct_looks(server, plume, [ada, cy], today())
        status, table = server.json("GET", "/v1/leagues/me", token=cy["token"])
        assert status == 200 and table["group"] and len(table["members"]) == 2, table
        status, crew = server.json("POST", "/v1/crews", {"name": "<i>Rope</i> & co"}, cy["token"])
        assert status == 201, crew
        for name, path in (("league", f"/league/{table['group']}"), ("crew", f"/crew/{crew['crew_id']}")):
            dom = browse(server.base + path, tmp_path / f"{name}.png", tmp_path)
            assert "<script" not in dom and "<b>Cy</b>" not in dom and "&lt;b&gt;Cy&lt;/b&gt; &amp; co" in dom, dom
            assert f'href="/p/{cy["player_id"]}"' in dom
        dom = browse(server.base + f"/crew/{crew['crew_id']}", tmp_path / "crew.png", tmp_path)
        assert "&lt;i&gt;Rope&lt;/i&gt; &amp; co" in dom and "<i>Rope</i>" not in dom
        dom = browse(server.base + f"/league/{table['group']}", tmp_path / "league.png", tmp_path)
        assert f'href="/p/{ada["player_id"]}"' in dom and "Cotton · " in dom
    finally:
        server.stop()
