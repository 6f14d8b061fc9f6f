"""The style solver (scripts/style-solver) against the game: its Python scoring of both rule
versions must give exactly what `plume` gives, part by part, on random wearable looks of every
theme and on each theme's best look as the solver builds it; and the solver's exact counts,
checked here on a few themes, must keep v2's promise (the top takes more than the hints)."""
import json
import pathlib
import random
import subprocess
import sys

import pytest

from reference_codec import look_link

SOLVER = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "style-solver"
sys.path.insert(0, str(SOLVER))
import score as S  # noqa: E402
import solve as V  # noqa: E402

PARTS = ("cover", "tags", "colour", "extras", "palette", "accent")


def code(look):
    return look_link({"background": look["background"], "model": look["model"],
                      "garments": [{"id": g, "colour": c} for g, c in look["garments"]]})[len("plume://look/"):]


def game_scores(plume_bin, lines):
    reply = subprocess.run([plume_bin, "bench", "style-scores"], input="\n".join(lines) + "\n", capture_output=True, text=True,
                           timeout=120, check=True)
    return [list(map(int, row.split())) for row in reply.stdout.splitlines()]


def python_scores(rules, theme, look, cat):
    if rules == "v1":
        parts = S.score_v1(theme, look, cat)
        return [parts["total"], parts["coverage"], parts["tags"], parts["colour"], parts["accessories"], 0, 0]
    parts = (S.score_v3 if rules == "v3" else S.score_v2)(theme, look, cat)
    return [parts["total"]] + [parts[p] for p in PARTS]


def random_look(rng, cat):
    """A wearable look in the Studio's shape: separates or a dress, some of the rest, 0–3 accessories."""
    while True:
        slots = ["dress"] if rng.random() < 0.3 else ["top", "bottom"]
        slots += [s for s in ("outerwear", "shoes", "hat") if rng.random() < 0.6]
        worn = []
        for slot in slots:
            garment = rng.choice(cat.in_slot(slot))
            worn.append((garment.id, rng.randrange(len(garment.mains))))
        for garment in rng.sample(cat.in_slot("accessory"), rng.randrange(4)):
            worn.append((garment.id, rng.randrange(len(garment.mains))))
        look = {"background": rng.choice(cat.backgrounds)["id"], "model": 1, "garments": worn}
        if not S.broken_rules(look, cat):
            return look


def test_the_solvers_scoring_is_the_games_on_every_theme(plume_bin):
    cat, themes, rng = S.catalog(), S.load_themes(), random.Random(7)
    cases = [(theme, random_look(rng, cat), rules) for theme in themes for rules in ("v1", "v2", "v3") for _ in range(6)]
    # v3's gates: nothing on, and one piece alone (covering less than any theme asks).
    for theme in themes[:40]:
        background = rng.choice(cat.backgrounds)["id"]
        top = rng.choice(cat.in_slot("top"))
        cases.append((theme, {"background": background, "model": 1, "garments": []}, "v3"))
        cases.append((theme, {"background": background, "model": 1, "garments": [(top.id, rng.randrange(len(top.mains)))]}, "v3"))
    got = game_scores(plume_bin, [f"{t['id']} {rules} {code(look)}" for t, look, rules in cases])
    assert len(got) == len(cases)
    for (theme, look, rules), game in zip(cases, got):
        assert python_scores(rules, theme, look, cat) == game, (theme["name"], rules, look)


def test_each_themes_best_look_scores_its_best_in_the_game(plume_bin):
    """The solver's best score per theme, and a look reaching it, confirmed by the game's own
    scoring (a few themes of each colour rule; make bench-themes does all 374)."""
    cat, themes = S.catalog(), S.load_themes()
    chosen = []
    for rule in ("warm", "cool", "dark", "pastel", "monochrome", "contrast"):
        chosen += [t for t in themes if t["colours"] == rule][:2]
    lines, expected = [], []
    for theme in chosen:
        best, count = V.top(V.solve_v2(theme, cat))
        witness = V.witness_v2(theme, cat, best)
        assert witness is not None and not S.broken_rules(witness, cat)
        lines.append(f"{theme['id']} v2 {code(witness)}")
        expected.append(best)
        # The top is a skill: a few thousand outfits at most, and the hint follower well short.
        assert count <= 40_000, (theme["name"], count)
        follower = S.score_v2(theme, V.hint_follower(theme, cat, S.score_v2, "hint"), cat)["total"]
        assert follower <= 850 < best, (theme["name"], follower, best)
    assert [row[0] for row in game_scores(plume_bin, lines)] == expected
