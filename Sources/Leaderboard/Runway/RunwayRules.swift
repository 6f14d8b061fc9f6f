// The Runway's write rules, written once for both stores as plans (StoreRules): entering a look,
// dealing pairs, recording a vote, and writing the people's board. The statements are RunwaySQL's
// (and BoardsSQL's for the people's board). A voter's writes hold the voter's lock, so two servers
// answering one voter at once count skips and points once.
import ScoresAPI

extension StoreRules {
    /// A player's entry in a day's show replaces their earlier one there (whose open deals close);
    /// a code another player has entered that day is refused, and the earlier entry stays.
    /// A swarm is its player's own: one another player holds (on a swarm board or in a swarm show)
    /// is refused `code_taken`, under the code's lock as a submission is.
    public func enterRunway(day: Int, show: RunwayShow, player: Int64, code: String, at: Int64) -> StorePlan<RunwayEntering> {
        .lock(player) {
            guard show == .swarm else { return replaceRunwayEntry(day: day, show: show, player: player, code: code, at: at) }
            return .step(.lockCode(code)) { _ in
                .run(StoreStatement(StoreSQL.swarmCodeHeldByOther(d), code, player)) { rows in
                    guard rows.isEmpty else { throw LeaderboardError.codeTaken }
                    return replaceRunwayEntry(day: day, show: show, player: player, code: code, at: at)
                }
            }
        }
    }

    private func replaceRunwayEntry(day: Int, show: RunwayShow, player: Int64, code: String, at: Int64) -> StorePlan<RunwayEntering> {
        .run(StoreStatement(StoreSQL.removeRunwayEntry(d), day, show.rawValue, player)) { rows in
            let replaced = try rows.first.map(RunwayEntryRecord.init(row:))
            let add = StorePlan<RunwayEntering>.run(StoreStatement(StoreSQL.addRunwayEntry(d), day, show.rawValue, player, code, at)) { rows in
                guard let id = try rows.first?.integer("id") else { throw show == .swarm ? LeaderboardError.codeTaken : LeaderboardError.lookTaken }
                let entry = RunwayEntryRecord(id: id, day: day, show: show, player: player, code: code, at: at)
                let done = StorePlan<RunwayEntering>.done(RunwayEntering(entry: entry, replaced: replaced))
                guard show == .swarm else { return done }
                return .run(StoreStatement(StoreSQL.rememberSwarmShowCode(d), code, player, day)) { _ in done }
            }
            guard let replaced else { return add }
            return .run(StoreStatement(StoreSQL.closeDealsShowing(d), replaced.id)) { _ in add }
        }
    }

    /// Deals each pair into its slot with the voter's next serial, unless the slot's deal is still
    /// open (which stays); the voter's deals after.
    func openRunwayDeals(day: Int, show: RunwayShow, voter: Int64, _ deals: [RunwayProposal], at: Int64) -> StorePlan<[RunwayDeal]> {
        let writes = deals.map { StoreStatement(StoreSQL.openRunwayDeal(d), day, show.rawValue, voter, $0.slot, $0.left, $0.right, at) }
        let after = StoreStatement(StoreSQL.runwayDeals(d), day, show.rawValue, voter)
        return .lock(voter) {
            try .each(writes) {
                .run(after) { rows in .done(try rows.map { try RunwayDeal(row: $0, day: day, show: show, voter: voter) }) }
            }
        }
    }

    /// A skip past the day's allowance is refused and the deal stays open (the voter still owes
    /// the pair an answer); a deal answered already, or replaced, refuses its ticket. A vote earns
    /// a point while the voter's points that day (both shows) are under the limit.
    func castRunwayVote(day: Int, show: RunwayShow, voter: Int64, serial: Int64, choice: RunwayChoice, rules: RunwayVoteRules,
                        at: Int64) -> StorePlan<RunwayVoteOutcome> {
        .lock(voter) {
            .run(StoreStatement(StoreSQL.voterCounts(d), day, show.rawValue, voter)) { rows in
                let counts = try RunwayVoterCounts(row: rows.first)
                if choice == .skip, counts.skips >= rules.skipsPerDay {
                    return .run(StoreStatement(StoreSQL.isDealOpen(d), day, show.rawValue, voter, serial)) { open in
                        guard try open.first?.integer("open_deals") == 1 else { throw LeaderboardError.ticketUsed }
                        throw LeaderboardError.skipLimit(rules.skipsPerDay)
                    }
                }
                return .run(StoreStatement(StoreSQL.answerRunwayDeal(d), day, show.rawValue, voter, serial)) { answered in
                    guard let pair = answered.first else { throw LeaderboardError.ticketUsed }
                    let left = try pair.integer("left_entry"), right = try pair.integer("right_entry")
                    let points = choice != .skip && counts.points < rules.pointsPerDay ? 1 : 0
                    var after = counts
                    if choice == .skip { after.skips += 1 } else { after.votes += 1 }
                    after.points += points
                    let outcome = RunwayVoteOutcome(points: points, counts: after)
                    let judge: @Sendable () throws -> StorePlan<RunwayVoteOutcome> = {
                        .step(.lockJudgementOrder) { _ in
                            .run(StoreStatement(StoreSQL.recordJudgement(d), day, show.rawValue, voter, left, right, choice.rawValue, points, at)) { _ in
                                .done(outcome)
                            }
                        }
                    }
                    // A vote that earned its point counts toward the voter's week (before the
                    // judgements' order is held: every vote waits on that).
                    return points == 1 ? try countVote(voter: voter, at: at, judge) : try judge()
                }
            }
        }
    }

    /// People's-board records (the caller has compared them with what is there), each kept as a
    /// best is and logged.
    func writePeoplesChoice(_ records: [ScoreRecord], at: Int64, from index: Int = 0) -> StorePlan<Void> {
        guard index < records.count else { return .done(()) }
        let record = records[index]
        return .run(StoreStatement(StoreSQL.keepBest(d), record.board, record.player, record.score, record.detail, record.code, record.at)) { _ in
            .log([record.board], player: record.player, at: at) { writePeoplesChoice(records, at: at, from: index + 1) }
        }
    }
}
