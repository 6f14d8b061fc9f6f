"""Checks for score.py and solve.py.

1. v1 port against the hand-checked looks of Tests/ChallengesTests (worked example: 900, …).
2. The solver's histograms against brute force (every wearable outfit scored by score.py) on
   small sub-catalogs, for v1 and v2, on several themes.
3. Random full-catalog looks: score_v2 components stay in range, totals are integers 0–1000.
"""
import copy
import itertools
import random
import sys
from collections import Counter

import score as S
import solve as V

cat = S.catalog()
themes = S.load_themes()
by_key = {g.key: g.id for g in cat.garments}


def look(keys, bg=1):
    return {"background": bg, "model": 1, "garments": [(by_key[k], c) for k, c in keys]}


def hand_checks():
    beach = next(t for t in themes if t["name"] == "Beach Day")
    s = S.score_v1(beach, look([("striped-tee", 1), ("denim-shorts", 3), ("sandals", 0), ("sunglasses", 0)]))
    assert s == {"coverage": 300, "tags": 400, "colour": 100, "accessories": 100, "total": 900}, s
    s = S.score_v1(beach, look([("chunky-sweater", 0), ("tailored-trousers", 0)], bg=3))
    assert (s["coverage"], s["tags"], s["accessories"]) == (200, 0, 50), s
    s = S.score_v1(beach, look([]))
    assert s == {"coverage": 0, "tags": 60, "colour": 0, "accessories": 50, "total": 110}, s
    h, sat, li = S.hsl("#ff0000")
    assert (h, sat, li) == (0, 1, 0.5)
    assert abs(S.hsl("#1f3a68")[0] - 218) < 1
    assert S.follows("warm", "#ff0000") and not S.follows("cool", "#ff0000")
    assert S.follows("monochrome", "#8a8a8a") and S.follows("dark", "#1c1c1c") and S.follows("pastel", "#f2a7c3")
    # v2, the README's worked example (Beach Day: accent Rose, at most 4 pieces): 4 colours, no Rose.
    s = S.score_v2(beach, look([("striped-tee", 1), ("denim-shorts", 3), ("sandals", 0), ("sunglasses", 0)]))
    assert s == {"cover": 200, "tags": 200, "colour": 75, "extras": 150, "palette": 0, "accent": 0, "total": 625}, s
    # … and a 1000: red tee, red shorts, red sneakers, rose sunglasses.
    top = look([("striped-tee", 1), ("board-shorts", 3), ("canvas-sneakers", 2), ("sunglasses", 3)])
    s = S.score_v2(beach, top)
    assert s["total"] == 1000, s
    # one piece too many (a Sun Hat in a third colour): extras half, palette lost.
    s = S.score_v2(beach, dict(top, garments=top["garments"] + [(by_key["sun-hat"], 0)]))
    assert s["extras"] == 75 and s["palette"] == 0, s
    s = S.score_v2(beach, look([]))
    assert s == {"cover": 0, "tags": 50, "colour": 0, "extras": 75, "palette": 0, "accent": 0, "total": 125}, s
    print("hand checks ok")


def sub_catalog(rng, per_slot, variants, backgrounds, must_colours=()):
    sub = copy.copy(cat)
    gs = []
    for slot in S.SLOTS:
        pool = [g for g in cat.garments if g.slot == slot]
        k = per_slot[slot]
        chosen = rng.sample(pool, k)
        if slot == "hat" and not any("ears" in g.covers for g in chosen):
            chosen[0] = next(g for g in pool if "ears" in g.covers)
        if slot == "accessory" and not any("ears" in g.covers for g in chosen):
            chosen[0] = next(g for g in pool if "ears" in g.covers)
        for g in chosen:
            g2 = copy.copy(g)
            idx = list(range(len(g.mains)))
            keep = [i for i in idx if g.mains[i] in must_colours][:1]
            rest = [i for i in idx if i not in keep]
            keep += rng.sample(rest, max(0, variants - len(keep)))
            keep.sort()
            g2.mains = [g.mains[i] for i in keep]
            gs.append(g2)
    gs.sort(key=lambda g: g.order)
    sub.garments = gs
    sub.by_id = {g.id: g for g in gs}
    sub.backgrounds = rng.sample(cat.backgrounds, backgrounds)
    sub.background_by_id = {b["id"]: b for b in sub.backgrounds}
    return sub


def all_outfits(sub):
    by = {s: [g for g in sub.garments if g.slot == s] for s in S.SLOTS}
    opts = lambda s: [None] + [(g.id, v) for g in by[s] for v in range(len(g.mains))]
    acc_items = [(g.id, v) for g in by["accessory"] for v in range(len(g.mains))]
    accs = [()]
    for r in (1, 2, 3):
        for combo in itertools.combinations(acc_items, r):
            if len({i for i, _ in combo}) == r:
                accs.append(combo)
    for parts in itertools.product(opts("top"), opts("bottom"), opts("dress"), opts("outerwear"), opts("shoes"), opts("hat")):
        base = [p for p in parts if p]
        for acc in accs:
            garments = base + list(acc)
            lk = {"background": sub.backgrounds[0]["id"], "model": 1, "garments": garments}
            if S.broken_rules(lk, sub):
                continue
            for b in sub.backgrounds:
                yield dict(lk, background=b["id"])


def brute_vs_solver(seed, theme):
    rng = random.Random(seed)
    accent = S.COLOUR_HEX[S.accent_of(theme)]
    sub = sub_catalog(rng, {"top": 2, "bottom": 2, "dress": 2, "outerwear": 2, "shoes": 2, "hat": 2, "accessory": 5},
                      2, 3, must_colours=(accent,))
    h1, h2 = Counter(), Counter()
    for lk in all_outfits(sub):
        h1[S.score_v1(theme, lk, sub)["total"]] += 1
        h2[S.score_v2(theme, lk, sub)["total"]] += 1
    s1 = +V.solve_v1(theme, sub)
    s2 = +V.solve_v2(theme, sub)
    assert s1 == h1, ("v1", theme["name"], sorted((h1 - s1).items())[:5], sorted((s1 - h1).items())[:5])
    assert s2 == h2, ("v2", theme["name"], sorted((h2 - s2).items())[:5], sorted((s2 - h2).items())[:5])
    print("brute force = solver: theme %d %s (%s), %d outfits, v1 top %s, v2 top %s" % (
        theme["id"], theme["name"], theme["colours"], sum(h1.values()), V.top(h1), V.top(h2)), flush=True)


def random_looks(count=3000):
    rng = random.Random(7)
    n = 0
    while n < count:
        th = rng.choice(themes)
        garments = []
        for g in rng.sample(cat.garments, rng.randint(0, 9)):
            garments.append((g.id, rng.randrange(len(g.mains))))
        lk = {"background": rng.choice(cat.backgrounds)["id"], "model": 1, "garments": garments}
        if S.broken_rules(lk):
            continue
        n += 1
        s = S.score_v2(th, lk)
        assert 0 <= s["total"] <= 1000 and all(0 <= s[k] <= S.V2_MAX[k] for k in S.V2_MAX)
    print("random looks ok")


if __name__ == "__main__":
    hand_checks()
    random_looks()
    picks = [1, 2, 3, 4, 5, 6, 7, 8] + [int(x) for x in sys.argv[1:]]
    for i, tid in enumerate(picks):
        brute_vs_solver(100 + i, next(t for t in themes if t["id"] == tid))
    print("all checks passed")
