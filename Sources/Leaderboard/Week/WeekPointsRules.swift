// The week's points as play arrives, each in the transaction of the play that earns it and under
// its player's lock: a look or a Lab swarm raises its day's part, and a vote that earns its Runway
// point counts toward the day's votes. A day's parts only rise, so a resubmission adds nothing; the
// week's total rises by what the day gained. A look someone else sent first that day earns the
// part for playing only: the board shows its looks' codes, and a copied top look every day would
// otherwise be worth as much as finding it. (Two players who find one look on their own: the
// later earns 10 for it; any other look of theirs counts in full.)
import PlumeCalendar
import ScoresAPI

extension StoreRules {
    /// A submission's part in its day: a record on a day's style or Lab board, whether or not it
    /// beats the player's best there (a day keeps each part's best).
    func countWeek<Outcome>(_ record: ScoreRecord, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        switch BoardID(record.board) {
        case .style(let day):
            // Who sent the look first: read (a look sent again, the common case, writes nothing);
            // claimed when no one has; a claim that loses a race is a copy.
            let raise: @Sendable (Bool) throws -> StorePlan<Outcome> = { copied in
                try raiseDay(player: record.player, day: day, at: record.at,
                             WeekDayParts(style: WeekRules.stylePoints(score: record.score, copied: copied)), then)
            }
            return .run(StoreStatement(WeekSQL.firstSender(d), day, record.code)) { rows in
                if let first = rows.first { return try raise(try first.integer("player") != record.player) }
                return .run(StoreStatement(WeekSQL.claimLook(d), day, record.code, record.player)) { claimed in try raise(claimed.isEmpty) }
            }
        case .lab(let day):
            return try raiseDay(player: record.player, day: day, at: record.at, WeekDayParts(lab: WeekRules.labPoints(score: record.score)), then)
        default:
            return try then()
        }
    }

    /// A vote that earned its Runway point, cast at `at`: one more vote on that day.
    func countVote<Outcome>(voter: Int64, at: Int64, _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        try raiseDay(player: voter, day: UTCDay.containing(milliseconds: at), at: at, WeekDayParts(), addingAVote: true, then)
    }

    /// The day's parts merged with `earned` (and a vote more), written if they changed; the week's
    /// total raised by what the day's points gained.
    func raiseDay<Outcome>(player: Int64, day: Int, at: Int64, _ earned: WeekDayParts, addingAVote: Bool = false,
                           _ then: @escaping @Sendable () throws -> StorePlan<Outcome>) throws -> StorePlan<Outcome> {
        .run(StoreStatement(WeekSQL.day(d), player, day)) { rows in
            let old = try rows.first.map(WeekDayParts.init(row:)) ?? WeekDayParts()
            let new = old.merged(addingAVote ? WeekDayParts(votes: old.votes + 1) : earned)
            guard new != old else { return try then() }
            return .run(StoreStatement(WeekSQL.keepDay(d), player, day, new.style, new.lab, new.votes, new.place)) { _ in
                let gained = new.points - old.points
                guard gained > 0 else { return try then() }
                let firstOfDay = old.points == 0 ? 1 : 0
                let week = WeekRules.monday(ofDay: day)
                return .run(StoreStatement(WeekSQL.addToWeek(d), week, player, gained, firstOfDay, at)) { rows in
                    // The crew the week counts for is counted again (after this commits: CrewStore).
                    guard let crew = try rows.first?.optionalInteger("crew") else { return try then() }
                    return .run(StoreStatement(CrewSQL.dirty(d), week, crew)) { _ in try then() }
                }
            }
        }
    }
}

extension WeekDayParts {
    init(row: StoreRow) throws {
        self.init(style: try row.int("style"), lab: try row.int("lab"), votes: try row.int("votes"), place: try row.int("place"))
    }
}
