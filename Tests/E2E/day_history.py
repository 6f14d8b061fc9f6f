"""A long record of days for the profile's pictures, written straight into a stopped
`plume-server`'s SQLite file: a player can only submit to today's style board, so the days gone
by are rows on `style-YYYY-MM-DD` boards, with the rows the server keeps as records arrive
(`player_days`, `score_bands`: Sources/Leaderboard/Days/DaysSQL.swift) counted again from every
style record, as the schema's migration counts them. The server builds its rank index from the
records when it starts, so ranks and entries come out as a real day's would.

The days are a fixed story, not random noise: one featured player who began about half a year
ago, got better week by week, missed a few days (one long weekend away), and is on a streak
now; a handful of others who play most days. The scores are the story's, not the codes' own for
each day's theme: the server scores a look once, as it arrives, and trusts its rows after."""
import datetime
import random
import sqlite3

EPOCH = datetime.date(1970, 1, 1)
DAY_MS = 86_400_000
# Days before today the featured player missed: a few lone days, a long weekend away, and the
# last one eleven days ago, so today's streak is eleven days long.
MISSED = {11, 29, 30, 52, 73, 74, 75, 96, 118, 139, 161, 176}


def day_number(date):
    """The UTC day number the server keeps (days since 1970)."""
    return (date - EPOCH).days


def board_id(date):
    return f"style-{date:%Y-%m-%d}"


def featured_scores(today, first, rng):
    """The featured player's score on each day from `first` to the day before `today` (days they
    missed left out): rising from the 300s to the 800s, a day's luck either way, a few perfect
    days near the end."""
    span = (today - first).days
    scores = {}
    for back in range(span, 0, -1):
        if back in MISSED:
            continue
        progress = 1 - back / span
        score = round(rng.gauss(350 + 490 * progress, 150))
        if back in (3, 16, 40):
            score = 1000
        scores[today - datetime.timedelta(days=back)] = max(20, min(1000, score))
    return scores


def write(database, today, featured, others, codes, first, seed=7):
    """Writes the featured player's days from `first` to yesterday, and the others' (each plays a
    day with a chance of 3 in 4), then counts days, streaks and bands again for everyone.
    Players are public ids; `codes` are real look codes the rows carry. Returns the featured
    player's scores by day."""
    rng = random.Random(seed)
    db = sqlite3.connect(database)
    try:
        number = dict(db.execute("SELECT public_id, id FROM players"))
        rows = []

        def add(player, date, score):
            at = day_number(date) * DAY_MS + rng.randrange(6 * 3_600_000, 23 * 3_600_000)
            rows.append((board_id(date), number[player], score, 0.0, rng.choice(codes), at))

        scores = featured_scores(today, first, rng)
        for date, score in scores.items():
            add(featured, date, score)
        for player in others:
            start = first + datetime.timedelta(days=rng.randrange(0, 40))
            for back in range((today - start).days, 0, -1):
                if rng.random() < 0.75:
                    add(player, today - datetime.timedelta(days=back), max(20, min(1000, round(rng.gauss(560, 170)))))
        with db:
            db.executemany("INSERT INTO records (board, player, score, detail, code, at) VALUES (?, ?, ?, ?, ?, ?)", rows)
            # Registered the morning of their first day, as a player who started then would be.
            db.execute("""UPDATE players SET created_at = (SELECT MIN(at) FROM records WHERE records.player = players.id
                          AND board LIKE 'style-%') WHERE EXISTS (SELECT 1 FROM records WHERE records.player = players.id)""")
            recount(db)
            # The server that took today's looks ran its closing passes over the empty days
            # before: forgotten, so the next server closes them again with these records.
            db.execute("DELETE FROM closings")
        return scores
    finally:
        db.close()


def recount(db):
    """`player_days` and `score_bands` from every style record: days played, the run of days
    that ends on the last day played (the server shortens it to 0 when a whole day was missed
    since), the longest run, the last day, and days a band (band = score / 100, at most 10)."""
    played = {}
    for board, player, score in db.execute("SELECT board, player, score FROM records WHERE board LIKE 'style-%'"):
        played.setdefault(player, {})[day_number(datetime.date.fromisoformat(board[len("style-"):]))] = score
    db.execute("DELETE FROM player_days")
    db.execute("DELETE FROM score_bands")
    for player, days in played.items():
        ordered = sorted(days)
        run = best = 0
        for index, day in enumerate(ordered):
            run = run + 1 if index and ordered[index - 1] == day - 1 else 1
            best = max(best, run)
        db.execute("INSERT INTO player_days (player, days_played, streak, best_streak, last_day) VALUES (?, ?, ?, ?, ?)",
                   (player, len(ordered), run, best, ordered[-1]))
        bands = {}
        for score in days.values():
            band = min(10, max(0, score // 100))
            bands[band] = bands.get(band, 0) + 1
        db.executemany("INSERT INTO score_bands (player, band, days) VALUES (?, ?, ?)",
                       [(player, band, count) for band, count in bands.items()])
