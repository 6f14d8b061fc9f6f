// The two stores keep the same tables: the same columns (type family, nullability, default), the
// same primary keys, unique constraints, indexes (columns and their order), foreign keys and
// checks — read back from each database's own catalog after migrating, not from our SQL text.
// SQLite has no boolean type (a boolean is an INTEGER 0 or 1) and no sequences (an INTEGER
// PRIMARY KEY of a rowid table is the generated id), so those two are compared as such.
import Foundation
import GRDB
import PostgresNIO
import PlumeTestSupport
import Testing
@testable import Leaderboard
@testable import LeaderboardPostgres

struct Column: Hashable, CustomStringConvertible {
    var table: String, name: String, type: String, notNull: Bool, defaultValue: String?
    var description: String { "\(table).\(name) \(type)\(notNull ? " NOT NULL" : "")\(defaultValue.map { " DEFAULT \($0)" } ?? "")" }
}

struct Index: Hashable, CustomStringConvertible {
    /// nil for the index behind a PRIMARY KEY or UNIQUE constraint (each database names those itself).
    var name: String?
    var table: String, columns: [String], unique: Bool, primary: Bool
    var description: String { "\(name ?? "(constraint)") ON \(table) (\(columns.joined(separator: ", ")))\(unique ? " UNIQUE" : "")\(primary ? " PK" : "")" }
}

struct Schema: Equatable {
    var tables: Set<String> = []
    var columns: Set<Column> = []
    var indexes: Set<Index> = []
    /// "table(column) -> table(column)" and "table CHECK (…)", normalised.
    var constraints: Set<String> = []
}

@Suite struct SchemaTests {
    @Test func bothStoresMigrateToTheSameSchema() async throws {
        let sqlitePath = try StoreKind.sqlite.newDatabase()
        try await SQLiteStore(path: sqlitePath).migrate()
        let sqlite = try Self.read(sqlite: sqlitePath)
        let url = try StoreKind.postgres.newDatabase()
        // The migration lock is the cluster's: other suites migrating at once queue for it.
        try await PostgresStore(url: url, deadline: .seconds(60)).migrate()
        let postgres = try await Self.read(postgres: url)
        // The tables are the ones the migrations declare, the same on both stores.
        let declared = Self.tablesCreated(StoreSchema.migrations.flatMap { $0.statements(.sqlite) })
        #expect(declared.count >= 9 && declared == Self.tablesCreated(StoreSchema.migrations.flatMap { $0.statements(.postgres) }))
        #expect(Set(sqlite.tables) == declared, "\(sqlite.tables) vs the migrations' \(declared)")
        #expect(sqlite.tables == postgres.tables)
        #expect(sqlite.columns.count > 20)
        #expect(sqlite.columns.subtracting(postgres.columns).isEmpty, "only in SQLite: \(sqlite.columns.subtracting(postgres.columns))")
        #expect(postgres.columns.subtracting(sqlite.columns).isEmpty, "only in PostgreSQL: \(postgres.columns.subtracting(sqlite.columns))")
        #expect(sqlite.indexes.contains { $0.name == "records_rank" }, "\(sqlite.indexes)")
        #expect(sqlite.indexes.subtracting(postgres.indexes).isEmpty, "only in SQLite: \(sqlite.indexes.subtracting(postgres.indexes))")
        #expect(postgres.indexes.subtracting(sqlite.indexes).isEmpty, "only in PostgreSQL: \(postgres.indexes.subtracting(sqlite.indexes))")
        #expect(sqlite.constraints.contains("donations CHECK (points > 0)"), "\(sqlite.constraints)")
        #expect(sqlite.constraints.contains("runway_votes CHECK (choice IN 'left', 'right', 'tie', 'skip')"), "\(sqlite.constraints)")
        #expect(sqlite.constraints == postgres.constraints, "SQLite \(sqlite.constraints) vs PostgreSQL \(postgres.constraints)")
    }

    /// Every database in the field has these recorded by name, in this order: one renamed would run
    /// again there, and one moved would run out of order on a new database. (Each is declared in
    /// its feature's folder; StoreSchema lists them.)
    @Test func migrationsKeepTheNamesTheyShippedWith() {
        #expect(StoreSchema.migrations.map(\.name) == [
            "v1: players, records, donations, change log",
            "v2: runway entries, votes, deals; server secrets",
            "v3: players' SSH keys",
            "v4: a voter's judgements read from their index",
            "v5: days played, score bands, news, closings; one copy of a look per runway day",
            "v6: who follows whom",
            "v7: hosted saves, one game per player, watching",
            "v8: a record's owners found by its code",
            "v9: runway shows (looks and swarms)",
            "v10: week points: a player's days and weeks",
            "v11: league groups, seats and tiers",
            "v12: banners and the steps toward them",
            "v13: crews, members, invitations and week scores",
            "v14: how players play: palette, screen reader, still motion",
        ])
    }

    /// v9 rebuilds SQLite's runway tables: a v8 database's entries keep their ids, votes and
    /// deals are the look show's, and the next entry's id is above every id ever given (an
    /// erased entry's included: a judgement still names it). Then one player holds a look and a
    /// swarm on one day, each replaced on its own.
    @Test func aV8RunwayMigratesKeepingItsIdsVotesAndDeals() async throws {
        let path = try StoreKind.sqlite.newDatabase()
        let queue = try DatabaseQueue(path: path)
        try SQLiteSchema.migrator.migrate(queue, upTo: "v8: a record's owners found by its code")
        try await queue.write { db in
            try db.execute(sql: """
                INSERT INTO players (id, public_id, name, name_key, created_at) VALUES (1, 'p1', 'Ada', 'ada', 0), (2, 'p2', 'Bea', 'bea', 0);
                INSERT INTO runway_entries (id, day, player, code, at) VALUES (3, 20000, 1, 'L-one', 10), (7, 20000, 2, 'L-two', 11), (9, 20001, 1, 'L-gone', 12);
                DELETE FROM runway_entries WHERE id = 9;
                INSERT INTO runway_votes (day, voter, left_entry, right_entry, choice, points, at) VALUES (20000, 1, 3, 7, 'left', 1, 13);
                INSERT INTO runway_deals (day, voter, slot, serial, left_entry, right_entry, open, at) VALUES (20000, 1, 0, 4, 3, 7, 1, 14);
                """)
        }
        try queue.close()
        let store = try SQLiteStore(path: path)
        try await store.migrate()
        let entries = try await store.runwayEntries(day: 20000, show: .look)
        #expect(entries.map(\.id) == [3, 7] && entries.allSatisfy { $0.show == .look } && entries.map(\.code) == ["L-one", "L-two"])
        #expect(try await store.runwayEntries(day: 20000, show: .swarm).isEmpty)
        #expect(try await store.runwayJudgements(day: 20000, show: .look, after: 0, limit: 10).map(\.left) == [3])
        #expect(try await store.runwayJudgements(day: 20000, show: .swarm, after: 0, limit: 10).isEmpty)
        #expect(try await store.runwayDeals(day: 20000, show: .look, voter: 1).map(\.serial) == [4])
        #expect(try await store.runwayCounts(day: 20000, show: .look, voter: 1) == RunwayVoterCounts(votes: 1, skips: 0, points: 1))
        // Votes of the look show still count the day's points in the swarm show, but not its votes.
        #expect(try await store.runwayCounts(day: 20000, show: .swarm, voter: 1) == RunwayVoterCounts(votes: 0, skips: 0, points: 1))
        let swarm = try await store.enterRunway(day: 20000, show: .swarm, player: 1, code: "S-one", at: 15)
        #expect(swarm.entry.id > 9 && swarm.replaced == nil)
        let look = try await store.enterRunway(day: 20000, show: .look, player: 1, code: "L-new", at: 16)
        #expect(look.replaced?.id == 3 && look.entry.id > swarm.entry.id)
        #expect(try await store.runwayEntry(day: 20000, show: .swarm, player: 1)?.code == "S-one")
        #expect(try await store.runwayCounts(day: 20000, show: .look) == (entries: 2, votes: 1))
        #expect(try await store.runwayCounts(day: 20000, show: .swarm) == (entries: 1, votes: 0))
    }

    /// Both executors name a row's columns: a read finds each by its name whatever its place, and a
    /// name the statement did not select is an error in words, never another column's value.
    @Test(arguments: StoreKind.allCases)
    func rowsAreReadByColumnName(_ kind: StoreKind) async throws {
        let store = try StoreKind.open(kind.newDatabase())
        let rows = try await store.read(StoreStatement("SELECT CAST(2 AS BIGINT) AS second_one, 'a' AS first_one, NULL AS absent"))
        let row = try #require(rows.first)
        #expect(try row.integer("second_one") == 2 && row.text("first_one") == "a")
        #expect(try row.isNull("absent") && row.optionalText("absent") == nil)
        #expect(throws: LeaderboardError.self) { try row.integer("missing") }
    }

    /// The tables a list of migrations leaves: each CREATE TABLE, less each DROP TABLE after it.
    static func tablesCreated(_ sql: [String]) -> Set<String> {
        var tables = Set<String>()
        let statement = /(?i)\b(CREATE|DROP)\s+TABLE\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?(\w+)/
        for text in sql {
            for match in text.matches(of: statement) {
                if match.1.uppercased() == "CREATE" { tables.insert(String(match.2)) } else { tables.remove(String(match.2)) }
            }
        }
        return tables
    }

    /// Erasure names every table the migrations make, as a step or as left alone with a reason,
    /// each in the migration that makes the table, and each step's statement (in both dialects)
    /// works on its own table.
    @Test func erasureAccountsForEveryTableTheMigrationsMake() {
        let declared = Self.tablesCreated(StoreSchema.migrations.flatMap { $0.statements(.sqlite) })
        let stepped = Set(Erasure.steps.map(\.table)), untouched = Set(Erasure.untouched.keys)
        #expect(stepped.isDisjoint(with: untouched) && Erasure.steps.count == stepped.count)
        #expect(Erasure.untouched.count == StoreSchema.migrations.map(\.untouched.count).reduce(0, +), "a table left alone twice")
        #expect(stepped.union(untouched) == declared,
                "not accounted for by erasure: \(declared.subtracting(stepped.union(untouched))); unknown: \(stepped.union(untouched).subtracting(declared))")
        #expect(Erasure.untouched.values.allSatisfy { $0.count > 20 })
        // Each migration speaks for the tables it makes, and for no other: the order of the
        // steps (below) follows from it.
        for migration in StoreSchema.migrations {
            let made = Self.tablesCreated(migration.statements(.sqlite))
            let named = Set(migration.erasing.map(\.table)).union(migration.untouched.keys)
            #expect(named.isSubset(of: made), "\(migration.name) names \(named.subtracting(made)) for erasure, tables it does not make")
        }
        // (A step may also write its table: crew_dirty marks the crews an erased player's weeks
        // counted for, to be counted again without them.)
        let target = /^\s*(?:DELETE\s+FROM|UPDATE|INSERT\s+INTO)\s+(\w+)/
        for step in Erasure.steps {
            for dialect in [StoreSQL.Dialect.sqlite, .postgres] {
                #expect(step.sql(dialect).firstMatch(of: target).map { String($0.1) } == step.table, "\(step.table): \(step.sql(dialect))")
            }
        }
    }

    /// Erasure runs the migrations' steps the latest migration's first, each migration's own in
    /// the order it gives them: a later table may be found through an earlier one (hosted games'
    /// saves and leases by the player's id and keys), never the other way. The order, pinned: a
    /// change to it is seen here, and a new migration's steps come first.
    @Test func erasureRunsTheLatestMigrationsStepsFirst() throws {
        let order = Erasure.steps.map(\.table)
        #expect(order == [
            "crew_dirty", "crew_invites", "crew_members",       // v13
            "player_banners", "banner_steps",                   // v12
            "player_tiers",                                     // v11
            "week_days", "week_points", "week_looks",           // v10
            "swarm_show_codes",                                 // v9
            "hosted_saves", "hosted_games", "player_settings",  // v7
            "follows",                                          // v6
            "player_days", "score_bands", "news",               // v5
            "player_keys",                                      // v3
            "runway_deals", "runway_entries",                   // v2
            "records", "players",                               // v1
        ])
        // A step that reads another step's table runs before that table is emptied.
        for (index, step) in Erasure.steps.enumerated() {
            for dialect in [StoreSQL.Dialect.sqlite, .postgres] {
                for table in Self.tablesRead(step.sql(dialect)) where table != step.table {
                    guard let emptied = order.firstIndex(of: table) else { continue }
                    #expect(index < emptied, "\(step.table) reads \(table), which erasure has emptied by then")
                }
            }
        }
        // The check above sees what the steps read: the saves are found by the player's id and keys,
        // the deals by the player's looks.
        let saves = try #require(Erasure.steps.first { $0.table == "hosted_saves" })
        let deals = try #require(Erasure.steps.first { $0.table == "runway_deals" })
        #expect(Self.tablesRead(saves.sql(.postgres)) == ["hosted_saves", "players", "player_keys"])
        #expect(Self.tablesRead(deals.sql(.sqlite)) == ["runway_entries"])
        // The records step alone keeps the contributors board's record and returns the boards it
        // emptied, which are logged once every step has run.
        #expect(Erasure.steps.filter(\.returnsBoards).map(\.table) == ["records"])
        #expect(Erasure.steps.compactMap(\.keepingBoard) == [Board.contributors.id])
    }

    /// The tables a statement reads or deletes from: each word after FROM or JOIN.
    static func tablesRead(_ sql: String) -> Set<String> {
        let words = sql.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init)
        return Set(zip(words, words.dropFirst()).filter { ["FROM", "JOIN"].contains($0.0.uppercased()) }.map { $0.1.lowercased() })
    }

    static func family(_ declared: String) -> String {
        switch declared.lowercased() {
        case "integer", "bigint": "integer"
        case "boolean": "integer"
        case "text": "text"
        case "real", "double precision": "real"
        default: declared.lowercased()
        }
    }

    static func normalisedDefault(_ value: String?) -> String? {
        guard let value else { return nil }
        if value.hasPrefix("nextval(") { return "generated" }
        switch value.lowercased() {
        case "false", "0": return "0"
        case "true", "1": return "1"
        // PostgreSQL gives a text default with its type: 'look'::text.
        default: return value.replacingOccurrences(of: "::text", with: "")
        }
    }

    static func check(_ table: String, _ expression: String) -> String {
        // PostgreSQL keeps `x IN (a, b)` as `x = ANY (ARRAY[a, b])`, with its literals' types.
        var text = expression.replacingOccurrences(of: "= ANY (ARRAY[", with: "IN (").replacingOccurrences(of: "])", with: ")")
            .replacingOccurrences(of: "::text", with: "")
        text = text.replacingOccurrences(of: "(", with: "").replacingOccurrences(of: ")", with: "")
        text = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return "\(table) CHECK (\(text))"
    }

    static func read(sqlite path: String) throws -> Schema {
        var schema = Schema()
        try DatabaseQueue(path: path).read { db in
            let tables = try Row.fetchAll(db, sql: """
                SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'grdb_%'
                """)
            for table in tables {
                let name: String = table["name"], sql: String = table["sql"]
                schema.tables.insert(name)
                let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\(name))")
                let keyColumns = info.filter { ($0["pk"] as Int) > 0 }.sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }.map { $0["name"] as String }
                for column in info {
                    let columnName: String = column["name"], type: String = column["type"]
                    // An INTEGER PRIMARY KEY is the row id (never null, generated), unless the
                    // table has none (WITHOUT ROWID).
                    let rowID = keyColumns == [columnName] && type.uppercased() == "INTEGER" && !sql.uppercased().contains("WITHOUT ROWID")
                    schema.columns.insert(Column(table: name, name: columnName, type: family(type),
                                                 notNull: (column["notnull"] as Int) == 1 || keyColumns.contains(columnName),
                                                 defaultValue: rowID ? "generated" : normalisedDefault(column["dflt_value"])))
                }
                if !keyColumns.isEmpty {
                    schema.indexes.insert(Index(name: nil, table: name, columns: keyColumns, unique: true, primary: true))
                }
                for index in try Row.fetchAll(db, sql: "PRAGMA index_list(\(name))") {
                    let origin: String = index["origin"], indexName: String = index["name"]
                    guard origin != "pk" else { continue }
                    let parts = try Row.fetchAll(db, sql: "PRAGMA index_xinfo(\(indexName))").filter { ($0["key"] as Int) == 1 }
                    let columns = parts.map { ($0["name"] as String) + (($0["desc"] as Int) == 1 ? " DESC" : "") }
                    schema.indexes.insert(Index(name: origin == "c" ? indexName : nil, table: name, columns: columns,
                                                unique: (index["unique"] as Int) == 1, primary: false))
                }
                for key in try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(\(name))") {
                    schema.constraints.insert("\(name)(\(key["from"] as String)) -> \(key["table"] as String)(\(key["to"] as String))")
                }
                // CHECK constraints are kept only in the table's SQL text.
                var rest = Substring(sql)
                while let start = rest.range(of: "CHECK (") {
                    var depth = 1, end = start.upperBound
                    while depth > 0, end < rest.endIndex {
                        if rest[end] == "(" { depth += 1 } else if rest[end] == ")" { depth -= 1 }
                        end = rest.index(after: end)
                    }
                    schema.constraints.insert(check(name, String(rest[start.upperBound..<rest.index(before: end)])))
                    rest = rest[end...]
                }
            }
        }
        return schema
    }

    static func read(postgres url: String) async throws -> Schema {
        let location = try PostgresLocation(url: url)
        let configuration = PostgresClient.Configuration(host: location.host, port: location.port, username: location.user,
                                                         password: location.password, database: location.database, tls: .disable)
        let client = PostgresClient(configuration: configuration)
        return try await withThrowingTaskGroup(of: Schema?.self) { group in
            group.addTask { await client.run(); return nil }
            defer { group.cancelAll() }
            var schema = Schema()
            let tables = try await client.query("""
                SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'plume_migrations'
                """)
            for try await (name) in tables.decode(String.self) { schema.tables.insert(name) }
            let columns = try await client.query("""
                SELECT table_name::text, column_name::text, data_type::text, is_nullable::text, column_default::text FROM information_schema.columns
                WHERE table_schema = 'public' AND table_name <> 'plume_migrations'
                """)
            for try await (table, name, type, nullable, fallback) in columns.decode((String, String, String, String, String?).self) {
                schema.columns.insert(Column(table: table, name: name, type: family(type), notNull: nullable == "NO",
                                             defaultValue: normalisedDefault(fallback)))
            }
            // Every index, with whether a constraint owns it (then its name is the database's own).
            let indexes = try await client.query("""
                SELECT t.relname::text, i.relname::text, ix.indisunique, ix.indisprimary, pg_get_indexdef(ix.indexrelid)::text,
                       EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)
                FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
                JOIN pg_namespace n ON n.oid = t.relnamespace WHERE n.nspname = 'public' AND t.relname <> 'plume_migrations'
                """)
            for try await (table, name, unique, primary, definition, owned) in indexes.decode((String, String, Bool, Bool, String, Bool).self) {
                let inside = definition[definition.range(of: "(")!.upperBound..<definition.range(of: ")", options: .backwards)!.lowerBound]
                let columns = inside.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                schema.indexes.insert(Index(name: owned ? nil : name, table: table, columns: columns, unique: unique, primary: primary))
            }
            let constraints = try await client.query("""
                SELECT t.relname::text, c.contype::text, pg_get_constraintdef(c.oid)::text FROM pg_constraint c
                JOIN pg_class t ON t.oid = c.conrelid JOIN pg_namespace n ON n.oid = t.relnamespace
                WHERE n.nspname = 'public' AND c.contype IN ('f', 'c')
                """)
            for try await (table, kind, definition) in constraints.decode((String, String, String).self) {
                if kind == "c" {
                    schema.constraints.insert(check(table, String(definition.dropFirst("CHECK ".count))))
                } else {
                    // FOREIGN KEY (player) REFERENCES players(id)
                    let words = definition.replacingOccurrences(of: "FOREIGN KEY ", with: "").replacingOccurrences(of: " REFERENCES ", with: " ")
                    let parts = words.split(separator: " ", maxSplits: 1)
                    schema.constraints.insert("\(table)\(parts[0]) -> \(parts[1])")
                }
            }
            return schema
        }
    }
}
