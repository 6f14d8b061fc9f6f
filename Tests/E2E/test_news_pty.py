"""While you were away, in the real game against a real plume-server whose days go by under
Debian's faketime: Ada plays on 1 December; the server started on the 2nd closes that day and
writes her the news; the game she starts that day shows it over the screen until a key, and never
again (not after a restart either); her profile (Scores, then p) counts the day on its calendar.
With her server down, the game starts quietly: no news, no error."""
import json
import os
import re
import time

import pytest

from faked_clock import clear_leftovers
from test_days import serve, wait_for_news
from test_server import look_code

DAY, NEXT = "2026-12-01", "2026-12-02"  # a Tuesday, then a Wednesday
TITLE = "While you were away"
# A panel's top-left corner: every overlay and dialog is drawn in one.
BOX = "┌"
# The calendar's shades, one per four bands of 100.
SHADES = "░▒▓█"


@pytest.fixture(autouse=True)
def faketime_can_start():
    """Every server and game here runs under the faketime wrapper: none may trip on files a killed
    one left (faked_clock)."""
    clear_leftovers()


def sign_in(tmp_path, base, registered):
    """The game's credentials for `base`, as registering there leaves them (the game's config
    directory is tmp_path/data-config: pty_game)."""
    directory = tmp_path / "data-config" / "plume"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "credentials.json"
    path.write_text(json.dumps({"servers": {base: registered}}))
    os.chmod(path, 0o600)


def news_answered(server):
    """How many news requests the server has answered with a 200 (its /metrics counter)."""
    status, _, body = server.request("GET", "/metrics")
    assert status == 200
    total = 0
    for line in body.decode().splitlines():
        if line.startswith("hb_requests{") and 'http_route="/v1/players/me/news"' in line and 'http_response_status_code="200"' in line:
            total += int(float(line.rsplit(" ", 1)[1]))
    return total


def wait_until(check, what, timeout=30):
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def quit(g):
    """q, and the game ends by itself (so its faketime wrapper does too, and tidies up)."""
    g.press("q")
    assert g.wait_exit() == 0


def start(game, plume_bin, base):
    """The game on the next day (the server's day too), playing against `base`."""
    g = game(["faketime", f"{NEXT} 10:00:00", plume_bin, "--server", base])
    g.wait_for("Score ", timeout=30)
    return g


def test_a_closed_day_greets_the_player_once_and_her_profile_counts_it(game, plume_bin, plume, tmp_path):
    first = serve(tmp_path, DAY)
    try:
        ada, bea = first.register("Ada"), first.register("Bea")
        scores = {}
        for player, garments in ((ada, [1]), (bea, [])):
            status, reply = first.json("POST", "/v1/scores", {"board_id": f"style-{DAY}", "code": look_code(plume, garments)}, player["token"])
            assert status == 200, reply
            scores[player["name"]] = reply["score"]
    finally:
        first.stop()
    server = serve(tmp_path, NEXT, database=first.database)
    try:
        # The server's closing pass writes the item when it starts on the next day.
        [closed] = wait_for_news(server, ada["token"], 1)
        assert (closed["kind"], closed["day"], closed["of"]) == ("day_closed", DAY, 2), closed
        assert f"#{closed['rank']} of 2" in closed["text"]
        sign_in(tmp_path, server.base, ada)

        g = start(game, plume_bin, server.base)
        # The box down to its footer, so that its items, drawn between, are on screen too.
        text = g.wait_for(lambda t: TITLE in t and "any key closes" in t, timeout=30, what="the news, down to its footer")
        # The whole item on one line, after its date: the rank is not cut off.
        assert f" 1 Dec  {closed['text']}" in text, text
        # Marked as shown for this server and player, in a file only she can read.
        marks = tmp_path / "data-config" / "plume" / "news-seen.json"
        assert json.loads(marks.read_text())["servers"][server.base] == {ada["player_id"]: closed["id"]}
        assert os.stat(marks).st_mode & 0o777 == 0o600
        # What the game wrote to the terminal holds the overlay's title and its box: the checks
        # below, that nothing of the kind was ever drawn, would see one.
        assert TITLE.encode() in bytes(g.raw) and BOX.encode() in bytes(g.raw)
        g.press("x")
        g.wait_for(lambda t: TITLE not in t, what="the news to close")
        quit(g)

        # Started again: the game asks for news again, and nothing it has shown comes back.
        asked = news_answered(server)
        g = start(game, plume_bin, server.base)
        wait_until(lambda: news_answered(server) > asked, "the game to ask for its news")
        g.press("5")
        g.wait_for("you are Ada")
        g.press("p")
        # Down to the latest day's row, the lowest in the box: the rows above it are drawn too.
        text = g.wait_for(lambda t: "days played" in t and "Your latest days" in t and "Tue 1 Dec" in t, timeout=30,
                          what="the profile with its days")
        assert TITLE.encode() not in bytes(g.raw), "the news was shown a second time"
        check_profile(text, score=scores["Ada"], rank=closed["rank"])
        quit(g)
    finally:
        server.stop()


def check_profile(text, score, rank):
    """Ada's profile on 2 December, having played on the 1st only: the four figures, a calendar
    with one day played (Tuesday of the current week, the last column) and today (Wednesday) not
    played yet and marked, and the day among her latest with its final rank."""
    # What lies inside the panel's borders, less its one-column margin.
    rows = [line.split("│")[1][1:] if line.count("│") == 2 else line for line in text.split("\n")]
    figures = next(index for index, row in enumerate(rows) if "days played" in row)
    assert rows[figures - 1].split() == ["1", "1", "1", "–"], rows[figures - 1]
    assert re.fullmatch(r"days played\s+day in a row\s+best streak\s+not played today", rows[figures].strip()), rows[figures]
    weeks = int(re.search(r"Your last (\d+) weeks", text).group(1))
    calendar = {}
    for row in rows:  # the calendar's rows, before the latest days (which begin with a day's name too)
        if row[:4] in ("Mon ", "Tue ", "Wed ", "Thu ", "Fri ", "Sat ", "Sun "):
            calendar.setdefault(row[:3], row[4:4 + 2 * weeks])
    assert list(calendar) == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"], rows
    for name, cells in calendar.items():
        days, marks = cells[0::2], cells[1::2]
        past = days[:-1]
        assert set(past) == {"·"}, f"{name}: a day played before 1 December: {cells!r}"
        last = {"Mon": "·", "Tue": SHADES, "Wed": "·"}.get(name, " ")
        assert days[-1] in last, f"{name}, this week: {days[-1]!r}"
        assert marks.strip() == ("◂" if name == "Wed" else ""), f"{name}: {marks!r}"
    assert any(re.fullmatch(rf"Tue 1 Dec\s+{score}\s+#{rank} of 2", row.strip()) for row in rows), text


def test_with_her_server_down_the_game_starts_without_news_or_an_error(game, plume_bin, tmp_path):
    server = serve(tmp_path, NEXT)
    ada = server.register("Ada")
    server.stop()  # and nothing listens on its port now
    sign_in(tmp_path, server.base, ada)
    g = start(game, plume_bin, server.base)
    # The Scores screen asks the same server; its answer on screen shows the game has heard back
    # (refused, at once) rather than waiting still.
    g.press("5")
    g.wait_for("offline — nothing to show yet (127.0.0.1 isn't answering)", timeout=30)
    g.press("1")
    g.wait_for("Score ")
    drawn = bytes(g.raw)
    assert TITLE.encode() not in drawn, "news with the server down"
    assert BOX.encode() not in drawn, f"an overlay or dialog opened:\n{g.text()}"
    assert b"news" not in drawn.lower(), "a word about the news that could not be read"
    quit(g)
