"""Turns a QR code printed in half-block characters back into an image, and reads it with zbarimg
(Debian zbar-tools, a real decoder written independently of Plume)."""
import re
import subprocess

from PIL import Image

SGR = re.compile(r"\x1b\[[0-9;]*m")
BLOCKS = set(" ▀▄█")


def printed_blocks(text: str) -> list[str]:
    """The symbol's lines: the ones made only of half blocks and spaces, colour codes removed.
    Each must have been painted dark-on-light (black foreground on a white background)."""
    lines = []
    for raw in text.split("\n"):
        plain = SGR.sub("", raw)
        if plain and set(plain) <= BLOCKS:
            assert raw.startswith("\x1b[38;5;16;48;5;231m") and raw.endswith("\x1b[0m"), repr(raw[:30])
            lines.append(plain)
    return lines


def modules(lines: list[str]) -> list[list[bool]]:
    """Rows of modules (True is dark), two per printed line."""
    rows = []
    for line in lines:
        rows.append([ch in "█▀" for ch in line])
        rows.append([ch in "█▄" for ch in line])
    return rows


def decode(lines: list[str], tmp_path, scale: int = 4) -> str:
    grid = modules(lines)
    width, height = len(grid[0]), len(grid)
    image = Image.new("L", (width * scale, height * scale), 255)
    pixels = image.load()
    for y, row in enumerate(grid):
        for x, dark in enumerate(row):
            if dark:
                for dy in range(scale):
                    for dx in range(scale):
                        pixels[x * scale + dx, y * scale + dy] = 0
    path = tmp_path / f"qr-{width}.png"
    image.save(path)
    result = subprocess.run(["zbarimg", "--quiet", "--raw", str(path)], capture_output=True, timeout=30)
    assert result.returncode == 0, f"zbarimg could not read the symbol: {result.stderr.decode()}"
    return result.stdout.decode().rstrip("\n")


def version_of(lines: list[str]) -> int:
    """The version from the printed width: 17 + 4v modules plus a four-module quiet zone each side."""
    side = len(lines[0]) - 8
    assert (side - 17) % 4 == 0
    return (side - 17) // 4
