"""The screenshot renderer (screenshots.py) against the real game: each picture's pixels must carry
the colours of the screen cells they draw — plain, reverse-video and highlighted cells, the Studio
figure's half blocks (top half foreground, bottom half background) and the Lab's Braille dots
(each dot where its bit says, nothing where it doesn't)."""
import re

import pyte.graphics
from PIL import Image

import screenshots
from pty_game import Game

W, H = screenshots.CELL_W, screenshots.CELL_H


def rgb(value, default):
    """A cell colour as the game sends it on xterm-256color: the default, or 6 hex digits."""
    if value == "default":
        return default
    assert re.fullmatch(r"[0-9a-f]{6}", value), f"unexpected colour {value!r}"
    return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)


def painted(char):
    fg, bg = rgb(char.fg, screenshots.DEFAULT_FG), rgb(char.bg, screenshots.DEFAULT_BG)
    return (bg, fg) if char.reverse else (fg, bg)


def picture(g, path):
    screenshots.render(g.screen, path)
    image = Image.open(path)
    assert image.format == "PNG"
    image = image.convert("RGB")
    assert image.size == (100 * W, 30 * H)
    return image


def cells(screen, test):
    for row in range(screen.lines):
        for column in range(screen.columns):
            char = screen.buffer[row][column]
            if test(char):
                yield column, row, char


def test_the_palette_and_colour_names_are_xterms():
    # pyte turns 38;5;N into hex from its own table; both must agree with xterm's palette.
    for index in range(256):
        assert screenshots.palette256(index) == rgb(pyte.graphics.FG_BG_256[index], None), index
    assert screenshots.palette256(196) == (255, 0, 0)
    assert screenshots.palette256(244) == (128, 128, 128)
    assert screenshots.colour("brown", None) == (0xCD, 0xCD, 0x00)
    assert screenshots.colour("brightblue", None) == (0x5C, 0x5C, 0xFF)
    assert screenshots.colour("ff87af", None) == (0xFF, 0x87, 0xAF)
    assert screenshots.colour("default", (1, 2, 3)) == (1, 2, 3)


def test_the_studio_picture_has_the_screens_colours_and_half_blocks(plume_bin, tmp_path):
    g = Game(plume_bin, tmp_path / "data", width=100, height=30)
    try:
        # Down to the status line (reverse video, checked below): the figure above it is whole too.
        g.wait_for(lambda t: "Score " in t and "▀" in t and "Welcome to Plume" in g.status(), what="the Studio with its figure and status line")
        image = picture(g, tmp_path / "studio.png")
        screen = g.screen

        # The highlighted tab, "[1 Studio]": the blank inside it is its background colour.
        column = g.screen.display[0].index("[1 Studio]") + 2
        tab = screen.buffer[0][column]
        assert tab.data == " " and tab.bg != "default", tab
        assert image.getpixel((column * W + W // 2, H // 2)) == rgb(tab.bg, None)
        # A plain blank is the theme's background; a reverse-video blank its foreground.
        assert image.getpixel((50 * W + W // 2, 1 * H + H // 2)) == screenshots.DEFAULT_BG
        reverse = [(c, r) for c, r, ch in cells(screen, lambda ch: ch.reverse and ch.data == " " and ch.bg == "default")]
        assert reverse, "no reverse-video cell on the Studio screen"
        for c, r in reverse:
            assert image.getpixel((c * W + W // 2, r * H + H // 2)) == screenshots.DEFAULT_FG, (c, r)

        # Every half block of the figure: the upper half in the foreground, the lower in the background.
        halves = list(cells(screen, lambda ch: ch.data == "▀"))
        assert sum(1 for _, _, ch in halves if ch.fg != ch.bg) > 50, "the figure has too few two-colour half blocks"
        for c, r, char in halves:
            fg, bg = painted(char)
            x, y = c * W, r * H
            for dx in (0, W // 2, W - 1):
                assert image.getpixel((x + dx, y)) == fg, (c, r, char)
                assert image.getpixel((x + dx, y + H // 2 - 1)) == fg, (c, r, char)
                assert image.getpixel((x + dx, y + H // 2)) == bg, (c, r, char)
                assert image.getpixel((x + dx, y + H - 1)) == bg, (c, r, char)
    finally:
        g.close()


# Braille: dots 1 2 3 7 down the left column, 4 5 6 8 down the right, as Unicode numbers them.
DOT_BITS = {(0, 0): 0x01, (0, 1): 0x02, (0, 2): 0x04, (0, 3): 0x40,
            (1, 0): 0x08, (1, 1): 0x10, (1, 2): 0x20, (1, 3): 0x80}


def test_the_lab_picture_puts_braille_dots_where_the_bits_say(plume_bin, tmp_path):
    g = Game(plume_bin, tmp_path / "data", width=100, height=30)
    try:
        g.wait_for("Score ")
        g.press("2")
        g.wait_for(lambda t: (m := re.search(r"step (\d+)", t)) is not None and int(m.group(1)) > 20,
                   timeout=60, what="the swarm to run")
        image = picture(g, tmp_path / "lab.png")

        column = g.screen.display[0].index("[2 Lab]") + 2
        tab = g.screen.buffer[0][column]
        assert image.getpixel((column * W + W // 2, H // 2)) == rgb(tab.bg, None)

        dots = list(cells(g.screen, lambda ch: len(ch.data) == 1 and 0x2800 < ord(ch.data) <= 0x28FF))
        assert len(dots) >= 20, "too few Braille cells in the Lab"
        seen = 0
        for c, r, char in dots:
            bits = ord(char.data) - 0x2800
            seen |= bits
            fg, bg = painted(char)
            assert fg != bg
            for (dot_column, dot_row), bit in DOT_BITS.items():
                # The centre of the dot's quarter-column, eighth-row box.
                centre = (c * W + (2 * dot_column + 1) * W // 4, r * H + (2 * dot_row + 1) * H // 8)
                want = fg if bits & bit else bg
                assert image.getpixel(centre) == want, (c, r, char.data, hex(bit))
        assert seen == 0xFF, f"only bits {seen:#x} appeared on screen"
    finally:
        g.close()


def test_shades_are_painted_flat_as_the_share_of_the_cell_they_cover():
    # The profile's calendar draws a day's band as ░ ▒ ▓ █: each is one even tint of its colour
    # over the background, never the font's stipple.
    screen = pyte.Screen(4, 1)
    pyte.Stream(screen).feed("\x1b[38;5;196;48;5;16m░▒▓█")
    image = screenshots.render_image(screen)
    for column, share in enumerate((0.25, 0.5, 0.75, 1.0)):
        want = screenshots.blend((0xFF, 0, 0), (0, 0, 0), share)
        tints = {image.getpixel((column * W + dx, dy)) for dx in range(W) for dy in range(H)}
        assert tints == {want}, (screen.buffer[0][column].data, tints)
