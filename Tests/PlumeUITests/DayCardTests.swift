// The day's card: what it says for open and closed boards, with and without a runway, and that
// it always pastes well: at most six lines of sixty columns (wide characters counted as two),
// ASCII when asked, no control characters, and the link whole.
import ScoresAPI
import Testing
@testable import PlumeUI

@Suite struct DayCardTests {
    static let link = "plume://look/1EQECAwIBCwAkAnOD"

    /// Ada's record: played the 13th and the 14th (today, so the 14th's board is still open).
    static func record(today: String = "2025-06-14", peopleRank: Int? = 2, peopleEntries: Int? = 17, rank: Int? = 3,
                       entries: Int = 41) -> PlayerDays {
        PlayerDays(playerID: "p1", daysPlayed: 23, streak: 5, bestStreak: 9, lastPlayed: "2025-06-14", today: today,
                   bands: Array(repeating: 0, count: ScoreBands.count),
                   days: [RecordDay(day: "2025-06-14", score: 812, rank: rank, entries: entries, peopleRank: nil, peopleEntries: nil),
                          RecordDay(day: "2025-06-13", score: 1000, rank: rank, entries: entries, peopleRank: peopleRank, peopleEntries: peopleEntries)],
                   nextCursor: nil)
    }

    static func card(_ record: PlayerDays = record(), day: String = "2025-06-14", theme: String = "Beach Day", name: String? = "Ada",
                     link: String? = link, runwayFinal: Bool = false) -> DayCard {
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

    @Test func todaysCardReadsLikeTheGoldenCard() {
        let card = Self.card()
        #expect(card.lines(plain: false) == [
            "Ada's Plume · 2025-06-14 · Beach Day",
            "🟪🟪🟪🟪🟪🟪🟪🟪⬜⬜ 812/1000 · rank 3 of 41 so far",
            "🔥 5-day streak · best 9 · 23 days played",
            Self.link,
        ])
        #expect(card.lines(plain: true) == [
            "Ada's Plume - 2025-06-14 - Beach Day",
            "[########--] 812/1000 - rank 3 of 41 so far",
            "Streak: 5 days (best 9) - 23 days played",
            Self.link,
        ])
    }

    @Test func aClosedBoardsRankIsFinalAndAFinalRunwayGivesThePeoplesRank() {
        let card = Self.card(Self.record(today: "2025-06-16"), day: "2025-06-13", runwayFinal: true)
        #expect(card.lines(plain: false) == [
            "Ada's Plume · 2025-06-13 · Beach Day",
            "🟪🟪🟪🟪🟪🟪🟪🟪🟪🟪 1000/1000 · rank 3 of 41",
            "💃 people's choice #2 of 17",
            "🔥 5-day streak · best 9 · 23 days played",
            Self.link,
        ])
        #expect(card.lines(plain: true)[2] == "Runway: people's choice #2 of 17")
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
        #expect(DayCard.make(record: Self.record(), day: "2025-06-12", theme: "Beach Day", name: nil, link: nil, runwayFinal: true) == nil)
        #expect(DayCard.make(record: Self.record(), day: "not a day", theme: "Beach Day", name: nil, link: nil, runwayFinal: true) == nil)
    }

    @Test func theLinkIsTheLastLineOnlyWhenGiven() {
        let without = Self.card(link: nil)
        for plain in [true, false] {
            #expect(!without.text(plain: plain).contains("plume://"))
            #expect(Self.card().lines(plain: plain).last == Self.link)
        }
        #expect(without.lines(plain: true).count == 3)
    }

    @Test func aLinkLongerThanALineIsKeptWholeOnItsOwnLine() {
        // A look wearing sixteen garments with two-byte ids: the longest code the format allows.
        let long = "plume://look/1" + String(repeating: "EQECAwIBCwAkAnOD", count: 6)
        #expect(long.count > DayCard.Limits.columns)
        let card = Self.card(link: long)
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
        #expect(Self.card(link: "https://plume.example/l/1é").lines(plain: true).last == "https://plume.example/l/1%C3%A9")
    }

    @Test func controlCharactersInTheNameAndThemeAreStripped() {
        let card = Self.card(theme: "Beach\u{7}\u{1B}[2J Day\u{202E}", name: "A\u{0}da\n\u{9B}31m\u{200F}", link: "plume://look/1EQ\u{1B}ECAw\r\n")
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
