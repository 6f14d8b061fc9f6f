// The session's side of following: who the player follows, following and stopping (by id, or by
// a name typed in full, which the server looks up first), a board among the players followed,
// and a player's public profile (what a player link leads to). Every string from outside reaches
// the game with control and bidi characters removed.
import GameState
import ScoresAPI

extension ScoresSession {
    func runFollowing(_ command: ScoresCommand, into events: inout [ScoresEvent]) async throws(ScoresFailure) {
        switch command {
        case .following:
            events.append(.following(Self.clean(try await backend.following(token: try signedIn()))))
        case .follow(let whom):
            let token = try signedIn()
            let playerID: String = switch whom {
            case .id(let id): id
            case .name(let name): try await backend.findPlayer(name: name).playerID
            }
            events.append(.followed(Self.clean(try await backend.follow(token: token, playerID: playerID))))
            // The follow is done whatever happens next; a list that can't be read now is read later.
            if let list = try? await backend.following(token: token) { events.append(.following(Self.clean(list))) }
        case .unfollow(let playerID):
            let token = try signedIn()
            try await backend.unfollow(token: token, playerID: playerID)
            events.append(.unfollowed(playerID: playerID))
            if let list = try? await backend.following(token: token) { events.append(.following(Self.clean(list))) }
        case .friends(let board):
            let token = try signedIn()
            let page = try await cached(command.key) { etag throws(ScoresFailure) in
                try await backend.boardAmongFollowed(board: board, token: token, etag: etag)
            }
            events.append(.friends(board: board, Answer(Self.clean(page.value), unchanged: page.unchanged)))
        case .player(let playerID):
            switch try await backend.publicProfile(playerID: playerID, token: nil, etag: nil) {
            case .fresh(let profile, _): events.append(.player(Self.clean(profile)))
            case .unchanged: throw Self.unexpected304
            }
        default:
            preconditionFailure("not a following command: \(command)")
        }
    }

    static func clean(_ list: FollowingList) -> FollowingList {
        var list = list
        list.players = list.players.map(clean)
        list.todayBoardID = SafeText.strip(list.todayBoardID)
        return list
    }

    static func clean(_ player: FollowedPlayer) -> FollowedPlayer {
        var player = player
        (player.playerID, player.name, player.since) = (SafeText.strip(player.playerID), SafeText.strip(player.name), SafeText.strip(player.since))
        return player
    }

    static func clean(_ page: BoardPage) -> BoardPage {
        var page = page
        page.board = clean(page.board)
        page.rows = page.rows.map { row in
            var row = row
            (row.playerID, row.name, row.at, row.code) = (SafeText.strip(row.playerID), SafeText.strip(row.name), SafeText.strip(row.at), SafeText.strip(row.code))
            row.avatarLook = row.avatarLook.map(SafeText.strip)
            return row
        }
        page.nextCursor = page.nextCursor.map(SafeText.strip)
        return page
    }

    static func clean(_ profile: PublicProfile) -> PublicProfile {
        var profile = profile
        (profile.playerID, profile.name, profile.since) = (SafeText.strip(profile.playerID), SafeText.strip(profile.name), SafeText.strip(profile.since))
        profile.avatarLook = profile.avatarLook.map(SafeText.strip)
        profile.bests = profile.bests.map { best in
            var best = best
            (best.boardID, best.at, best.code) = (SafeText.strip(best.boardID), SafeText.strip(best.at), SafeText.strip(best.code))
            return best
        }
        return profile
    }
}
