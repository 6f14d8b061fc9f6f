// The session's side of following: the one check every place that offers a follow makes before
// asking (a row of a board, a player link, the Follow dialog), what is said when a follow is made,
// stopped or refused (the list is read again then, as it now is), and the calls following makes.
// The list itself and the boards among the players followed are kept as they arrive
// (SessionTraffic.swift).
import GameState
import ScoresAPI

extension Session {
    /// Whether the player follows `playerID`, as last heard.
    public func follows(_ playerID: String) -> Bool {
        following?.value.players.contains { $0.playerID == playerID } == true
    }

    /// What following `playerID` (called `name` on screen) asks for: the follow, or why not yet —
    /// not registered, that's the player themself, already followed, or a follow still on its way.
    func follow(playerID: String, name: String) -> [Request] {
        let name = SafeText.strip(name)
        guard let me = player else {
            guard identified else { return [.status("Still hearing from \(place) who you are — try again in a moment.")] }
            return [.push(RegisterDialog(self)), .status("Register on \(place) first (a name is enough); then f follows \(name).")]
        }
        if playerID == me.playerID { return [.status("That's you: your own rows are on every view already, Friends included.")] }
        if follows(playerID) { return [.status("You already follow \(name): they're on the Friends view of every board.")] }
        if inFlight[ScoresCommand.follow(.id(playerID)).key] != nil {
            return [.status("Still waiting for \(place) to answer the last follow — try again in a moment.")]
        }
        return [.status("Following \(name)…"), .send(.follow(.id(playerID)))]
    }

    mutating func followed(_ followed: FollowedPlayer) -> [Request] {
        contact()
        if var list = following?.value, !list.players.contains(where: { $0.playerID == followed.playerID }) {
            list.players.append(followed)
            following = Dated(value: list, at: now)
        }
        let today = followed.todayScore.map { score in " (today \(score)" + (followed.todayRank.map { ", rank \($0)" } ?? "") + ")" } ?? ""
        let words = "You follow \(SafeText.strip(followed.name)) now\(today): they're on the Friends view of every board (Scores)."
        return [.note(.followsChanged(words)), .status(words)] + sendAgain(.following)
    }

    mutating func unfollowed(_ playerID: String) -> [Request] {
        contact()
        let name = following?.value.players.first { $0.playerID == playerID }.map { SafeText.strip($0.name) } ?? "that player"
        if var list = following?.value {
            list.players.removeAll { $0.playerID == playerID }
            following = Dated(value: list, at: now)
        }
        let words = "You no longer follow \(name)."
        return [.note(.followsChanged(words)), .status(words)] + sendAgain(.following)
    }

    /// A follow refused (no such name, the cap, yourself) or lost: said in the server's words.
    mutating func notFollowed(_ failure: ScoresFailure) -> [Request] {
        trouble(failure)
        if failure.code == .notRegistered {
            return [.push(RegisterDialog(self)), .status("Register on \(place) first; then follow again.")]
        }
        return [.note(.refused(.follow, failure.message)), .status("Not followed: \(failure.message)")]
    }

    mutating func notUnfollowed(_ failure: ScoresFailure) -> [Request] {
        trouble(failure)
        return [.note(.refused(.follow, failure.message)), .status("Still following: \(failure.message)")]
    }
}

extension ScoresCommand {
    /// The players the player follows, with how each did today.
    static var following: ScoresCommand { .ask(APICalls.following) }

    /// Stop following a player: one change at a time with a follow (the two share a path).
    static func unfollow(playerID: String) -> ScoresCommand { .ask(APICalls.unfollow, path: [.player: playerID]) }

    /// A player's public profile as anyone sees it: who a player link leads to, and how they did today.
    static func player(playerID: String) -> ScoresCommand { .ask(APICalls.publicProfile, path: [.player: playerID], anonymous: true) }
}
