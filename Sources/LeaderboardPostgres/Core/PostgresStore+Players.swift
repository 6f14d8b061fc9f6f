// The PostgreSQL store: players (registration, lookups, profile changes, erasure, bans).
import Foundation
import Leaderboard
import Logging
import PostgresNIO

extension PostgresStore {
    public func createPlayer(_ new: NewPlayer) async throws -> PlayerRecord {
        try await perform(StoreRules(dialect).register(new))
    }

    public func player(tokenHash: String) async throws -> PlayerRecord? {
        try await fetchPlayer(column: "token_hash", tokenHash)
    }

    public func player(publicID: String) async throws -> PlayerRecord? {
        try await fetchPlayer(column: "public_id", publicID)
    }

    public func player(name: String) async throws -> PlayerRecord? {
        try await fetchPlayer(column: "name_key", PlayerName.key(name))
    }

    private func fetchPlayer(column: StaticString, _ value: String) async throws -> PlayerRecord? {
        try await rows("SELECT \(unescaped: PostgresSchema.playerColumns) FROM players WHERE \(unescaped: "\(column)") = \(value)",
                       as: PostgresSchema.PlayerRow.self).first.map(PostgresSchema.player)
    }

    public func updatePlayer(_ number: Int64, _ changes: PlayerChanges, at: Int64) async throws -> PlayerRecord {
        let logger = logger
        return try await transaction { c in
            if let (name, key) = changes.name {
                let taken = try await Self.values(c, "SELECT id FROM players WHERE name_key = \(key) AND id <> \(number)", logger, as: Int64.self)
                guard taken.isEmpty else { throw LeaderboardError.nameTaken }
                try await Self.exec(c, "UPDATE players SET name = \(name), name_key = \(key) WHERE id = \(number)", logger)
            }
            if let email = changes.email {
                try await Self.exec(c, "UPDATE players SET email = \(email) WHERE id = \(number)", logger)
            }
            if let optIn = changes.updatesOptIn {
                try await Self.exec(c, "UPDATE players SET updates_opt_in = \(optIn) WHERE id = \(number)", logger)
            }
            if let avatar = changes.avatarCode {
                try await Self.exec(c, "UPDATE players SET avatar_code = \(avatar) WHERE id = \(number)", logger)
            }
            if changes.name != nil || changes.avatarCode != nil {
                try await Self.logChanges(c, boards: [""], player: number, at: at, logger)
            }
            let found = try await Self.rows(c, "SELECT \(unescaped: PostgresSchema.playerColumns) FROM players WHERE id = \(number)",
                                            logger, as: PostgresSchema.PlayerRow.self)
            guard let row = found.first else { throw LeaderboardError.noSuchPlayer }
            return PostgresSchema.player(row)
        }
    }

    public func erasePlayer(_ number: Int64, at: Int64) async throws {
        try await perform(StoreRules(dialect).erase(number, at: at))
    }

    public func setBanned(_ number: Int64, _ banned: Bool, at: Int64) async throws {
        let logger = logger
        try await transaction { c in
            try await Self.lock(c, player: number, logger)
            try await Self.exec(c, "UPDATE players SET banned = \(banned) WHERE id = \(number)", logger)
            let boards = try await Self.values(c, "SELECT board FROM records WHERE player = \(number)", logger, as: String.self)
            try await Self.logChanges(c, boards: boards, player: number, at: at, logger)
        }
    }

    public func players(limit: Int, offset: Int) async throws -> [PlayerRecord] {
        try await rows("SELECT \(unescaped: PostgresSchema.playerColumns) FROM players ORDER BY id LIMIT \(limit) OFFSET \(offset)",
                       as: PostgresSchema.PlayerRow.self).map(PostgresSchema.player)
    }

    public func updatesList() async throws -> [(name: String, email: String)] {
        try await rows(.rule(StoreSQL.updatesList), as: (String, String).self).map { (name: $0.0, email: $0.1) }
    }
}
