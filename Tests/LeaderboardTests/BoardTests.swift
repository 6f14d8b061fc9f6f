// Board ids, UTC days and ISO weeks.
import Challenges
import Foundation
import Testing
@testable import Leaderboard
import ScoresAPI
import PlumeCalendar

@Suite struct BoardTests {
    let now = Int64(UTCDay.days(year: 2026, month: 11, day: 22)) * 86_400 + 3600

    @Test func civilDatesRoundTripAcrossLeapYears() {
        for day in stride(from: -800_000, through: 800_000, by: 997) {
            let (y, m, d) = UTCDay.civil(day)
            #expect(UTCDay.days(year: y, month: m, day: d) == day)
        }
        #expect(UTCDay.string(0) == "1970-01-01")
        #expect(UTCDay.parse("2024-02-29") != nil)
        #expect(UTCDay.parse("2026-02-29") == nil)
        #expect(UTCDay.parse("2026-13-01") == nil)
        #expect(UTCDay.parse("2026-1-01") == nil)
    }

    /// The hand-written RFC 3339 text equals Foundation's formatter at random moments, leap days
    /// and the turn of a year included.
    @Test func timestampsMatchFoundationsISO8601() {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        var moments: [Int64] = [0, 951_782_400_000, 1_767_225_599_999, 1_767_225_600_000, 4_102_444_799_123]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2000 { moments.append(Int64.random(in: 0..<4_102_444_800_000, using: &random)) }
        for ms in moments {
            #expect(Timestamp.iso(milliseconds: ms) == formatter.string(from: Date(timeIntervalSince1970: Double(ms) / 1000 + 0.0001)), "\(ms)")
        }
    }

    @Test func isoWeeksFollowTheStandard() {
        // 2026-01-01 is a Thursday, so it is in 2026-W01; 2027-01-01 (Friday) is in 2026-W53.
        #expect(ISOWeek(day: UTCDay.days(year: 2026, month: 1, day: 1)).description == "2026-W01")
        #expect(ISOWeek(day: UTCDay.days(year: 2027, month: 1, day: 1)).description == "2026-W53")
        #expect(ISOWeek(day: UTCDay.days(year: 2026, month: 11, day: 22)).description == "2026-W47")
        #expect(ISOWeek("2026-W53") != nil)
        #expect(ISOWeek("2027-W53") == nil)
        #expect(ISOWeek("2026-W00") == nil)
        #expect(ISOWeek(day: ISOWeek("2026-W47")!.firstDay).description == "2026-W47")
    }

    @Test func boardIdsParseOnlyForDefinedPeriodsThatHaveBegun() {
        let book = Fixtures.book
        #expect(Board.parse("style-2026-11-22", book: book, now: now)?.isOpen(at: now) == true)
        #expect(Board.parse("style-2026-11-21", book: book, now: now)?.isOpen(at: now) == false)
        #expect(Board.parse("style-2026-11-23", book: book, now: now) == nil)
        #expect(Board.parse("style-2025-12-31", book: book, now: now) == nil)
        #expect(Board.parse("swarm-huddle", book: book, now: now)?.id == "swarm-huddle")
        #expect(Board.parse("swarm-huddle-2026-W47", book: book, now: now)?.isOpen(at: now) == true)
        #expect(Board.parse("swarm-huddle-2026-W46", book: book, now: now)?.isOpen(at: now) == false)
        #expect(Board.parse("swarm-huddle-2026-W48", book: book, now: now) == nil)
        #expect(Board.parse("swarm-nothing", book: book, now: now) == nil)
        #expect(Board.parse("contributors", book: book, now: now) == .contributors)
        // Before the Lab's first day (and a clock behind the boards' first day) no board, and no trap.
        #expect(Board.parse("lab-2026-11-22", book: book, now: now) == nil && Board.parse("lab-2026-11-30", book: book, now: now) == nil)
        let behind = Int64(UTCDay.days(year: 2025, month: 6, day: 1)) * 86_400
        #expect(Board.parse("style-2026-01-01", book: book, now: behind) == nil && Board.parse("lab-2026-11-28", book: book, now: behind) == nil)
        #expect(Board.parse("lab-2026-11-28", book: book, now: Int64(UTCDay.days(year: 2026, month: 11, day: 28)) * 86_400)?.isOpen(at: Int64(UTCDay.days(year: 2026, month: 11, day: 28)) * 86_400) == true)
        // A day's people's choice takes votes that day and the next, and is final after.
        #expect(Board.parse("people-2026-11-22", book: book, now: now)?.isOpen(at: now) == true)
        #expect(Board.parse("people-2026-11-21", book: book, now: now)?.isOpen(at: now) == true)
        #expect(Board.parse("people-2026-11-20", book: book, now: now)?.isOpen(at: now) == false)
        #expect(Board.parse("people-2026-11-23", book: book, now: now) == nil)
        #expect(Board.parse("people-2026-11-22", book: book, now: now)?.acceptsCodes == false)
        for hostile in ["", "style-", "../etc/passwd", "style-2026-11-22\0", "swarm-huddle-2026-W4x", String(repeating: "a", count: 10_000)] {
            #expect(Board.parse(hostile, book: book, now: now) == nil)
        }
        let current = Board.current(book: book, now: now).map(\.id)
        #expect(current.first == "style-2026-11-22" && current.last == "contributors")
        #expect(current.count == 5 + 2 * book.swarmChallenges.count)
        #expect(current.dropLast().last == "crews-2026-W47", "this week's crews, before contributors")
        #expect(Board.parse("crews-2026-W48", book: book, now: now) == nil, "a week to come")
        #expect(Board.parse("crews-2026-W47", book: book, now: now)?.acceptsCodes == false)
        #expect(current.prefix(3) == ["style-2026-11-22", "people-2026-11-22", "people-2026-11-21"])
        // The server's boards and the game's ids are one value: every id reads back as its board.
        for board in Board.listed(book: book, now: now) {
            #expect(board.boardID.text == board.id && BoardID(board.id) == board.boardID && Board.parse(board.boardID, book: book, now: now) == board)
        }
        for challenge in book.swarmChallenges {
            #expect(BoardID("swarm-" + challenge.id).period == .allTime, "a challenge id that reads as a week: \(challenge.id)")
        }
    }

    /// The swarm show's people's board: a day board of kind people from the Lab's first day, taking
    /// votes that day and the next; listed beside the Lab brief; never read as a classic challenge.
    @Test func theSwarmShowsBoardIsAPeoplesBoardOfTheLabsDays() throws {
        let book = Fixtures.book
        let first = LabRules.firstDay, day = first + 33
        let noon = Int64(day) * 86_400 + 43_200
        let id = BoardID("swarmshow-" + UTCDay.string(day))
        #expect(id == .swarmShow(day: day) && id.kind == .people && id.period == .day && id.day == day)
        #expect(BoardID("swarm-" + "show-" + UTCDay.string(day)) != id)
        if case .swarm = BoardID("swarmshow-" + UTCDay.string(day)) { Issue.record("a swarm show read as a challenge") }
        if case .swarmShow = BoardID("swarm-huddle") { Issue.record("a challenge read as a swarm show") }
        let board = try #require(Board.parse(id, book: book, now: noon))
        #expect(board.isPeoples && !board.acceptsCodes && board.isOpen(at: noon))
        #expect(Board.parse(BoardID.swarmShow(day: day - 1), book: book, now: noon)?.isOpen(at: noon) == true)
        #expect(Board.parse(BoardID.swarmShow(day: day - 2), book: book, now: noon)?.isOpen(at: noon) == false)
        #expect(Board.parse(BoardID.swarmShow(day: day + 1), book: book, now: noon) == nil)
        #expect(Board.parse(BoardID.swarmShow(day: first - 1), book: book, now: noon) == nil)
        #expect(Board.parse(BoardID.swarmShow(day: first), book: book, now: noon) != nil)
        // Open: today's and yesterday's, after today's Lab brief; listed: earlier days' too.
        let current = Board.current(book: book, now: noon).map(\.id)
        let lab = try #require(current.firstIndex(of: "lab-" + UTCDay.string(day)))
        #expect(current[lab + 1] == id.text && current[lab + 2] == "swarmshow-" + UTCDay.string(day - 1))
        let listed = Board.listed(book: book, now: noon).map(\.id)
        #expect(listed.filter { $0.hasPrefix("swarmshow-") }.count == 1 + LeaderboardLimits.earlierDays)
        #expect(Set(listed).count == listed.count)
        // On the Lab's first day there is no yesterday's show.
        let opening = Int64(first) * 86_400 + 60
        #expect(Board.current(book: book, now: opening).filter { $0.id.hasPrefix("swarmshow-") }.map(\.id) == ["swarmshow-" + UTCDay.string(first)])
    }

    /// Season 2 began on 2026-11-28 (a Saturday of week 48): season 1's boards closed that day and
    /// are read for ever; season 2's season board opened, and its first week runs from that day.
    @Test func seasonsCloseAndOpenOnTheirFirstDay() throws {
        let book = Fixtures.book
        let switchDay = try #require(SwarmSeasons.firstDay(of: 2))
        #expect(UTCDay.string(switchDay) == "2026-11-28" && SwarmSeasons.season(onDay: switchDay - 1) == 1 && SwarmSeasons.season(onDay: switchDay) == 2)
        let before = Int64(switchDay - 1) * 86_400 + 82_000, after = Int64(switchDay + 1) * 86_400 + 60
        let switchSecond = UTCDay.start(of: switchDay)
        // The day before: season 1 open, season 2 not yet a board.
        #expect(Board.parse("swarm-huddle", book: book, now: before)?.isOpen(at: before) == true)
        #expect(Board.parse("swarm-huddle-s2", book: book, now: before) == nil)
        #expect(Board.current(book: book, now: before).contains { $0.id == "swarm-huddle-2026-W48" })
        // The day after: season 1 closed at the switch (its week cut short), season 2 open.
        let one = try #require(Board.parse("swarm-huddle", book: book, now: after))
        #expect(!one.isOpen(at: after) && one.openInterval?.upperBound == switchSecond && one.season == 1)
        let oneWeek = try #require(Board.parse("swarm-huddle-2026-W48", book: book, now: after))
        #expect(!oneWeek.isOpen(at: after) && oneWeek.openInterval == UTCDay.start(of: switchDay - 5) ..< switchSecond)
        let two = try #require(Board.parse("swarm-huddle-s2", book: book, now: after))
        #expect(two.isOpen(at: after) && two.openInterval == nil && two.season == 2)
        let twoWeek = try #require(Board.parse("swarm-huddle-s2-2026-W48", book: book, now: after))
        #expect(twoWeek.isOpen(at: after) && twoWeek.openInterval == switchSecond ..< UTCDay.start(of: switchDay + 2))
        #expect(!twoWeek.isOpen(at: switchSecond - 1))
        // No week of a season outside it, no season not defined, no week not begun.
        let nextWeek = Int64(switchDay + 3) * 86_400
        for missing in ["swarm-huddle-s2-2026-W47", "swarm-huddle-s3", "swarm-huddle-s3-2026-W49", "swarm-nothing-s2", "swarm-huddle-s2-2026-W50"] {
            #expect(Board.parse(missing, book: book, now: nextWeek) == nil, "\(missing)")
        }
        #expect(Board.parse("swarm-huddle-2026-W49", book: book, now: nextWeek) == nil)
        #expect(Board.parse("swarm-huddle-s2-2026-W49", book: book, now: nextWeek)?.isOpen(at: nextWeek) == true)
        // What is open and what a game lists: season 2 now, season 1's six boards closed, before contributors.
        let current = Board.current(book: book, now: after).map(\.id)
        #expect(current.contains("swarm-huddle-s2") && current.contains("swarm-huddle-s2-2026-W48") && !current.contains("swarm-huddle"))
        let listed = Board.listed(book: book, now: after)
        let closed = listed.filter { $0.season == 1 }.map(\.id)
        #expect(closed == book.swarmChallenges.map { "swarm-" + $0.id } && listed.last == .contributors)
        #expect(listed.dropLast().suffix(closed.count).map(\.id) == closed)
    }

    /// What a game lists: the open boards, then each earlier day's style and people's boards,
    /// newest first, back six days or to the first season day; contributors last.
    @Test func theListedBoardsAreTheOpenOnesThenEarlierDays() {
        let book = Fixtures.book
        let listed = Board.listed(book: book, now: now).map(\.id)
        let open = Board.current(book: book, now: now).map(\.id).filter { $0 != "contributors" }
        #expect(Array(listed.prefix(open.count)) == open && listed.last == "contributors")
        let earlier = Array(listed.dropFirst(open.count).dropLast())
        #expect(earlier.prefix(4) == ["style-2026-11-21", "style-2026-11-20", "people-2026-11-20", "style-2026-11-19"])
        #expect(earlier.filter { $0.hasPrefix("style-") }.count == LeaderboardLimits.earlierDays)
        #expect(earlier.filter { $0.hasPrefix("people-") }.count == LeaderboardLimits.earlierDays - 1)
        #expect(Set(listed).count == listed.count)
        // Near the season's start, nothing before its first day.
        let second = Int64(UTCDay.firstSeasonDay + 1) * 86_400 + 60
        let early = Board.listed(book: book, now: second).map(\.id)
        #expect(early.filter { BoardID($0).day.map { $0 < UTCDay.firstSeasonDay } ?? false }.isEmpty)
        #expect(early.contains("style-" + UTCDay.string(UTCDay.firstSeasonDay)))
    }

    @Test func cursorsRoundTripAndDamagedOnesAreRefused() throws {
        let key = RankKey(score: 912, detail: -3.25, at: 1_790_000_000_000, player: 42)
        #expect(try PageCursor.decode(PageCursor.encode(key)) == key)
        for bad in ["", "abc", String(repeating: "A", count: 43) + "=", String(repeating: "_", count: 43)] {
            #expect(throws: LeaderboardError.self) { try PageCursor.decode(bad) }
        }
    }
}
