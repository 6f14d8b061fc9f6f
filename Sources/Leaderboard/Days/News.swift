// The words of each news item, written once by the server in plain sentences that read the same
// in the game's overlay and on a web page (no markup, no terminal codes), and the streak lengths
// worth a word.
import PlumeCalendar
import ScoresAPI

public enum News {
    /// Streak lengths that make news; past a year, every hundred days.
    public static let milestones: Set<Int> = [3, 7, 14, 30, 50, 100, 200, 365]

    public static func isMilestone(_ streak: Int) -> Bool {
        milestones.contains(streak) || (streak > 365 && streak % 100 == 0)
    }

    /// How long news is kept (the issue asks for at least 30 days).
    public static let keptDays = 35

    /// The rank comes first and the day is left out (the item carries it, and the game's overlay
    /// prints it before the text): the start of a line, as a status line may show it, still tells
    /// how the look did.
    static func dayClosed(player: Int64, day: Int, theme: String, rank: Int, of total: Int, score: Int64) -> NewsDraft {
        let place = total == 1 ? "was the only one" : "finished #\(rank) of \(total)"
        return NewsDraft(player: player, kind: .dayClosed, day: day,
                         text: "Your look \(place) on \u{201C}\(theme)\u{201D}, scoring \(score).",
                         rank: rank, total: total, score: score)
    }

    static func runwayClosed(player: Int64, day: Int, rank: Int, of total: Int, score: Int64, votes: Int) -> NewsDraft {
        let votesText = votes == 1 ? "1 vote" : "\(votes) votes"
        return NewsDraft(player: player, kind: .runwayClosed, day: day,
                         text: "The runway of \(UTCDay.string(day)) closed: your look was #\(rank) of \(total) in the people's choice (people's score \(score), in \(votesText)).",
                         rank: rank, total: total, score: score, votes: votes)
    }

    static func swarmShowClosed(player: Int64, day: Int, rank: Int, of total: Int, score: Int64, votes: Int) -> NewsDraft {
        let votesText = votes == 1 ? "1 vote" : "\(votes) votes"
        return NewsDraft(player: player, kind: .swarmShowClosed, day: day,
                         text: "The swarm show of \(UTCDay.string(day)) closed: your swarm was #\(rank) of \(total) in the people's choice of swarms (people's score \(score), in \(votesText)).",
                         rank: rank, total: total, score: score, votes: votes)
    }

    static func streakReached(player: Int64, day: Int, streak: Int) -> NewsDraft {
        NewsDraft(player: player, kind: .streak, day: day, text: "\(streak) days in a row: you have played every day since \(UTCDay.string(day - streak + 1)).",
                  streak: streak)
    }

    static func streakEnded(player: Int64, missed day: Int, streak: Int) -> NewsDraft {
        NewsDraft(player: player, kind: .streakBroken, day: day,
                  text: "Your \(streak)-day streak ended: \(UTCDay.string(day)) went by without a look. Play today to start a new one.",
                  streak: streak)
    }
}
