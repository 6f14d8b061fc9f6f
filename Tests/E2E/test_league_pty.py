"""The League tab in the real game against a real plume-server, both under Debian's faketime on
Wednesday 2 December 2026 (2026-W49, closing Monday 7 December 00:00 UTC), at 80×24 and 120×40:
three players' looks seat them in one Cotton group; Ada's game shows the group in the server's
order, ▲ on the one row that moves up (1 of 3), no ▼ (no one drops out of Cotton), her own row
marked, the countdown to the close, where she stands, and what a day is worth — no word cut; the
group's page on the web says the same."""
import os
import re

import pytest

from faked_clock import clear_leftovers
from test_days import serve
from test_news_pty import quit, sign_in
from test_week_server import submit_distinct_looks

DAY = "2026-12-02"


@pytest.fixture(autouse=True)
def faketime_can_start():
    clear_leftovers()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_the_league_tab_shows_the_group_its_zones_and_the_close(game, plume_bin, plume, tmp_path, size):
    server = serve(tmp_path, DAY)
    try:
        ada, bea, cy = (server.register(name) for name in ("Ada", "Bea", "Cy"))
        submit_distinct_looks(server, plume, [bea, ada, cy], DAY)
        status, table = server.json("GET", "/v1/leagues/me", token=ada["token"])
        assert status == 200 and table["group"] and len(table["members"]) == 3, table
        assert table["promote"] == 1 and table["demote"] == 0, table
        sign_in(tmp_path, server.base, ada)
        g = game(["faketime", f"{DAY} 10:00:00", plume_bin, "--server", server.base], width=size[0], height=size[1],
                 env=dict(os.environ, FAKETIME_DONT_FAKE_MONOTONIC="1"))
        g.wait_for("Score ", timeout=30)
        g.press("5")
        g.wait_for("you are Ada", timeout=20)
        g.press("left")
        names = [m["name"] for m in table["members"]]
        # Read once no refresh is under way: "refreshing…" is the one "…" a whole line may hold.
        text = g.wait_for(lambda t: "2026-W49" in t and all(name in t for name in names) and "you: #" in t and "refreshing…" not in t,
                          timeout=30, what="the group, no refresh under way")
        assert re.search(r"Cotton · 2026-W49 · closes in 4 d 1[34] h", text), text
        lines = text.splitlines()
        rows = [line for line in lines if re.match(r"^\s+\d+ [▲▼ ] ", line)]
        # The server's order, the first row going up; nobody going down from Cotton.
        assert [next(n for n in names if n in row) for row in rows] == names, text
        assert "▲" in rows[0] and all("▲" not in row for row in rows[1:]) and "▼" not in "".join(rows), text
        mine = next(m for m in table["members"] if m["player_id"] == ada["player_id"])
        assert f"you: #{mine['rank']} of 3, {mine['points']} points" in text
        assert any("▸ Ada" in row for row in rows)
        assert "▲ top 1 go up · no one goes down from Cotton when the week ends" in text
        assert "Week points" in text and "a day is at most 100:" in text
        assert "…" not in text, text
        # The group's page on the web.
        status, _, page = server.request("GET", f"/league/{table['group']}")
        assert status == 200 and "Closes 2026-12-07 00:00 UTC." in page.decode()
        assert all(f"/p/{m['player_id']}" in page.decode() for m in table["members"])
        quit(g)
    finally:
        server.stop()
