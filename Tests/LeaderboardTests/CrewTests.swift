// Crews, each test on a real SQLite file and on a real PostgreSQL: founding, inviting and joining
// (an invitation needed, six at most, one crew at a time, names unique), a crew's week score as
// the sum of its best four members' week points on the week's crews' board (top, around me,
// histogram, and another server's index), the roster frozen from Thursday, leaving, and erasure.
import Foundation
import PlumeCalendar
import ScoresAPI
import Testing
@testable import Leaderboard
import PlumeTestSupport

@Suite struct CrewTests {
    func points(_ service: LeaderboardService, _ player: PlayerRecord, week: Int) async throws -> Int {
        try await service.store.weekTotal(player: player.number, monday: week)?.points ?? 0
    }

    /// The sum of the best four weeks of `players`, read from the week points themselves.
    func bestFour(_ service: LeaderboardService, _ players: [PlayerRecord], week: Int) async throws -> Int {
        var all: [Int] = []
        for player in players { all.append(try await points(service, player, week: week)) }
        return all.sorted(by: >).prefix(CrewRules.counted).reduce(0, +)
    }

    @Test(arguments: StoreKind.allCases)
    func aCrewsScoreIsItsBestFourMembersWeekPointsOnTheWeeksBoard(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 30))
        let database = try Fixtures.newDatabase(kind)
        let service = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let other = try await Fixtures.service(clock: clock, store: try StoreKind.open(database))
        let week = UTCDay.containing(milliseconds: clock.now)
        var players: [PlayerRecord] = []
        for n in 0..<8 { players.append(try await service.registered("Model \(n)")) }
        let ada = players[0]
        // Ada plays before she founds the crew: her week counts for it from then.
        try await service.playALook(ada, clock, pick: 2)
        let founded = try await service.createCrew(ada, CrewRequest(name: "Velvet Rope"))
        #expect(founded.name == "Velvet Rope" && founded.members.map(\.playerID) == [ada.publicID] && !founded.frozen)
        #expect(founded.week == "2026-W49" && founded.board == "crews-2026-W49" && founded.words?.contains("this week count") == true)
        #expect(await refusal { _ = try await service.createCrew(players[1], CrewRequest(name: "velvet rope")) }?.code == .nameTaken)
        #expect(await refusal { _ = try await service.createCrew(players[1], CrewRequest(name: "\u{202E}x")) }?.code == .invalidName)
        #expect(await refusal { _ = try await service.createCrew(ada, CrewRequest(name: "Another")) }?.code == .inACrew)
        // Joining takes an invitation from a member, uses it up, and stops at six.
        #expect(await refusal { _ = try await service.joinCrew(players[1], crew: founded.crewID) }?.code == .notInvited)
        #expect(await refusal { _ = try await service.inviteToCrew(players[1], crew: founded.crewID, CrewInviteRequest(playerID: players[2].publicID)) }?.code == .notInCrew)
        for player in players[1..<6] {
            _ = try await service.inviteToCrew(ada, crew: founded.crewID, CrewInviteRequest(playerID: player.publicID))
            _ = try await service.joinCrew(player, crew: founded.crewID)
        }
        #expect(await refusal { _ = try await service.inviteToCrew(ada, crew: founded.crewID, CrewInviteRequest(playerID: players[6].publicID)) }?.code == .crewFull)
        #expect(await refusal { _ = try await service.crew(publicID: "nope") }?.code == .crewNotFound)
        // Five of the six play, each a different look: the crew is its best four.
        for (n, player) in players[1..<5].enumerated() { try await service.playALook(player, clock, pick: n * 3) }
        let crewOf = Array(players[0..<6])
        let expected = try await bestFour(service, crewOf, week: week)
        let crew = try await service.crew(publicID: founded.crewID)
        #expect(crew.score == expected && crew.rank == 1 && crew.crews == 1 && crew.members.count == 6)
        #expect(crew.members.filter(\.counted).count == 4 && crew.members.filter(\.counted).map(\.points).reduce(0, +) == expected)
        #expect(crew.members.first { $0.playerID == players[5].publicID }?.points == 0, "a member who has not played adds nothing")
        // The board: the crew's row, read on this server and, from the change log, on another.
        let top = try await service.top(boardID: "crews-2026-W49", limit: 10, cursor: nil)
        #expect(top.board.kind.word == .crew && top.rows.map(\.name) == ["Velvet Rope"] && top.rows.first?.score == Int64(expected))
        #expect(top.rows.first?.crewID == founded.crewID && top.rows.first?.playerID == "")
        try await other.catchUp()
        #expect(try await other.top(boardID: "crews-2026-W49", limit: 10, cursor: nil).rows == top.rows)
        // A second crew of one, below it; around me and the histogram are by the player's crew.
        let rival = try await service.createCrew(players[6], CrewRequest(name: "Tulle Gang"))
        try await service.playALook(players[6], clock, pick: 0)
        let around = try await service.around(boardID: "crews-2026-W49", player: players[6], radius: 2)
        #expect(around.rows.map(\.crewID) == [founded.crewID, rival.crewID])
        let histogram = try await service.histogram(boardID: "crews-2026-W49", player: ada)
        #expect(histogram.total == 2 && histogram.you?.rank == 1 && histogram.buckets.count == 15 && histogram.buckets.last?.from == 2800)
        #expect(await refusal { _ = try await service.around(boardID: "crews-2026-W49", player: players[7], radius: 2) }?.code == .noRecord)
        #expect(await refusal { _ = try await service.submit(ada, SubmitRequest(boardID: "crews-2026-W49", code: DaysTests.looks(day: week)[0].code)) }?.code == .wrongKind)
        // Leaving before Thursday: at once, and the crew's week without them.
        let best = try #require(crew.members.max { $0.points < $1.points })
        let leaver = try #require(players.first { $0.publicID == best.playerID })
        let left = try await service.leaveCrew(leaver, crew: founded.crewID)
        #expect(left.words == "You left Velvet Rope." && !left.members.contains { $0.playerID == leaver.publicID })
        let without = try await bestFour(service, crewOf.filter { $0 != leaver }, week: week)
        let shown = try await service.top(boardID: "crews-2026-W49", limit: 10, cursor: nil).rows.first { $0.crewID == founded.crewID }
        #expect(left.score == without && shown?.score == Int64(without))
        #expect(await refusal { _ = try await service.leaveCrew(leaver, crew: founded.crewID) }?.code == .notInCrew)
        // A banned member's points leave the crew's score, and come back when the ban is lifted.
        let banned = try #require(crewOf.first { $0 != leaver && $0 != ada && $0 != players[5] })
        let withThem = try await service.crew(publicID: founded.crewID).score
        try await service.setBanned(banned, true)
        let duringBan = try await bestFour(service, crewOf.filter { $0 != leaver && $0 != banned }, week: week)
        #expect(try await service.crew(publicID: founded.crewID).score == duringBan && duringBan < withThem)
        try await service.setBanned(banned, false)
        #expect(try await service.crew(publicID: founded.crewID).score == withThem)
        // Erasing a member takes them out of the roster and the score.
        let erased = try #require(crewOf.first { $0 != leaver && $0 != ada && $0 != players[5] })
        try await service.erase(erased)
        let after = try await service.crew(publicID: founded.crewID)
        #expect(!after.members.contains { $0.playerID == erased.publicID })
        let remaining = try await bestFour(service, crewOf.filter { $0 != leaver && $0 != erased }, week: week)
        #expect(after.score == remaining)
    }

    @Test(arguments: StoreKind.allCases)
    func fromThursdayAJoinOrALeaveCountsFromNextWeek(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 12, 3))   // a Thursday: 2026-W49's roster is frozen
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await service.registered("Ada"), bea = try await service.registered("Bea")
        let week = WeekRules.monday(ofDay: UTCDay.containing(milliseconds: clock.now))
        try await service.playALook(ada, clock, pick: 1)
        let crew = try await service.createCrew(ada, CrewRequest(name: "Late Bloomers"))
        #expect(crew.frozen && crew.words?.contains("from next week (2026-W50)") == true && crew.score == 0)
        #expect(crew.members.first?.note == "from next week")
        _ = try await service.inviteToCrew(ada, crew: crew.crewID, CrewInviteRequest(playerID: bea.publicID))
        try await service.playALook(bea, clock, pick: 2)
        let joined = try await service.joinCrew(bea, crew: crew.crewID)
        #expect(joined.words?.contains("from next week") == true && joined.score == 0, "this week's points stay out of it")
        // Next week both count; Bea leaves on its Thursday and still counts to its end.
        clock.advance(seconds: 4 * 86_400)
        try await service.playALook(ada, clock, pick: 1)
        try await service.playALook(bea, clock, pick: 3)
        let next = week + 7
        let adas = try await points(service, ada, week: next), beas = try await points(service, bea, week: next)
        let both = adas + beas
        #expect(try await service.crew(publicID: crew.crewID).score == both)
        clock.advance(seconds: 3 * 86_400)
        let leaving = try await service.leaveCrew(bea, crew: crew.crewID)
        #expect(leaving.words?.contains("when this week ends") == true && leaving.score == both)
        #expect(leaving.members.first { $0.playerID == bea.publicID }?.note == "leaving when the week ends")
        // Until then she is still in it, and told when she may found or join another.
        let early = await refusal { _ = try await service.createCrew(bea, CrewRequest(name: "Too Soon")) }
        #expect(early?.code == .inACrew && early?.message.contains("when this week ends") == true, "\(String(describing: early))")
        // Once the week has ended she is out, and free to found her own.
        clock.advance(seconds: 4 * 86_400)
        try await service.closeDays()
        #expect(try await service.crew(publicID: crew.crewID).members.map(\.playerID) == [ada.publicID])
        _ = try await service.createCrew(bea, CrewRequest(name: "Solo"))
    }
}
