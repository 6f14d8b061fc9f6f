// The day's card: what it says for open and closed boards, with and without a runway, the look's
// link only once the day's board has closed, the streak as it stood at the end of the card's day,
// and that it always pastes well: at most six lines of sixty columns (wide characters counted as
// two), ASCII when asked, no control characters, and the link whole.
import PlumeCalendar
import ScoresAPI
import Testing
@testable import PlumeUI

@Suite struct DayCardTests {
    static let link = "plume://look/1EQECAwIBCwAkAnOD"
    static let toCome = "🔗 the look's link joins the card once the day closes"
    static let toComePlain = "Look: its link joins the card once the day closes"

    /// `count` days one after another, the last on `day`, newest first.
    static func run(ending day: String, _ count: Int) -> [String] {
        let last = UTCDay.parse(Substring(day))!
        return (0..<count).map { UTCDay.string(last - $0) }
    }

    /// Ada's record of 23 days: 10–14 June (her streak of 5, the 14th today by default, so its
    /// board is still open), 30 May–7 June (her best, 9) and 1–9 May. Her streak is the server's:
    /// 0 once a whole day has gone by since the 14th.
    static func record(today: String = "2025-06-14", peopleRank: Int? = 2, peopleEntries: Int? = 17, rank: Int? = 3,
                       entries: Int = 41) -> PlayerDays {
        let older = run(ending: "2025-06-12", 3) + run(ending: "2025-06-07", 9) + run(ending: "2025-05-09", 9)
        return PlayerDays(playerID: "p1", daysPlayed: 23, streak: today <= "2025-06-15" ? 5 : 0, bestStreak: 9, lastPlayed: "2025-06-14",
                          today: today, bands: Array(repeating: 0, count: ScoreBands.count),
                          days: [RecordDay(day: "2025-06-14", score: 812, rank: rank, entries: entries, peopleRank: nil, peopleEntries: nil),
                                 RecordDay(day: "2025-06-13", score: 1000, rank: rank, entries: entries, peopleRank: peopleRank,
                                           peopleEntries: peopleEntries)]
                              + older.map { RecordDay(day: $0, score: 500, rank: 10, entries: 30, peopleRank: nil, peopleEntries: nil) },
                          nextCursor: nil)
    }

    /// The record the day after the 14th: the 14th's board has closed.
    static let closed = record(today: "2025-06-15")

    static func card(_ record: PlayerDays = record(), day: String = "2025-06-14", theme: String = "Beach Day", name: String? = "Ada",
                     link: DayCard.Link = .known(DayCardTests.link), runwayFinal: Bool = false) -> DayCard {
        DayCard.make(record: record, day: day, theme: theme, name: name, link: link, runwayFinal: runwayFinal)!
    }

    /// Every line but a link within the width; six lines at most.
    static func expectFits(_ card: DayCard, sourceLocation: SourceLocation = #_sourceLocation) {
        for plain in [true, false] {
            let lines = card.lines(plain: plain)
            #expect(lines.count <= DayCard.Limits.lines, "\(lines)", sourceLocation: sourceLocation)
            for line in lines where line != card.link {
                #expect(DisplayWidth.columns(line) <= DayCard.Limits.columns, "\(DisplayWidth.columns(line)): \(line)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func todaysCardReadsLikeTheGoldenCardAndHoldsBackTheLink() {
        let card = Self.card()
        #expect(card.lines(plain: false) == [
            "Ada's Plume · 2025-06-14 · Beach Day",
            "🟪🟪🟪🟪🟪🟪🟪🟪⬜⬜ 812/1000 · rank 3 of 41 so far",
            "🔥 5-day streak · best 9 · 23 days played",
            Self.toCome,
        ])
        #expect(card.lines(plain: true) == [
            "Ada's Plume - 2025-06-14 - Beach Day",
            "[########--] 812/1000 - rank 3 of 41 so far",
            "Streak: 5 days (best 9) - 23 days played",
            Self.toComePlain,
        ])
        #expect(card.link == nil && card.linkToCome)
    }

    @Test func aClosedBoardsRankIsFinalAndAFinalRunwayGivesThePeoplesRank() {
        let card = Self.card(Self.record(today: "2025-06-16"), day: "2025-06-13", runwayFinal: true)
        #expect(card.lines(plain: false) == [
            "Ada's Plume · 2025-06-13 · Beach Day",
            "🟪🟪🟪🟪🟪🟪🟪🟪🟪🟪 1000/1000 · rank 3 of 41",
            "💃 people's choice #2 of 17",
            "🔥 4-day streak · best 9 · 22 days played",
            Self.link,
        ])
        #expect(card.lines(plain: true)[2] == "Runway: people's choice #2 of 17")
    }

    @Test func whileTheDaysBoardIsOpenNoLinkIsOnTheCardOnlyWordsThatItComes() {
        // Known or not read, the link of a look on an open board stays off the card.
        for link: DayCard.Link in [.known(Self.link), .toCome] {
            let card = Self.card(link: link)
            #expect(card.boardOpen && card.link == nil && card.linkToCome)
            for plain in [true, false] {
                let text = card.text(plain: plain)
                #expect(!text.contains("plume://") && !text.contains("1EQECAwIBCwAkAnOD"), "\(text)")
                #expect(card.lines(plain: plain).last == (plain ? Self.toComePlain : Self.toCome))
            }
            Self.expectFits(card)
        }
        // Another player's card names no link to come: theirs waits for the runway, not the day.
        let theirs = Self.card(link: .absent)
        #expect(!theirs.linkToCome && theirs.lines(plain: true).count == 3)
        // The next day (the server's), the same day's board has closed: the link is the last line.
        let tomorrow = Self.card(Self.closed, link: .known(Self.link))
        #expect(!tomorrow.boardOpen && !tomorrow.linkToCome && tomorrow.link == Self.link)
        for plain in [true, false] {
            #expect(tomorrow.lines(plain: plain).last == Self.link)
            #expect(!tomorrow.text(plain: plain).contains("joins the card"))
        }
        // A link not read is not made up once the day has closed.
        #expect(Self.card(Self.closed, link: .toCome).lines(plain: true).count == 3)
    }

    @Test func aPastDaysCardTellsTheStreakAsItStoodThatDayNotToday() {
        let record = Self.record(today: "2025-06-16")
        // 13 June: 10–13 June in a row; the best (9) came before; 22 of the 23 days by then.
        #expect(Self.card(record, day: "2025-06-13").lines(plain: true)[3] == "Streak: 4 days (best 9) - 22 days played")
        // 3 June, in the middle of the best run: 30 May–3 June, with 1–9 May the best so far.
        let june3 = Self.card(record, day: "2025-06-03")
        #expect((june3.streak, june3.bestStreak, june3.daysPlayed) == (5, 9, 14))
        #expect(june3.lines(plain: false)[2] == "🔥 5-day streak · best 9 · 14 days played")
        // 5 May: the fifth day ever played, so the best is the streak itself.
        let may5 = Self.card(record, day: "2025-05-05")
        #expect((may5.streak, may5.bestStreak, may5.daysPlayed) == (5, 5, 5))
        #expect(may5.lines(plain: true)[2] == "Streak: 5 days - 5 days played")
        // The last day played, two days on: the server's streak has ended, the card's day's hasn't.
        #expect(record.streak == 0)
        #expect(Self.card(record, day: "2025-06-14").lines(plain: true)[2] == "Streak: 5 days (best 9) - 23 days played")
    }

    @Test func aStreakReadAPageAtATimeIsCountedOnceItsStartIsRead() {
        let whole = Self.record(today: "2025-06-16")
        // The record a page of six days at a time: 14–10 June and 7 June, then the rest.
        var first = whole
        first.days = Array(whole.days.prefix(6))
        first.nextCursor = first.days.last?.day
        var second = whole
        second.days = Array(whole.days.dropFirst(6))
        // The newest day's run ends inside the first page: settled with it.
        #expect(DayStanding.isSettled("2025-06-14", in: first))
        #expect(DayStanding.of("2025-06-14", in: first) == DayStanding.of("2025-06-14", in: whole))
        // An older day needs every day before it, for its best run.
        #expect(!DayStanding.isSettled("2025-06-06", in: first) && !DayStanding.isSettled("2025-06-13", in: first))
        let joined = first.followed(by: second)
        #expect(joined.days == whole.days && joined.nextCursor == nil && joined.daysPlayed == whole.daysPlayed)
        #expect(DayStanding.isSettled("2025-06-06", in: joined))
        #expect(DayStanding.of("2025-06-06", in: joined) == DayStanding(streak: 8, bestStreak: 9, daysPlayed: 17))
        // A streak longer than the page read: the server's own count stands while it runs on.
        var long = whole
        long.today = "2025-06-14"
        long.streak = 400
        long.bestStreak = 400
        long.days = Array(whole.days.prefix(3))
        long.nextCursor = "2025-06-12"
        #expect(DayStanding.isSettled("2025-06-14", in: long))
        #expect(Self.card(long).streak == 400)
    }

    @Test func whileTheRunwayTakesVotesTheCardSaysOnlyThatTheLookIsOnIt() {
        let card = Self.card(Self.record(today: "2025-06-14"), day: "2025-06-13", runwayFinal: false)
        #expect(card.runway == .voting)
        let text = card.text(plain: false)
        #expect(text.contains("on the runway, votes still open") && !text.contains("people's choice") && !text.contains("#2"))
        #expect(!text.contains("so far"), "yesterday's style board has closed")
    }

    @Test func aDayOffTheRunwayHasNoRunwayLine() {
        let card = Self.card(Self.record(peopleRank: nil, peopleEntries: nil), day: "2025-06-13", runwayFinal: true)
        #expect(card.runway == nil)
        #expect(card.lines(plain: true).count == 4)
        #expect(!card.text(plain: true).contains("Runway") && !card.text(plain: false).contains("💃"))
    }

    @Test func aFinalRunwayWithoutItsSizeStillGivesTheRank() {
        let card = Self.card(Self.record(peopleEntries: nil), day: "2025-06-13", runwayFinal: true)
        #expect(card.lines(plain: true).contains("Runway: people's choice #2"))
    }

    @Test func aDayNotInTheRecordHasNoCard() {
        #expect(DayCard.make(record: Self.record(), day: "2025-06-09", theme: "Beach Day", name: nil, link: .absent, runwayFinal: true) == nil)
        #expect(DayCard.make(record: Self.record(), day: "not a day", theme: "Beach Day", name: nil, link: .absent, runwayFinal: true) == nil)
    }

    @Test func theLinkIsTheLastLineOnlyWhenGiven() {
        let without = Self.card(Self.closed, link: .absent)
        for plain in [true, false] {
            #expect(!without.text(plain: plain).contains("plume://"))
            #expect(Self.card(Self.closed).lines(plain: plain).last == Self.link)
        }
        #expect(without.lines(plain: true).count == 3)
    }

    @Test func aLinkLongerThanALineIsKeptWholeOnItsOwnLine() {
        // A look wearing sixteen garments with two-byte ids: the longest code the format allows.
        let long = "plume://look/1" + String(repeating: "EQECAwIBCwAkAnOD", count: 6)
        #expect(long.count > DayCard.Limits.columns)
        let card = Self.card(Self.closed, link: .known(long))
        for plain in [true, false] {
            let lines = card.lines(plain: plain)
            #expect(lines.last == long && lines.filter { $0.contains("plume://") }.count == 1)
        }
        Self.expectFits(card)
    }

    @Test func thePlainCardIsASCIIEvenForANameAndThemeInOtherScripts() {
        let card = Self.card(theme: "Café Noir ☕", name: "Zoë 李小龙 🦚")
        for line in card.lines(plain: true) {
            #expect(line.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F }, "\(line)")
        }
        #expect(card.lines(plain: true)[0] == "Zoe li xiao long's Plume - 2025-06-14 - Cafe Noir")
        // A name with nothing to spell in ASCII is left out rather than shown as "???".
        #expect(Self.card(name: "🦚🦚").lines(plain: true)[0] == "Plume - 2025-06-14 - Beach Day")
        // A link with something outside ASCII is escaped, never dropped or cut.
        #expect(Self.card(Self.closed, link: .known("https://plume.example/l/1é")).lines(plain: true).last == "https://plume.example/l/1%C3%A9")
    }

    @Test func controlCharactersInTheNameAndThemeAreStripped() {
        let card = Self.card(Self.closed, theme: "Beach\u{7}\u{1B}[2J Day\u{202E}", name: "A\u{0}da\n\u{9B}31m\u{200F}",
                             link: .known("plume://look/1EQ\u{1B}ECAw\r\n"))
        for plain in [true, false] {
            for line in card.lines(plain: plain) {
                #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .format },
                        "\(line.unicodeScalars.map { String($0.value, radix: 16) })")
            }
        }
        #expect(card.lines(plain: true)[0] == "Ada31m's Plume - 2025-06-14 - Beach[2J Day")
        #expect(card.link == "plume://look/1EQECAw")
    }

    @Test func wideNamesThemesAndHugeBoardsStillFitSixtyColumns() {
        let names: [String?] = [nil, "Ada", String(repeating: "李", count: 24), String(repeating: "🦚", count: 24), String(repeating: "W", count: 24),
                                "❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}❤\u{FE0F}"]
        let themes = ["Beach Day", String(repeating: "Long theme ", count: 6), String(repeating: "夏", count: 41)]
        for name in names {
            for theme in themes {
                for (rank, entries) in [(1, 1), (1_234_567, 9_876_543), (999_999_999, 999_999_999)] {
                    for final in [true, false] {
                        let record = Self.record(today: final ? "2025-06-20" : "2025-06-14", peopleEntries: 9_999_999, rank: rank, entries: entries)
                        Self.expectFits(Self.card(record, day: "2025-06-13", theme: theme, name: name, runwayFinal: final))
                        Self.expectFits(Self.card(record, theme: theme, name: name, runwayFinal: final))
                    }
                }
            }
        }
        // A cut never halves a wide character: 20 columns of a wide name is ten characters, with the ellipsis in the last two.
        let title = Self.card(name: String(repeating: "李", count: 24)).lines(plain: false)[0]
        #expect(title.hasPrefix(String(repeating: "李", count: 9) + "…'s Plume"))
    }

    @Test func widthsCountWideCharactersAndEmojiAsTwoAndMarksAsNone() {
        #expect(DisplayWidth.columns("Plume") == 5)
        #expect(DisplayWidth.columns("🟪⬜🔥💃") == 8)
        #expect(DisplayWidth.columns("李小龙") == 6 && DisplayWidth.columns("ＡＢ") == 4 && DisplayWidth.columns("한국") == 4)
        #expect(DisplayWidth.columns("e\u{301}") == 1 && DisplayWidth.columns("é·…") == 3)
        #expect(DisplayWidth.columns("❤") == 1 && DisplayWidth.columns("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.columns("a\u{200B}b\u{1B}") == 2)
        #expect(DisplayWidth.elide("李小龙李小龙", to: 7) == "李小龙…" && DisplayWidth.elide("李小龙李小龙", to: 6) == "李小…")
    }
}
