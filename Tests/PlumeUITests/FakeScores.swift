// The leaderboard the UI tests play against: held in memory, it answers the app's score
// commands the way a session does (a declared call by its operation), and `drive` feeds the
// answers back as messages, as the run loop does with the real client. The runway's answers are in RunwayScreenTests, the days' and
// the news' in ProfileTests, following's in FriendsTests.
import Foundation
import GameState
import ScoresAPI
import TUI
@testable import PlumeUI

/// A leaderboard in memory that answers the app's commands the way a session does.
struct FakeScores {
    var place = "scores.example:8787"
    /// Whether it plays the local board (as LocalBackend says it is).
    var isLocal = false
    var player: Identity?
    /// While set, every command fails with it (and submissions wait in the outbox).
    var down: ScoresFailure?
    /// While set, board reads hide looks as the server's do while the board's runway takes votes:
    /// no code and no avatar on any row, but the player's own row in reads made with their token
    /// (around-me).
    var sealed = false
    var outbox: [ScoresCommand] = []
    var rows: [BoardRow] = []
    var givers: [BoardRow] = []
    var points: Int64 = 900
    var causeTotal: Int64 = 10
    /// The runway (RunwayScreenTests): looks entered by others, the pairs judged, the player's entry.
    var runwayLooks: [String] = []
    /// The swarm show's swarms (RunwaySwarmShowTests), and whether this is a server older than the
    /// swarm show (it ignores `show` and deals looks).
    var runwaySwarms: [String] = []
    var noSwarmShow = false
    /// Other days' runways (yesterday's, still taking votes), by day: their own looks.
    var looksByDay: [String: [String]] = [:]
    var judged: [[String]] = []
    var entered: String?
    var votes = 0, skips = 0
    /// The player's SSH keys (the Keys dialog).
    var keys: [KeyInfo] = []
    /// The player's record of days and news (ProfileTests, NewsTests): nil days is a record not
    /// kept yet (no days played).
    var days: PlayerDays?
    /// The player's league group (nil: no group yet this week).
    var league: LeagueTable?
    var news: [NewsItem] = []
    /// While set, asking for news fails with it (and nothing else does).
    var newsFailure: ScoresFailure?
    /// The players the player follows (FriendsTests), oldest first; the others are the rows'.
    var followed: [FollowedPlayer] = []
    /// The player's settings (WatchingTests), and while set, the failure every read or change of
    /// them meets (and nothing else does).
    var settings = PlayerSettings(watchable: true)
    var settingsFailure: ScoresFailure?
    var boards = [
        BoardInfo(id: "style-2024-10-04", kind: .style, period: .day, title: "Style: Beach Day", brief: "", open: true, records: 3),
        BoardInfo(id: "swarm-huddle", kind: .swarm, period: .allTime, title: "Huddle", brief: "", open: true, records: 1),
    ]
    static let me = Identity(playerID: "p_me", name: "Ada")

    static func row(_ rank: Int, _ name: String, _ score: Int64, id: String? = nil, at: String = "2024-10-04T10:00:00.000Z") -> BoardRow {
        BoardRow(rank: rank, playerID: id ?? "p_\(rank)", name: name, score: score, detail: 0, at: at,
                 code: ShareCode.encode(.look(Look(background: 1, model: 1, garments: []))),
                 avatarLook: ShareCode.encode(.look(Look(background: 2, model: 1, garments: []))), tied: false)
    }

    func page(_ rows: [BoardRow], board: Int = 0) -> BoardPage { BoardPage(board: boards[board], rows: rows, nextCursor: nil) }

    /// The rows as a read shows them: while `sealed`, without looks or avatars, except the
    /// player's own in a read with their token (`own`).
    func shown(_ rows: [BoardRow], own: Bool) -> [BoardRow] {
        guard sealed else { return rows }
        return rows.map { row in
            if own && row.playerID == player?.playerID { return row }
            var row = row
            (row.code, row.avatarLook) = ("", nil)
            return row
        }
    }

    var own: OwnProfile {
        OwnProfile(playerID: Self.me.playerID, name: Self.me.name, updatesOptIn: false, createdAt: "2024-10-01T00:00:00.000Z",
                   pointsEarned: points, pointsGiven: 0, pointsAvailable: points)
    }

    mutating func answer(_ command: ScoresCommand) -> [ScoresEvent] {
        if let down {
            if case .submit = command {
                outbox.append(command)
                return [.queued(board: "style-2024-10-04", outbox: outbox.count, because: down)]
            }
            return [.failed(command, down)]
        }
        switch command {
        case .start: return [.identity(place: place, isLocal: isLocal, player: player, outbox: outbox.count), .boards(boards)]
        case .myBests:
            let bests = [ProfileBest(boardID: "style-2024-10-04", rank: 2, score: 812, detail: 0, at: "2024-10-04T09:00:00.000Z",
                                     code: ShareCode.encode(.swarm(AppModel.starterRecipe)))]
            return [.myBests(own, Answer(PublicProfile(playerID: Self.me.playerID, name: "Ada", since: "2024-10-01T00:00:00.000Z",
                                                       bests: bests, pointsEarned: points, pointsGiven: 0)))]
        case .register(let request):
            player = Identity(playerID: Self.me.playerID, name: request.name)
            return [.registered(player!)]
        case .updateProfile: return [.profileUpdated(own)]
        case .submit(let board, _):
            let best = BestSummary(score: 812, detail: 0, at: "2024-10-04T10:00:00.000Z", code: "")
            return [.submitted(SubmissionResult(boardID: board, score: 812, detail: 0, rank: 2, players: 41, percentile: 97, tied: false, personalBest: true, best: best))]
        case .record, .news:
            return answerDays(command)
        case .follow:
            return answerFriends(command)
        case .drainOutbox:
            guard !outbox.isEmpty else { return [] }
            let sent = outbox.count
            outbox = []
            let best = BestSummary(score: 812, detail: 0, at: "", code: "")
            let result = SubmissionResult(boardID: "style-2024-10-04", score: 812, detail: 0, rank: 1, tied: false, personalBest: true, best: best)
            return [.drained(sent: Array(repeating: result, count: sent), dropped: [], waiting: 0)]
        case .call(let asked):
            return answer(asked, command)
        }
    }

    /// A declared call, answered by its operation: the scores' here, the runway's in
    /// RunwayScreenTests, following's in FriendsTests.
    mutating func answer(_ asked: AskedCall, _ command: ScoresCommand) -> [ScoresEvent] {
        let board = asked.path[.board] ?? ""
        if asked.asks(APICalls.top) { return Self.replied(command, page(shown(rows, own: false), board: board == "swarm-huddle" ? 1 : 0)) }
        if asked.asks(APICalls.aroundMe) { return Self.replied(command, page(shown(rows.filter { abs($0.rank - 2) <= 1 }, own: true))) }
        if asked.asks(APICalls.contributors) { return Self.replied(command, page(givers)) }
        if asked.asks(APICalls.histogram) {
            // Forty-one players; the signed-in one at 812, second, ahead of 97 % of the others.
            let counts = [3, 1, 2, 4, 6, 8, 7, 5, 3, 1, 1]
            let buckets = counts.enumerated().map { band, count in
                HistogramBucket(from: Int64(band * 100), to: Int64(band == 10 ? 1000 : band * 100 + 99), count: count)
            }
            return Self.replied(command, BoardHistogram(board: board, total: counts.reduce(0, +), buckets: buckets,
                                                        you: player == nil ? nil : HistogramYou(score: 812, rank: 2, percentile: 97)))
        }
        if asked.asks(APICalls.league) {
            return Self.replied(command, league ?? LeagueTable(week: "2024-W40", tier: .cotton, group: nil, closesAt: "2024-10-07T00:00:00.000Z",
                                                               closed: false, promote: 0, demote: 0, members: [], points: 0))
        }
        if asked.asks(APICalls.causes) {
            return Self.replied(command, CauseList(causes: [CauseInfo(id: "reef", name: "Coral reefs", description: "Replanting reefs.",
                                                                      totalPoints: causeTotal, donors: 1)]))
        }
        if let donation = command.asked(APICalls.donate)?.body {
            points -= donation.points
            causeTotal += donation.points
            givers = [Self.row(1, player?.name ?? "?", donation.points, id: Self.me.playerID)]
            return Self.replied(command, DonationResult(causeID: donation.causeID, points: donation.points, pointsGiven: donation.points,
                                                        pointsAvailable: points, causeTotal: causeTotal))
        }
        if command.key == ScoresCommand.settings.key {
            if let settingsFailure { return [.failed(command, settingsFailure)] }
            if let wanted = command.asked(APICalls.changeSettings)?.body { settings = wanted }
            return Self.replied(command, settings)
        }
        if asked.asks(APICalls.keys) { return Self.replied(command, KeyList(keys: keys)) }
        if let line = command.asked(APICalls.addKey)?.body.publicKey {
            guard line.hasPrefix("ssh-ed25519 ") else {
                return [.failed(command, ScoresFailure(.refused, code: .invalidKey, "this server takes Ed25519 and ECDSA keys"))]
            }
            let key = KeyInfo(fingerprint: "SHA256:new\(keys.count)", type: "ssh-ed25519", label: "ada@laptop", addedAt: "2024-10-04T10:00:00.000Z")
            keys.append(key)
            return Self.replied(command, key)
        }
        if let fingerprint = command.asked(APICalls.removeKey)?.value(of: .fingerprint) {
            keys.removeAll { $0.fingerprint == fingerprint }
            return Self.replied(command, NoBody())
        }
        // The runway's calls, else following's.
        let runway = answerRunway(command)
        return runway.isEmpty ? answerFriends(command) : runway
    }

    /// The answer to `command`, a declared call.
    static func replied<Value: Sendable & Equatable>(_ command: ScoresCommand, _ value: Value) -> [ScoresEvent] {
        guard case .call(let asked) = command else { return [] }
        return [.replied(Replied(asked, value))]
    }
}

/// The seconds of 2024-10-04T10:00:00Z, the fake's "now".
let fakeNow = 1_728_036_000.0

extension AppModel {
    /// Feeds a message, then answers every score effect from `fake` until none is left; returns
    /// the commands that were sent.
    @discardableResult
    mutating func drive(_ message: Msg, _ fake: inout FakeScores) -> [ScoresCommand] {
        var sent: [ScoresCommand] = []
        var queue = [message]
        while !queue.isEmpty {
            for effect in update(queue.removeFirst()) {
                if case .scores(let command) = effect {
                    sent.append(command)
                    queue += fake.answer(command).map(Msg.scores)
                }
            }
        }
        return sent
    }

    @discardableResult
    mutating func drive(keys: Key..., fake: inout FakeScores) -> [ScoresCommand] {
        keys.flatMap { drive(.key($0), &fake) }
    }
}

func scoresApp(_ fake: inout FakeScores, width: Int = 100) -> AppModel {
    var model = app(width: width, height: 30)
    model.drive(.clock(fakeNow), &fake)
    model.drive(keys: Screen.scores.key, fake: &fake)
    return model
}

extension FakeScores {
    /// A Silk group of twelve this week (2024-W40, closing Monday 7 October), Ada fourth.
    static let silkGroup: LeagueTable = {
        let names = ["Bea", "Cy", "Dee", "Ada", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
        let members = names.enumerated().map { index, name in
            LeagueMember(playerID: name == "Ada" ? me.playerID : "p_\(name.lowercased())", name: name, points: 400 - index * 25, rank: index + 1)
        }
        return LeagueTable(week: "2024-W40", tier: .silk, group: "17", closesAt: "2024-10-07T00:00:00.000Z", closed: false,
                           promote: WeekRules.promoted(members: 12, tier: .silk), demote: WeekRules.demoted(members: 12, tier: .silk),
                           members: members, rank: 4, points: 325)
    }()
}
