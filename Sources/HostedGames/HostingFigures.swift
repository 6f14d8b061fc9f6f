// What /metrics says about the games this server hosts: sessions now and since start, refusals
// by reason, and how long sessions lasted.
import Synchronization

public struct HostingFigures: Sendable, Equatable {
    /// Games running now.
    public var games = 0
    /// Connections open now (signed in or not).
    public var connections = 0
    public var gamesStarted = 0
    /// Connections or sessions turned away, by reason (see `Refusal`).
    public var refused: [String: Int] = [:]
    /// Session lengths: counts at or under each of `lengthBuckets` seconds, their sum and count.
    public var lengthCounts = Array(repeating: 0, count: HostingFigures.lengthBuckets.count)
    public var lengthSum = 0.0
    public var lengthCount = 0
    /// Connections that took a game over from another session (here or on another host).
    public var takeOvers = 0
    /// Sessions that found their lease gone (their host stalled past its expiry).
    public var leasesLost = 0
    /// Writes of changed files to the store, and the bytes (base64) they carried.
    public var savesWritten = 0
    public var saveBytes = 0
    /// Watchers of games now (here), and watchers since start.
    public var watchers = 0
    public var watchersStarted = 0
    /// Bytes of games' output sent to watchers (here), and watchers dropped for reading too slowly.
    public var relayBytes = 0
    public var watchersDropped = 0

    public static let lengthBuckets: [Double] = [10, 60, 300, 900, 1800, 3600, 7200, 14_400]
}

/// Why a connection or a session was turned away or ended by the server.
public enum Refusal: String, Sendable, CaseIterable {
    /// At accept: the address holds its share of connections, or every place is taken.
    case perAddress = "per_address", shed
    /// At accept: too many new connections from the address this minute.
    case rate
    /// At accept: too many connections still signing in.
    case unauthenticated
    /// Did not sign in within the deadline.
    case authTimeout = "auth_timeout"
    /// Signed in without a key the server takes (told how to make one).
    case noKey = "no_key"
    /// Every game place taken, or the address's share of games.
    case full, addressFull = "address_full"
    /// A session without a terminal, a command, a subsystem (sftp), a forwarding, a second session.
    case noTerminal = "no_terminal", exec, subsystem, forwarding, secondSession = "second_session"
    /// The game could not be started (the database did not answer, the binary is missing).
    case startFailed = "start_failed"
    /// Ended by the server: idle too long, or the session's time was up.
    case idle, sessionLength = "session_length"
    /// The player's game elsewhere did not give its place back in time.
    case busy
}

final class FiguresBox: Sendable {
    private let state = Mutex(HostingFigures())

    func update(_ change: (inout HostingFigures) -> Void) { state.withLock { change(&$0) } }

    func count(_ refusal: Refusal) { update { $0.refused[refusal.rawValue, default: 0] += 1 } }

    func ended(after seconds: Double) {
        update { figures in
            figures.games -= 1
            figures.lengthSum += seconds
            figures.lengthCount += 1
            for (index, bound) in HostingFigures.lengthBuckets.enumerated() where seconds <= bound { figures.lengthCounts[index] += 1 }
        }
    }

    var snapshot: HostingFigures { state.withLock { $0 } }
}
