"""The profile's pictures for the README, taken by screenshots.py: a player with half a year of
days (day_history writes them into the server's file, since a player can only submit to today's
board) seen in the game (Scores, then p) and on their page /p/{id} in headless chromium."""
import datetime
import json
import os
import pathlib
import shutil
import subprocess
import time

from PIL import Image

import day_history
from screenshots import PLAYER_NAME, PLAYERS, look, render, save_png, settle, share_code, start_game, style_board
from server_process import Server

# The featured player's avatar and today's look (garment ids from the catalog); the looks the days
# gone by carry are these and the other players' submitted looks.
JUNIPER_AVATAR = look(4, 3, (20, 0), (37, 1))
JUNIPER_LOOK = look(4, 3, (20, 0), (37, 1), (27, 0))
# The days the profile draws: from a Monday 27 weeks before today's week, so the game's calendar
# at 100 columns (28 weeks) and the page's (26 weeks) are full.
HISTORY_WEEKS = 27
PAGE_WIDTH = 900


def seed_today(server, plume_binary, faked):
    """Registers the players and submits today's looks over the API. Returns the featured
    player's registration, the others' player ids, and the looks' codes."""
    board = style_board(server, faked)
    status, juniper = server.json("POST", "/v1/players", {"name": PLAYER_NAME, "email": "juniper@example.org",
                                                          "avatar_look": share_code(plume_binary, JUNIPER_AVATAR)})
    if status != 201:
        raise RuntimeError(f"registering {PLAYER_NAME} answered {status}: {juniper}")
    entrants = [(juniper, JUNIPER_LOOK)]
    for name, avatar, submitted in PLAYERS:
        status, registered = server.json("POST", "/v1/players", {"name": name, "avatar_look": share_code(plume_binary, avatar)})
        if status != 201:
            raise RuntimeError(f"registering {name} answered {status}: {registered}")
        entrants.append((registered, submitted))
    codes = []
    for registered, submitted in entrants:
        codes.append(share_code(plume_binary, submitted))
        status, body = server.json("POST", "/v1/scores", {"board_id": board, "code": codes[-1]}, token=registered["token"])
        if status != 200:
            raise RuntimeError(f"{registered['name']}'s submission to {board} answered {status}: {body}")
    return juniper, [registered["player_id"] for registered, _ in entrants[1:]], codes


def seed_days(directory, plume_binary, server_binary, prefix):
    """A server with today's looks submitted over its API; then, stopped, half a year of days
    written into its file (day_history); then started again on the same port and file. Returns
    the featured player's registration and the server, once its closing pass has written the
    last week's news (so the game's "While you were away" is whole when it starts)."""
    server = Server(directory, binary=server_binary, prefix=prefix)
    try:
        juniper, others, codes = seed_today(server, plume_binary, faked=bool(prefix))
        today = datetime.date.fromisoformat(style_board(server, faked=bool(prefix))[len("style-"):])
    finally:
        server.stop()
    first = today - datetime.timedelta(days=today.weekday() + 7 * HISTORY_WEEKS)
    scores = day_history.write(server.database, today, juniper["player_id"], others, codes, first)
    server = Server(directory, database=server.database, port=server.port, binary=server_binary, prefix=prefix)
    last_week = sum(1 for day in scores if (today - day).days <= 7)
    deadline = time.monotonic() + 60
    while True:
        status, page = server.json("GET", "/v1/players/me/news?after=0", token=juniper["token"])
        if status == 200 and len(page["items"]) >= last_week:
            return juniper, server
        if time.monotonic() > deadline:
            server.stop()
            raise RuntimeError(f"the closing pass wrote {page} of {last_week} days' news in 60 s")
        time.sleep(0.1)


def signed_in(home, server, registered):
    """The game's credentials for the server: what it keeps after registering (ScoresFiles)."""
    directory = pathlib.Path(str(home) + "-config") / "plume"
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / "credentials.json"
    path.write_text(json.dumps({"servers": {server.base: registered}}))
    os.chmod(path, 0o600)


# The page's calendar colour for a day of 1000 (CalendarPicture.colour(band: 10)): only the Days
# card of /p/{id} has it, in the calendar and in the bar of that band.
CALENDAR_TOP_COLOUR = (0x4A, 0x1A, 0x80)


def browser_shot(url, scratch, width=PAGE_WIDTH, tallest=3000):
    """The page as headless chromium draws it on a window `width` pixels wide and `tallest` tall."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        raise RuntimeError("chromium is missing: `make e2e-deps` installs it with apt-get")
    raw = pathlib.Path(scratch) / "page.png"
    result = subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                             f"--user-data-dir={pathlib.Path(scratch) / 'chromium-profile'}", f"--window-size={width},{tallest}",
                             f"--screenshot={raw}", url], capture_output=True, text=True, timeout=120)
    if result.returncode != 0 or not raw.exists():
        raise RuntimeError(f"chromium could not shoot {url}: {result.stderr[-2000:]}")
    with Image.open(raw) as image:
        return image.convert("RGB")


def through_card(image, colour, margin=16):
    """The page from its top to just below the card (a box on the page's background) that holds
    the first pixel of `colour`: the part of a long page worth showing."""
    width, height = image.size
    pixels = image.load()
    background = pixels[width - 1, 0]
    found = next(((x, y) for y in range(height) for x in range(width) if pixels[x, y] == colour), None)
    if found is None:
        raise RuntimeError(f"no pixel of {colour} on the page: has its calendar changed colour?")
    x, y = found
    while x > 0 and pixels[x - 1, y] != background:
        x -= 1
    inside = x + 4  # clear of the card's border, between its rounded corners
    while y < height and pixels[inside, y] != background:
        y += 1
    return image.crop((0, 0, width, min(height, y + margin)))


def shoot_profile(binary, server_binary, home, prefix, out):
    """The profile of a player with half a year of days: in the game (Scores, then p) and on
    their page /p/{id}."""
    directory = pathlib.Path(str(home) + "-server")
    directory.mkdir()
    juniper, server = seed_days(directory, binary, server_binary, prefix)
    try:
        signed_in(home, server, juniper)
        g = start_game(binary, home, prefix, args=["--server", server.base])
        try:
            # The news of the last week comes first; a key puts it away.
            g.wait_for("While you were away", timeout=60)
            g.press(" ")
            g.wait_for(lambda t: "While you were away" not in t, what="the news to close")
            g.press("5")
            g.wait_for(f"you are {PLAYER_NAME}")
            g.press("p")
            g.wait_for(lambda t: "days played" in t and "Your last" in t and "1000" in t and "playing since" in t,
                       timeout=60, what="the profile's days")
            settle(g)
            game = render(g.screen, out / "profile.png")
        finally:
            g.close()
        # The page goes on with a row for every board the player is on: the picture ends with
        # the Days card, the part a player shows.
        page = browser_shot(f"{server.base}/p/{juniper['player_id']}", home.parent)
        web = out / "profile-web.png"
        save_png(through_card(page, CALENDAR_TOP_COLOUR), web)
        return [game, web]
    finally:
        server.stop()


def shoot_friends(binary, server_binary, home, prefix, out):
    """Today's style board among the people a player follows: the view the game opens on once
    they follow anyone (Scores, Friends)."""
    directory = pathlib.Path(str(home) + "-server")
    directory.mkdir()
    server = Server(directory, binary=server_binary, prefix=prefix)
    try:
        juniper, others, _ = seed_today(server, binary, faked=bool(prefix))
        # Juniper follows every other player but the last: her friends, among strangers.
        for player_id in others[:-1]:
            status, body = server.json("PUT", f"/v1/players/me/following/{player_id}", token=juniper["token"])
            if status != 200:
                raise RuntimeError(f"following {player_id} answered {status}: {body}")
        signed_in(home, server, juniper)
        g = start_game(binary, home, prefix, args=["--server", server.base])
        try:
            g.press("5")
            g.wait_for(lambda t: "Friends" in t and "board" in t and f"▸ {PLAYER_NAME}" in t and " of " in t,
                       timeout=60, what="the Friends view")
            settle(g)
            return [render(g.screen, out / "friends.png")]
        finally:
            g.close()
    finally:
        server.stop()

