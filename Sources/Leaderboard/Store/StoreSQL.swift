// The SQL every feature shares, for both stores: the two dialects, and the rules more than one
// feature's statements read. SQLite and PostgreSQL run the same text: booleans are tested with NOT
// (SQLite keeps them as 0 and 1), sums are CAST to BIGINT, and only a few things are spelled per
// dialect — a bound parameter (`?1` or `$1`), the byte-order collation boards are listed in, and
// (DaysSQL) a function or two. Every value is a bound parameter.
//
// Each feature's statements are an `extension StoreSQL` in its folder: BoardsSQL (records, the
// change log, points and causes), PlayersSQL, RunwaySQL, DaysSQL, KeysSQL and HostingSQL
// (Following's are FollowSQL). The rules here:
// - the rank order is RankKey's `<`: higher score, then higher detail, then earlier, then the
//   lower player number, so no two records share a rank;
// - a record is on its board unless it is hidden or its player is banned.

public enum StoreSQL {
    public enum Dialect: Sendable {
        case sqlite, postgres

        /// The n-th bound parameter (1-based).
        public func parameter(_ n: Int) -> String {
            switch self {
            case .sqlite: "?\(n)"
            case .postgres: "$\(n)"
            }
        }

        /// Parameters `first` to `first + count - 1`, separated by commas: a list bound one value
        /// at a time (`IN (…)`), the same text in both dialects but for the parameters.
        func parameters(from first: Int, count: Int) -> String {
            (first..<first + count).map { parameter($0) }.joined(separator: ", ")
        }

        /// Text compared byte by byte, whatever the database's locale.
        var byteOrder: String {
            switch self {
            case .sqlite: "COLLATE BINARY"
            case .postgres: "COLLATE \"C\""
            }
        }
    }

    /// RankKey's order, over `records r`.
    public static let rankOrder = "r.score DESC, r.detail DESC, r.at, r.player"

    /// Whether a record shows on its board, over `records r JOIN players p`.
    public static let visible = "NOT r.hidden AND NOT p.banned"

    static let recordsWithPlayers = "records r JOIN players p ON p.id = r.player"
}
