// The leaderboard's vocabularies on the wire: each known value keeps its spelling both ways, and
// a value a newer server sends decodes to `.unknown` — an old game never fails on a new word.
import Foundation
import PlumeCalendar
import ScoresAPI
import Testing

@Suite struct WireVocabularyTests {
    func roundTrips<V: WireVocabulary>(_ type: V.Type) throws {
        #expect(Set(V.known.map(\.rawValue)).count == V.known.count, "each known value is spelled once")
        for value in V.known {
            let data = try JSONEncoder().encode([value])
            #expect(String(decoding: data, as: UTF8.self) == "[\"\(value.rawValue)\"]")
            #expect(try JSONDecoder().decode([V].self, from: data) == [value])
            #expect(V(rawValue: value.rawValue) == value)
        }
        let newer = try JSONDecoder().decode([V].self, from: Data(#"["from_a_newer_server"]"#.utf8))
        #expect(newer == [.unknown("from_a_newer_server")] && newer[0].rawValue == "from_a_newer_server")
    }

    @Test func everyKnownValueKeepsItsSpellingAndNewOnesDecodeAsUnknown() throws {
        try roundTrips(ErrorCode.self)
        try roundTrips(BoardKind.self)
        try roundTrips(BoardPeriod.self)
        #expect(ErrorCode.noRecord.rawValue == "no_record" && BoardPeriod.allTime.rawValue == "all-time")
    }

    @Test func aBoardOfANewKindAndARefusalWithANewCodeStillDecode() throws {
        let board = try JSONDecoder().decode(BoardInfo.self, from: Data("""
            {"id":"people-2026-11-24","kind":"people","period":"fortnight","title":"People's choice","brief":"","open":true,"records":3}
            """.utf8))
        #expect(board.kind == .unknown("people") && board.period == .unknown("fortnight") && board.records == 3)
        let refusal = try JSONDecoder().decode(ErrorReply.self, from: Data(#"{"error":{"code":"runway_closed","message":"closed"}}"#.utf8))
        #expect(refusal.error.code == .unknown("runway_closed") && refusal.error.message == "closed")
    }

    /// A board id reads as its shape only when spelled as the server spells it, and writes back
    /// the text it was read from; anything else is an unknown board, kept as it came.
    @Test func boardIdsReadTheirShapeAndWriteBackTheSameText() {
        let shapes: [(String, BoardKind?, BoardPeriod?, Int?)] = [
            ("style-2026-11-22", .style, .day, 20_779), ("people-2026-11-21", .people, .day, 20_778),
            ("swarm-huddle", .swarm, .allTime, nil), ("swarm-huddle-2026-W47", .swarm, .week, nil),
            ("contributors", .contributors, .allTime, nil),
        ]
        for (text, kind, period, day) in shapes {
            let id = BoardID(text)
            #expect(id.text == text && id.kind == kind && id.period == period && id.day == day, "\(text)")
            if case .unknown = id { Issue.record("\(text) read as unknown") }
        }
        #expect(BoardID("swarm-huddle-2026-W47") == .swarm(challenge: "huddle", week: ISOWeek("2026-W47")))
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
