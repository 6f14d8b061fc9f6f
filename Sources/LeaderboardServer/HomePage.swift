// The server's front page: today's runway and boards, for a player who opens the address in a
// browser; every board links to its page.
import Hummingbird
import Leaderboard
import PlumeCalendar

enum HomePage {
    /// How to play over SSH, when this server hosts the game.
    struct SSHAdvert: Sendable {
        let command: String
        let watch: String
        let fingerprint: String
    }

    static func render(_ service: LeaderboardService, ssh: SSHAdvert? = nil) async -> Response {
        let boards: [[String: Any]] = service.boards().boards.map { ["id": $0.id, "title": $0.title, "records": $0.records] }
        let today = UTCDay.containing(milliseconds: service.now)
        let day = try? await service.runwayDay(UTCDay.string(today), player: nil)
        var page: [String: Any] = [
            "boards": boards, "today": UTCDay.string(today), "yesterday": UTCDay.string(today - 1),
            "theme": day?.theme ?? "", "entries": day?.entries ?? 0, "oneEntry": day?.entries == 1,
            "votes": day?.votes ?? 0, "oneVote": day?.votes == 1,
        ]
        if let ssh { page["ssh"] = ["command": ssh.command, "watch": ssh.watch, "fingerprint": ssh.fingerprint] }
        return PageRoutes.html(Templates.render("home", page))
    }
}
