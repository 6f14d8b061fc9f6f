// What the leaderboard says reaches the game with control and bidi characters removed from every
// string in it that came from outside (names, titles, themes, the news' words). Each reply type
// that carries such text says how it is stripped, once; the session strips every reply it hands
// the game, whichever call it answers.
import GameState
import ScoresAPI

/// A reply that carries text from outside.
protocol OutsideText: Sendable, Equatable {
    /// The same value with every string from outside stripped (`SafeText.strip`).
    func stripped() -> Self
}

extension OutsideText {
    var strippedValue: AnyWireValue { AnyWireValue(stripped()) }
}

extension AnyWireValue {
    /// The value stripped, when it is a reply that carries text from outside.
    var stripped: AnyWireValue { (value as? any OutsideText)?.strippedValue ?? self }
}

extension BoardInfo: OutsideText {
    func stripped() -> BoardInfo {
        var board = self
        (board.title, board.brief) = (SafeText.strip(title), SafeText.strip(brief))
        return board
    }
}

extension BoardPage: OutsideText {
    func stripped() -> BoardPage {
        var page = self
        page.board = board.stripped()
        page.rows = rows.map { row in
            var row = row
            (row.playerID, row.name, row.at, row.code) = (SafeText.strip(row.playerID), SafeText.strip(row.name), SafeText.strip(row.at), SafeText.strip(row.code))
            row.avatarLook = row.avatarLook.map(SafeText.strip)
            row.crewID = row.crewID.map(SafeText.strip)
            return row
        }
        page.nextCursor = nextCursor.map(SafeText.strip)
        return page
    }
}

extension PublicProfile: OutsideText {
    func stripped() -> PublicProfile {
        var profile = self
        (profile.playerID, profile.name, profile.since) = (SafeText.strip(playerID), SafeText.strip(name), SafeText.strip(since))
        profile.avatarLook = avatarLook.map(SafeText.strip)
        profile.bests = bests.map { best in
            var best = best
            (best.boardID, best.at, best.code) = (SafeText.strip(best.boardID), SafeText.strip(best.at), SafeText.strip(best.code))
            return best
        }
        return profile
    }
}

extension FollowedPlayer: OutsideText {
    func stripped() -> FollowedPlayer {
        var player = self
        (player.playerID, player.name, player.since) = (SafeText.strip(playerID), SafeText.strip(name), SafeText.strip(since))
        return player
    }
}

extension FollowingList: OutsideText {
    func stripped() -> FollowingList {
        var list = self
        list.players = players.map { $0.stripped() }
        list.todayBoardID = SafeText.strip(todayBoardID)
        return list
    }
}

extension RunwayDay: OutsideText {
    func stripped() -> RunwayDay {
        var day = self
        (day.theme, day.brief) = (SafeText.strip(theme), SafeText.strip(brief))
        return day
    }
}

extension RunwayVoteRecorded: OutsideText {
    /// A vote's answer names no owners (votes are taken only while the runway keeps them hidden);
    /// whatever an older server still sends is stripped like any outside text, and never shown.
    func stripped() -> RunwayVoteRecorded {
        var vote = self
        vote.left = left.map { RunwayOwner(playerID: SafeText.strip($0.playerID), name: SafeText.strip($0.name)) }
        vote.right = right.map { RunwayOwner(playerID: SafeText.strip($0.playerID), name: SafeText.strip($0.name)) }
        return vote
    }
}

extension PlayerDays: OutsideText {
    func stripped() -> PlayerDays {
        var days = self
        (days.playerID, days.today) = (SafeText.strip(playerID), SafeText.strip(today))
        days.lastPlayed = lastPlayed.map(SafeText.strip)
        days.nextCursor = nextCursor.map(SafeText.strip)
        days.days = self.days.map { var day = $0; day.day = SafeText.strip(day.day); return day }
        days.banners = banners?.map { banner in
            Banner(id: Spelled(rawValue: SafeText.strip(banner.id.rawValue)), name: SafeText.strip(banner.name), tier: banner.tier,
                   tierName: SafeText.strip(banner.tierName), words: SafeText.strip(banner.words), earnedAt: SafeText.strip(banner.earnedAt))
        }
        return days
    }
}

extension NewsItem: OutsideText {
    func stripped() -> NewsItem {
        var item = self
        (item.at, item.day, item.text) = (SafeText.strip(at), SafeText.strip(day), SafeText.strip(text))
        // A kind this build knows has nothing to strip; a newer server's is stripped like any text.
        item.kind = Spelled(rawValue: SafeText.strip(kind.rawValue))
        return item
    }
}

extension LeagueTable: OutsideText {
    func stripped() -> LeagueTable {
        var table = self
        (table.week, table.tierName, table.closesAt) = (SafeText.strip(week), SafeText.strip(tierName), SafeText.strip(closesAt))
        table.tier = Spelled(rawValue: SafeText.strip(tier.rawValue))
        table.group = group.map(SafeText.strip)
        table.members = members.map { member in
            var member = member
            (member.playerID, member.name) = (SafeText.strip(member.playerID), SafeText.strip(member.name))
            return member
        }
        return table
    }
}

extension Crew: OutsideText {
    func stripped() -> Crew {
        var crew = self
        (crew.crewID, crew.name, crew.week, crew.board) = (SafeText.strip(crewID), SafeText.strip(name), SafeText.strip(week), SafeText.strip(board))
        crew.words = words.map(SafeText.strip)
        crew.members = members.map { member in
            var member = member
            (member.playerID, member.name) = (SafeText.strip(member.playerID), SafeText.strip(member.name))
            member.note = member.note.map(SafeText.strip)
            return member
        }
        return crew
    }
}
