"""Pictures of the real game for the README: drives `plume` in a pseudo-terminal (the Studio, the
Lab, and the Scores and Runway screens against a real `plume-server` seeded over its HTTP API) and renders
each screen, with its colours, to a PNG; profile_shots.py adds a player's profile, in the game and
on their page in headless chromium.

    python3 Tests/E2E/screenshots.py [--bin PATH] [--server-bin PATH] [--out docs/images] [--only NAME ...]

Half blocks, full blocks, shades, Braille dots and box lines are drawn as shapes, so they come out exact;
everything else is a DejaVu Sans Mono glyph. `render(screen, path)` is also used by
test_screenshots.py."""
import argparse
import datetime
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import time

from PIL import Image, ImageDraw, ImageFont

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
from pty_game import Game  # noqa: E402
from server_process import Server  # noqa: E402

WIDTH, HEIGHT = 100, 30
CELL_W, CELL_H = 10, 20
FONT_SIZE = 16
FONT_DIR = pathlib.Path("/usr/share/fonts/truetype/dejavu")

# A dark terminal theme for the default colours.
DEFAULT_FG = (0xD8, 0xD8, 0xD8)
DEFAULT_BG = (0x1C, 0x1C, 0x22)

# xterm's values for the 16 ANSI colours (the ones the game's colour mapper aims at).
ANSI16 = [
    (0x00, 0x00, 0x00), (0xCD, 0x00, 0x00), (0x00, 0xCD, 0x00), (0xCD, 0xCD, 0x00),
    (0x00, 0x00, 0xEE), (0xCD, 0x00, 0xCD), (0x00, 0xCD, 0xCD), (0xE5, 0xE5, 0xE5),
    (0x7F, 0x7F, 0x7F), (0xFF, 0x00, 0x00), (0x00, 0xFF, 0x00), (0xFF, 0xFF, 0x00),
    (0x5C, 0x5C, 0xFF), (0xFF, 0x00, 0xFF), (0x00, 0xFF, 0xFF), (0xFF, 0xFF, 0xFF),
]
# pyte's names for SGR 30–37 / 90–97 (it calls yellow "brown", and spells one bright background
# "bfightmagenta").
ANSI_NAMES = {"black": 0, "red": 1, "green": 2, "brown": 3, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7}
ANSI_NAMES.update({"bright" + name: index + 8 for name, index in list(ANSI_NAMES.items())})
ANSI_NAMES["bfightmagenta"] = 13


def palette256(index):
    """xterm's 256-colour palette: 16 ANSI colours, the 6×6×6 cube, then 24 greys."""
    if index < 16:
        return ANSI16[index]
    if index < 232:
        levels = (0, 0x5F, 0x87, 0xAF, 0xD7, 0xFF)
        index -= 16
        return levels[index // 36], levels[index // 6 % 6], levels[index % 6]
    grey = 8 + (index - 232) * 10
    return grey, grey, grey


def colour(value, default):
    """An RGB triple for a pyte colour: "default", an ANSI name, 6 hex digits, or a palette index."""
    if value in (None, "", "default"):
        return default
    if value in ANSI_NAMES:
        return ANSI16[ANSI_NAMES[value]]
    if re.fullmatch(r"[0-9a-fA-F]{6}", value):
        return tuple(int(value[i:i + 2], 16) for i in (0, 2, 4))
    if re.fullmatch(r"\d{1,3}", value) and int(value) < 256:
        return palette256(int(value))
    return default


def cell_colours(char):
    """The (foreground, background) a cell is painted with, after reverse video."""
    fg, bg = colour(char.fg, DEFAULT_FG), colour(char.bg, DEFAULT_BG)
    return (bg, fg) if char.reverse else (fg, bg)


# Braille dot number → bit, in (column, row) order: dots 1 2 3 7 down the left, 4 5 6 8 down the right.
BRAILLE_DOTS = [((0, 0), 0x01), ((0, 1), 0x02), ((0, 2), 0x04), ((0, 3), 0x40),
                ((1, 0), 0x08), ((1, 1), 0x10), ((1, 2), 0x20), ((1, 3), 0x80)]


def braille_dot_box(x, y, column, row):
    """The pixel box (inclusive) of one Braille dot in the cell whose top-left is (x, y)."""
    sub_w, sub_h = CELL_W // 2, CELL_H // 4
    left = x + column * sub_w + (sub_w - 3) // 2
    top = y + row * sub_h + (sub_h - 3) // 2
    return left, top, left + 2, top + 2


# Shades as the share of the cell their dots cover, painted flat: a font's stipple at this size
# is a moiré, where a terminal's reads as a tint.
SHADES = {"░": 0.25, "▒": 0.5, "▓": 0.75}

# Box-drawing characters as arms from the cell's centre: (left, right, up, down), 1 light, 2 heavy.
BOX_ARMS = {
    "─": (1, 1, 0, 0), "│": (0, 0, 1, 1), "┌": (0, 1, 0, 1), "┐": (1, 0, 0, 1), "└": (0, 1, 1, 0), "┘": (1, 0, 1, 0),
    "├": (0, 1, 1, 1), "┤": (1, 0, 1, 1), "┬": (1, 1, 0, 1), "┴": (1, 1, 1, 0), "┼": (1, 1, 1, 1),
    "━": (2, 2, 0, 0), "┃": (0, 0, 2, 2), "┏": (0, 2, 0, 2), "┓": (2, 0, 0, 2), "┗": (0, 2, 2, 0), "┛": (2, 0, 2, 0),
}


class Fonts:
    def __init__(self):
        self.regular = ImageFont.truetype(str(FONT_DIR / "DejaVuSansMono.ttf"), FONT_SIZE)
        self.bold = ImageFont.truetype(str(FONT_DIR / "DejaVuSansMono-Bold.ttf"), FONT_SIZE)
        # For the odd glyph the monospaced face lacks.
        self.fallback = ImageFont.truetype(str(FONT_DIR / "DejaVuSans.ttf"), FONT_SIZE)
        self.fallback_bold = ImageFont.truetype(str(FONT_DIR / "DejaVuSans-Bold.ttf"), FONT_SIZE)
        ascent, descent = self.regular.getmetrics()
        self.baseline = (CELL_H - (ascent + descent)) // 2 + ascent
        self._missing = {}

    def lacks(self, font, ch):
        """Whether `font` draws `ch` as its missing-glyph box."""
        key = (id(font), ch)
        if key not in self._missing:
            def shape(text):
                mask = font.getmask(text)
                return mask.size, bytes(mask)
            self._missing[key] = shape(ch) == shape("\U0010FFFD")
        return self._missing[key]

    def pick(self, ch, bold):
        font = self.bold if bold else self.regular
        if self.lacks(font, ch):
            return self.fallback_bold if bold else self.fallback
        return font


_FONTS = None


def fonts():
    global _FONTS
    if _FONTS is None:
        _FONTS = Fonts()
    return _FONTS


# Glyphs are drawn with this many levels of coverage, so a screen keeps to a few hundred colours
# and the PNG can be a palette image.
COVERAGE_LEVELS = 12


def blend(fg, bg, alpha):
    return tuple(round(b + (f - b) * alpha) for f, b in zip(fg, bg))


def draw_glyph(image, x, y, ch, font, fg, bg, wide):
    """Draws one glyph into its cell (or two, when wide) with quantised anti-aliasing."""
    width = CELL_W * (2 if wide else 1)
    mask = Image.new("L", (width + CELL_W, CELL_H), 0)
    ImageDraw.Draw(mask).text((0, fonts().baseline), ch, font=font, fill=255, anchor="ls")
    mask = mask.crop((0, 0, width, CELL_H))
    step = 255 / (COVERAGE_LEVELS - 1)
    levels = [blend(fg, bg, round(v / step) * step / 255) for v in range(256)]
    pixels = image.load()
    data = mask.load()
    for dy in range(CELL_H):
        for dx in range(width):
            v = data[dx, dy]
            if v:
                pixels[x + dx, y + dy] = levels[v]


def draw_cell(image, draw, column, row, char, wide=False):
    x, y = column * CELL_W, row * CELL_H
    fg, bg = cell_colours(char)
    width = CELL_W * (2 if wide else 1)
    draw.rectangle((x, y, x + width - 1, y + CELL_H - 1), fill=bg)
    ch = char.data
    if not ch or ch == " ":
        pass
    elif ch == "▀":
        draw.rectangle((x, y, x + CELL_W - 1, y + CELL_H // 2 - 1), fill=fg)
    elif ch == "▄":
        draw.rectangle((x, y + CELL_H // 2, x + CELL_W - 1, y + CELL_H - 1), fill=fg)
    elif ch == "█":
        draw.rectangle((x, y, x + CELL_W - 1, y + CELL_H - 1), fill=fg)
    elif ch == "▌":
        draw.rectangle((x, y, x + CELL_W // 2 - 1, y + CELL_H - 1), fill=fg)
    elif ch == "▐":
        draw.rectangle((x + CELL_W // 2, y, x + CELL_W - 1, y + CELL_H - 1), fill=fg)
    elif ch in SHADES:
        draw.rectangle((x, y, x + CELL_W - 1, y + CELL_H - 1), fill=blend(fg, bg, SHADES[ch]))
    elif len(ch) == 1 and 0x2800 <= ord(ch) <= 0x28FF:
        bits = ord(ch) - 0x2800
        for (dot_column, dot_row), bit in BRAILLE_DOTS:
            if bits & bit:
                draw.rectangle(braille_dot_box(x, y, dot_column, dot_row), fill=fg)
    elif ch in BOX_ARMS:
        cx, cy = x + CELL_W // 2, y + CELL_H // 2
        left, right, up, down = BOX_ARMS[ch]
        for weight, box in ((left, (x, cy, cx, cy)), (right, (cx, cy, x + CELL_W - 1, cy)),
                            (up, (cx, y, cx, cy)), (down, (cx, cy, cx, y + CELL_H - 1))):
            if weight:
                x0, y0, x1, y1 = box
                if weight == 2:
                    if y0 == y1:
                        y0, y1 = y0 - 1, y1 + 1
                    else:
                        x0, x1 = x0 - 1, x1 + 1
                draw.rectangle((x0, y0, x1, y1), fill=fg)
    else:
        draw_glyph(image, x, y, ch, fonts().pick(ch, char.bold), fg, bg, wide)
    if char.underscore:
        draw.line((x, y + CELL_H - 2, x + width - 1, y + CELL_H - 2), fill=fg)
    if char.strikethrough:
        draw.line((x, y + CELL_H // 2, x + width - 1, y + CELL_H // 2), fill=fg)


def render_image(screen):
    """The pyte screen as an RGB image, one CELL_W×CELL_H box a cell."""
    image = Image.new("RGB", (screen.columns * CELL_W, screen.lines * CELL_H), DEFAULT_BG)
    draw = ImageDraw.Draw(image)
    for row in range(screen.lines):
        line = screen.buffer[row]
        for column in range(screen.columns):
            char = line[column]
            # pyte leaves an empty cell after a wide character.
            wide = column + 1 < screen.columns and line[column + 1].data == "" and char.data != ""
            if char.data == "" and column > 0 and line[column - 1].data != "":
                continue
            draw_cell(image, draw, column, row, char, wide)
    return image


def save_png(image, path):
    """Saves as an exact palette PNG when the picture has at most 256 colours, else as RGB."""
    colours = image.getcolors(256)
    if colours:
        palette = Image.new("P", (1, 1))
        flat = [value for _, rgb in colours for value in rgb]
        palette.putpalette(flat + [0] * (768 - len(flat)))
        image = image.quantize(palette=palette, dither=Image.Dither.NONE)
    image.save(path, optimize=True)


def render(screen, path):
    """Renders a pyte screen to a PNG at `path`."""
    save_png(render_image(screen), path)
    return path


# --- Driving the game -----------------------------------------------------------------------

FAKE_TIME = "2026-06-01 12:00:00"


def time_prefix():
    """`faketime` with a fixed start, so the daily theme (and the day's board) never change."""
    if shutil.which("faketime"):
        from faked_clock import clear_leftovers
        clear_leftovers()
        return ["faketime", FAKE_TIME]
    print("faketime is not on the PATH: the pictures show today's theme (apt-get install faketime)", file=sys.stderr)
    return []


def start_game(binary, home, prefix, args=()):
    command = [*prefix, binary, *args]
    return Game(command[0], home, width=WIDTH, height=HEIGHT, args=command[1:])


def settle(g, quiet=0.3, timeout=5):
    """Reads output until the game has been quiet for `quiet` seconds (or `timeout` passes), so a
    frame is never captured half drawn."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        before = len(g.raw)
        g.pump(wait=quiet)
        if len(g.raw) == before:
            return


def step_count(text):
    match = re.search(r"step (\d+)", text)
    return int(match.group(1)) if match else -1


def dress(g):
    """Dresses the model for today's ballroom theme, from the Studio's first row, key by key."""
    g.wait_for("Score ")

    def choose(row_label, presses, colours=0):
        """Waits for a slot row, steps its garment `presses` times right, then its colour."""
        g.wait_for(lambda t: f"▸ {row_label}" in t, what=f"the {row_label} row")
        for key, times, what in (("right", presses, "garment"), ("c", colours, "colour")):
            for _ in range(times):
                before = g.text()
                g.press(key)
                g.wait_for(lambda t: t != before, what=f"the {row_label} {what} to change")

    choose("Background", 3)            # Grand Ballroom
    g.press("down")
    choose("Model", 1)
    g.press("down", "down", "down")
    choose("Dress", 2, colours=1)      # an evening gown in burgundy and gold
    g.press("down", "down")
    choose("Shoes", 4)                 # high heels
    g.press("down", "down")
    choose("Accessory 1", 2)           # a pearl necklace
    g.press("up", "up", "up", "up")
    g.wait_for("▸ Dress")


def shoot_studio(binary, home, prefix, out):
    g = start_game(binary, home, prefix)
    try:
        dress(g)
        settle(g)
        return render(g.screen, out / "studio.png")
    finally:
        g.close()


def shoot_lab(binary, home, prefix, out, steps=150):
    g = start_game(binary, home, prefix)
    try:
        g.wait_for("Score ")
        g.press("2")
        g.wait_for(lambda t: step_count(t) > steps, timeout=120, what=f"the swarm to pass step {steps}")
        return render(g.screen, out / "lab.png")
    finally:
        g.close()


# --- The leaderboard ------------------------------------------------------------------------

# Players and their looks: (name, avatar look, submitted look). Garment ids from the catalog.
def look(background, model, *garments):
    return {"kind": "look", "background": background, "model": model,
            "garments": [{"id": garment, "colour": colour_index} for garment, colour_index in garments]}


PLAYER_NAME = "Juniper"
PLAYERS = [
    ("Ada Lovelace", look(4, 1, (20, 1), (37, 0)), look(4, 1, (20, 1), (37, 0), (27, 0))),
    ("Grace", look(2, 2, (7, 2), (17, 0), (38, 1)), look(4, 2, (21, 0), (37, 2))),
    ("Tomás", look(9, 8, (9, 1), (17, 1), (28, 0)), look(4, 8, (9, 0), (17, 1), (27, 1), (38, 0))),
    ("Noor", look(6, 5, (22, 0), (36, 0)), look(6, 5, (22, 2), (36, 1))),
    ("Mika", look(7, 3, (24, 0), (37, 1)), look(7, 3, (24, 1), (37, 0))),
    ("Bo", look(5, 6, (1, 2), (16, 0), (40, 0)), look(5, 6, (1, 0), (16, 1), (40, 1))),
    ("Amara", look(1, 9, (19, 0), (36, 2)), look(1, 9, (19, 1), (36, 0))),
    ("Remy", look(3, 4, (5, 0), (11, 0), (39, 0)), look(3, 4, (6, 1), (15, 0), (29, 0), (39, 0))),
]


def share_code(plume_binary, shape):
    """The look's share code, made by the game's own encoder."""
    result = subprocess.run([plume_binary, "link", "encode", "--code"], input=json.dumps(shape).encode(),
                            capture_output=True, timeout=30)
    if result.returncode != 0:
        raise RuntimeError(f"plume link encode failed: {result.stderr.decode(errors='replace')}")
    return result.stdout.decode().strip()


def style_board(server, faked):
    """Today's style board, `style-YYYY-MM-DD` for the UTC day (the faked one under faketime),
    checked against the boards the server lists."""
    now = datetime.datetime.strptime(FAKE_TIME, "%Y-%m-%d %H:%M:%S").astimezone() if faked else datetime.datetime.now().astimezone()
    today = "style-" + now.astimezone(datetime.timezone.utc).strftime("%Y-%m-%d")
    status, body = server.json("GET", "/v1/boards")
    if status != 200:
        raise RuntimeError(f"GET /v1/boards answered {status}: {body}")
    listed = [board["id"] for board in body["boards"] if board.get("kind") == "style" and board.get("open")]
    if today in listed:
        return today
    if len(listed) == 1:  # a clock read a moment either side of midnight: the server's day wins
        return listed[0]
    raise RuntimeError(f"{today} is not among the server's open style boards {listed}")


def seed(server, plume_binary, faked):
    board = style_board(server, faked)
    for name, avatar, submitted in PLAYERS:
        status, registered = server.json("POST", "/v1/players", {"name": name, "avatar_look": share_code(plume_binary, avatar)})
        if status != 201:
            raise RuntimeError(f"registering {name} answered {status}: {registered}")
        status, body = server.json("POST", "/v1/scores", {"board_id": board, "code": share_code(plume_binary, submitted)},
                                      token=registered["token"])
        if status != 200:
            raise RuntimeError(f"{name}'s submission to {board} answered {status}: {body}")
    return board


def shoot_scores(binary, server_binary, home, prefix, out):
    directory = pathlib.Path(str(home) + "-server")
    directory.mkdir()
    server = Server(directory, binary=server_binary, prefix=prefix)
    try:
        seed(server, binary, faked=bool(prefix))
        g = start_game(binary, home, prefix, args=["--server", server.base])
        try:
            # The game's own player: b in the Studio registers, then submits the look.
            dress(g)
            g.press("b")
            g.wait_for("Register on ")
            g.press(*PLAYER_NAME)
            g.press("enter")
            g.wait_for("new personal best!", timeout=60)
            g.press("5")
            names = [PLAYER_NAME] + [name for name, _, _ in PLAYERS]
            g.wait_for(lambda t: "updated" in t and f"▸ {PLAYER_NAME}" in t and all(name in t for name in names),
                       timeout=60, what="the board's rows")
            settle(g)
            return render(g.screen, out / "scores.png")
        finally:
            g.close()
    finally:
        server.stop()


def shoot_runway(binary, server_binary, home, prefix, out):
    """The Runway screen: eight players' looks on the day's runway, and the game's player dealt a pair."""
    from test_runway_server import candidate_looks
    directory = pathlib.Path(str(home) + "-server")
    directory.mkdir()
    server = Server(directory, binary=server_binary, prefix=prefix)
    try:
        day = style_board(server, faked=bool(prefix))[len("style-"):]

        def plume(*args, stdin=None, timeout=30):
            return subprocess.run([binary, *args], input=stdin, capture_output=True, timeout=timeout)

        looks = candidate_looks(plume, seed=11)
        for name, _, _ in PLAYERS:
            status, registered = server.json("POST", "/v1/players", {"name": name})
            if status != 201:
                raise RuntimeError(f"registering {name} answered {status}: {registered}")
            for _ in range(400):
                status, _ = server.json("PUT", f"/v1/runway/{day}/entry", {"code": next(looks)}, token=registered["token"])
                if status == 200:
                    break
            else:
                raise RuntimeError(f"no random look entered the runway of {day} for {name}")
        g = start_game(binary, home, prefix, args=["--server", server.base])
        try:
            g.wait_for("Score ")
            g.press("6")
            g.wait_for("press p")
            g.press("p")
            g.wait_for("Register on ")
            g.press(*PLAYER_NAME)
            g.press("enter")
            g.wait_for(lambda t: "← this one" in t and "8 looks" in t, timeout=60, what="a pair on the runway")
            settle(g)
            return render(g.screen, out / "runway.png")
        finally:
            g.close()
    finally:
        server.stop()


# The pictures main takes, in order (each name also a choice for --only).
SHOTS = ["studio", "lab", "scores", "runway", "profile", "friends"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "plume"))
    parser.add_argument("--server-bin", default=str(ROOT / ".build" / "debug" / "plume-server"))
    parser.add_argument("--out", default=str(ROOT / "docs" / "images"))
    parser.add_argument("--only", nargs="+", choices=SHOTS, help="take only these pictures")
    options = parser.parse_args(argv)
    for binary in (options.bin, options.server_bin):
        if not os.path.exists(binary):
            parser.error(f"{binary} is missing: build it first (make screenshots does)")
    out = pathlib.Path(options.out)
    out.mkdir(parents=True, exist_ok=True)
    prefix = time_prefix()
    binary, server_binary = os.path.abspath(options.bin), os.path.abspath(options.server_bin)
    import profile_shots  # here rather than at the top: it imports this module
    with tempfile.TemporaryDirectory(prefix="plume-shots-") as scratch:
        scratch = pathlib.Path(scratch)
        shots = {
            "studio": lambda: [shoot_studio(binary, scratch / "studio", prefix, out)],
            "lab": lambda: [shoot_lab(binary, scratch / "lab", prefix, out)],
            "scores": lambda: [shoot_scores(binary, server_binary, scratch / "scores", prefix, out)],
            "runway": lambda: [shoot_runway(binary, server_binary, scratch / "runway", prefix, out)],
            "profile": lambda: profile_shots.shoot_profile(binary, server_binary, scratch / "profile", prefix, out),
            "friends": lambda: profile_shots.shoot_friends(binary, server_binary, scratch / "friends", prefix, out),
        }
        assert list(shots) == SHOTS
        written = [path for name in options.only or SHOTS for path in shots[name]()]
    for path in written:
        print(f"{path}  {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
