"""A new player's first week, with every default, the way the README's quick start runs Plume:
`plume-server` with no flag (127.0.0.1:8787, ./plume-scores.sqlite in the directory it starts
in) and `plume --server http://127.0.0.1:8787`, the real game in a pty, under Debian's faketime
so that the days are the test's: 1 December 2026 (a Tuesday), the 2nd, then the 4th, the 3rd
missed.

Day 1, at 80×24: Ada registers on her first b, dresses, submits; she follows Bea (F, by name),
Bea follows her, and the Friends tab counts both of them; an empty look (x on every slot) scores
0 on the Studio; `plume card`, run as a command with the game's own XDG directories and HOME,
reads the server the game played on, says which, and while the day is open tells the score, the
rank and the streak but not the look's link. Bea then passes her score. Day 2, at 80×24: "While
you were away" has Bea passing her and the day closing, oldest day first, no line cut with "…";
Ada plays again, and her card of day 1 has that day's look link and that day's streak. Day 4, at
120×40: the news says her streak ended; the Studio's help names its wardrobe view's key and the
Studio shows the selected garment's tags; Bea passing her while she plays is heard within about
a minute, without a restart.

What the issue ("A player's first week") asks and does not hold is gathered in `Findings` and
reported at the end, so that one run tells all of it; a step the rest of the week depends on
asserts at once."""
import concurrent.futures
import json
import os
import pathlib
import re
import socket
import subprocess
import time

import pytest

from faked_clock import clear_leftovers
from pty_game import KEYS
from server_process import SERVER_BIN, Server
from test_days import wait_for_news
from test_style_solver import S, V, code

DAY1, DAY2, DAY3, DAY4 = "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"
# The quick start's address, and how the game and the commands name it.
BASE = "http://127.0.0.1:8787"
PLACE = "127.0.0.1:8787"
TITLE = "While you were away"
ROWS = ("Background", "Model", "Top", "Bottom", "Dress", "Outerwear", "Shoes", "Hat", "Accessory 1", "Accessory 2", "Accessory 3")
SELECTED = re.compile(r"▸ (" + "|".join(ROWS) + r")\b")
# A line of the Studio's checklist: the part, its points and its maximum.
PART = re.compile(r"^(cover|tags|colour|extras|palette|accent) +(\d+)/(\d+)")
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
# A news item's first line: its day as the overlay prints it ("1 Dec"), two spaces, the words.
DATED = re.compile(r"^(\d{1,2}) (" + "|".join(MONTHS) + r")  \S")
# A row's rank on the whole board, on the Friends tab: "#1 of 2".
BOARD_RANK = re.compile(r"#(\d+)=? of (\d+)")
# The Friends tab: its rows' last column is the rank on the board; without rows, it says why.
FRIENDS_TAB = re.compile(r"#\s+look name\s+score\s+board|Nobody you follow|You follow nobody")
# The issue: a friend passing you while you play shows up within about a minute.
LIVE_WAIT = 60
EMPTY_LOOK = {"background": 1, "model": 1, "garments": []}


@pytest.fixture(autouse=True)
def faketime_can_start():
    """Every server, game and command here runs under the faketime wrapper: none may trip on files
    a killed one left (faked_clock)."""
    clear_leftovers()


class QuickStartServer(Server):
    """`plume-server` as the README's quick start starts it: no flag and no PLUME_ setting, in its
    own directory, under faketime from 10:00 on `day` (monotonic time left real, which the
    server's deadlines keep). Stopping it stops the wrapper's whole group (Server.stop)."""

    def __init__(self, directory, day):
        self.directory = pathlib.Path(directory)
        self.group = True
        self.database = str(self.directory / "plume-scores.sqlite")
        self.port = 8787
        self.base = BASE
        self.log = open(self.directory / "server.log", "ab")
        env = {key: value for key, value in os.environ.items() if not key.startswith("PLUME_")}
        env["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        self.process = subprocess.Popen(["faketime", f"{day} 10:00:00", str(SERVER_BIN)], cwd=self.directory, stdout=self.log,
                                        stderr=subprocess.STDOUT, env=env, start_new_session=True)
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise

    def style_board(self, day):
        """Today's style board, checked to be `day`'s (the server's clock is faked), and its title."""
        status, boards = self.json("GET", "/v1/boards")
        assert status == 200, boards
        board = next(b for b in boards["boards"] if b["kind"] == "style")
        assert board["id"] == f"style-{day}", f"the server's day is not {day}: {board['id']}"
        return board["id"], board["title"]

    def submit(self, player, board, look_code):
        status, reply = self.json("POST", "/v1/scores", {"board_id": board, "code": look_code}, player["token"])
        assert status == 200, reply
        return reply["score"]


def port_taken():
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", 8787)) == 0


def best_look(title):
    """The best look's code for the theme titled `title`, by the style solver (its v2 top covers
    every region the theme asks for, so v3 scores it the same)."""
    cat, themes = S.catalog(), S.load_themes()
    theme = max((t for t in themes if t["name"] in title), key=lambda t: len(t["name"]))
    best, _ = V.top(V.solve_v2(theme, cat))
    return code(V.witness_v2(theme, cat, best))


class Findings:
    """What the week found wrong, kept so that one run tells all of it."""

    def __init__(self):
        self.found = []

    def check(self, holds, what, evidence=""):
        if not holds:
            self.found.append(f"- {what}" + (f"\n{evidence}" if evidence else ""))
        return holds


class Player:
    """Ada on this machine: her game (under faketime, on the quick start's server) and her
    commands, sharing one HOME and the game's XDG directories (pty_game puts them beside
    tmp_path/data)."""

    def __init__(self, game, plume_bin, tmp_path):
        self.start_game, self.plume_bin, self.tmp_path = game, plume_bin, tmp_path
        self.home = tmp_path / "home"
        self.home.mkdir(exist_ok=True)
        self.g = None

    def play(self, day, width, height):
        self.g = self.start_game(["faketime", f"{day} 10:00:00", self.plume_bin, "--server", BASE], width=width, height=height,
                                 env={"HOME": str(self.home)})
        self.wait("Score ", "the Studio", timeout=45)
        return self.g

    def quit(self):
        """q, and the game ends by itself (so its faketime wrapper does too, and tidies up)."""
        self.g.press("q")
        assert self.g.wait_exit() == 0

    def command(self, day, *args):
        """`plume ARGS` as she types it beside the game: the same directories, no --server."""
        env = {key: value for key, value in os.environ.items() if not key.startswith("PLUME_")}
        env.update({"HOME": str(self.home), "XDG_DATA_HOME": str(self.tmp_path / "data"),
                    "XDG_CONFIG_HOME": str(self.tmp_path / "data-config"), "XDG_RUNTIME_DIR": str(self.tmp_path / "data-run"),
                    "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
        return subprocess.run(["faketime", f"{day} 10:30:00", self.plume_bin, *args], env=env, capture_output=True, text=True,
                              timeout=30, stdin=subprocess.DEVNULL)

    def credential(self):
        """What registering left in the game's credentials file for the quick start's server."""
        path = self.tmp_path / "data-config" / "plume" / "credentials.json"
        servers = json.loads(path.read_text())["servers"]
        return next(value for key, value in servers.items() if PLACE in key)

    def wait(self, condition, what, timeout=30):
        return self.g.wait_for(condition, timeout=timeout, what=what)

    def holds(self, condition, timeout):
        """Whether `condition` comes to hold on screen within `timeout` seconds."""
        try:
            self.g.wait_for(condition, timeout=timeout)
            return True
        except AssertionError:
            return False

    def text(self):
        self.g.pump()
        return self.g.text()

    # The Studio

    def selected_row(self):
        match = SELECTED.search(self.text())
        return match.group(1) if match else None

    def select(self, title):
        """↓ until the Studio's slot list has `title` selected, each step seen on screen."""
        for _ in range(len(ROWS)):
            before = self.selected_row()
            if before == title:
                return
            self.g.press("down")
            self.wait(lambda t, before=before: self.selected_row() not in (None, before), f"the row after {before}")
        assert self.selected_row() == title, self.text()

    def dress(self, *titles):
        """→ on each row: something is worn there."""
        for title in titles:
            self.select(title)
            self.g.press("right")
            self.wait(lambda t, title=title: re.search(rf"▸ {title} +\S", t) and not re.search(rf"▸ {title} +—", t),
                      f"something on {title}")

    def take_everything_off(self):
        """x on every row of the slot list (the background and the model stay: nothing to take off)."""
        for title in ROWS:
            self.select(title)
            self.g.press("x")
            if title not in ("Background", "Model"):
                self.wait(lambda t, title=title: re.search(rf"▸ {title} +—", t), f"nothing on {title}")

    def panel(self):
        """The Studio's right-hand panel, line by line (it starts at column 43)."""
        return [line[43:].rstrip() for line in self.text().split("\n")]

    def score_line(self):
        return next((line for line in self.panel() if line.startswith("Score ")), None)

    def submit(self):
        """b (registering as Ada on the first), and the status line's answer: (score, rank)."""
        self.g.press("b")
        self.wait(lambda t: re.search(r"scored \d+, rank \d+", self.g.status()) or "Register on" in t, "b answered")
        if "Register on" in self.text():
            self.wait(f"Register on {PLACE}", "the register dialog naming the server")
            self.g.press(*"Ada")
            self.g.press("enter")
        self.wait(lambda t: re.search(r"scored \d+, rank \d+", self.g.status()), "the submission's answer")
        score, rank = re.search(r"scored (\d+), rank (\d+)", self.g.status()).groups()
        return int(score), int(rank)

    def worn_garment(self):
        """The garment on the selected row, as the picker's "on …" line names it, from the catalog."""
        panel = [line.strip() for line in self.panel()]
        # The last such line: the picker is at the bottom, and the theme's brief may wrap onto "on …" too.
        at = max((i for i, line in enumerate(panel) if line.startswith("on ")), default=None)
        assert at is not None, f"no picker line names the worn garment:\n{self.text()}"
        line = " ".join(panel[at:at + 2])  # the line may wrap inside the name
        named = [g for g in S.catalog().garments if line.startswith(f"on {g.name} ·")]
        assert named, f"no garment named on the picker's line {line!r}:\n{self.text()}"
        return max(named, key=lambda g: len(g.name))

    def shows_tags(self, findings, size):
        """The Studio, the Top row selected: every tag of the garment on it shows, at the row or under it."""
        self.select("Top")
        garment = self.worn_garment()
        panel = self.panel()
        below = "\n".join(panel[next(i for i, line in enumerate(panel) if line.startswith("▸ Top")):])
        missing = sorted(tag for tag in garment.tags if not re.search(rf"\b{tag}\b", below))
        findings.check(not missing, f"at {size} the Studio does not show the selected {garment.name}'s tags {missing}", self.text())
        return garment

    # Overlays and the Scores screen

    def box(self, title):
        """The lines inside the panel whose top border carries `title`, margins stripped."""
        rows = self.text().split("\n")
        top = next(i for i, row in enumerate(rows) if title in row and "┌" in row)
        left = rows[top].index("┌")
        right = rows[top].index("┐", left)
        inside = []
        for row in rows[top + 1:]:
            if row[left:left + 1] == "└":
                break
            inside.append(row[left + 1:right].strip())
        return inside

    def news(self):
        """The news over the screen: its lines, and its items (an item's lines joined)."""
        # Down to its footer ("any key closes", "… any other key closes" once it scrolls), so
        # that every item, drawn above it, is on screen too.
        self.wait(lambda t: TITLE in t and "key closes" in t, "the news, down to its footer", timeout=45)
        lines = self.box(TITLE)
        items = []
        for line in lines:
            if DATED.match(line):
                items.append(line)
            elif items and line:
                items[-1] += " " + line
        return lines, items

    def close_news(self, title=TITLE):
        self.g.press("x")
        self.wait(lambda t: title not in t, "the news to close on a key")

    def friends_tab(self):
        """The Scores screen on its Friends tab (→ until it shows), once it has rows."""
        self.g.press("5")
        self.wait(f"Scores · {PLACE} · you are Ada", "the Scores screen")
        for _ in range(6):
            if self.holds(lambda t: FRIENDS_TAB.search(t), 3):
                break
            self.g.press("right")
        self.holds(lambda t: BOARD_RANK.search(t), 10)
        return self.text()


def news_in_order(items):
    """Whether the items' days never go back (the overlay prints "1 Dec"; the week is December's)."""
    days = [(MONTHS.index(DATED.match(item).group(2)), int(DATED.match(item).group(1))) for item in items]
    return days == sorted(days)


def help_key(lines, word):
    """The key of the help page's entry whose words mention `word`, or None. An entry's first
    line starts with its key, then two spaces or more; the lines its words wrap onto start blank."""
    key = None
    for line in lines:
        words = line
        if line and not line.startswith(" "):
            key, *rest = re.split(r"\s{2,}", line.strip(), maxsplit=1)
            words = rest[0] if rest else ""
        if key and word in words.lower():
            return key
    return None


def check_friends(findings, text, size):
    ranks = BOARD_RANK.findall(text)
    findings.check(len(ranks) >= 2 and all(of == "2" for _, of in ranks) and " of 0" not in text,
                   f"at {size} the Friends tab's counts are not Ada's and Bea's '#… of 2': {ranks}", text)


def check_card(findings, result, what, *, score, rank, streak, link, open_day, also=()):
    """`plume card`'s answer: the server it read named, not the local board, the day's figures."""
    out = result.stdout + result.stderr
    if not findings.check(result.returncode == 0, f"{what}: `plume card` failed", out):
        return
    findings.check("local board" not in out, f"{what}: the card went to the local board", out)
    findings.check(PLACE in out, f"{what}: the card does not say which server it read ({PLACE})", out)
    findings.check(f"{score}/1000" in result.stdout, f"{what}: not the day's score {score}/1000", out)
    standing = f"rank {rank} of 2" + (" so far" if open_day else "")
    findings.check(standing in result.stdout and (open_day or "so far" not in result.stdout), f"{what}: not {standing!r}", out)
    findings.check(f"{streak}-day streak" in result.stdout, f"{what}: not the day's {streak}-day streak", out)
    for words in also:
        findings.check(words in result.stdout, f"{what}: no {words!r}", out)
    if link:
        findings.check(link in result.stdout, f"{what}: not the day's look link {link}", out)
    else:
        findings.check("plume://look/" not in result.stdout, f"{what}: a look's link while the day is open", out)


def test_a_new_players_first_week_with_every_default(game, plume_bin, tmp_path):
    if port_taken():
        pytest.skip(f"the quick start's port is taken ({PLACE} answers): this week needs it free")
    started = time.monotonic()
    findings = Findings()
    ada = Player(game, plume_bin, tmp_path)
    directory = tmp_path / "server"
    directory.mkdir()
    # The style solver finds each day's best look for Bea while Ada plays.
    solver = concurrent.futures.ThreadPoolExecutor(max_workers=1)
    try:
        # ---- Day 1, at 80×24: register on the first b, dress, submit.
        server = QuickStartServer(directory, DAY1)
        try:
            board1, title1 = server.style_board(DAY1)
            best1 = solver.submit(best_look, title1)
            bea = server.register("Bea")
            g = ada.play(DAY1, 80, 24)
            ada.dress("Top", "Bottom", "Shoes")
            ada.shows_tags(findings, "80×24")
            score1, rank1 = ada.submit()
            assert score1 > 0, f"Ada's look scored {score1}"
            assert (directory / "plume-scores.sqlite").exists(), "the quick start's database is not ./plume-scores.sqlite"
            me = ada.credential()
            status, page = server.json("GET", f"/v1/boards/{board1}/around/me?radius=0", token=me["token"])
            assert status == 200, page
            code1 = next(row["code"] for row in page["rows"] if row["player_id"] == me["player_id"])

            # Bea plays below her; they follow each other (Ada in the game, by name).
            low = server.submit(bea, board1, code(EMPTY_LOOK))
            assert low < score1, f"an empty look scored {low} on the server, more than Ada's {score1}"
            status, _, body = server.request("PUT", f"/v1/players/me/following/{me['player_id']}", token=bea["token"])
            assert status in (200, 201, 204), body
            g.press("5")
            ada.wait(f"Scores · {PLACE} · you are Ada", "the Scores screen")
            g.press("F")
            ada.wait(f"Follow players on {PLACE}", "the follow dialog")
            g.press(*"Bea")
            g.press("enter")
            ada.wait("You follow Bea now", "following Bea")
            g.press("escape")
            ada.wait(lambda t: "Follow players" not in t, "the follow dialog to close")
            check_friends(findings, ada.friends_tab(), "80×24")

            # An empty look scores 0 on the Studio: x on every slot, then the score as it shows.
            g.press("1")
            ada.wait("Score ", "the Studio")
            ada.take_everything_off()
            ada.holds(lambda t: ada.score_line() == "Score 0/1000", 5)
            parts = [(m.group(1), m.group(2)) for m in map(PART.match, ada.panel()) if m]
            findings.check(ada.score_line() == "Score 0/1000" and parts and all(points == "0" for _, points in parts),
                           f"an empty look does not score 0 on the Studio: {ada.score_line()!r}, parts {parts}", g.text())
            ada.quit()

            # `plume card` beside the game, the day still open: the server the game played on.
            check_card(findings, ada.command(DAY1, "card"), "day 1's card, the day open", score=score1, rank=rank1, streak=1,
                       link=None, open_day=True, also=("1 day played",))

            # Bea passes her while the game isn't running to hear it.
            passed = server.submit(bea, board1, best1.result())
            assert passed > score1, (passed, score1)
        finally:
            server.stop()

        # ---- Day 2, at 80×24: the news of day 1, and a second day played.
        server = QuickStartServer(directory, DAY2)
        try:
            server.style_board(DAY2)
            kinds = [item["kind"] for item in wait_for_news(server, me["token"], 2)]
            assert sorted(kinds) == ["day_closed", "friend_passed"], kinds
            g = ada.play(DAY2, 80, 24)
            lines, items = ada.news()
            findings.check(any("Bea passed your score" in item for item in items), "day 2's news lacks Bea passing Ada", g.text())
            findings.check(any("#2 of 2" in item for item in items), "day 2's news lacks day 1 closing (#2 of 2)", g.text())
            findings.check(not any(line.endswith("…") for line in lines), "at 80×24 a line of the news ends in …", g.text())
            findings.check(len(items) >= 2 and news_in_order(items), "day 2's news is not in order of day", "\n".join(items))
            ada.close_news()
            ada.dress("Top")
            ada.submit()
            ada.quit()
            # Her card of day 1, the day closed: its look's link, and the streak as it was that day.
            check_card(findings, ada.command(DAY2, "card", "--day", DAY1), "day 1's card on day 2", score=score1, rank=2, streak=1,
                       link=f"plume://look/{code1}", open_day=False)
        finally:
            server.stop()

        # ---- Day 4, at 120×40 (the 3rd went by unplayed): the streak broke, and Bea passes live.
        server = QuickStartServer(directory, DAY4)
        try:
            board4, title4 = server.style_board(DAY4)
            best4 = solver.submit(best_look, title4)
            kinds = [item["kind"] for item in wait_for_news(server, me["token"], 4)]
            assert "streak_broken" in kinds, kinds
            g = ada.play(DAY4, 120, 40)
            lines, items = ada.news()
            findings.check(any("2-day streak ended" in item and DAY3 in item for item in items), "day 4's news lacks the streak ending",
                           g.text())
            findings.check(not any("Bea passed" in item for item in items), "news shown on day 2 came back on day 4", g.text())
            findings.check(not any(line.endswith("…") for line in lines), "at 120×40 a line of the news ends in …", g.text())
            findings.check(len(items) >= 2 and news_in_order(items), "day 4's news is not in order of day", "\n".join(items))
            ada.close_news()

            # The wardrobe view's key is on the Studio's help page; on the Top row it opens the view of
            # the tops, the one she wears highlighted with its tags; Esc goes back to the Studio.
            worn = ada.shows_tags(findings, "120×40")
            g.press("?")
            ada.wait("Keys — Studio", "the Studio's help")
            page = [line.split("│")[1][1:] for line in ada.text().split("\n") if line.count("│") >= 2]
            key = help_key(page, "wardrobe")
            g.press("escape")
            ada.wait(lambda t: "Keys — Studio" not in t, "the help to close")
            if findings.check(key is not None, "the Studio's help names no key for the wardrobe view", "\n".join(page)):
                g.press(KEYS.get(key.split()[0].lower(), key.split()[0]))
                if findings.check(ada.holds(lambda t: "Wardrobe · Top" in t, 10), f"{key} on the Top row opens no wardrobe of tops",
                                  g.text()):
                    text = ada.text()
                    missing = sorted(tag for tag in worn.tags if not re.search(rf"\b{tag}\b", text))
                    findings.check(worn.name in text and not missing,
                                   f"the wardrobe does not show the worn {worn.name} with its tags (missing {missing})", text)
                    g.press("escape")
                    ada.wait(lambda t: "Wardrobe · " not in t and "Score " in t, "the Studio again")

            score4, _ = ada.submit()
            server.submit(bea, board4, code(EMPTY_LOOK))
            check_friends(findings, ada.friends_tab(), "120×40")

            # Bea passes her while she plays: the game says so within about a minute, unrestarted
            # (her card, meanwhile, has her second on the day so far).
            passed = server.submit(bea, board4, best4.result())
            assert passed > score4, (passed, score4)
            check_card(findings, ada.command(DAY4, "card"), "day 4's card", score=score4, rank=2, streak=1, link=None, open_day=True,
                       also=("best 2", "3 days played"))
            heard = ada.holds(lambda t: "Bea passed your score" in t or "Bea passed your score" in g.status(), LIVE_WAIT)
            findings.check(heard, f"Bea passing Ada while she plays is not shown within {LIVE_WAIT} s", g.text())
            # The news over the screen takes the next key: it goes first, then q quits.
            for title in (f" {TITLE} ", " News "):
                if any(title in line and "┌" in line for line in ada.text().split("\n")):
                    ada.close_news(title)
            ada.quit()
        finally:
            server.stop()
    finally:
        solver.shutdown(wait=False, cancel_futures=True)
    print(f"the week took {time.monotonic() - started:.0f} s")
    assert not findings.found, "what the first week found:\n" + "\n".join(findings.found)
