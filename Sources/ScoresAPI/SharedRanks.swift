// Ranks as a sports table prints them (competition ranking): records on the same score share the
// first one's rank, and the next record's rank counts them all ("2=", "2=", then 4). The board's
// own ranks stay exact (the earlier record is ahead); this is only how a table prints them, and
// every table that prints "=" reads it here: the game's Scores screen, `plume scores`, and the
// server's board and runway pages.

public enum SharedRanks {
    /// A row as the rule reads it: its exact rank (or its rank among friends), score, and
    /// whether another record on the board has the same score.
    public typealias Place = (rank: Int, score: Int64, tied: Bool)

    /// The rank to print for each row, in order. A row shares the rank printed above it when it
    /// is tied on the same score and its exact rank follows that row's; so a tie that began
    /// above the rows shown keeps its exact rank, and a gap in the ranks (another page) breaks it.
    public static func shown(_ places: [Place]) -> [Int] {
        var shown: [Int] = []
        for (index, place) in places.enumerated() {
            let follows = index > 0 && place.tied && places[index - 1].score == place.score && places[index - 1].rank == place.rank - 1
            shown.append(follows ? shown[index - 1] : place.rank)
        }
        return shown
    }

    /// The ranks to print for a page of a board's rows (their exact ranks on the board).
    public static func shown(of rows: [BoardRow]) -> [Int] {
        shown(rows.map { (rank: $0.rank, score: $0.score, tied: $0.tied) })
    }
}
