// The leaderboard service end to end, each test on a real SQLite file and on a real PostgreSQL: identity, verified submissions,
// boards opening and closing, reads, donations, erasure, moderation, and concurrency.
import Challenges
import Foundation
import GameState
import Testing
@testable import Leaderboard
import ScoresAPI
import LeaderboardPostgres
import PlumeTestSupport
import PlumeCalendar

@Suite struct ServiceTests {
    func register(_ service: LeaderboardService, _ name: String) async throws -> PlayerRecord {
        let registered = try await service.register(RegisterRequest(name: name))
        return try await service.authenticate(token: registered.token)
    }

    func refusal(_ code: String, _ body: () async throws -> Void) async {
        do {
            try await body()
            Issue.record("expected a refusal with \(code)")
        } catch let error as LeaderboardError {
            #expect(error.code.rawValue == code, "\(error.message)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Operators paste ids into plume-server's commands: one beginning with "-" would be read as an
    /// option there (it happened to an E2E run one time in 64). 2 000 ids see a "-" first in a
    /// draw that doesn't re-roll with odds of about 1 in 10^13 of missing every one.
    @Test func newPlayerIDsNeverBeginWithADash() {
        let ids = (0..<2_000).map { _ in Secrets.newPlayerID() }
        #expect(ids.allSatisfy { Secrets.isPlayerID($0) && !$0.hasPrefix("-") })
        #expect(Set(ids).count == ids.count)
    }

    @Test(arguments: StoreKind.allCases) func namesAreCheckedNormalisedAndUniqueIgnoringCase(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let first = try await service.register(RegisterRequest(name: "  Zoe\u{0301} "))
        #expect(first.name == "Zoé")
        #expect(first.token.count > 40 && Secrets.isPlayerID(first.playerID))
        await refusal("name_taken") { _ = try await service.register(RegisterRequest(name: "ZOÉ")) }
        await refusal("name_taken") { _ = try await service.register(RegisterRequest(name: "zoe\u{0301}")) }
        await refusal("invalid_name") { _ = try await service.register(RegisterRequest(name: "   ")) }
        await refusal("invalid_name") { _ = try await service.register(RegisterRequest(name: String(repeating: "x", count: 25))) }
        await refusal("invalid_name") { _ = try await service.register(RegisterRequest(name: "evil\u{202E}txt")) }
        await refusal("invalid_name") { _ = try await service.register(RegisterRequest(name: "bell\u{07}")) }
        await refusal("invalid_name") { _ = try await service.register(RegisterRequest(name: "zero\u{200B}width")) }
        await refusal("invalid_email") { _ = try await service.register(RegisterRequest(name: "Max", email: "not-an-address")) }
        _ = try await service.register(RegisterRequest(name: String(repeating: "é", count: 24)))
        // The token is stored only as its hash; a wrong token is refused.
        await refusal("invalid_token") { _ = try await service.authenticate(token: "plm_wrong") }
        let stored = try await service.store.player(publicID: first.playerID)
        #expect(stored?.name == "Zoé")
        #expect(try await service.store.player(tokenHash: first.token) == nil)
    }

    @Test(arguments: StoreKind.allCases) func eachDayIsScoredUnderItsOwnRules(_ kind: StoreKind) async throws {
        // The last day of v1 and the first of v2: the same look is scored by each day's rules,
        // and the record of the day already played keeps its score when the rules change.
        let clock = TestClock((2026, 11, 25), hour: 23)
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        let last = UTCDay.days(year: 2026, month: 11, day: 25), first = last + 1
        #expect(StyleRules.forDay(last) == .v1 && StyleRules.forDay(first) == .v2)
        #expect(Fixtures.book.theme(forDay: last).rules == .v1 && Fixtures.book.theme(forDay: first).rules == .v2)
        var rng = SplitMix64(seed: 11)
        let look = (0..<50).map { _ in Fixtures.catalog.randomLook(using: &rng) }.first { look in
            var v1 = Fixtures.book.theme(forDay: first), v2 = v1
            v1.rules = .v1
            v2.rules = .v2
            return look.brokenRules(in: Fixtures.catalog).isEmpty && v1.score(look, in: Fixtures.catalog) != v2.score(look, in: Fixtures.catalog)
        }!
        let code = ShareCode.encode(.look(look))
        let before = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-25", code: code))
        #expect(before.score == Int64(Fixtures.book.theme(forDay: last).score(look, in: Fixtures.catalog).total))
        clock.advance(seconds: 3600)
        let after = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-26", code: code))
        #expect(after.score == Int64(Fixtures.book.theme(forDay: first).score(look, in: Fixtures.catalog).total))
        let kept = try await service.top(boardID: "style-2026-11-25", limit: 10, cursor: nil)
        #expect(kept.rows.first?.score == before.score)
    }

    @Test(arguments: StoreKind.allCases) func aLookIsScoredByTheServerAgainstTheDaysTheme(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 22))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        let day = UTCDay.days(year: 2026, month: 11, day: 22)
        let theme = Fixtures.book.theme(forDay: day)
        // The best-scoring single-garment look, scored independently here.
        let scored = Fixtures.catalog.garments.map { garment -> (Int, String) in
            let look = Look(background: 1, model: 1, garments: [WornGarment(id: garment.id, colour: 0)])
            return (theme.score(look, in: Fixtures.catalog).total, ShareCode.encode(.look(look)))
        }.max { $0.0 < $1.0 }!
        let result = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: scored.1))
        #expect(result.score == Int64(scored.0))
        #expect(result.rank == 1 && result.personalBest && result.previousBest == nil)
        // A worse look keeps the best and says which it did not beat.
        let plain = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: Fixtures.lookCode()))
        if plain.score < result.score {
            #expect(!plain.personalBest && plain.best.score == result.score && plain.previousBest?.code == scored.1)
        }
        // A link form is accepted; a swarm code, a damaged code and an unwearable look are not.
        _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: "plume://look/" + scored.1))
        await refusal("wrong_kind") { _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: Fixtures.swarmCode())) }
        await refusal("invalid_code") { _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: "1EQEBAO3T")) }
        let tops = Fixtures.catalog.garments(in: .top).prefix(2).map(\.id)
        await refusal("look_not_wearable") {
            _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: Fixtures.lookCode(garments: tops)))
        }
        await refusal("board_not_found") { _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-23", code: scored.1)) }
        await refusal("board_takes_donations") { _ = try await service.submit(ada, SubmitRequest(boardID: "contributors", code: scored.1)) }
        // The next UTC day the board closes for submissions and stays readable.
        clock.advance(seconds: 86_400)
        await refusal("board_closed") { _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: scored.1)) }
        let page = try await service.top(boardID: "style-2026-11-22", limit: 50, cursor: nil)
        #expect(page.rows.map(\.name) == ["Ada"] && page.board.open == false)
    }

    @Test(arguments: StoreKind.allCases) func aSwarmIsSimulatedOnceCountsOnBothBoardsAndIsCachedAfter(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let ada = try await register(service, "Ada")
        let code = Fixtures.swarmCode()
        let challenge = Fixtures.book.swarmChallenge(id: "huddle")!
        guard case .swarm(let recipe) = try ShareCode.decode(code) else { Issue.record("not a swarm"); return }
        let expected = challenge.score(recipe)
        let before = service.verifier.counts
        let result = try await service.submit(ada, SubmitRequest(boardID: "swarm-huddle", code: code))
        #expect(result.score == Int64(expected.score))
        #expect(abs(result.detail - (expected.value - challenge.worst) / (challenge.best - challenge.worst) * 1000) < 1e-9)
        #expect(result.also?.map(\.boardID) == ["swarm-huddle-2026-W47"])
        // Season 1 scored one seed for both boards: the week's is the cache's answer.
        #expect(service.verifier.counts.simulated == before.simulated + 1 && service.verifier.counts.cached == before.cached + 1)
        // Ada's own code again, on the week's board: from the cache, nothing better, nothing moves.
        let again = try await service.submit(ada, SubmitRequest(boardID: "swarm-huddle-2026-W47", code: code))
        #expect(again.score == result.score && again.rank == 1 && !again.personalBest)
        #expect(service.verifier.counts.simulated == before.simulated + 1)
        #expect(service.verifier.counts.cached == before.cached + 3)
        let tooBig = ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: 300, genome: Genome(clampingHundredths: [5000, 500, 1000, 50, 50, 2000, 10, 50]))])))
        _ = try await service.submit(ada, SubmitRequest(boardID: "swarm-comet", code: tooBig))
    }

    /// From season 2's first day a swarm is scored by the season's rules, on the season board's
    /// seeds and on this week's: two runs of the rules, two scores, as `plume swarm score` gives
    /// them; season 1 is closed, and a swarm too small to judge is refused before any run.
    @Test(arguments: StoreKind.allCases) func seasonTwoScoresEachBoardOnItsOwnSeeds(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 29))
        let service = try await Fixtures.service(kind, clock: clock)
        let ada = try await register(service, "Ada")
        let code = Fixtures.swarmCode()
        guard case .swarm(let recipe) = try ShareCode.decode(code) else { Issue.record("not a swarm"); return }
        let week = ISOWeek("2026-W48")!
        let season = try Fixtures.book.boardScore(recipe, challenge: "huddle", season: 2, week: nil).get()
        let weekly = try Fixtures.book.boardScore(recipe, challenge: "huddle", season: 2, week: week).get()
        let before = service.verifier.counts
        let result = try await service.submit(ada, SubmitRequest(boardID: "swarm-huddle-s2", code: code))
        #expect(result.score == Int64(season.score) && result.detail == season.detail && result.players == 1 && result.percentile == 100)
        let also = try #require(result.also?.first)
        #expect(also.boardID == "swarm-huddle-s2-2026-W48" && also.score == Int64(weekly.score) && also.detail == weekly.detail)
        #expect(season.rules?.runs != weekly.rules?.runs, "the two boards run different seeds")
        #expect(service.verifier.counts.simulated == before.simulated + 2)
        let page = try await service.top(boardID: "swarm-huddle-s2", limit: 10, cursor: nil)
        #expect(page.board.title == "Huddle — season 2" && page.board.season == 2 && page.rows.map(\.score) == [Int64(season.score)])
        #expect(try await service.top(boardID: "swarm-huddle-s2-2026-W48", limit: 10, cursor: nil).board.title == "Huddle — season 2, week 48, 2026")
        await refusal("board_closed") { _ = try await service.submit(ada, SubmitRequest(boardID: "swarm-huddle", code: code)) }
        let closed = try await service.top(boardID: "swarm-huddle", limit: 10, cursor: nil).board
        #expect(closed.title == "Huddle — season 1" && !closed.open && closed.season == 1)
        let tiny = Fixtures.swarmCode(population: 99)
        await refusal("swarm_too_small") { _ = try await service.submit(ada, SubmitRequest(boardID: "swarm-comet-s2", code: tiny)) }
        #expect(service.verifier.counts.simulated == before.simulated + 2)
        // Sort reads species: one species, however large, is refused in words.
        await refusal("swarm_too_small") { _ = try await service.submit(ada, SubmitRequest(boardID: "swarm-sort-s2-2026-W48", code: code)) }
    }

    /// The day's Lab brief has a board of its own, open that UTC day: scored by the brief (its
    /// seeds, its goals), its rules refused in words, its costs kept in the detail.
    @Test(arguments: StoreKind.allCases) func theLabsBriefHasABoardOfTheDay(_ kind: StoreKind) async throws {
        let clock = TestClock((2026, 11, 29))
        let service = try await Fixtures.service(kind, clock: clock)
        let (ada, bea) = (try await register(service, "Ada"), try await register(service, "Bea"))
        let board = "lab-2026-11-29"
        let info = try await service.top(boardID: board, limit: 10, cursor: nil).board
        #expect(info.title == "Lab: Sorted march II · R at most 80 in every ingredient" && info.kind.word == .swarm && info.period.word == .day)
        #expect(info.open && info.brief.contains("Ties go to fewer ingredients"))
        #expect(service.boards().boards.contains { $0.id == board })
        let gathering = Genome(clamping: [70, 3, 7, 0.6, 0.3, 10, 0.05, 0.5]), drifting = Genome(clamping: [40, 6, 7, 0.1, 0.8, 30, 0.2, 0.2])
        let recipe = SwarmRecipe([Ingredient(population: 90, genome: gathering), Ingredient(population: 60, genome: drifting)])
        let expected = try Fixtures.book.score(recipe, on: .lab(day: UTCDay.days(year: 2026, month: 11, day: 29))).get()
        let result = try await service.submit(ada, SubmitRequest(boardID: board, code: ShareCode.encode(.swarm(recipe))))
        #expect(result.score == Int64(expected.score) && result.detail == -2150 && result.also == nil && result.rank == 1)
        // The same swarm with fewer agents in the second species scores on its own; a copy is refused.
        await refusal("code_taken") { _ = try await service.submit(bea, SubmitRequest(boardID: board, code: ShareCode.encode(.swarm(recipe)))) }
        var wide = recipe
        wide.ingredients[1].genome.set(.radius, hundredths: 9000)
        await refusal("swarm_breaks_brief") { _ = try await service.submit(bea, SubmitRequest(boardID: board, code: ShareCode.encode(.swarm(wide)))) }
        await refusal("swarm_too_small") {
            _ = try await service.submit(bea, SubmitRequest(boardID: board, code: ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: 150, genome: gathering)])))))
        }
        await refusal("board_not_found") { _ = try await service.submit(bea, SubmitRequest(boardID: "lab-2026-11-30", code: ShareCode.encode(.swarm(recipe)))) }
        await refusal("board_not_found") { _ = try await service.top(boardID: "lab-2026-11-27", limit: 10, cursor: nil) }
        // While the day's swarm show takes votes (that day and the next) the board gives no swarm
        // away but to its owner: a voter must not match a dealt swarm to a name.
        #expect(try await service.top(boardID: board, limit: 10, cursor: nil).rows.map(\.code) == [""])
        #expect(try await service.around(boardID: board, player: ada, radius: 2).rows.map(\.code) == [ShareCode.encode(.swarm(recipe))])
        // The next day it is closed, read for ever, and listed among the earlier days.
        clock.advance(seconds: 86_400)
        await refusal("board_closed") { _ = try await service.submit(bea, SubmitRequest(boardID: board, code: ShareCode.encode(.swarm(recipe)))) }
        #expect(service.boards(earlier: true).boards.contains { $0.id == board && !$0.open && $0.title.hasSuffix(" — 2026-11-29") })
        #expect(try await service.top(boardID: board, limit: 10, cursor: nil).rows.map(\.code) == [""])
        // Once the show's voting has closed, everyone sees every swarm.
        clock.advance(seconds: 86_400)
        #expect(try await service.top(boardID: board, limit: 10, cursor: nil).rows.map(\.code) == [ShareCode.encode(.swarm(recipe))])
        let show = try await service.top(boardID: "swarmshow-2026-11-29", limit: 10, cursor: nil).board
        #expect(show.kind.word == .people && show.title == "Swarm show: Sorted march II · R at most 80 in every ingredient — 2026-11-29" && !show.open)
        await refusal("board_takes_votes") { _ = try await service.submit(bea, SubmitRequest(boardID: "swarmshow-2026-12-01", code: ShareCode.encode(.swarm(recipe)))) }
    }

    @Test(arguments: StoreKind.allCases) func copiesOfAnotherPlayersSwarmEarnNothing(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let (ada, bea) = (try await register(service, "Ada"), try await register(service, "Bea"))
        let code = Fixtures.swarmCode(population: 110, radius: 70)
        _ = try await service.submit(ada, SubmitRequest(boardID: "swarm-huddle", code: code))
        // A player's own swarm goes on any board.
        _ = try await service.submit(ada, SubmitRequest(boardID: "swarm-comet", code: code))
        // Another player's copy is refused on every swarm board, in words that name no one; the
        // link form of the same swarm is the same code.
        for board in ["swarm-huddle", "swarm-comet", "swarm-fill-2026-W47", "swarm-march"] {
            do {
                _ = try await service.submit(bea, SubmitRequest(boardID: board, code: board == "swarm-march" ? "plume://swarm/" + code : code))
                Issue.record("a copy was kept on \(board)")
            } catch let error as LeaderboardError {
                #expect(error.code == .codeTaken && error.message.contains("copies earn nothing") && !error.message.contains("Ada"))
            }
        }
        #expect(try await service.top(boardID: "swarm-huddle", limit: 50, cursor: nil).rows.map(\.name) == ["Ada"])
        #expect(try await service.store.bests(player: bea.number).isEmpty)
        // Looks are few and collide honestly: two players may wear the same one.
        let look = Fixtures.lookCode(garments: [1])
        _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: look))
        _ = try await service.submit(bea, SubmitRequest(boardID: "style-2026-11-22", code: look))
        // Once its owner is gone, the swarm is free.
        try await service.erase(ada)
        #expect(try await service.submit(bea, SubmitRequest(boardID: "swarm-huddle", code: code)).rank == 1)
        // Two players sending one new swarm at once: one keeps it.
        let (cy, dee) = (try await register(service, "Cy"), try await register(service, "Dee"))
        let fresh = Fixtures.swarmCode(population: 130, radius: 45)
        async let first = (try? await service.submit(cy, SubmitRequest(boardID: "swarm-vortex", code: fresh))) != nil
        async let second = (try? await service.submit(dee, SubmitRequest(boardID: "swarm-vortex", code: fresh))) != nil
        let kept = await [first, second]
        #expect(kept.filter { $0 }.count == 1)
        #expect(try await service.top(boardID: "swarm-vortex", limit: 50, cursor: nil).rows.count == 1)
    }

    @Test(arguments: StoreKind.allCases) func pagesWalkTheWholeBoardWithoutGapsOrRepeats(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let store = service.store
        for number in 0..<130 {
            let player = try await store.createPlayer(NewPlayer(publicID: Secrets.newPlayerID(), name: "n\(number)", nameKey: "n\(number)",
                                                                email: nil, updatesOptIn: false, avatarCode: nil, tokenHash: "t\(number)", createdAt: 0))
            _ = try await store.submit(ScoreRecord(board: "swarm-fill", player: player.number, score: Int64(number % 7), detail: 0, code: "c\(number)", at: Int64(number % 3)))
        }
        try await service.catchUp()
        var seen: [BoardRow] = []
        var cursor: String?
        repeat {
            let page = try await service.top(boardID: "swarm-fill", limit: 50, cursor: cursor)
            seen += page.rows
            cursor = page.nextCursor
        } while cursor != nil
        #expect(seen.count == 130)
        #expect(seen.map(\.rank) == Array(1...130))
        #expect(Set(seen.map(\.playerID)).count == 130)
        let cached = try await service.topPage(boardID: "swarm-fill", limit: 50)
        #expect(try await service.topPage(boardID: "swarm-fill", limit: 50).etag == cached.etag)
        let decoded = try JSONDecoder().decode(BoardPage.self, from: Data(cached.body))
        #expect(decoded.rows == Array(seen.prefix(50)))
        await refusal("invalid_limit") { _ = try await service.top(boardID: "swarm-fill", limit: 0, cursor: nil) }
        await refusal("invalid_cursor") { _ = try await service.top(boardID: "swarm-fill", limit: 5, cursor: "garbage") }
        // A change invalidates the cached page (a new ETag).
        let late = try await register(service, "Late")
        _ = try await store.submit(ScoreRecord(board: "swarm-fill", player: late.number, score: 999, detail: 0, code: "late", at: 5))
        try await service.catchUp()
        let fresh = try await service.topPage(boardID: "swarm-fill", limit: 50)
        #expect(fresh.etag != cached.etag)
        #expect(try JSONDecoder().decode(BoardPage.self, from: Data(fresh.body)).rows.first?.name == "Late")
        let around = try await service.around(boardID: "swarm-fill", player: late, radius: 2)
        #expect(around.rows.map(\.rank) == [1, 2, 3])
    }

    @Test(arguments: StoreKind.allCases) func donationsMoveOnlyAvailablePointsAndRankContributors(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let ada = try await register(service, "Ada")
        await refusal("not_enough_points") { _ = try await service.donate(ada, DonationRequest(causeID: "trees", points: 1)) }
        let result = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: Fixtures.lookCode(garments: [Fixtures.catalog.garments[0].id])))
        let earned = result.score
        #expect(earned > 0)
        await refusal("invalid_points") { _ = try await service.donate(ada, DonationRequest(causeID: "trees", points: 0)) }
        await refusal("invalid_points") { _ = try await service.donate(ada, DonationRequest(causeID: "trees", points: -5)) }
        await refusal("cause_not_found") { _ = try await service.donate(ada, DonationRequest(causeID: "moon", points: 1)) }
        await refusal("not_enough_points") { _ = try await service.donate(ada, DonationRequest(causeID: "trees", points: earned + 1)) }
        let gift = try await service.donate(ada, DonationRequest(causeID: "oceans", points: earned))
        #expect(gift.pointsAvailable == 0 && gift.pointsGiven == earned && gift.causeTotal == earned)
        await refusal("not_enough_points") { _ = try await service.donate(ada, DonationRequest(causeID: "trees", points: 1)) }
        let contributors = try await service.top(boardID: "contributors", limit: 10, cursor: nil)
        #expect(contributors.rows.map(\.score) == [earned])
        let causes = try await service.causeList().causes
        #expect(causes.first { $0.id == "oceans" }?.totalPoints == earned)
        // Erasure keeps the gift, as "a former player", and removes everything else.
        try await service.erase(ada)
        let after = try await service.top(boardID: "contributors", limit: 10, cursor: nil)
        #expect(after.rows.map(\.name) == ["a former player"])
        #expect(try await service.top(boardID: "style-2026-11-22", limit: 10, cursor: nil).rows.isEmpty)
        #expect(try await service.causeList().causes.first { $0.id == "oceans" }?.totalPoints == earned)
        await refusal("player_not_found") { _ = try await service.publicProfile(playerID: ada.publicID) }
        #expect(try await service.store.updatesList().isEmpty)
    }

    @Test(arguments: StoreKind.allCases) func moderationHidesAndBansAndProfilesChange(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        let ada = try await register(service, "Ada"), bea = try await register(service, "Bea")
        let code = Fixtures.lookCode(garments: [Fixtures.catalog.garments[1].id])
        _ = try await service.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: code))
        _ = try await service.submit(bea, SubmitRequest(boardID: "style-2026-11-22", code: code))
        #expect(try await service.hide(board: "style-2026-11-22", player: ada))
        try await service.catchUp()
        #expect(try await service.top(boardID: "style-2026-11-22", limit: 10, cursor: nil).rows.map(\.name) == ["Bea"])
        try await service.setBanned(bea, true)
        try await service.catchUp()
        #expect(try await service.top(boardID: "style-2026-11-22", limit: 10, cursor: nil).rows.isEmpty)
        let banned = try await service.authenticate(token: try await service.register(RegisterRequest(name: "Cy")).token)
        try await service.setBanned(banned, true)
        await refusal("player_banned") {
            _ = try await service.submit(try await service.findPlayer("Cy")!, SubmitRequest(boardID: "style-2026-11-22", code: code))
        }
        try await service.setBanned(bea, false)
        try await service.catchUp()
        var update = ProfileUpdate(name: "Beatrix", avatarLook: .some(code))
        update.email = .some("b@example.org")
        update.updatesOptIn = true
        let profile = try await service.updateProfile(bea, update)
        #expect(profile.name == "Beatrix" && profile.avatarLook == code && profile.updatesOptIn)
        let rows = try await service.top(boardID: "style-2026-11-22", limit: 10, cursor: nil).rows
        #expect(rows.map(\.name) == ["Beatrix"] && rows.first?.avatarLook == code)
        #expect(try await service.store.updatesList().map(\.email) == ["b@example.org"])
        await refusal("invalid_avatar") { _ = try await service.updateProfile(bea, ProfileUpdate(avatarLook: .some(Fixtures.swarmCode()))) }
        await refusal("name_taken") { _ = try await service.updateProfile(bea, ProfileUpdate(name: "ADA")) }
        let cleared = try await service.updateProfile(bea, ProfileUpdate(email: .some(nil)))
        #expect(cleared.email == nil && !cleared.updatesOptIn)
    }

    @Test(arguments: StoreKind.allCases) func fiftyPlayersSubmittingAtOnceLoseNothing(_ kind: StoreKind) async throws {
        let service = try await Fixtures.service(kind)
        var players: [PlayerRecord] = []
        for number in 0..<50 { players.append(try await register(service, "racer\(number)")) }
        let looks = Fixtures.singleGarmentLooks
        let results = try await withThrowingTaskGroup(of: SubmissionResult.self) { group in
            for (number, player) in players.enumerated() {
                group.addTask { try await service.submit(player, SubmitRequest(boardID: "style-2026-11-22", code: looks[number % looks.count])) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 50)
        let keys = try await service.store.orderedKeys(board: "style-2026-11-22")
        #expect(keys.count == 50)
        #expect(service.index.board("style-2026-11-22").allKeys == keys)
        let top = try await service.top(boardID: "style-2026-11-22", limit: 50, cursor: nil)
        #expect(top.rows.map(\.rank) == Array(1...50))
    }

    @Test(arguments: StoreKind.allCases) func aSecondServiceOnTheSameDatabaseRanksTheFirstsWrites(_ kind: StoreKind) async throws {
        let database = try Fixtures.newDatabase(kind)
        let first = try await Fixtures.service(store: try StoreKind.open(database))
        let second = try await Fixtures.service(store: try StoreKind.open(database))
        let ada = try await register(first, "Ada")
        _ = try await first.submit(ada, SubmitRequest(boardID: "style-2026-11-22", code: Fixtures.lookCode(garments: [Fixtures.catalog.garments[2].id])))
        try await second.catchUp()
        #expect(try await second.standing(boardID: "style-2026-11-22", playerID: ada.publicID).row.rank == 1)
        // A third process started later builds the same index from the records.
        let third = try await Fixtures.service(store: try StoreKind.open(database))
        #expect(third.index.board("style-2026-11-22").allKeys == first.index.board("style-2026-11-22").allKeys)
    }
}
