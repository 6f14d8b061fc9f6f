// The player page's record of days: the SVG calendar as a pure function of the record (weeks as
// columns Monday to Sunday ending on the record's today, a colour per score band, month names, a
// legend, a hover title per day, today outlined, everything escaped), and the page that shows it
// with the counts and the bands.
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import PlumeCalendar
import ScoresAPI
import Testing
@testable import LeaderboardServer

@Suite struct CalendarPictureTests {
    static func day(_ text: String) -> Int { UTCDay.parse(Substring(text))! }

    static func record(today: String, days: [(String, Int64)]) -> PlayerDays {
        PlayerDays(playerID: "p1", daysPlayed: days.count, streak: 2, bestStreak: 4, lastPlayed: days.first?.0, today: today,
                   bands: Array(repeating: 0, count: ScoreBands.count),
                   days: days.map { RecordDay(day: $0.0, score: $0.1, rank: 3, entries: 41, peopleRank: nil, peopleEntries: nil) }, nextCursor: nil)
    }

    /// The picture parsed as XML: the day squares (a rect with a date title) by date, and the texts.
    struct Parsed {
        var squares: [String: [String: String]] = [:]
        var texts: [String] = []
        var legendTitles: [String] = []
    }

    static func parse(_ svg: String) throws -> Parsed {
        final class Reader: NSObject, XMLParserDelegate {
            var parsed = Parsed()
            var rect: [String: String]?
            var text = ""
            func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
                if name == "rect" { rect = attributes }
                text = ""
            }
            func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
            func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
                switch name {
                case "title" where rect != nil:
                    if text.count >= 10, UTCDay.parse(Substring(text.prefix(10))) != nil {
                        rect!["title"] = text
                        parsed.squares[String(text.prefix(10))] = rect
                    } else {
                        parsed.legendTitles.append(text)
                    }
                case "text": parsed.texts.append(text)
                case "rect": rect = nil
                default: break
                }
            }
        }
        let reader = Reader()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "the picture is well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return reader.parsed
    }

    @Test func twentySixWeeksEndOnTheRecordsTodayWithNothingAfterIt() throws {
        // 2025-06-14 is a Saturday: the last column stops there, Sunday the 15th is not drawn.
        let svg = try #require(CalendarPicture.svg(Self.record(today: "2025-06-14", days: [])))
        let parsed = try Self.parse(svg)
        #expect(parsed.squares.count == 25 * 7 + 6)
        #expect(parsed.squares["2025-06-14"] != nil && parsed.squares["2025-06-15"] == nil)
        #expect(parsed.squares["2024-12-16"] != nil && parsed.squares["2024-12-15"] == nil, "the first column is the Monday 25 weeks before")
        // Monday on top: the first column's Monday and Sunday sit at the top and bottom rows.
        let top = try #require(parsed.squares["2024-12-16"]?["y"]), bottom = try #require(parsed.squares["2024-12-22"]?["y"])
        #expect(Int(top)! == CalendarPicture.top && Int(bottom)! == CalendarPicture.top + 6 * CalendarPicture.step)
        // The weeks are columns: the next Monday is one step to the right on the same row.
        #expect(parsed.squares["2024-12-23"]?["y"] == top)
        #expect(Int(parsed.squares["2024-12-23"]!["x"]!)! - Int(parsed.squares["2024-12-16"]!["x"]!)! == CalendarPicture.step)
    }

    @Test func eachPlayedDayHasItsBandsColourAndAHoverTitle() throws {
        let record = Self.record(today: "2025-06-14", days: [("2025-06-14", 812), ("2025-06-12", 1000), ("2025-06-10", 40)])
        let parsed = try Self.parse(try #require(CalendarPicture.svg(record)))
        #expect(parsed.squares["2025-06-14"]?["fill"] == CalendarPicture.colour(band: 8))
        #expect(parsed.squares["2025-06-12"]?["fill"] == CalendarPicture.colour(band: 10))
        #expect(parsed.squares["2025-06-10"]?["fill"] == CalendarPicture.colour(band: 0))
        #expect(parsed.squares["2025-06-11"]?["fill"] == CalendarPicture.unplayed)
        #expect(parsed.squares["2025-06-14"]?["title"] == "2025-06-14 (today): 812, rank 3 of 41")
        #expect(parsed.squares["2025-06-11"]?["title"] == "2025-06-11: not played")
        // Eleven bands, eleven colours, darker for better days.
        let colours = (0..<ScoreBands.count).map(CalendarPicture.colour)
        #expect(Set(colours).count == ScoreBands.count && !colours.contains(CalendarPicture.unplayed))
    }

    @Test func onlyTodayIsOutlined() throws {
        let parsed = try Self.parse(try #require(CalendarPicture.svg(Self.record(today: "2025-06-14", days: [("2025-06-13", 500)]))))
        let outlined = parsed.squares.filter { $0.value["stroke"] != nil }.map(\.key)
        #expect(outlined == ["2025-06-14"])
        #expect(parsed.squares["2025-06-14"]?["title"] == "2025-06-14 (today): not played yet")
    }

    @Test func monthsAreNamedOverTheWeeksTheyBeginAndTheLegendNamesEveryBand() throws {
        let parsed = try Self.parse(try #require(CalendarPicture.svg(Self.record(today: "2025-06-14", days: []))))
        #expect(parsed.texts.filter { CalendarPicture.monthNames.contains($0) } == ["Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun"])
        #expect(parsed.texts.contains("Mon") && parsed.texts.contains("Wed") && parsed.texts.contains("Fri"))
        #expect(parsed.legendTitles == ["not played"] + (0..<ScoreBands.count).map(ScoreBands.label))
        #expect(parsed.texts.contains("Less") && parsed.texts.contains("More") && parsed.texts.contains("today"))
    }

    @Test func theDaysComeFromTheRecordNotTheWallClock() throws {
        let record = Self.record(today: "2001-03-05", days: [("2001-03-04", 300), ("2001-03-09", 900), ("2000-01-01", 700)])
        let parsed = try Self.parse(try #require(CalendarPicture.svg(record)))
        #expect(parsed.squares["2001-03-05"]?["stroke"] != nil && parsed.squares["2001-03-04"]?["fill"] == CalendarPicture.colour(band: 3))
        // A day after the record's today, or before the 26 weeks, is not drawn.
        #expect(parsed.squares["2001-03-09"] == nil && parsed.squares["2000-01-01"] == nil)
        #expect(!parsed.squares.keys.contains { $0.hasPrefix("20") && $0 > "2001-03-05" })
    }

    @Test func aRecordWhoseTodayIsNotADayDrawsNothingAndOddDaysAreSkipped() throws {
        #expect(CalendarPicture.svg(Self.record(today: "<script>alert(1)</script>", days: [])) == nil)
        let svg = try #require(CalendarPicture.svg(Self.record(today: "2025-06-14", days: [("<b>&\"2025-06-13", 900)])))
        #expect(!svg.contains("<b>") && !svg.contains("<script"))
        #expect(try Self.parse(svg).squares["2025-06-13"]?["fill"] == CalendarPicture.unplayed)
    }

    @Test func thePageBandsAreLongestForTheFullestBand() {
        var record = Self.record(today: "2025-06-14", days: [("2025-06-14", 812)])
        record.bands = [0, 0, 0, 0, 0, 1, 0, 0, 40, 0, 0]
        let days = PageRoutes.days(record)
        let bands = days["bands"] as! [[String: Any]]
        #expect(bands.map { $0["label"] as! String } == (0..<ScoreBands.count).reversed().map(ScoreBands.label), "1000 on top, as the game lists them")
        #expect(bands[2]["percent"] as? Int == 100 && bands[2]["count"] as? Int == 40)
        #expect(bands[5]["percent"] as? Int == 2, "a band with one day among forty still shows")
        #expect(bands[0]["percent"] as? Int == 0)
    }

    @Test func thePlayerPageShowsTheRecordOfDays() async throws {
        try await RouterTests().withServer(.sqlite) { client in
            let ada = try await client.register("Ada")
            let submitted = try await client.call(.post, "/v1/scores", json: #"{"board_id":"\#(RouterTests.today())","code":"\#(RouterTests.outfit())"}"#,
                                                  token: ada.token)
            #expect(submitted.status == .ok, "\(submitted.text)")
            let page = try await client.call(.get, "/p/\(ada.id)")
            #expect(page.status == .ok)
            let today = String(RouterTests.today().dropFirst("style-".count))
            for piece in ["<b>1</b>day played", "<b>1</b>streak", "<b>1</b>best streak", "class=\"calendar\"", "<title>\(today) (today): ",
                          "Day scores", "Last played \(today)"] {
                #expect(page.text.contains(piece), "\(piece)")
            }
            let policy = page.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("default-src 'none'") && !policy.contains("script-src"))
            // The player's own link to follow them, written out and as a QR code; a follower is counted.
            #expect(page.text.contains("<span class=\"code\">plume://player/\(ada.id)</span>") && page.text.contains("class=\"qr\""))
            #expect(!page.text.contains("followed by"))
            let bea = try await client.register("Bea")
            let followed = try await client.call(.put, "/v1/players/me/following/\(ada.id)", token: bea.token)
            #expect(followed.status == .ok && followed.json["name"] as? String == "Ada", "\(followed.text)")
            #expect(try await client.call(.get, "/p/\(ada.id)").text.contains("followed by 1"))
        }
    }
}
