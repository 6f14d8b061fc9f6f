// A group's order and what its close does to each member, one pure rule for the close that writes
// it and the tables that show a group still open: more points first; between equal points, who
// reached their total first; then the player's number. The top `WeekRules.promoted` move up a
// tier, the bottom `WeekRules.demoted` down.
import ScoresAPI

struct LeagueStanding: Sendable, Equatable {
    var player: Int64
    var points: Int
    /// When the player's total last rose (milliseconds).
    var at: Int64
}

struct LeaguePlace: Sendable, Equatable {
    var player: Int64
    var points: Int
    var rank: Int
    var moved: LeagueMove
    /// Where the close takes the player.
    var tier: LeagueTier
}

enum LeagueStandings {
    /// The group in order, with each member's move as if the week closed now.
    static func places(_ members: [LeagueStanding], tier: LeagueTier) -> [LeaguePlace] {
        let ordered = members.sorted { a, b in
            if a.points != b.points { return a.points > b.points }
            if a.at != b.at { return a.at < b.at }
            return a.player < b.player
        }
        let up = WeekRules.promoted(members: ordered.count, tier: tier), down = WeekRules.demoted(members: ordered.count, tier: tier)
        return ordered.enumerated().map { index, member in
            let rank = index + 1
            let moved: LeagueMove = rank <= up ? .up : rank > ordered.count - down ? .down : .stayed
            return LeaguePlace(player: member.player, points: member.points, rank: rank, moved: moved, tier: tier.moved(moved))
        }
    }
}

extension LeagueTier {
    /// The tier a move takes a player of this one to (the ends hold).
    func moved(_ move: LeagueMove) -> LeagueTier {
        switch move {
        case .up: above ?? self
        case .down: below ?? self
        case .stayed: self
        }
    }
}

extension LeagueMove {
    /// As `week_points.moved` keeps it.
    var stored: Int {
        switch self {
        case .up: 1
        case .down: -1
        case .stayed: 0
        }
    }

    init(stored: Int) { self = stored > 0 ? .up : stored < 0 ? .down : .stayed }
}
