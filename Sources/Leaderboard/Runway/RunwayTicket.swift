// A dealt runway pair as the voter carries it: opaque (sealed with ChaCha20-Poly1305, so it shows
// neither the entries nor their owners), signed by the same seal (a changed byte fails to open),
// and bound to one voter, one day and one show (looks or swarms: a ticket answers only a deal of
// its own show). Single use is the store's part: it records the serial of the voter's open deal
// in that show and accepts each serial once. Version 2 carries the show; a version-1 ticket (dealt
// before there were two shows) opens as a look's.
import Crypto
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI

public struct RunwayTicket: Equatable, Sendable {
    /// The runway's day (days since 1970-01-01, UTC).
    public var day: Int
    /// Which show dealt the pair.
    public var show: RunwayShow
    /// The voter's public player id.
    public var voter: String
    /// The two entries dealt, as shown (left, right).
    public var left: Int64
    public var right: Int64
    /// The voter's deal number that day in that show.
    public var serial: Int64

    public init(day: Int, show: RunwayShow, voter: String, left: Int64, right: Int64, serial: Int64) {
        (self.day, self.show, self.voter, self.left, self.right, self.serial) = (day, show, voter, left, right, serial)
    }

    /// Why a ticket is refused, in words a player can act on.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case malformed, notDealtHere, anotherVoter, votingClosed(day: Int)

        public var description: String {
            switch self {
            case .malformed: "that is not a runway ticket — ask for a new pair"
            case .notDealtHere: "that ticket was not dealt by this server — ask for a new pair"
            case .anotherVoter: "that ticket was dealt to another player — ask for a pair of your own"
            case .votingClosed(let day): "voting on the runway of \(UTCDay.string(day)) has closed"
            }
        }
    }

    static let version: UInt8 = 2
    /// The show's byte in a version-2 payload, in `RunwayShow`'s order.
    static let showBytes: [RunwayShow] = [.look, .swarm]
    static let prefix = "rt1."
    /// Tickets are short; anything longer is refused before any work (the API says so too).
    public static let maxLength = WireLimits.maxTicketBytes

    /// The ticket as text: "rt1." and the sealed payload in base64url.
    public func sealed(with key: SymmetricKey) -> String {
        var payload: [UInt8] = [Self.version, UInt8(Self.showBytes.firstIndex(of: show)!)]
        payload += Self.bytes(Int64(day)) + Self.bytes(left) + Self.bytes(right) + Self.bytes(serial)
        payload += Array(voter.utf8.prefix(64))
        // Sealing only fails for a key of the wrong size, which `RunwayTicket.newKey` never makes.
        let box = try! ChaChaPoly.seal(payload, using: key)
        return Self.prefix + Base64URL.encode(Array(box.combined))
    }

    /// Opens a ticket presented by `voter` at `now` (milliseconds): it must have been sealed with
    /// `key`, for this voter, and its day's voting must still be open (the day and the next).
    public static func open(_ text: String, key: SymmetricKey, voter: String, now: Int64) throws(Problem) -> RunwayTicket {
        guard text.utf8.count <= maxLength, text.hasPrefix(prefix) else { throw .malformed }
        let encoded = text.utf8.dropFirst(prefix.utf8.count)
        guard let combined = try? Base64URL.decode(encoded), combined.count >= 12 + 16 + 33 else { throw .malformed }
        let payload: [UInt8]
        do {
            payload = Array(try ChaChaPoly.open(ChaChaPoly.SealedBox(combined: combined), using: key))
        } catch {
            throw .notDealtHere
        }
        // Version 1: [1, day, left, right, serial, voter]; version 2 puts the show's byte after the version.
        guard let version = payload.first, version == 1 || version == Self.version else { throw .notDealtHere }
        let start = version == 1 ? 1 : 2
        guard payload.count > start + 32, let owner = String(bytes: payload[(start + 32)...], encoding: .utf8) else { throw .notDealtHere }
        let show: RunwayShow
        if version == 1 {
            show = .look
        } else {
            guard Int(payload[1]) < showBytes.count else { throw .notDealtHere }
            show = showBytes[Int(payload[1])]
        }
        let ticket = RunwayTicket(day: Int(integer(payload, at: start)), show: show, voter: owner, left: integer(payload, at: start + 8),
                                  right: integer(payload, at: start + 16), serial: integer(payload, at: start + 24))
        guard owner == voter else { throw .anotherVoter }
        guard isVotingOpen(day: ticket.day, now: now) else { throw .votingClosed(day: ticket.day) }
        return ticket
    }

    /// Voting on day D's runway is open from the start of D to the end of D + 1 (UTC).
    public static func isVotingOpen(day: Int, now: Int64) -> Bool {
        let today = UTCDay.containing(milliseconds: now)
        return today == day || today == day + 1
    }

    /// A new random 256-bit key.
    public static func newKey() -> SymmetricKey { SymmetricKey(size: .bits256) }

    private static func bytes(_ value: Int64) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }

    private static func integer(_ bytes: [UInt8], at offset: Int) -> Int64 {
        bytes[offset..<offset + 8].reduce(0) { $0 << 8 | Int64($1) }
    }
}
