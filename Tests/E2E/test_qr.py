"""QR codes from `plume link qr` and `plume share --qr`, read back by a real decoder (zbarimg) from
an image drawn from the printed half blocks: looks and swarms, links and bare codes, and every
version from 1 to 10."""
import random

import pytest

from qr_image import decode, printed_blocks, version_of
from reference_codec import PARAMETERS, look_link, swarm_link

LOOK = {"background": 1, "model": 2, "garments": [{"id": 10, "colour": 0}, {"id": 40, "colour": 2}]}


def random_swarm(rng, count):
    ingredients = []
    for _ in range(count):
        ingredient = {"population": rng.randint(1, max(1, 300 // count))}
        for name, top in PARAMETERS:
            ingredient[name] = rng.randint(0, top) / 100
        ingredients.append(ingredient)
    return {"ingredients": ingredients}


def qr(plume, *args, stdin=None):
    result = plume("link", "qr", *args, stdin=stdin)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def candidates():
    """(input link, --code?) pairs of many lengths: bare codes and links, looks and swarms."""
    rng = random.Random(9)
    out = []
    for count in range(1, 17):
        out.append((swarm_link(random_swarm(rng, count)), False))
        out.append((swarm_link(random_swarm(rng, count)), True))
    for look in [LOOK, {"background": 3, "model": 1, "garments": []}]:
        link = look_link(look)
        out += [(link, False), (link, True)]
    return out


def expected_text(link, code):
    return link.split("/")[-1] if code else link


def test_every_version_from_1_to_10_decodes_with_zbarimg(plume, tmp_path):
    by_version = {}
    for link, code in candidates():
        text = expected_text(link, code)
        if len(text.encode()) > 213:
            continue
        version = next(v for v, cap in enumerate([14, 26, 42, 62, 84, 106, 122, 152, 180, 213], 1) if len(text) <= cap)
        by_version.setdefault(version, (link, code))
    assert sorted(by_version) == list(range(1, 11)), f"lengths cover only versions {sorted(by_version)}"
    for version, (link, code) in sorted(by_version.items()):
        printed = qr(plume, *(["--code"] if code else []), link)
        lines = printed_blocks(printed)
        assert version_of(lines) == version
        assert decode(lines, tmp_path) == expected_text(link, code)
        # The text is printed under the symbol too, for copying.
        assert printed.rstrip("\n").split("\n")[-1] == expected_text(link, code)


@pytest.mark.parametrize("kind", ["look", "swarm"])
def test_any_accepted_form_is_drawn_as_its_canonical_link(plume, tmp_path, kind):
    if kind == "look":
        paste, link = "<" + look_link(LOOK) + ">.", look_link(LOOK)
    else:
        paste = "3 * (262.65, 12.01, 25.87, 0.97, 1.0, 56.35, 0.26, 0.61)\n"
        link = swarm_link({"ingredients": [{"population": 3, "R": 262.65, "Vn": 12.01, "Vm": 25.87, "c1": 0.97,
                                            "c2": 1.0, "c3": 56.35, "c4": 0.26, "c5": 0.61}]})
    lines = printed_blocks(qr(plume, stdin=paste.encode()))
    assert decode(lines, tmp_path) == link


def test_a_link_too_long_for_version_10_is_refused_in_words(plume):
    rng = random.Random(3)
    long_links = [swarm_link(random_swarm(rng, 16)) for _ in range(4)]
    link = max(long_links, key=len)
    if len(link) <= 213:
        pytest.skip(f"the longest swarm link here is {len(link)} bytes, which fits")
    result = plume("link", "qr", link)
    assert result.returncode == 1
    assert b"more than a version 10 symbol holds (213)" in result.stderr and b"--code" in result.stderr
    assert result.stdout == b""
    # The bare code is shorter and may still fit.
    assert plume("link", "qr", "--code", link).returncode == (0 if len(link.split("/")[-1]) <= 213 else 1)


def test_a_bad_link_is_refused_before_any_drawing(plume):
    result = plume("link", "qr", "plume://look/1nope")
    assert result.returncode == 1 and result.stdout == b""
    assert result.stderr.startswith(b"plume: ")


def test_share_qr_prints_the_saved_look(plume_bin, tmp_path):
    import os
    import subprocess
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"))
    plain = subprocess.run([plume_bin, "share"], capture_output=True, env=env, timeout=30)
    drawn = subprocess.run([plume_bin, "share", "--qr"], capture_output=True, env=env, timeout=30)
    assert plain.returncode == drawn.returncode == 0
    link = plain.stdout.decode().strip()
    assert decode(printed_blocks(drawn.stdout.decode()), tmp_path) == link
    swarm = subprocess.run([plume_bin, "share", "--swarm", "--qr"], capture_output=True, env=env, timeout=30)
    assert decode(printed_blocks(swarm.stdout.decode()), tmp_path).startswith("plume://swarm/1")
