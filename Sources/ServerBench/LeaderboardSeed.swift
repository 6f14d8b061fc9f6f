// The leaderboard benchmark's data: N players with one record each on one board, the same on
// every run, written straight into a new SQLite database in one transaction (no verification:
// the scores are made up, which is the point of a seed). For `plume-server bench` only.
import Foundation
import GameState
import GRDB
import Leaderboard
import PlumeCalendar
import ScoresAPI

public enum LeaderboardSeed {
    /// Seeded data starts on 2026-01-01 and every player joins a millisecond after the last.
    static let firstMoment: Int64 = 1_767_225_600_000

    /// The seed's random numbers for player i (SplitMix64 from a spread-out start).
    static func random(_ i: Int, salt: UInt64 = 0) -> SplitMix64 {
        SplitMix64(seed: (UInt64(i) &+ salt) &* 0x9E37_79B9_7F4A_7C15 &+ 0x1234_5678)
    }

    /// A public id for seeded player i: 22 base64url characters, the same on every run.
    public static func playerID(_ i: Int) -> String {
        var random = random(i, salt: 0xB0A4D)
        let bytes = (0..<2).flatMap { _ in withUnsafeBytes(of: random.next()) { Array($0) } }
        return Base64URL.encode(bytes)
    }

    /// Writes `count` players and their records on `board` into the migrated SQLite database at
    /// `path`; player i < tokens.count signs in with tokens[i]. Every record carries `code`.
    public static func write(sqlitePath path: String, board: String, count: Int, tokens: [String], code: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            let insertPlayer = try db.makeStatement(sql: """
                INSERT INTO players (public_id, name, name_key, email, updates_opt_in, avatar_code, token_hash, created_at)
                VALUES (?, ?, ?, NULL, 0, NULL, ?, ?)
                """)
            let insertRecord = try db.makeStatement(sql: "INSERT INTO records (board, player, score, detail, code, at, hidden) VALUES (?, ?, ?, ?, ?, ?, 0)")
            for i in 0..<count {
                var random = random(i)
                let score = Int64(random.next() % 1001)
                let detail = Double(score) + Double(random.next() % 1_000_000) / 1e6
                let at = firstMoment + Int64(i)
                try insertPlayer.execute(arguments: [playerID(i), "bench\(i)", "bench\(i)",
                                                     i < tokens.count ? Secrets.hash(token: tokens[i]) : "none-\(i)", at])
                try insertRecord.execute(arguments: [board, db.lastInsertedRowID, score, detail, code, at])
            }
        }
        // Fold the large write-ahead log back into the database, as a server's steady state has it.
        try database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }
}

/// The day-that-carries-over benchmark's data, on top of `LeaderboardSeed.write`: the first
/// `players` seeded players have played each of the `days` days up to `lastDay` (the big board's
/// day, whose records are already there), a streak as long, with their totals, bands and a
/// month of news, as the server would have kept them.
public enum DaysSeed {
    public static func write(sqlitePath path: String, players: Int, days: Int, lastDay: Int, code: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            let record = try db.makeStatement(sql: "INSERT OR IGNORE INTO records (board, player, score, detail, code, at, hidden) VALUES (?, ?, ?, 0, ?, ?, 0)")
            let band = try db.makeStatement(sql: """
                INSERT INTO score_bands (player, band, days) VALUES (?, ?, 1) ON CONFLICT (player, band) DO UPDATE SET days = days + 1
                """)
            let totals = try db.makeStatement(sql: "INSERT OR REPLACE INTO player_days (player, days_played, streak, best_streak, last_day) VALUES (?, ?, ?, ?, ?)")
            let news = try db.makeStatement(sql: "INSERT OR IGNORE INTO news (player, kind, day, about, at, text) VALUES (?, ?, ?, '', ?, ?)")
            for player in 1...Int64(players) {
                var random = LeaderboardSeed.random(Int(player), salt: 0xDA75)
                for day in (lastDay - days + 1)...lastDay {
                    let score = Int64(random.next() % 1001)
                    let at = UTCDay.start(of: day) * 1000 + 3_600_000
                    try record.execute(arguments: [BoardID.style(day: day).text, player, score, code, at])
                    try band.execute(arguments: [player, ScoreBands.band(of: score)])
                    if day > lastDay - 30 {
                        try news.execute(arguments: [player, NewsKind.dayClosed.rawValue, day, at + 86_400_000, "\(UTCDay.string(day)) closed: a seeded day."])
                    }
                }
                try totals.execute(arguments: [player, days, days, days, lastDay])
            }
        }
        try database.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
    }
}
