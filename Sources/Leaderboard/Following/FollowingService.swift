// Following: one way, no request to accept (boards are public anyway), private (only the
// follower reads their list; a profile says how many follow a player). A board among the people
// a player follows is read from the rank index — their global ranks, and their order among
// themselves — never by scanning the board. News of friends: a friend who passes your score on a
// board (once per friend, board and day, written by the request that made the pass), and a
// friend's look on a runway that has closed (by the closing pass).
import GameState
import PlumeCalendar
import ScoresAPI

extension LeaderboardService {
    // MARK: The list

    public func follow(_ player: PlayerRecord, playerID: String) async throws -> FollowedPlayer {
        guard !player.banned else { throw LeaderboardError.banned }
        let other = try await visiblePlayer(playerID)
        guard other.number != player.number else { throw LeaderboardError.cantFollowYourself }
        _ = try await store.follow(other.number, by: player.number, limit: LeaderboardLimits.follows, at: now)
        return try await following(player).players.first { $0.playerID == other.publicID }
            ?? FollowedPlayer(playerID: other.publicID, name: other.name ?? Self.formerPlayer, since: Timestamp.iso(milliseconds: now),
                              todayScore: nil, todayRank: nil)
    }

    /// Stopping twice, or stopping a follow that never was, is nothing.
    public func unfollow(_ player: PlayerRecord, playerID: String) async throws {
        guard Secrets.isPlayerID(playerID), let other = try await store.player(publicID: playerID) else { throw LeaderboardError.noSuchPlayer }
        _ = try await store.unfollow(other.number, by: player.number)
    }

    public func following(_ player: PlayerRecord) async throws -> FollowingList {
        let board = Board(.style(day: today))
        let ranked = index.existing(board.id)
        let players = try await store.following(player.number).map { followed in
            let entry = ranked?.entry(player: followed.player)
            return FollowedPlayer(playerID: followed.publicID, name: followed.name, since: Timestamp.iso(milliseconds: followed.since),
                                  todayScore: entry?.key.score, todayRank: entry?.rank)
        }
        return FollowingList(players: players, limit: LeaderboardLimits.follows, todayBoardID: board.id)
    }

    /// A player by name, exactly, ignoring case (the game's "follow by name").
    public func player(named name: String) async throws -> Identity {
        guard let found = try await store.player(name: name), !found.isErased, !found.banned, let shown = found.name else {
            throw LeaderboardError(.notFound, .playerNotFound, "there is no player called \(SafeText.quoted(name))")
        }
        return Identity(playerID: found.publicID, name: shown)
    }

    // MARK: A board among the people a player follows

    /// The player and everyone they follow who has a record on the board, in board order: each
    /// row with its global rank and its rank in the group.
    public func boardAmongFollowed(boardID: String, player: PlayerRecord) async throws -> BoardPage {
        try requireReady()
        let board = try board(boardID)
        try requireNamesShown(board)
        var numbers = [player.number] + (try await store.followedNumbers(player.number))
        if case .crews = board.kind {
            // The crews of the player and those they follow, each once.
            var crews: [Int64] = []
            for number in numbers { if let crew = try await crewNumber(of: number, on: board), !crews.contains(crew) { crews.append(crew) } }
            numbers = crews
        }
        let entries = index.existing(board.id)?.entries(players: numbers) ?? []
        var rows = try await rows(board: board, entries, viewer: player.number)
        for at in rows.indices { rows[at].groupRank = at + 1 }
        return BoardPage(board: info(board), rows: rows, nextCursor: nil)
    }

    // MARK: News of friends

    /// After `player`'s result moved from `before` to `after` on a board: each follower it passed
    /// hears of it (once per friend, board and day).
    func tellFollowersPassed(by player: PlayerRecord, board: Board, before: RankKey?, after: RankKey) async throws {
        guard board.acceptsCodes, let name = player.name else { return }
        let passed = try await store.followersOnBoard(player.number, board: board.id).filter { theirs in
            after < theirs && (before.map { theirs < $0 } ?? true)
        }
        guard !passed.isEmpty else { return }
        let title = info(board).title, day = today
        try await store.addNews(passed.map { theirs in
            NewsDraft(player: theirs.player, kind: .friendPassed, day: day,
                      text: "\(name) passed your score on \(title) (\(after.score) vs your \(theirs.score)).",
                      score: after.score, about: "\(player.publicID) \(board.id)")
        }, at: now)
    }

    /// A show of the Runway closed: the followers of each look (or swarm) on its people's board
    /// hear how it did.
    func tellFollowersOfRunway(_ day: Int, show: RunwayShow, _ ranked: [RankedKey]) async throws {
        let followers = try await store.followers(of: ranked.map(\.key.player))
        guard !followers.isEmpty else { return }
        let board = show == .look ? Board(.people(day: day)) : Board(.swarmShow(day: day))
        let faces = try await store.records(board: board.id, players: Array(Set(followers.map(\.followed))))
        let places = Dictionary(uniqueKeysWithValues: ranked.map { ($0.key.player, $0) })
        let drafts = followers.compactMap { pair -> NewsDraft? in
            guard let face = faces[pair.followed], let name = face.name, let entry = places[pair.followed] else { return nil }
            let place = "#\(entry.rank) of \(ranked.count)"
            let text = switch show {
            case .look: "\(name)'s look was \(place) on the runway of \(UTCDay.string(day)) (people's score \(entry.key.score))."
            case .swarm: "\(name)'s swarm was \(place) in the swarm show of \(UTCDay.string(day)) (people's score \(entry.key.score))."
            }
            return NewsDraft(player: pair.follower, kind: .friendRunway, day: day, text: text,
                             rank: entry.rank, total: ranked.count, score: entry.key.score, about: face.publicID)
        }
        try await write(drafts)
    }
}
