"""Plume style score: a faithful Python port of the current scoring (v1, Sources/Challenges/
StyleTheme.swift) and the proposed v2 scoring (see SPEC.md).

A look is a dict: {"background": id, "model": id, "garments": [(garment_id, variant_index), ...]}.
A theme is one entry of challenges.json's "styleThemes" (a dict as loaded from JSON).

    score_v1(theme, look) -> {"coverage", "tags", "colour", "accessories", "total"}
    score_v2(theme, look) -> {"cover", "tags", "colour", "extras", "palette", "accent", "total"}
    explain_v2(theme, look) -> the Studio's one-line breakdown and the player-facing rule lines
"""
import json
import math
import os

ASSETS = os.environ.get("PLUME_ASSETS", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Assets"))

# ---------------------------------------------------------------------------------------------
# Data


class Garment:
    __slots__ = ("id", "key", "name", "slot", "covers", "tags", "mains", "variant_names", "order")

    def __init__(self, raw, order):
        self.id = raw["id"]
        self.key = raw["key"]
        self.name = raw["name"]
        self.slot = raw["slot"]
        self.covers = frozenset(raw["covers"])
        self.tags = frozenset(raw["tags"])
        # Main colour of each variant: palette key "a", else the first key (ColourVariant.mainColour).
        self.mains = [v["colours"]["a"] if "a" in v["colours"] else v["colours"][sorted(v["colours"])[0]]
                      for v in raw["variants"]]
        self.mains = [m.lower() for m in self.mains]
        self.variant_names = [v["name"] for v in raw["variants"]]
        self.order = order  # position in catalog.json


class Catalog:
    def __init__(self, directory=ASSETS):
        raw = json.load(open(os.path.join(directory, "catalog.json")))
        self.garments = [Garment(g, i) for i, g in enumerate(raw["garments"])]
        self.by_id = {g.id: g for g in self.garments}
        self.backgrounds = [{"id": b["id"], "name": b["name"], "tags": frozenset(b["tags"])} for b in raw["backgrounds"]]
        self.background_by_id = {b["id"]: b for b in self.backgrounds}
        self.models = [m["id"] for m in raw["models"]]

    def in_slot(self, slot):
        return [g for g in self.garments if g.slot == slot]


def load_themes(directory=ASSETS):
    return json.load(open(os.path.join(directory, "challenges.json")))["styleThemes"]


_CATALOG = None


def catalog():
    global _CATALOG
    if _CATALOG is None:
        _CATALOG = Catalog()
    return _CATALOG


SLOTS = ["top", "bottom", "dress", "outerwear", "shoes", "hat", "accessory"]
CAPACITY = {s: (3 if s == "accessory" else 1) for s in SLOTS}
REGIONS = ["head", "hair", "eyes", "ears", "neck", "torso", "outer", "wrist", "hand", "waist", "hips", "legs", "feet"]


def broken_rules(look, cat=None):
    """Port of Look.brokenRules: an empty list means the look can be worn."""
    cat = cat or catalog()
    broken = []
    if look["background"] not in cat.background_by_id:
        broken.append("unknown background")
    if look["model"] not in cat.models:
        broken.append("unknown model")
    seen, known = set(), []
    for gid, colour in sorted(look["garments"]):
        g = cat.by_id.get(gid)
        if g is None:
            broken.append("unknown garment %d" % gid)
            continue
        if gid in seen:
            broken.append("%s worn twice" % g.name)
            continue
        seen.add(gid)
        if not (0 <= colour < len(g.mains)):
            broken.append("%s has no colour %d" % (g.name, colour + 1))
        known.append(g)
    for s in SLOTS:
        if sum(1 for g in known if g.slot == s) > CAPACITY[s]:
            broken.append("slot %s overfull" % s)
    for i, a in enumerate(known):
        for b in known[i + 1:]:
            if a.slot != b.slot or a.slot == "accessory":
                if a.covers & b.covers:
                    broken.append("%s and %s conflict" % (a.name, b.name))
    return broken


# ---------------------------------------------------------------------------------------------
# Colours (port of HSL and ColourRule)


def hsl(hexcolour):
    """(hue degrees, saturation, lightness) exactly as StyleTheme.swift's HSL.init computes them."""
    r = int(hexcolour[1:3], 16) / 255
    g = int(hexcolour[3:5], 16) / 255
    b = int(hexcolour[5:7], 16) / 255
    high, low = max(r, g, b), min(r, g, b)
    lightness = (high + low) / 2
    chroma = high - low
    if not chroma > 0:
        return 0.0, 0.0, lightness
    saturation = chroma / (1 - abs(2 * lightness - 1))
    if high == r:
        h = math.fmod((g - b) / chroma, 6)  # truncatingRemainder
    elif high == g:
        h = (b - r) / chroma + 2
    else:
        h = (r - g) / chroma + 4
    h *= 60
    return (h + 360 if h < 0 else h), saturation, lightness


def follows(rule, hexcolour):
    """ColourRule.follows (contrast: false, as in Swift; see is_light/is_dark)."""
    hue, sat, light = hsl(hexcolour)
    if rule == "warm":
        return sat >= 0.25 and (hue < 70 or hue >= 330) and light > 0.15
    if rule == "cool":
        return (sat >= 0.2 and 150 <= hue < 290) or light >= 0.85
    if rule == "dark":
        return light <= 0.3
    if rule == "pastel":
        return 0.65 <= light <= 0.93
    if rule == "monochrome":
        return sat <= 0.2 or light <= 0.12 or light >= 0.9
    if rule == "contrast":
        return False
    raise ValueError(rule)


def is_light(hexcolour):
    return hsl(hexcolour)[2] >= 0.7


def is_dark(hexcolour):
    return hsl(hexcolour)[2] <= 0.3


def rounded(x):
    """Swift's Double.rounded() (to nearest, ties away from zero) for x >= 0, exactly."""
    assert x >= 0
    whole = math.floor(x)
    return int(whole) + (1 if x - whole >= 0.5 else 0)  # x - floor(x) is exact for doubles


# ---------------------------------------------------------------------------------------------
# v1: the current score


def _worn(look, cat):
    return [(cat.by_id[gid], colour) for gid, colour in look["garments"] if gid in cat.by_id]


def score_v1(theme, look, cat=None):
    cat = cat or catalog()
    worn = _worn(look, cat)
    cover, wanted, unwanted = set(theme["cover"]), set(theme["wanted"]), set(theme["unwanted"])
    covered = set()
    for g, _ in worn:
        covered |= g.covers
    coverage = 300 if not cover else 300 * len(covered & cover) // len(cover)

    balance = 0
    for g, _ in worn:
        if g.tags & wanted:
            balance += 1
        if g.tags & unwanted:
            balance -= 1
    share = 0.0 if not worn else min(1.0, max(0.0, balance / len(worn)))
    bg = cat.background_by_id.get(look["background"])
    fits = bg is not None and bool(bg["tags"] & wanted)
    tags = rounded(400.0 * (0.85 * share + (0.15 if fits else 0.0)))

    mains = [g.mains[c] for g, c in worn if 0 <= c < len(g.mains)]
    rule = theme["colours"]
    if not mains:
        cshare = 0.0
    elif rule == "contrast":
        cshare = (0.5 if any(is_light(m) for m in mains) else 0.0) + (0.5 if any(is_dark(m) for m in mains) else 0.0)
    else:
        cshare = sum(1 for m in mains if follows(rule, m)) / len(mains)
    colour = rounded(200.0 * cshare)

    lo, hi = theme["accessories"]
    count = sum(1 for g, _ in worn if g.slot == "accessory")
    distance = lo - count if count < lo else max(0, count - hi)
    accessories = 100 if distance == 0 else 50 if distance == 1 else 0
    return {"coverage": coverage, "tags": tags, "colour": colour, "accessories": accessories,
            "total": coverage + tags + colour + accessories}


def fit(theme, garment):
    """ThemeFit: 'suits' (a wanted tag, no unwanted one), 'clashes' (an unwanted tag) or 'neutral'."""
    if garment.tags & set(theme["unwanted"]):
        return "clashes"
    return "suits" if garment.tags & set(theme["wanted"]) else "neutral"


# ---------------------------------------------------------------------------------------------
# v2: see SPEC.md. Everything is integer arithmetic.

V2_MAX = {"cover": 200, "tags": 200, "colour": 150, "extras": 150, "palette": 150, "accent": 150}
BACKDROP = 50          # part of tags: the background has a wanted tag
PALETTE_COLOURS = 2    # palette: at most this many different main colours

# The catalog's named colours (main colour of a variant = the first colour its name gives).
COLOUR_HEX = {
    "Black": "#1c1c1c", "Navy": "#1f3a68", "White": "#f2f2f2", "Camel": "#c49a6c", "Pink": "#f2a7c3",
    "Red": "#c8323c", "Burgundy": "#7a1f3d", "Lemon": "#f4e06d", "Cream": "#f5ecd7", "Gold": "#d4af37",
    "Silver": "#c0c0c8", "Sky": "#7fb8e6", "Forest": "#2e5e3a", "Mint": "#8fd9b6", "Olive": "#6b7a3a",
    "Grey": "#8a8a8a", "Lilac": "#b79ce0", "Charcoal": "#3a3a40", "Brown": "#6b4226", "Coral": "#f0786e",
    "Rose": "#d9667a", "Teal": "#2a9d8f", "Royal": "#3050c8", "Sand": "#e3cfa3", "Denim": "#3b5b92",
    "Stone": "#d8cfc0", "Orange": "#f28c28", "Plum": "#5e2d5e", "Emerald": "#1f8a5b", "Ice": "#dff3fb",
    "Champagne": "#ead7b0", "Terracotta": "#c4623f",
}
HEX_NAME = {v: k for k, v in COLOUR_HEX.items()}


# The slot that covers each region a theme can ask for, when dressing in separates.
REGION_SLOT = {"torso": "top", "hips": "bottom", "legs": "bottom", "feet": "shoes", "outer": "outerwear",
               "head": "hat", "hair": "accessory:hair", "eyes": "accessory:eyes", "ears": "accessory:ears",
               "neck": "accessory:neck", "wrist": "accessory:wrist", "hand": "accessory:hand", "waist": "accessory:waist"}


def piece_limit(theme):
    """The most pieces a look may have: one per slot the theme's regions need in separates,
    plus the fewest accessories the theme asks for."""
    return len({REGION_SLOT[r] for r in theme["cover"]}) + theme["accessories"][0]


def accent_of(theme):
    """The theme's accent colour name: its "accent" field in challenges.json (accents.py chooses
    it for a new theme, once)."""
    return theme.get("accent")


def colour_counts(rule, mains):
    """For the colour component: (pieces following the rule, has light, has dark)."""
    if rule == "contrast":
        return 0, any(is_light(m) for m in mains), any(is_dark(m) for m in mains)
    return sum(1 for m in mains if follows(rule, m)), False, False


def score_v2(theme, look, cat=None):
    cat = cat or catalog()
    worn = _worn(look, cat)
    n = len(worn)
    cover, wanted, unwanted = set(theme["cover"]), set(theme["wanted"]), set(theme["unwanted"])

    # cover: share of the theme's regions covered, rounded down.
    covered = set()
    for g, _ in worn:
        covered |= g.covers
    c_cover = V2_MAX["cover"] if not cover else V2_MAX["cover"] * len(covered & cover) // len(cover)

    # tags: +1 per piece with a wanted tag, -1 per piece with an unwanted one, over the pieces
    # (clamped to 0..n, rounded down), plus the backdrop's share if the background has a wanted tag.
    balance = sum((1 if g.tags & wanted else 0) - (1 if g.tags & unwanted else 0) for g, _ in worn)
    garment_part = V2_MAX["tags"] - BACKDROP
    c_tags = 0 if n == 0 else garment_part * min(n, max(0, balance)) // n
    bg = cat.background_by_id.get(look["background"])
    if bg is not None and bg["tags"] & wanted:
        c_tags += BACKDROP

    # colour: share of pieces following the rule (contrast: half for something light, half for
    # something dark), rounded down.
    mains = [g.mains[c] for g, c in worn if 0 <= c < len(g.mains)]
    rule = theme["colours"]
    k, light, dark = colour_counts(rule, mains)
    if not mains:
        c_colour = 0
    elif rule == "contrast":
        c_colour = (V2_MAX["colour"] // 2 if light else 0) + (V2_MAX["colour"] // 2 if dark else 0)
    else:
        c_colour = V2_MAX["colour"] * k // len(mains)

    # extras: accessories inside the theme's range and no more pieces than the theme's limit;
    # each accessory or piece off counts one step: 0 steps full, 1 step half, more nothing.
    lo, hi = theme["accessories"]
    count = sum(1 for g, _ in worn if g.slot == "accessory")
    steps = (lo - count if count < lo else max(0, count - hi)) + max(0, n - piece_limit(theme))
    c_extras = V2_MAX["extras"] if steps == 0 else V2_MAX["extras"] // 2 if steps == 1 else 0

    # palette: at most two different main colours over all pieces (needs at least one piece).
    distinct = len(set(mains))
    c_palette = V2_MAX["palette"] if 1 <= distinct <= PALETTE_COLOURS else 0

    # accent: exactly one piece whose main colour is the theme's accent colour.
    accent_hex = COLOUR_HEX[accent_of(theme)]
    accents = sum(1 for m in mains if m == accent_hex)
    c_accent = V2_MAX["accent"] if accents == 1 else 0

    parts = {"cover": c_cover, "tags": c_tags, "colour": c_colour, "extras": c_extras,
             "palette": c_palette, "accent": c_accent}
    parts["total"] = sum(parts.values())
    return parts


def score_v3(theme, look, cat=None):
    """v2's parts, but nothing for a look with nothing on, and extras, palette and accent only once
    the look covers every region the theme asks for (any piece, when it asks none)."""
    cat = cat or catalog()
    worn = _worn(look, cat)
    parts = score_v2(theme, look, cat)
    if not worn:
        parts = {part: 0 for part in parts}
    else:
        covered = set()
        for g, _ in worn:
            covered |= g.covers
        if not set(theme["cover"]) <= covered:
            for part in ("extras", "palette", "accent"):
                parts[part] = 0
    parts["total"] = sum(v for k, v in parts.items() if k != "total")
    return parts


RULE_WORDS = {
    "warm": "warm colours: reds, oranges, yellows",
    "cool": "cool colours: blues, greens, purples, icy whites",
    "dark": "dark colours",
    "pastel": "soft, light colours",
    "monochrome": "black, white and greys",
    "contrast": "something very light with something very dark",
}


def explain_v2(theme, look, cat=None):
    """What the Studio would show: the score line and one line per rule."""
    s = score_v2(theme, look, cat)
    lo, hi = theme["accessories"]
    rng = "%d" % lo if lo == hi else "%d–%d" % (lo, hi)
    line = "cover %d · tags %d · colour %d · extras %d · palette %d · accent %d" % (
        s["cover"], s["tags"], s["colour"], s["extras"], s["palette"], s["accent"])
    limit = piece_limit(theme)
    rules = [
        "cover %d: cover the %s." % (V2_MAX["cover"], ", ".join(theme["cover"])),
        "tags %d: pieces that suit today (%s), none against it (%s); %d of it for a background that suits." % (
            V2_MAX["tags"], ", ".join(theme["wanted"]), ", ".join(theme["unwanted"]) or "nothing", BACKDROP),
        "colour %d: %s." % (V2_MAX["colour"], RULE_WORDS[theme["colours"]]),
        "extras %d: %s accessor%s and at most %d pieces in all (half for one off)." % (
            V2_MAX["extras"], rng, "y" if (lo, hi) == (1, 1) else "ies", limit),
        "palette %d: two colours at most: every piece's main colour is one of two." % V2_MAX["palette"],
        "accent %d: exactly one piece in %s." % (V2_MAX["accent"], accent_of(theme)),
    ]
    return s["total"], line, rules
