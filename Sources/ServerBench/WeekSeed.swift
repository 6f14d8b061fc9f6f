// The week benchmark's data: `players` players (tokens for the first ones), each seated in a
// league group of 30 last week and this week as placement would have seated them (groups of one
// tier each, tiers spread over the seven), with made-up week points; `unseated` more with points
// this week and no seat yet (they wait for last week's close, as a week's first players do). The
// days' closing passes of the last week are marked done, so a server started on it closes only
// the week. For `plume-server bench --week` only.
import Foundation
import GRDB
import Leaderboard
import PlumeCalendar
import ScoresAPI

public enum WeekSeed {
    public static func write(sqlitePath path: String, players: Int, unseated: Int, tokens: [String], thisWeek: Int, today: Int) throws {
        let database = try DatabaseQueue(path: path)
        let lastWeek = thisWeek - 7
        try database.write { db in
            let insertPlayer = try db.makeStatement(sql: """
                INSERT INTO players (public_id, name, name_key, email, updates_opt_in, avatar_code, token_hash, created_at)
                VALUES (?, ?, ?, NULL, 0, NULL, ?, ?)
                """)
            let insertGroup = try db.makeStatement(sql: "INSERT INTO league_groups (id, week, tier, members) VALUES (?, ?, ?, ?)")
            let insertWeek = try db.makeStatement(sql: "INSERT INTO week_points (week, player, points, days, at, grp) VALUES (?, ?, ?, ?, ?, ?)")
            let groups = (players + WeekRules.groupSize - 1) / WeekRules.groupSize
            for (week, first) in [(lastWeek, 1), (thisWeek, groups + 1)] {
                for group in 0..<groups {
                    var random = LeaderboardSeed.random(group, salt: UInt64(week))
                    let members = min(WeekRules.groupSize, players - group * WeekRules.groupSize)
                    try insertGroup.execute(arguments: [first + group, week, Int(random.next() % UInt64(LeagueTier.allCases.count)), members])
                }
            }
            for i in 0..<(players + unseated) {
                let at = LeaderboardSeed.firstMoment + Int64(i)
                try insertPlayer.execute(arguments: [LeaderboardSeed.playerID(i), "bench\(i)", "bench\(i)",
                                                     i < tokens.count ? Secrets.hash(token: tokens[i]) : "none-\(i)", at])
                let player = db.lastInsertedRowID
                var random = LeaderboardSeed.random(i, salt: 0x7EE4)
                for (week, first) in [(lastWeek, 1), (thisWeek, groups + 1)] {
                    let points = 10 + Int(random.next() % 690), days = 1 + Int(random.next() % 7)
                    let reached = UTCDay.start(of: week) * 1000 + Int64(random.next() % UInt64(7 * 86_400_000))
                    if i < players {
                        try insertWeek.execute(arguments: [week, player, points, days, reached, first + i / WeekRules.groupSize])
                    } else if week == thisWeek {
                        try insertWeek.execute(arguments: [week, player, points, days, reached, nil as Int?])
                    }
                }
            }
            // The days' closes of the last week, done: the server's first pass closes the week alone.
            let closed = try db.makeStatement(sql: "INSERT OR IGNORE INTO closings (kind, day, at) VALUES (?, ?, 0)")
            for day in (today - 8)..<today {
                for kind in ["day", "runway", "swarmshow"] { try closed.execute(arguments: [kind, day]) }
            }
        }
        try database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }
}
