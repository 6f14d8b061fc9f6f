// The server's front page: today's runway and boards, for a player who opens the address in a
// browser; every board links to its page. Each feature's card (how to play over SSH) goes above.
import Hummingbird
import Leaderboard
import PlumeCalendar

enum HomePage {
    static func render(_ service: LeaderboardService, features: [any ServerFeature] = []) async -> Response {
        let boards: [[String: Any]] = service.boards().boards.map { ["id": $0.id, "title": $0.title, "records": $0.records] }
        let today = UTCDay.containing(milliseconds: service.now)
        let day = try? await service.runwayDay(UTCDay.string(today), player: nil)
        var sections = ""
        for feature in features {
            if let section = await feature.homeSection() { sections += section }
        }
        let page: [String: Any] = [
            "boards": boards, "today": UTCDay.string(today), "yesterday": UTCDay.string(today - 1),
            "theme": day?.theme ?? "", "entries": day?.entries ?? 0, "oneEntry": day?.entries == 1,
            "votes": day?.votes ?? 0, "oneVote": day?.votes == 1, "sections": sections,
        ]
        return PageRoutes.html(Templates.render("home", page))
    }
}
