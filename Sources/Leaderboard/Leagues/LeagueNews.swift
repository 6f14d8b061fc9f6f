// The words of a week's close, in the plain sentences of all news (News): where the player
// finished in their group and the tier it took them to, or the tier a week without points cost.
// An item's day is the week's Sunday.
import PlumeCalendar
import ScoresAPI

extension News {
    /// "3rd of 30 in Silk in 2026-W49 with 412 points: up to Velvet."
    static func leagueClosed(player: Int64, week: Int, tier: LeagueTier, place: LeaguePlace, of total: Int) -> NewsDraft {
        let outcome = switch place.moved {
        case .up: "up to \(place.tier.name)"
        case .down: "down to \(place.tier.name)"
        case .stayed: tier.above == nil && place.rank == 1 ? "top of the top tier" : "staying in \(tier.name)"
        }
        let points = place.points == 1 ? "1 point" : "\(place.points) points"
        return NewsDraft(player: player, kind: .leagueClosed, day: week + 6,
                         text: "\(ordinal(place.rank)) of \(total) in \(tier.name) in \(ISOWeek(day: week)) with \(points): \(outcome).",
                         rank: place.rank, total: total, score: Int64(place.points))
    }

    /// "No week points in 2026-W49: down from Silk to Linen. …"
    static func leagueIdle(player: Int64, week: Int, from: LeagueTier, to: LeagueTier) -> NewsDraft {
        NewsDraft(player: player, kind: .leagueIdle, day: week + 6,
                  text: "No week points in \(ISOWeek(day: week)): down from \(from.name) to \(to.name). Any week points this week put you in a group again.")
    }

    /// 1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, …, 21st.
    static func ordinal(_ number: Int) -> String {
        let teens = (11...13).contains(number % 100)
        let suffix = teens ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }
}
