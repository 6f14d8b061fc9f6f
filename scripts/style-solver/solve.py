"""Exact solver for Plume's style score, v1 (current) and v2 (SPEC.md).

For every theme: the best score, the number of distinct outfits reaching it (outfit = background
+ garments with their colour variants; the model never matters to either score, so ×9 models is
reported too), and the scores of the hint followers.

How it works (exact, nothing sampled):
  * In a wearable look no two garments cover the same body region, so every part of the score
    depends only on sums over the pieces worn: regions of the theme covered, pieces, tag balance,
    pieces following the colour rule (contrast: any light / any dark piece), accessories, pieces
    in the accent colour (capped at 2).  A piece is reduced to that feature vector.
  * The wardrobe splits into independent groups: top×bottom or a dress; outerwear; shoes; hat ×
    accessories (the Trapper Hat covers the ears, so it goes with ear-less accessory sets;
    accessories: at most one per region, at most three).  Each group's looks are aggregated into
    {feature vector: number of ways}, and groups are merged by convolution (numpy, int64 counts).
  * The final {features: count} gives a histogram {score: number of outfits}; backgrounds multiply
    in (fitting / not fitting the wanted tags).
  * v2's palette ("at most two main colours") is not a sum.  It is handled by running the same
    convolution restricted to garments whose colour is in a set C, for every single colour and
    every pair (f_C counts looks whose colours are a subset of C), and inclusion–exclusion:
        N0 = f_∅, N1 = Σ_|C|=1 f_C − K·N0, N1+N2 = Σ_|C|=2 f_C − (K−2)·N1 − C(K,2)·N0
    (K = number of colours in the catalog); these looks get the palette points on top of their
    other points, all other looks do not.
  * Witnesses: one concrete best outfit per theme, found by peeling groups off one at a time
    (a choice is kept only if the rest can still complete it); each is re-scored by score.py.
  * Followers (hint_follower): first / hint / greedy colour choice, and "careful" variants that
    also heed the piece limit, the accessory maximum and skip slots the theme doesn't ask for.

Usage: python3 solve.py all         (all 374 themes; writes results.json; ~5–9 min, one core)
       python3 solve.py 1,2,147     (some themes; writes results_partial.json)
"""
import itertools
import math
import os
import sys
import time
from collections import Counter

import numpy as np

import score as S

# Feature vector columns.
C, N, B, K, L, D, A, AC = range(8)
NF = 8
CAPS = {L: 1, D: 1, AC: 2}
RADIX = [8, 12, 25, 12, 2, 2, 5, 3]  # C, N, B(+12), K, L, D, A, AC


def encode(F):
    key = np.zeros(len(F), dtype=np.int64)
    for col, r in enumerate(RADIX):
        v = F[:, col] + (12 if col == B else 0)
        key = key * r + v
    return key


class Dist:
    """A multiset of feature vectors: rows of F (int64), with counts (int64)."""
    __slots__ = ("F", "n")

    def __init__(self, F, n):
        self.F, self.n = F, n

    @staticmethod
    def from_counter(counter):
        if not counter:
            return Dist(np.zeros((0, NF), np.int64), np.zeros(0, np.int64))
        items = list(counter.items())
        return Dist(np.array([k for k, _ in items], np.int64), np.array([v for _, v in items], np.int64))

    def agg(self):
        if len(self.n) == 0:
            return self
        keys = encode(self.F)
        uk, first, inv = np.unique(keys, return_index=True, return_inverse=True)
        sums = np.zeros(len(uk), np.int64)
        np.add.at(sums, inv, self.n)
        return Dist(self.F[first], sums)

    def __add__(self, other):  # union (disjoint looks)
        return Dist(np.concatenate([self.F, other.F]), np.concatenate([self.n, other.n])).agg()

    def __mul__(self, other):  # every look of self combined with every look of other
        F = (self.F[:, None, :] + other.F[None, :, :]).reshape(-1, NF)
        for col, cap in CAPS.items():
            np.minimum(F[:, col], cap, out=F[:, col])
        n = (self.n[:, None] * other.n[None, :]).reshape(-1)
        return Dist(F, n).agg()

    def where(self, mask):
        return Dist(self.F[mask], self.n[mask])


NONE = Counter({(0,) * NF: 1})


class ThemeModel:
    """A theme's pieces as feature vectors, grouped so that the groups combine freely."""

    def __init__(self, theme, cat, accent_hex=None):
        self.theme, self.cat = theme, cat
        cover, wanted, unwanted = set(theme["cover"]), set(theme["wanted"]), set(theme["unwanted"])
        rule = theme["colours"]
        self.colours = sorted({m for g in cat.garments for m in g.mains})
        self.pieces = {}  # (garment id, variant) -> (features, main colour)
        for g in cat.garments:
            for v, m in enumerate(g.mains):
                if rule == "contrast":
                    k, l, d = 0, int(S.is_light(m)), int(S.is_dark(m))
                else:
                    k, l, d = int(S.follows(rule, m)), 0, 0
                f = (len(g.covers & cover), 1, (1 if g.tags & wanted else 0) - (1 if g.tags & unwanted else 0),
                     k, l, d, int(g.slot == "accessory"), int(accent_hex is not None and m == accent_hex))
                self.pieces[(g.id, v)] = (f, m)
        self.check_structure()
        bgs = cat.backgrounds
        self.bg_fit = sum(1 for b in bgs if b["tags"] & wanted)
        self.bg_other = len(bgs) - self.bg_fit

    def check_structure(self):
        """The grouping below is exact only if conflicts are as assumed; check them."""
        gs = self.cat.garments
        by = {s: [g for g in gs if g.slot == s] for s in S.SLOTS}
        for a, b in itertools.combinations(S.SLOTS, 2):
            for x in by[a]:
                for y in by[b]:
                    clash = bool(x.covers & y.covers)
                    if {a, b} in ({"top", "dress"}, {"bottom", "dress"}):
                        assert clash, (x.name, y.name)
                    elif {a, b} != {"hat", "accessory"}:
                        assert not clash, (x.name, y.name)
        for x in by["accessory"]:
            assert len(x.covers) == 1, x.name

    def slot_counter(self, slot, allowed):
        c = Counter()
        for g in self.cat.garments:
            if g.slot != slot:
                continue
            for v in range(len(g.mains)):
                f, m = self.pieces[(g.id, v)]
                if allowed is None or m in allowed:
                    c[f] += 1
        return c

    def distribution(self, allowed=None):
        """{features: number of garment choices} over all wearable garment sets, garments
        restricted to main colours in `allowed` (None: all)."""
        opt = lambda slot: Dist.from_counter(self.slot_counter(slot, allowed) + NONE)
        tb = opt("top") * opt("bottom") + Dist.from_counter(self.slot_counter("dress", allowed))
        body = tb * opt("outerwear") * opt("shoes")
        # Accessories: at most one per region, at most three.
        regions = sorted({next(iter(g.covers)) for g in self.cat.garments if g.slot == "accessory"})

        def accessories(excluded):
            dist = Dist.from_counter(NONE)
            for r in regions:
                if r in excluded:
                    continue
                c = Counter()
                for g in self.cat.garments:
                    if g.slot == "accessory" and r in g.covers:
                        for v in range(len(g.mains)):
                            f, m = self.pieces[(g.id, v)]
                            if allowed is None or m in allowed:
                                c[f] += 1
                dist = dist * Dist.from_counter(c + NONE)
                dist = dist.where(dist.F[:, A] <= 3)
            return dist

        hats_by_block = {}
        for g in self.cat.garments:
            if g.slot == "hat":
                hats_by_block.setdefault(frozenset(g.covers & set(regions)), []).append(g)
        head = None
        for block in sorted(hats_by_block, key=len):
            c = Counter()
            for g in hats_by_block[block]:
                for v in range(len(g.mains)):
                    f, m = self.pieces[(g.id, v)]
                    if allowed is None or m in allowed:
                        c[f] += 1
            if not block:
                c += NONE  # no hat goes with any accessories
            part = Dist.from_counter(c) * accessories(block)
            head = part if head is None else head + part
        if frozenset() not in hats_by_block:
            head = head + accessories(frozenset())
        return body * head


# ---------------------------------------------------------------------------------------------
# Score tables: each component as a function of the summed features, exactly as score.py.

def v1_tables(theme):
    cover = len(theme["cover"])
    rule = theme["colours"]
    lo, hi = theme["accessories"]
    T = {}
    T["cover"] = np.array([300 if cover == 0 else 300 * c // cover for c in range(RADIX[C])], np.int64)
    tags = np.zeros((2, RADIX[N], RADIX[B]), np.int64)
    colour = np.zeros((RADIX[N], RADIX[K], 2, 2), np.int64)
    for n in range(RADIX[N]):
        for b in range(-12, 13):
            share = 0.0 if n == 0 else min(1.0, max(0.0, b / n))
            for fit in (0, 1):
                tags[fit, n, b + 12] = S.rounded(400.0 * (0.85 * share + (0.15 if fit else 0.0)))
        for k in range(RADIX[K]):
            for l in (0, 1):
                for d in (0, 1):
                    if n == 0:
                        sh = 0.0
                    elif rule == "contrast":
                        sh = (0.5 if l else 0.0) + (0.5 if d else 0.0)
                    else:
                        sh = k / n
                    colour[n, k, l, d] = S.rounded(200.0 * sh)
    T["tags"], T["colour"] = tags, colour
    ex = [100 if (lo - a if a < lo else max(0, a - hi)) == 0 else 50 if (lo - a if a < lo else max(0, a - hi)) == 1 else 0
          for a in range(RADIX[A])]
    T["extras"] = np.array([ex] * RADIX[N], np.int64)
    T["accent"] = np.zeros(3, np.int64)
    return T


def v2_tables(theme):
    M = S.V2_MAX
    cover = len(theme["cover"])
    rule = theme["colours"]
    lo, hi = theme["accessories"]
    T = {}
    T["cover"] = np.array([M["cover"] if cover == 0 else M["cover"] * c // cover for c in range(RADIX[C])], np.int64)
    tags = np.zeros((2, RADIX[N], RADIX[B]), np.int64)
    colour = np.zeros((RADIX[N], RADIX[K], 2, 2), np.int64)
    gp = M["tags"] - S.BACKDROP
    for n in range(RADIX[N]):
        for b in range(-12, 13):
            for fit in (0, 1):
                tags[fit, n, b + 12] = (0 if n == 0 else gp * min(n, max(0, b)) // n) + (S.BACKDROP if fit else 0)
        for k in range(RADIX[K]):
            for l in (0, 1):
                for d in (0, 1):
                    if n == 0:
                        v = 0
                    elif rule == "contrast":
                        v = (M["colour"] // 2 if l else 0) + (M["colour"] // 2 if d else 0)
                    else:
                        v = M["colour"] * min(k, n) // n
                    colour[n, k, l, d] = v
    T["tags"], T["colour"] = tags, colour
    limit = S.piece_limit(theme)
    extras = np.zeros((RADIX[N], RADIX[A]), np.int64)
    for n in range(RADIX[N]):
        for a in range(RADIX[A]):
            steps = (lo - a if a < lo else max(0, a - hi)) + max(0, n - limit)
            extras[n, a] = M["extras"] if steps == 0 else M["extras"] // 2 if steps == 1 else 0
    T["extras"] = extras
    T["accent"] = np.array([0, M["accent"], 0], np.int64)
    return T


def histogram(dist, T, fit):
    """{score: count} (as arrays) for the looks of `dist`, on a background that fits or not."""
    F = dist.F
    s = (T["cover"][F[:, C]] + T["tags"][fit, F[:, N], F[:, B] + 12] + T["colour"][F[:, N], F[:, K], F[:, L], F[:, D]]
         + T["extras"][F[:, N], F[:, A]] + T["accent"][F[:, AC]])
    return Counter(dict(_sum_by(s, dist.n)))


def _sum_by(keys, counts):
    uk, inv = np.unique(keys, return_inverse=True)
    sums = np.zeros(len(uk), np.int64)
    np.add.at(sums, inv, counts)
    return zip(uk.tolist(), sums.tolist())


def outfit_histogram(model, dist, T):
    """Over outfits: garments × backgrounds."""
    h = Counter()
    for fit, nb in ((1, model.bg_fit), (0, model.bg_other)):
        if nb:
            for sc, cnt in histogram(dist, T, fit).items():
                h[sc] += cnt * nb
    return h


def lincomb(*terms):
    out = Counter()
    for coef, h in terms:
        for k, v in h.items():
            out[k] += coef * v
    return out


def solve_v1(theme, cat):
    model = ThemeModel(theme, cat)
    h = outfit_histogram(model, model.distribution(), v1_tables(theme))
    return h


def solve_v2(theme, cat):
    """The v2 score histogram over all outfits (palette by inclusion–exclusion over colour sets)."""
    model = ThemeModel(theme, cat, S.COLOUR_HEX[S.accent_of(theme)])
    T = v2_tables(theme)
    h_all = outfit_histogram(model, model.distribution(), T)  # palette not counted
    cols = model.colours
    Kc = len(cols)
    R = outfit_histogram(model, model.distribution(frozenset()), T)  # the empty look
    Q, P = Counter(), Counter()
    for c in cols:
        Q.update(outfit_histogram(model, model.distribution(frozenset([c])), T))
    for c1, c2 in itertools.combinations(cols, 2):
        P.update(outfit_histogram(model, model.distribution(frozenset([c1, c2])), T))
    N1 = lincomb((1, Q), (-Kc, R))
    N12 = lincomb((1, P), (-(Kc - 2), N1), (-(Kc * (Kc - 1) // 2), R))
    assert all(v >= 0 for v in N1.values()) and all(v >= 0 for v in N12.values())
    rest = lincomb((1, h_all), (-1, N12))
    assert all(v >= 0 for v in rest.values())
    true = Counter({k: v for k, v in rest.items() if v})
    for k, v in N12.items():
        if v:
            true[k + S.V2_MAX["palette"]] += v
    return true


def top(h):
    best = max(k for k, v in h.items() if v > 0)
    return best, h[best]


# ---------------------------------------------------------------------------------------------
# Hint followers


def hint_follower(theme, cat, scorer, colour_mode):
    """The Studio, slot by slot (top, bottom, dress, outerwear, shoes, hat, accessory 1–3): the
    first garment in catalog order that shows "✓ suits today" and conflicts with nothing already
    chosen (accessories never twice). Colour: 'first' = variant 0; 'hint' = the first variant
    whose main colour follows the colour rule (contrast: very light or very dark), else 0;
    'greedy' = the variant giving the best live score so far (ties: the first).
    Background: the first with a wanted tag, else the first. Model: the first."""
    wanted = set(theme["wanted"])
    bg = next((b["id"] for b in cat.backgrounds if b["tags"] & wanted), cat.backgrounds[0]["id"])
    look = {"background": bg, "model": cat.models[0], "garments": []}
    rule = theme["colours"]
    careful = colour_mode.startswith("careful")
    if careful:  # also heeds the extras line: no slot the theme doesn't ask for, the piece limit
        colour_mode = "greedy" if colour_mode == "careful_greedy" else "hint"
        limit, most = S.piece_limit(theme), theme["accessories"][1]
    for slot in ["top", "bottom", "dress", "outerwear", "shoes", "hat", "accessory", "accessory", "accessory"]:
        chosen = [cat.by_id[i] for i, _ in look["garments"]]
        if careful and (len(chosen) >= limit
                        or (slot == "outerwear" and "outer" not in theme["cover"])
                        or (slot == "hat" and "head" not in theme["cover"])
                        or (slot == "accessory" and sum(g.slot == "accessory" for g in chosen) >= most)):
            continue
        for g in cat.in_slot(slot):
            if S.fit(theme, g) != "suits" or g in chosen:
                continue
            if any(o.covers & g.covers or (o.slot == g.slot and o.slot != "accessory") for o in chosen):
                continue
            if colour_mode == "first":
                v = 0
            elif colour_mode == "hint":
                ok = (lambda m: S.is_light(m) or S.is_dark(m)) if rule == "contrast" else (lambda m: S.follows(rule, m))
                v = next((i for i, m in enumerate(g.mains) if ok(m)), 0)
            else:
                best = None
                for i in range(len(g.mains)):
                    trial = dict(look, garments=look["garments"] + [(g.id, i)])
                    sc = scorer(theme, trial, cat)["total"]
                    if best is None or sc > best[0]:
                        best = (sc, i)
                v = best[1]
            look["garments"].append((g.id, v))
            break
    assert not S.broken_rules(look, cat), S.broken_rules(look, cat)
    return look


# ---------------------------------------------------------------------------------------------


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, max(0, math.ceil(p / 100 * len(v)) - 1))]


def main(argv):
    cat = S.catalog()
    themes = S.load_themes()
    if len(argv) > 1 and argv[1] != "all":
        ids = {int(x) for x in argv[1].split(",")}
        themes = [t for t in themes if t["id"] in ids]
    rows = []
    t0 = time.time()
    for th in themes:
        t1 = time.time()
        h1 = solve_v1(th, cat)
        t2 = time.time()
        h2 = solve_v2(th, cat)
        t3 = time.time()
        b1, n1 = top(h1)
        b2, n2 = top(h2)
        row = {"id": th["id"], "name": th["name"], "rule": th["colours"], "accent": S.accent_of(th),
               "v1_best": b1, "v1_count": n1, "v2_best": b2, "v2_count": n2,
               "total": sum(h1.values()), "t_v1": t2 - t1, "t_v2": t3 - t2}
        assert sum(h1.values()) == sum(h2.values())
        w = witness_v2(th, cat, b2)
        assert w is not None and not S.broken_rules(w, cat) and S.score_v2(th, w, cat)["total"] == b2
        row["v2_witness"] = describe(w, cat)
        for mode in ("first", "hint", "greedy", "careful", "careful_greedy"):
            row["v1_" + mode] = S.score_v1(th, hint_follower(th, cat, S.score_v1, mode), cat)["total"]
            hf = hint_follower(th, cat, S.score_v2, mode)
            row["v2_" + mode + "_parts"] = S.score_v2(th, hf, cat)
            row["v2_" + mode] = row["v2_" + mode + "_parts"]["total"]
            row["v2_" + mode + "_look"] = describe(hf, cat)
        rows.append(row)
        print("%3d %-40s %-10s %-9s v1 %4d ×%-10d v2 %4d ×%-7d  HF v1 %4d/%4d/%4d  v2 %4d/%4d/%4d  (%.1fs)" % (
            th["id"], th["name"][:40], th["colours"], row["accent"], b1, n1, b2, n2,
            row["v1_first"], row["v1_hint"], row["v1_greedy"], row["v2_first"], row["v2_hint"], row["v2_greedy"],
            t3 - t1), flush=True)
    print("total %.0fs" % (time.time() - t0))
    import json
    out = os.environ.get("STYLE_SOLVER_OUT")
    if out:
        json.dump(rows, open(out, "w"), indent=1)
    summary(rows)


def summary(rows):
    n = len(rows)
    models = len(S.catalog().models)
    for v in ("v1", "v2"):
        counts = sorted(r[v + "_count"] for r in rows)
        bests = [r[v + "_best"] for r in rows]
        med = counts[(n - 1) // 2] if n % 2 else (counts[n // 2 - 1] + counts[n // 2]) / 2
        print("%s: best 1000 in %d/%d themes (lowest best %d); top outfits: median %s (×%d models: %s), "
              "p10 %d, p25 %d, p75 %d, p90 %d, min %d, max %d" % (
                  v, sum(b == 1000 for b in bests), n, min(bests), med, models, med * models,
                  pct(counts, 10), pct(counts, 25), pct(counts, 75), pct(counts, 90), counts[0], counts[-1]))
        easiest = max(rows, key=lambda r: (r[v + "_best"], r[v + "_count"]))
        hardest = min(rows, key=lambda r: (r[v + "_best"], r[v + "_count"]))
        fewest = min((r for r in rows if r[v + "_best"] == 1000), key=lambda r: r[v + "_count"], default=hardest)
        print("   easiest (most top outfits): %d %s (best %d, %d); hardest: %d %s (best %d, %d top outfits); "
              "fewest top outfits at 1000: %d %s (%d)" % (
                  easiest["id"], easiest["name"], easiest[v + "_best"], easiest[v + "_count"],
                  hardest["id"], hardest["name"], hardest[v + "_best"], hardest[v + "_count"],
                  fewest["id"], fewest["name"], fewest[v + "_count"]))
        print("   followers' scores:")
        for mode in ("first", "hint", "greedy", "careful", "careful_greedy"):
            vals = [r["%s_%s" % (v, mode)] for r in rows]
            print("   %-15s min %d p10 %d p25 %d median %d p75 %d p90 %d max %d; > 850: %d themes, 1000: %d" % (
                mode, min(vals), pct(vals, 10), pct(vals, 25), pct(vals, 50), pct(vals, 75), pct(vals, 90), max(vals),
                sum(x > 850 for x in vals), sum(x == 1000 for x in vals)))



def accent_options(theme, cat):
    """For every catalog colour as the accent: how many outfits would score 1000 (all parts full).
    A 1000 look has one or two main colours, exactly one piece in the accent."""
    global RADIX
    saved = (dict(CAPS), list(RADIX))
    CAPS[AC] = 9
    RADIX[AC] = 10
    try:
        out = Counter()
        for c1 in sorted({m for g in cat.garments for m in g.mains}):
            model = ThemeModel(theme, cat, c1)
            T = v2_tables(theme)
            full = S.V2_MAX["cover"] + S.V2_MAX["tags"] + S.V2_MAX["colour"] + S.V2_MAX["extras"]
            T["accent"] = np.zeros(RADIX[AC], np.int64)
            for c2 in [c1] + [c for c in model.colours if c > c1]:
                d = model.distribution(frozenset([c1, c2]))
                F = d.F
                for fit, nb in ((1, model.bg_fit), (0, model.bg_other)):
                    if not nb:
                        continue
                    s = (T["cover"][F[:, C]] + T["tags"][fit, F[:, N], F[:, B] + 12]
                         + T["colour"][F[:, N], F[:, K], F[:, L], F[:, D]] + T["extras"][F[:, N], F[:, A]])
                    ok = s == full
                    if c2 == c1:
                        out[c1] += int(d.n[ok & (F[:, N] == 1)].sum()) * nb
                    else:
                        out[c1] += int(d.n[ok & (F[:, N] >= 2) & (F[:, AC] == 1)].sum()) * nb
                        out[c2] += int(d.n[ok & (F[:, N] >= 2) & (F[:, N] - F[:, AC] == 1)].sum()) * nb
        return out
    finally:
        CAPS.clear()
        CAPS.update(saved[0])
        RADIX[:] = saved[1]


# ---------------------------------------------------------------------------------------------
# Witnesses: one concrete outfit with a given score, found by peeling the groups off one by one
# (each choice is kept only if the rest of the wardrobe can still complete it to the target).

def _explicit_groups(model, allowed):
    cat = model.cat
    ok = lambda g, v: allowed is None or model.pieces[(g.id, v)][1] in allowed
    items = lambda slot: [((g.id, v), model.pieces[(g.id, v)][0]) for g in cat.garments if g.slot == slot
                          for v in range(len(g.mains)) if ok(g, v)]
    zero = (0,) * NF

    def add(*fs):
        out = [sum(x) for x in zip(zero, *fs)]
        for col, cap in CAPS.items():
            out[col] = min(out[col], cap)
        return tuple(out)
    tops, bottoms, dresses = items("top"), items("bottom"), items("dress")
    tb = [((), zero)] + [((p,), f) for p, f in tops + bottoms + dresses]
    tb += [((p, q), add(f, h)) for p, f in tops for q, h in bottoms]
    outer = [((), zero)] + [((p,), f) for p, f in items("outerwear")]
    shoes = [((), zero)] + [((p,), f) for p, f in items("shoes")]
    accs = items("accessory")
    head = []
    for hat in [None] + items("hat"):
        blocked = cat.by_id[hat[0][0]].covers if hat else frozenset()
        usable = [a for a in accs if not (cat.by_id[a[0][0]].covers & blocked)]
        for r in range(4):
            for combo in itertools.combinations(usable, r):
                regions = [next(iter(cat.by_id[p[0]].covers)) for p, _ in combo]
                if len(set(regions)) < r or len({p[0] for p, _ in combo}) < r:
                    continue
                parts = ([hat] if hat else []) + list(combo)
                head.append((tuple(p for p, _ in parts), add(*[f for _, f in parts])))
    return [tb, outer, shoes, head]


def _scores(T, fit, F):
    return (T["cover"][F[:, C]] + T["tags"][fit, F[:, N], F[:, B] + 12] + T["colour"][F[:, N], F[:, K], F[:, L], F[:, D]]
            + T["extras"][F[:, N], F[:, A]] + T["accent"][F[:, AC]])


def _peel(model, allowed, T, fit, target, need_pieces):
    groups = _explicit_groups(model, allowed)
    dists = []
    for g in groups:
        c = Counter()
        for _, f in g:
            c[f] += 1
        dists.append(Dist.from_counter(c))
    chosen, acc = [], Dist(np.zeros((1, NF), np.int64), np.ones(1, np.int64))
    for i, g in enumerate(groups):
        rest = Dist(np.zeros((1, NF), np.int64), np.ones(1, np.int64))
        for d in dists[i + 1:]:
            rest = rest * d
        for pieces, f in g:
            trial = acc * Dist(np.array([f], np.int64), np.ones(1, np.int64)) * rest
            sc = _scores(T, fit, trial.F)
            if np.any((sc == target) & (trial.F[:, N] >= need_pieces)):
                chosen += list(pieces)
                acc = acc * Dist(np.array([f], np.int64), np.ones(1, np.int64))
                break
        else:
            return None
    return chosen


def witness_v2(theme, cat, target):
    """An outfit scoring `target` under v2 (None if there is none)."""
    model = ThemeModel(theme, cat, S.COLOUR_HEX[S.accent_of(theme)])
    T = v2_tables(theme)
    wanted = set(theme["wanted"])
    bgs = [(1, next((b["id"] for b in cat.backgrounds if b["tags"] & wanted), None)),
           (0, next((b["id"] for b in cat.backgrounds if not b["tags"] & wanted), None))]
    cols = model.colours
    for fit, bg in bgs:
        if bg is None:
            continue
        acc_hex = S.COLOUR_HEX[S.accent_of(theme)]
        pairs = sorted((frozenset(p) for p in itertools.combinations(cols, 2)), key=lambda p: (acc_hex not in p, sorted(p)))
        for pair in pairs:
            got = _peel(model, pair, T, fit, target - S.V2_MAX["palette"], 1)
            if got is not None:
                lk = {"background": bg, "model": cat.models[0], "garments": got}
                if S.score_v2(theme, lk, cat)["total"] == target:
                    return lk
        got = _peel(model, None, T, fit, target, 0)
        if got is not None:
            lk = {"background": bg, "model": cat.models[0], "garments": got}
            if S.score_v2(theme, lk, cat)["total"] == target:
                return lk
    return None


def describe(look, cat):
    out = []
    for gid, v in look["garments"]:
        g = cat.by_id[gid]
        out.append("%s (%s)" % (g.name, g.variant_names[v]))
    return "%s: %s" % (cat.background_by_id[look["background"]]["name"], ", ".join(out))


if __name__ == "__main__":
    main(sys.argv)
