// Runway tickets: what a voter can do with one, and everything they cannot.
import Crypto
import Foundation
import GameState
import Leaderboard
import PlumeCalendar
import Testing

@Suite struct RunwayTicketTests {
    let key = RunwayTicket.newKey()
    let day = UTCDay.days(year: 2026, month: 11, day: 24)
    let voter = "AAAAAAAAAAAAAAAAAAAAAA"
    var noon: Int64 { (UTCDay.start(of: day) + 43_200) * 1000 }

    var ticket: RunwayTicket { RunwayTicket(day: day, show: .look, voter: voter, left: 41, right: 7, serial: 3) }

    @Test func aTicketOpensForItsVoterOnItsDayAndTheNext() throws {
        let text = ticket.sealed(with: key)
        #expect(text.hasPrefix("rt1.") && text.utf8.count <= RunwayTicket.maxLength)
        #expect(try RunwayTicket.open(text, key: key, voter: voter, now: noon) == ticket)
        #expect(try RunwayTicket.open(text, key: key, voter: voter, now: noon + 86_400_000) == ticket)
        // Sealed twice, the same pair reads differently: nothing in it can be matched by eye.
        #expect(ticket.sealed(with: key) != text)
    }

    @Test func theTicketShowsNothingOfWhatItHolds() throws {
        let text = ticket.sealed(with: key)
        #expect(!text.contains(voter))
        let bytes = Data(text.utf8)
        #expect(bytes.range(of: Data(voter.utf8)) == nil)
    }

    @Test func everyOtherUseIsRefusedInWords() throws {
        let text = ticket.sealed(with: key)
        func problem(_ text: String, voter: String? = nil, now: Int64? = nil, key: SymmetricKey? = nil) -> RunwayTicket.Problem? {
            do {
                _ = try RunwayTicket.open(text, key: key ?? self.key, voter: voter ?? self.voter, now: now ?? noon)
                return nil
            } catch {
                return error
            }
        }
        #expect(problem(text, voter: "BBBBBBBBBBBBBBBBBBBBBB") == .anotherVoter)
        #expect(problem(text, now: noon + 2 * 86_400_000) == .votingClosed(day: day))
        #expect(problem(text, now: noon - 86_400_000) == .votingClosed(day: day))
        #expect(problem(text, key: RunwayTicket.newKey()) == .notDealtHere)
        // Any one character changed: the seal no longer opens.
        var chars = Array(text)
        for index in stride(from: 4, to: chars.count, by: 7) {
            let original = chars[index]
            chars[index] = original == "A" ? "B" : "A"
            let outcome = problem(String(chars))
            #expect(outcome == .notDealtHere || outcome == .malformed, "at \(index): \(String(describing: outcome))")
            chars[index] = original
        }
        for junk in ["", "rt1.", "rt1.!!!!", "rt2." + text.dropFirst(4), String(text.dropLast(3)), "rt1." + String(repeating: "A", count: 500), "plm_abc"] {
            #expect(problem(junk) != nil, "\(junk.prefix(20))")
        }
        #expect(RunwayTicket.Problem.votingClosed(day: day).description == "voting on the runway of 2026-11-24 has closed")
    }

    /// A ticket carries its show: a swarm pair's ticket opens as the swarm show's, and no byte of
    /// it can be changed to make it another show's. One dealt before there were two shows
    /// (version 1, no show byte) opens as a look's while its day's voting lasts.
    @Test func aTicketCarriesItsShowAndAnOlderOneIsALooks() throws {
        var swarm = ticket
        swarm.show = .swarm
        let text = swarm.sealed(with: key)
        #expect(text.utf8.count <= RunwayTicket.maxLength)
        #expect(try RunwayTicket.open(text, key: key, voter: voter, now: noon) == swarm)
        #expect(try RunwayTicket.open(ticket.sealed(with: key), key: key, voter: voter, now: noon).show == .look)
        // A version-1 payload, sealed as the server before the swarm show did.
        func bytes(_ value: Int64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        let old: [UInt8] = [1] + bytes(Int64(day)) + bytes(41) + bytes(7) + bytes(3) + Array(voter.utf8)
        let sealedOld = "rt1." + Base64URL.encode(Array(try ChaChaPoly.seal(old, using: key).combined))
        #expect(try RunwayTicket.open(sealedOld, key: key, voter: voter, now: noon) == ticket)
        // An unknown show's byte or version, sealed with the right key, is not this server's ticket.
        for payload: [UInt8] in [[2, 9] + Array(old.dropFirst()), [3, 0] + Array(old.dropFirst())] {
            let sealed = "rt1." + Base64URL.encode(Array(try ChaChaPoly.seal(payload, using: key).combined))
            #expect(throws: RunwayTicket.Problem.notDealtHere) { try RunwayTicket.open(sealed, key: key, voter: voter, now: noon) }
        }
    }
}
