"""A new player's first day, in the real game in a pty at 80×24 and at 120×40, against a real
plume-server on loopback: dressing all nine slots, saving, the Lab and its gallery, importing,
sharing, registering, submitting, the SSH keys, voting on the runway, the help of every screen,
and then the server going away. Every screen on the way is checked for what a first-timer
tripped over: text a player needs cut short with "…", words said on one screen still showing on
the next, and a dialog still "Asking" after 5 s."""
import re
import time

import pytest

from pty_game import Game
from server_process import Server
from test_runway_server import enter

# Words that end in "…" because something is under way, not because they were cut.
UNDER_WAY = re.compile(r"(Sending|Asking|Dealing|Connecting|Verifying|Refreshing|Checking|loading|Loading|Waiting|Saving)[^…]*…")
SCREENS = {"1": "Today:", "2": "Challenge:", "3": "Import", "4": "Share", "5": "Top", "6": "Runway ·"}


class FirstDay:
    """The game at one size, and the checks every step runs."""

    def __init__(self, game, width, height):
        self.g, self.width, self.height = game, width, height
        self.log = []

    def status(self):
        return self.g.status()

    def hint_line(self):
        return self.g.screen.display[self.height - 1].strip()

    def assert_whole(self, text, where):
        """Fails on a "…" that cuts words, allowing words for something under way."""
        cut = UNDER_WAY.sub("", text)
        assert "…" not in cut, f"cut text {where} at {self.width}×{self.height}: {text!r}\nscreen:\n{self.g.text()}"

    def check(self, step):
        """The checks of every step: the status and hint lines whole."""
        self.g.pump()
        self.assert_whole(self.status(), f"in the status line after {step}")
        self.assert_whole(self.hint_line(), f"in the key line after {step}")
        self.log.append(f"{self.width}×{self.height} {step}: {self.status() or '(status clear)'}")

    def wait(self, condition, what, timeout=30):
        return self.g.wait_for(condition, timeout=timeout, what=what)

    def go(self, key):
        """Switches screen with a digit: the screen shows, and nothing said before follows it."""
        before = self.status()
        self.g.press(key)
        self.wait(SCREENS[key], f"screen {key}")
        time.sleep(0.2)
        self.g.pump()
        after = self.status()
        assert not before or after != before, f"{before!r} followed the player to screen {key}"
        self.check(f"going to screen {key}")

    def help(self, title):
        """The screen's help: every key's words whole, and any key closes it."""
        self.g.press("?")
        text = self.wait(f"Keys — {title}", f"the help of {title}")
        panel = [line for line in text.splitlines() if "│" in line]
        for line in panel:
            inside = line.split("│")[1] if line.count("│") >= 2 else line
            self.assert_whole(inside, f"in the help of {title}")
        self.g.press("escape")
        self.wait(lambda t: f"Keys — {title}" not in t, f"the help of {title} to close")
        self.check(f"the help of {title}")

    def no_dialog_asks_for_long(self):
        """A dialog that asks a server has its answer, or says why not, within 5 s."""
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            self.g.pump()
            if "Asking" not in self.g.text():
                return
        raise AssertionError(f"a dialog still asks after 5 s:\n{self.g.text()}")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
def test_a_new_players_first_day(plume_bin, plume, tmp_path, size):
    width, height = size
    directory = tmp_path / "server"
    directory.mkdir()
    server = Server(directory)
    g = None
    try:
        # Three other players' looks are on today's runway, for the new player to judge.
        others = [server.register(name) for name in ("Bea", "Cy", "Di")]
        enter(server, others, plume, seed=4)
        g = Game(plume_bin, tmp_path / "data", width=width, height=height, env={"PLUME_SERVER": server.base})
        day = FirstDay(g, width, height)

        # The Studio: the theme's brief and the day's checklist (every part, its points and its
        # rule) are whole.
        text = day.wait("Score ", "the Studio")
        lines = [line[43:] for line in text.splitlines()]
        first = next(i for i, line in enumerate(lines) if line.startswith("Score "))
        checklist = []
        for line in lines[first + 1:]:
            if re.match(r"(▸ |  )(Background|Model|Top|Bottom|Dress|Outerwear|Shoes|Hat|Accessory)\b", line):
                break
            checklist.append(line)
        assert any(re.match(r"(cover|tags|colour|extras) +\d+/\d+", line) for line in checklist), checklist
        day.assert_whole("\n".join(lines[:first + 1] + checklist), "in the theme's brief and checklist")
        day.check("opening")
        day.help("Studio")

        # Dressing all nine garment slots, each with →: the row holds what was put on.
        g.press("down", "down")
        for title in ("Top", "Bottom", "Dress", "Outerwear", "Shoes", "Hat", "Accessory 1", "Accessory 2", "Accessory 3"):
            g.press("right")
            day.wait(lambda t, title=title: re.search(rf"▸ {title} +\S", t) and not re.search(rf"▸ {title} +—", t),
                     f"something on {title}")
            day.check(f"dressing {title}")
            g.press("down")
        text = g.text()
        accessories = [re.search(rf"Accessory {n} +(.+?)\s{{2,}}|Accessory {n} +(.+)$", text, re.M) for n in (1, 2, 3)]
        worn = [(m.group(1) or m.group(2)).strip() for m in accessories]
        assert all(name != "—" for name in worn), worn
        assert len(set(worn)) == 3, f"an accessory is offered twice: {worn}"

        # Saving to a slot: the prompt says which slots are in use, in words.
        g.press("w")
        text = day.wait("Save to which slot", "the save prompt")
        assert "(all 9 are empty)" in text
        g.press("1")
        day.wait(lambda t: "slot 1" in day.status(), "the save to be said")
        day.check("saving")

        # The Lab, its gallery (the first recipe is on screen at once), loading one.
        day.go("2")
        day.help("Lab")
        g.press("G")
        day.wait("Gallery", "the gallery")
        day.wait(lambda t: any(0x2801 <= ord(c) <= 0x28FF for c in t), "the gallery's preview")
        g.press("enter")
        day.wait(lambda t: "from the gallery" in day.status(), "the recipe loaded")
        day.check("loading from the gallery")

        # Import: the screen keys still work; a paste opens; Enter applies it.
        day.go("3")
        day.help("Import")
        g.press("1")
        day.wait("Today:", "the screen key 1 to leave Import")
        g.paste("plume://look/1EQECAwIBCwAkAnOD")
        day.wait("Enter applies", "the pasted link")
        g.press("enter")
        day.wait(lambda t: "Imported a look" in day.status(), "the look applied")
        day.check("importing")

        # Share: the look's link.
        day.go("4")
        day.wait("plume://look/", "the link")
        day.help("Share")

        # Scores: register, then the SSH keys dialog answers.
        day.go("5")
        day.help("Scores")
        g.press("p")
        day.wait(f"Register on 127.0.0.1:{server.port}", "the register dialog")
        g.press(*"Ada Plume")
        g.press("enter")
        day.wait(lambda t: "Registered as Ada Plume" in day.status(), "registration")
        day.check("registering")
        g.press("K")
        day.wait("Your SSH keys", "the keys dialog")
        day.no_dialog_asks_for_long()
        g.press("escape")

        # Submitting the Studio's look: the whole answer, rank and all.
        day.go("1")
        g.press("b")
        # The answer as it was said: the checks below pump, and later words may take its place.
        answer = g.wait_for_status("scored", timeout=30, what="the submission's answer")
        day.check("submitting")
        assert re.search(r"scored \d+, rank \d+", answer), answer
        if "y sends it down today's runway" in answer:
            g.press("y")
            day.wait(lambda t: "is on the runway" in day.status(), "the look on the runway")
            day.check("entering the runway")

        # The Runway: a pair of the others' looks; a vote counts in the header at once.
        day.go("6")
        day.help("Runway")
        day.wait(lambda t: "← this one" in t, "a pair on the runway")
        g.press("right")
        day.wait(lambda t: "Vote counted: +1 point. The owners stay hidden" in day.status(), "the vote counted, no owner named")
        assert not re.search(r"\b(Bea|Cy|Di)\b", day.status()), day.status()
        text = day.wait(lambda t: "1 vote, 1 point" in t, "the voter's tally")
        header = g.screen.display[2]
        assert "1 vote" in header and "0 votes" not in header, header
        day.check("voting")

        # The server goes away: the Scores screen says so in words, and nothing waits forever.
        server.stop()
        day.go("5")
        g.press("r")
        day.wait(lambda t: "isn't answering" in t or "can't be reached" in t or "not answering" in t, "words for a dead server")
        day.check("the server gone")
        g.press("q")
        assert g.wait_exit() == 0

        # Another new player, while the server is away: the registration and the first look
        # wait, and go when the server is back (on the same port and database).
        g = Game(plume_bin, tmp_path / "data-eve", width=width, height=height, env={"PLUME_SERVER": server.base})
        day.g = g
        day.wait("Score ", "the second player's Studio")
        g.press("b")
        day.wait("Register on", "the register dialog")
        g.press(*"Eve")
        g.press("enter")
        day.wait(lambda t: "you'll be registered as Eve as soon as it answers" in day.status(), "words for a registration that waits")
        day.check("registering with the server away")
        server = Server(directory, port=server.port)
        day.wait(lambda t: re.search(r"scored \d+, rank \d+", day.status()), "the waiting look sent", timeout=90)
        day.check("the server back")
        g.press("q")
        assert g.wait_exit() == 0
        print("\n".join(day.log))
    finally:
        if g:
            g.close()
        server.stop()


def test_alone_on_the_local_board_every_dead_end_says_why(plume_bin, tmp_path):
    g = Game(plume_bin, tmp_path / "data", width=80, height=24)
    try:
        day = FirstDay(g, 80, 24)
        day.wait("Score ", "the Studio")
        day.go("5")
        # SSH keys belong to servers: said at once, not "Asking…" for ever.
        g.press("K")
        day.wait(lambda t: "local board has none" in day.status(), "the local board's word on keys")
        day.check("keys on the local board")
        day.go("6")
        g.press("p")
        day.wait("Register on Local board", "the register dialog")
        g.press(*"Ada")
        g.press("enter")
        day.wait(lambda t: "voting needs two" in " ".join(t.split()) and "the only looks are your own" in " ".join(t.split()),
                 "why the runway is empty")
        g.press("q")
        assert g.wait_exit() == 0
    finally:
        g.close()
