// The wire types, calendar and times live in ScoresAPI (the game's client reads them without
// the store); everything that imports Leaderboard sees them too.
@_exported import ScoresAPI
