"""The live server checked from outside by other people's tools: schemathesis fuzzes every
operation of the OpenAPI document (no 5xx, every response as documented), and a real headless
chromium renders the pages a browser sees, whose screenshots are kept."""
import os
import pathlib
import shutil
import subprocess

import pytest

from server_process import ROOT, Server
from test_server import look_code, swarm_code, today_board

SCREENSHOTS = ROOT / ".build" / "e2e-screenshots"


def test_schemathesis_finds_no_server_errors_and_no_undocumented_responses(tmp_path):
    schemathesis = shutil.which("schemathesis") or shutil.which("st")
    assert schemathesis, "schemathesis is missing: `make e2e-deps` installs it"
    srv = Server(tmp_path)
    try:
        token = srv.register("Fuzz")["token"]
        result = subprocess.run(
            [schemathesis, "run", f"{srv.base}/v1/openapi.json", "--url", srv.base,
             "--checks", "not_a_server_error,response_schema_conformance",
             "--max-examples", "15", "--max-time", "30", "--seed", "7", "--warnings", "off",
             "--header", f"Authorization: Bearer {token}"],
            capture_output=True, text=True, timeout=300, cwd=tmp_path)
        assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
        assert "passed" in result.stdout and "No issues found" in result.stdout
    finally:
        srv.stop()


def chromium():
    for name in ("chromium", "chromium-browser"):
        if shutil.which(name):
            return shutil.which(name)
    pytest.fail("chromium is missing: `make e2e-deps` installs it with apt-get")


def browse(url, screenshot, tmp_path):
    """The page's DOM as chromium built it, and a phone-sized screenshot of it."""
    base = [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            f"--user-data-dir={tmp_path / 'chromium-profile'}", "--window-size=412,900"]
    dom = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    assert dom.returncode == 0, dom.stderr[-2000:]
    shot = subprocess.run(base + [f"--screenshot={screenshot}", url], capture_output=True, text=True, timeout=120)
    assert shot.returncode == 0 and screenshot.exists(), shot.stderr[-2000:]
    return dom.stdout


def assert_a_real_picture(path):
    from PIL import Image
    with Image.open(path) as image:
        assert image.size == (412, 900)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20)
        # A blank or error page has a handful of colours; a drawn figure has many.
        assert colours is None or len(colours) > 8, f"{path} looks blank ({len(colours)} colours)"


def test_a_real_browser_draws_the_look_swarm_and_player_pages(tmp_path, plume):
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    srv = Server(tmp_path)
    try:
        ada = srv.register("Ada <b>&amp;</b>")
        look = look_code(plume, [1])
        status, _ = srv.json("POST", "/v1/scores", {"board_id": today_board(srv), "code": look}, ada["token"])
        assert status == 200
        srv.json("PATCH", "/v1/players/me", {"avatar_look": look}, ada["token"])
        swarm = swarm_code(plume)
        pages = {
            "look": f"{srv.base}/l/{look}",
            "swarm": f"{srv.base}/l/{swarm}",
            "player": f"{srv.base}/p/{ada['player_id']}",
        }
        for name, url in pages.items():
            shot = SCREENSHOTS / f"{name}.png"
            dom = browse(url, shot, tmp_path)
            assert "<svg" in dom, f"{name}: no SVG figure in the rendered page"
            assert "<script" not in dom
            assert_a_real_picture(shot)
        # The player's name arrived escaped: the browser shows it as text, never as markup.
        assert "Ada &lt;b&gt;&amp;amp;&lt;/b&gt;" in browse(pages["player"], tmp_path / "again.png", tmp_path)
        assert f"plume://look/{look}" in browse(pages["look"], tmp_path / "again2.png", tmp_path)
    finally:
        srv.stop()


def test_a_real_browser_draws_the_runway_and_board_pages(tmp_path, plume):
    from test_runway_server import enter, today
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    srv = Server(tmp_path)
    try:
        entrants = [srv.register(name) for name in ("Ada", "Bea", "<b>Cy</b> & co")]
        enter(srv, entrants, plume, seed=3)
        for player in entrants:
            status, pair = srv.json("GET", f"/v1/runway/{today()}/pair", token=player["token"])
            assert status == 200
            assert srv.json("POST", "/v1/runway/votes", {"ticket": pair["ticket"], "choice": "left"}, player["token"])[0] == 200
        look = look_code(plume, [1])
        for player in (entrants[0], entrants[2]):
            assert srv.json("POST", "/v1/scores", {"board_id": today_board(srv), "code": look}, player["token"])[0] == 200
        assert srv.json("POST", "/v1/scores", {"board_id": "swarm-comet-s2", "code": swarm_code(plume)}, entrants[1]["token"])[0] == 200
        pages = {"runway": f"{srv.base}/runway/{today()}", "people-board": f"{srv.base}/b/people-{today()}",
                 "swarm-board": f"{srv.base}/b/swarm-comet-s2", "home": f"{srv.base}/"}
        for name, url in pages.items():
            shot = SCREENSHOTS / f"{name}.png"
            dom = browse(url, shot, tmp_path)
            assert "<script" not in dom
            if name != "home":
                assert_a_real_picture(shot)
        runway = browse(pages["runway"], tmp_path / "runway.png", tmp_path)
        # Voting is open: three looks ranked on the people's board under no name, two names on the
        # style board, and no look drawn beside anyone; names escaped.
        assert runway.count('class="thumb" src="/v1/looks/') == 0 and runway.count("a look on the runway") == 3, runway
        assert "&lt;b&gt;Cy&lt;/b&gt; &amp; co" in runway and "<b>Cy</b>" not in runway
        board = browse(pages["swarm-board"], tmp_path / "swarm.png", tmp_path)
        # The swarm itself, and where the board's one player stands.
        assert "<svg" in board and 'class="histogram"' in board and "How the bests of 1 player spread" in board
        home = browse(pages["home"], tmp_path / "home.png", tmp_path)
        assert f'href="/runway/{today()}"' in home and f'href="/b/people-{today()}"' in home
    finally:
        srv.stop()


def test_the_benchmark_runs_end_to_end_and_prints_its_figures(tmp_path):
    """A small `plume-server bench` (debug build): seeds, serves, loads with wrk, and ends with
    the one line of figures; every load run got only 2xx answers. The README's figures come from
    the release build at 1 000 000 records."""
    from server_process import SERVER_BIN
    result = subprocess.run([str(SERVER_BIN), "bench", "--records", "3000", "--seconds", "1", "--connections", "4",
                             "--directory", str(tmp_path / "bench")], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    lines = result.stdout.strip().splitlines()
    figures = dict(item.split("=") for item in lines[-1].split())
    assert list(figures) == ["records", "top50_per_s", "trivial_per_s", "ratio", "around_p99_ms", "rank_p99_ms",
                             "submits_per_s", "swarm_verify_ms", "startup_index_s"]
    assert figures["records"] == "3000"
    assert all(float(value) > 0 for value in figures.values())
    runs = [line for line in lines if "req/s" in line]
    assert len(runs) == 5 and all(line.endswith("non-2xx 0") for line in runs), runs
    # The seeded database was really ranked: the board holds every record.
    assert (tmp_path / "bench" / "bench.sqlite").exists()
