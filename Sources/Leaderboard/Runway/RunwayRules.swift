// The Runway's write rule, written once for both stores as a plan (StoreRules): entering a look.
// The statements are RunwaySQL's.

extension StoreRules {
    /// A player's look on a day's runway replaces their earlier one (whose open deals close); a
    /// look another player has entered that day is refused, and the earlier entry stays.
    public func enterRunway(day: Int, player: Int64, code: String, at: Int64) -> StorePlan<RunwayEntering> {
        .lock(player) {
            .run(StoreStatement(StoreSQL.removeRunwayEntry(d), day, player)) { rows in
                let replaced = try rows.first.map { row in
                    RunwayEntryRecord(id: try row.integer("id"), day: try row.int("day"), player: try row.integer("player"), code: try row.text("code"),
                                      at: try row.integer("at"))
                }
                let add = StorePlan<RunwayEntering>.run(StoreStatement(StoreSQL.addRunwayEntry(d), day, player, code, at)) { rows in
                    guard let id = try rows.first?.integer("id") else { throw LeaderboardError.lookTaken }
                    return .done(RunwayEntering(entry: RunwayEntryRecord(id: id, day: day, player: player, code: code, at: at), replaced: replaced))
                }
                guard let replaced else { return add }
                return .run(StoreStatement(StoreSQL.closeDealsShowing(d), replaced.id)) { _ in add }
            }
        }
    }
}
