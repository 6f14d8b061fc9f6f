// The leaderboard's vocabularies on the wire: each word keeps its spelling both ways, and a word
// a newer server sends is kept as it came — an old game never fails on a new word.
import Foundation
import PlumeCalendar
import ScoresAPI
import Testing

@Suite struct WireVocabularyTests {
    func roundTrips<V: WireVocabulary>(_ type: V.Type) throws {
        #expect(!V.allCases.isEmpty)
        for word in V.allCases {
            let data = try JSONEncoder().encode([word])
            #expect(String(decoding: data, as: UTF8.self) == "[\"\(word.rawValue)\"]")
            #expect(try JSONDecoder().decode([V].self, from: data) == [word])
            let spelled = try JSONDecoder().decode([Spelled<V>].self, from: data)
            let again = try JSONEncoder().encode(spelled)
            #expect(spelled == [Spelled(word)] && spelled[0].word == word && again == data)
        }
        let newer = try JSONDecoder().decode([Spelled<V>].self, from: Data(#"["from_a_newer_server"]"#.utf8))
        let written = String(decoding: try JSONEncoder().encode(newer), as: UTF8.self)
        #expect(newer[0].word == nil && newer[0].rawValue == "from_a_newer_server" && written == #"["from_a_newer_server"]"#)
    }

    @Test func everyWordKeepsItsSpellingAndNewOnesAreKeptAsTheyCame() throws {
        try roundTrips(ErrorCode.self)
        try roundTrips(BoardKind.self)
        try roundTrips(BoardPeriod.self)
        try roundTrips(NewsKind.self)
        try roundTrips(RunwayChoice.self)
        try roundTrips(RunwayShow.self)
        try roundTrips(HistogramOf.self)
        try roundTrips(LeagueTier.self)
        #expect(ErrorCode.noRecord.rawValue == "no_record" && BoardPeriod.allTime.rawValue == "all-time")
        #expect(NewsKind.dayClosed.rawValue == "day_closed" && ErrorCode.cantFollowYourself.rawValue == "cant_follow_yourself")
    }

    @Test func aBoardOfANewKindAndARefusalWithANewCodeStillDecode() throws {
        let board = try JSONDecoder().decode(BoardInfo.self, from: Data("""
            {"id":"duet-2026-11-24","kind":"duet","period":"fortnight","title":"Duets","brief":"","open":true,"records":3}
            """.utf8))
        #expect(board.kind.word == nil && board.kind.rawValue == "duet" && board.period.rawValue == "fortnight" && board.records == 3)
        let people = try JSONDecoder().decode(BoardInfo.self, from: Data("""
            {"id":"people-2026-11-24","kind":"people","period":"day","title":"People's choice","brief":"","open":true,"records":3}
            """.utf8))
        #expect(people.kind.word == .people && people.period.word == .day)
        let refusal = try JSONDecoder().decode(ErrorReply.self, from: Data(#"{"error":{"code":"runway_closed","message":"closed"}}"#.utf8))
        #expect(refusal.error.code.word == .runwayClosed && refusal.error.message == "closed")
        let newer = try JSONDecoder().decode(ErrorReply.self, from: Data(#"{"error":{"code":"too_shiny","message":"too shiny"}}"#.utf8))
        #expect(newer.error.code.word == nil && newer.error.code.rawValue == "too_shiny")
        let news = try JSONDecoder().decode(NewsItem.self, from: Data(#"{"id":7,"at":"","kind":"festival","day":"2026-11-24","text":"A festival."}"#.utf8))
        #expect(news.kind.word == nil && news.kind.rawValue == "festival" && news.text == "A festival.")
    }

    /// The committed OpenAPI document (written from the calls' declarations by `make openapi`)
    /// lists the same words in the same order.
    @Test func theOpenAPIDocumentListsEveryWord() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/LeaderboardServer/openapi.json").standardized
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        func field(_ path: [String]) -> [String: Any]? { path.reduce(document as [String: Any]?) { $0?[$1] as? [String: Any] } }
        func listed(_ path: [String]) -> [String]? { field(path)?["enum"] as? [String] }
        let schemas = ["components", "schemas"]
        #expect(listed(schemas + ["BoardInfo", "properties", "kind"]) == BoardKind.allCases.map(\.rawValue))
        #expect(listed(schemas + ["BoardInfo", "properties", "period"]) == BoardPeriod.allCases.map(\.rawValue))
        #expect(listed(schemas + ["RunwayVoteRecorded", "properties", "choice"]) == RunwayChoice.allCases.map(\.rawValue))
        #expect(listed(schemas + ["RunwayVoteRequest", "properties", "choice"]) == RunwayChoice.allCases.map(\.rawValue))
        let vote = ["paths", "/v1/runway/votes", "post", "requestBody", "content", "application/json", "schema"]
        #expect(field(vote)?["$ref"] as? String == "#/components/schemas/RunwayVoteRequest")
        // News kinds are named in a description: a client shows the text of any kind.
        let kinds = NewsKind.allCases.map(\.rawValue)
        let news = field(schemas + ["NewsItem", "properties", "kind"])?["description"] as? String ?? ""
        #expect(news.hasPrefix(kinds.dropLast().joined(separator: ", ") + " or " + kinds[kinds.count - 1] + " "), "\(news)")
    }

    /// A board id reads as its shape only when spelled as the server spells it, and writes back
    /// the text it was read from; anything else is an unknown board, kept as it came.
    @Test func boardIdsReadTheirShapeAndWriteBackTheSameText() {
        let shapes: [(String, BoardKind?, BoardPeriod?, Int?)] = [
            ("style-2026-11-22", .style, .day, 20_779), ("people-2026-11-21", .people, .day, 20_778),
            ("swarm-huddle", .swarm, .allTime, nil), ("swarm-huddle-2026-W47", .swarm, .week, nil),
            ("swarm-huddle-s2", .swarm, .allTime, nil), ("swarm-huddle-s2-2026-W49", .swarm, .week, nil), ("swarm-a-b-s13", .swarm, .allTime, nil),
            ("contributors", .contributors, .allTime, nil),
        ]
        for (text, kind, period, day) in shapes {
            let id = BoardID(text)
            #expect(id.text == text && id.kind == kind && id.period == period && id.day == day, "\(text)")
            if case .unknown = id { Issue.record("\(text) read as unknown") }
        }
        #expect(BoardID("swarm-huddle-2026-W47") == .swarm(challenge: "huddle", week: ISOWeek("2026-W47")))
        // Seasons from 2 on are spelled in the id; season 1 kept the ids it had.
        #expect(BoardID("swarm-huddle-s2-2026-W49") == .swarm(challenge: "huddle", week: ISOWeek("2026-W49"), season: 2))
        #expect(BoardID.swarm(challenge: "huddle", week: nil, season: 2).text == "swarm-huddle-s2")
        #expect(BoardID.swarm(challenge: "huddle", week: nil, season: 1).text == "swarm-huddle")
        if case .swarm("a-b", nil, 13) = BoardID("swarm-a-b-s13") {} else { Issue.record("swarm-a-b-s13 is not season 13 of a-b") }
        for odd in ["swarm-huddle-s02", "swarm-huddle-s+2", "swarm-huddle-s2-2026-W07x", "swarm--s2"] {
            #expect(BoardID(odd).text == odd)
            if case .swarm(_, _, 2) = BoardID(odd) { Issue.record("\(odd) read as a season-2 board") }
        }
        let listed = BoardInfo(id: "people-2026-11-21", kind: .people, period: .day, title: "People's choice: Beach Day — 2026-11-21",
                               brief: "", open: false, records: 3)
        #expect(listed.day == 20_778 && listed.boardID == .people(day: 20_778))
        #expect(BoardID.style(day: 20_779).text == "style-2026-11-22" && BoardID("style-2026-11-22") == .style(day: 20_779))
        for odd in ["", "style-", "style-2026-1-01", "style-2026-11-22\0", "swarm-", "people-2026-13-01", "duet-2026-11-24", String(repeating: "a", count: 10_000)] {
            let id = BoardID(odd)
            #expect(id == .unknown(odd) && id.text == odd && id.kind == nil && id.period == nil, "\(odd.prefix(40))")
        }
        // A week suffix that names no week leaves the whole rest as the challenge's id.
        #expect(BoardID("swarm-huddle-2026-W4x") != .swarm(challenge: "huddle", week: nil))
        #expect(BoardID("swarm-a-2026-W99").kind == .swarm && BoardID("swarm-a-2026-W99").period == .allTime)
    }

    @Test func aProfileUpdateTellsAbsentFromNull() throws {
        let encoded = String(decoding: try JSONEncoder().encode(ProfileUpdate(email: .some(nil))), as: UTF8.self)
        #expect(encoded == #"{"email":null}"#)
        let cleared = try JSONDecoder().decode(ProfileUpdate.self, from: Data(#"{"email":null,"name":"Ada"}"#.utf8))
        #expect(cleared.email == .some(nil) && cleared.avatarLook == nil && cleared.name == "Ada")
        let untouched = try JSONDecoder().decode(ProfileUpdate.self, from: Data(#"{"updates_opt_in":true}"#.utf8))
        #expect(untouched.email == nil && untouched.updatesOptIn == true)
        let set = try JSONDecoder().decode(ProfileUpdate.self, from: Data(#"{"avatar_look":"CODE"}"#.utf8))
        #expect(set.avatarLook == .some("CODE"))
    }
}
