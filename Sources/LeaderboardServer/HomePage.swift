// The server's front page: today's runway and boards, for a player who opens the address in a
// browser; every board links to its page.
import HostedGames
import Hummingbird
import Leaderboard
import PlumeCalendar

enum HomePage {
    static func render(_ service: LeaderboardService, hosting: HostedServer? = nil) async -> Response {
        let boards: [[String: Any]] = service.boards().boards.map { ["id": $0.id, "title": $0.title, "records": $0.records] }
        let today = UTCDay.containing(milliseconds: service.now)
        let day = try? await service.runwayDay(UTCDay.string(today), player: nil)
        var page: [String: Any] = [
            "boards": boards, "today": UTCDay.string(today), "yesterday": UTCDay.string(today - 1),
            "theme": day?.theme ?? "", "entries": day?.entries ?? 0, "oneEntry": day?.entries == 1,
            "votes": day?.votes ?? 0, "oneVote": day?.votes == 1,
        ]
        if let hosting {
            // How to play and watch, the key to expect, and the key announced to come next.
            let host = hosting.configuration.publicHost, port = hosting.port ?? hosting.configuration.port
            var ssh: [String: Any] = ["command": hosting.playCommand, "watch": hosting.watchCommand, "fingerprint": hosting.hostKey.fingerprint,
                                      "knownHosts": hosting.hostKey.knownHostsLine(host: host, port: port)]
            if let next = hosting.nextHostKey {
                ssh["next"] = ["fingerprint": next.fingerprint, "knownHosts": next.knownHostsLine(host: host, port: port)]
            }
            page["ssh"] = ssh
        }
        return PageRoutes.html(Templates.render("home", page))
    }
}
