// Crews: founding one, inviting, joining and leaving (the roster frozen from Thursday 00:00 UTC to
// the week's end, when a change counts from the next week), a crew's week, and its score on the
// week's crews' board — the sum of its best four members' week points, counted again after each
// play that raised a member's week and by the closing pass for any left waiting.
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    // MARK: Changes

    public func createCrew(_ player: PlayerRecord, _ request: CrewRequest) async throws -> Crew {
        guard !player.banned else { throw LeaderboardError.banned }
        let name = try PlayerName.validate(request.name)
        let (week, frozen) = crewWeek
        let countsFrom = frozen ? week + 7 : week
        guard let crew = try await store.foundCrew(player: player.number, publicID: Self.newCrewID(), name: name, week: week,
                                                   countsFrom: countsFrom, at: now) else { throw LeaderboardError.crewNameTaken }
        try await recountCrews()
        let found = try require(try await store.crews([crew])[crew])
        return try await crewWeek(found, words: frozen
            ? "You founded \(name). The roster is frozen from Thursday to the week's end, so your week points count for it from next week (\(ISOWeek(day: week + 7)))."
            : "You founded \(name). Your week points this week count for it.")
    }

    public func inviteToCrew(_ player: PlayerRecord, crew id: String, _ request: CrewInviteRequest) async throws -> CrewInvite {
        let crew = try await crew(id)
        let (week, _) = crewWeek
        guard let held = try await store.membership(player: player.number), held.crew == crew.number, held.lasts(into: week), held.leavesAfter == nil else {
            throw LeaderboardError(.forbidden, .notInCrew, "only a member of \(SafeText.quoted(crew.name)) can invite to it")
        }
        let invited = try await visiblePlayer(request.playerID)
        guard try await store.crewMembers(crew: crew.number, week: week) < CrewRules.maxMembers else { throw LeaderboardError.crewFull }
        try await store.invite(player: invited.number, toCrew: crew.number, at: now)
        return CrewInvite(crewID: crew.publicID, playerID: invited.publicID)
    }

    public func joinCrew(_ player: PlayerRecord, crew id: String) async throws -> Crew {
        guard !player.banned else { throw LeaderboardError.banned }
        let crew = try await crew(id)
        let (week, frozen) = crewWeek
        try await store.joinCrew(player: player.number, crew: crew.number, week: week, countsFrom: frozen ? week + 7 : week, at: now)
        try await recountCrews()
        return try await crewWeek(crew, words: frozen
            ? "You joined \(crew.name). The roster is frozen from Thursday to the week's end, so your week points count for it from next week (\(ISOWeek(day: week + 7)))."
            : "You joined \(crew.name). Your week points this week count for it.")
    }

    public func leaveCrew(_ player: PlayerRecord, crew id: String) async throws -> Crew {
        let crew = try await crew(id)
        let (week, frozen) = crewWeek
        let leaving = try await store.leaveCrew(player: player.number, crew: crew.number, week: week, frozen: frozen)
        try await recountCrews()
        return try await crewWeek(crew, words: leaving == .left
            ? "You left \(crew.name)."
            : "You leave \(crew.name) when this week ends: the roster is frozen from Thursday, so your week points this week still count for it.")
    }

    /// The operator renames a crew whose name was reported (crew names follow the rules of
    /// player names).
    public func renameCrew(publicID: String, to raw: String) async throws -> CrewRow {
        let crew = try await crew(publicID)
        let name = try PlayerName.validate(raw)
        guard try await store.renameCrew(crew.number, to: name, at: now) else { throw LeaderboardError.crewNameTaken }
        try await catchUp()
        return CrewRow(number: crew.number, publicID: crew.publicID, name: name)
    }

    // MARK: Reads

    /// Anyone's view of a crew: this week's members, their parts and the crew's place.
    public func crew(publicID: String) async throws -> Crew {
        try requireReady()
        return try await crewWeek(try await crew(publicID), words: nil)
    }

    /// The player's own crew: the one they are in (or joined from next week).
    public func myCrew(_ player: PlayerRecord) async throws -> Crew {
        try requireReady()
        let (week, _) = crewWeek
        guard let held = try await store.membership(player: player.number), held.lasts(into: week),
              let crew = try await store.crews([held.crew])[held.crew] else {
            throw LeaderboardError(.notFound, .notInCrew, "you are in no crew: found one (plume crew create NAME), or join one a member invites you to")
        }
        return try await crewWeek(crew, words: nil)
    }

    func crew(_ publicID: String) async throws -> CrewRow {
        guard publicID.utf8.count <= 40, let crew = try await store.crew(publicID: publicID) else { throw LeaderboardError.noSuchCrew }
        return crew
    }

    /// This week (its Monday) and whether its roster is frozen.
    var crewWeek: (week: Int, frozen: Bool) { (WeekRules.monday(ofDay: today), CrewRules.frozen(onDay: today)) }

    func crewWeek(_ crew: CrewRow, words: String?) async throws -> Crew {
        let (week, frozen) = crewWeek
        let board = Board(.crews(week: ISOWeek(day: week)))
        let roster = try await store.roster(crew: crew.number, week: week)
        // Its players this week: members whose week counts for it, best first.
        let counting = roster.filter { $0.countsFor == crew.number && $0.points > 0 && !$0.banned }
            .sorted { ($1.points, $0.player) < ($0.points, $1.player) }
        let counted = Set(counting.prefix(CrewRules.counted).map(\.player))
        let members = roster.sorted { a, b in
            let (pa, pb) = (a.countsFor == crew.number ? a.points : 0, b.countsFor == crew.number ? b.points : 0)
            return pa != pb ? pa > pb : a.player < b.player
        }.map { member in
            let note: String? = member.membership.countsFrom > week ? "from next week"
                : member.membership.leavesAfter != nil ? "leaving when the week ends" : nil
            return CrewMember(playerID: member.publicID, name: member.name, points: member.countsFor == crew.number ? member.points : 0,
                              counted: counted.contains(member.player), note: note)
        }
        let ranked = index.existing(board.id)
        return Crew(crewID: crew.publicID, name: crew.name, week: ISOWeek(day: week).description, board: board.id,
                    score: counting.prefix(CrewRules.counted).reduce(0) { $0 + $1.points }, rank: ranked?.entry(player: crew.number)?.rank,
                    crews: ranked?.count ?? 0, frozen: frozen, members: members, words: words)
    }

    // MARK: Counting

    /// Every crew left waiting to be counted (a server stopped between a play and its count, a
    /// closing pass's places, an erased member), then every index caught up.
    func recountCrews() async throws {
        while true {
            let waiting = try await store.dirtyCrews(limit: LeaderboardLimits.closingBatch)
            for (week, crew) in waiting { try await store.recountCrew(crew, week: week, at: now) }
            if waiting.count < LeaderboardLimits.closingBatch { break }
        }
        try await catchUp()
    }

    /// The crew a player's rows on a crews' board are: the one their week counts for, else the one
    /// they are in.
    func crewNumber(of player: Int64, on board: Board) async throws -> Int64? {
        guard case .crews(let week) = board.kind else { return player }
        if let pinned = try await store.pinnedCrew(player: player, week: week.firstDay) { return pinned }
        return try await store.membership(player: player).flatMap { $0.countsFrom <= week.firstDay && $0.lasts(into: week.firstDay) ? $0.crew : nil }
    }

    /// A new crew's public id: "c" and 15 base64url characters (never a player's 22).
    static func newCrewID() -> String {
        "c" + Base64URL.encode(Secrets.randomBytes(12)).replacingOccurrences(of: "-", with: "_").prefix(15)
    }
}

/// `value`, or a store that broke its word (a crew just founded is read back).
private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw LeaderboardError.noSuchCrew }
    return value
}
