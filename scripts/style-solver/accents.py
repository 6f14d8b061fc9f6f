"""Chooses the accent colour (the "accent" field of Assets/challenges.json) of every theme that has
none yet, and writes it into challenges.json. Themes that have one keep it: an accent must never
change, or the scores of days already played would change when recomputed.

Rule (deterministic, no hand edits): among the catalog's named main colours, take those with
which the theme can score 1000 under v2 (the exact solver's accent_options); choose the one whose
number of 1000-scoring outfits is closest to TARGET on a log scale (ties: the colour name first
in alphabetical order). A theme with no such colour takes the colour giving the best reachable
score, then the same closeness.

Usage: python3 scripts/style-solver/accents.py   (about a second per new theme)
"""
import json
import math
import os

import score as S
import solve as V

TARGET = 500


def choose(theme, cat):
    options = {S.HEX_NAME[k]: v for k, v in V.accent_options(theme, cat).items() if v}
    if options:
        return min(sorted(options), key=lambda c: abs(math.log(options[c] / TARGET)))
    best = None
    for name in sorted(S.COLOUR_HEX):
        b, n = V.top(V.solve_v2(dict(theme, accent=name), cat))
        key = (-b, abs(math.log(n / TARGET)))
        if best is None or key < best[0]:
            best = (key, name)
    return best[1]


def main():
    cat = S.catalog()
    path = os.path.join(S.ASSETS, "challenges.json")
    raw = json.load(open(path))
    chosen = 0
    for theme in raw["styleThemes"]:
        if theme.get("accent"):
            continue
        theme["accent"] = choose(theme, cat)
        chosen += 1
    if chosen:
        open(path, "w").write(json.dumps(raw, indent=1, ensure_ascii=False) + "\n")
    print("accents chosen for %d new theme(s); %d kept" % (chosen, len(raw["styleThemes"]) - chosen))


if __name__ == "__main__":
    main()
