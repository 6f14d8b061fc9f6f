// The leaderboard's vocabularies on the wire: each known value keeps its spelling both ways, and
// a value a newer server sends decodes to `.unknown` — an old game never fails on a new word.
import Foundation
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
