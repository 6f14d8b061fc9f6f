// The week's pages: a league group's table (/league/{group}), a crew's week (/crew/{crew}), and
// the banners card of a player's page. Outside text (names) only reaches the templates as
// {{values}}, escaped there, and stripped of control characters here.
import GameState
import Hummingbird
import Leaderboard
import ScoresAPI

extension PageRoutes {
    @Sendable func leaguePage(_ request: Request, context: AppContext) async throws -> Response {
        let table: LeagueTable
        do { table = try await service.leagueGroup(try context.parameters.text("group")) } catch let error as LeaderboardError where error.kind == .notFound {
            return Self.problemPage("No such league group", "There is no Plume league group at this address.", status: .notFound)
        }
        let count = table.members.count
        let members: [[String: Any]] = table.members.map { member in
            let zone = member.moved.map { Self.moveWords($0.word) }
                ?? (member.rank <= table.promote ? "up" : member.rank > count - table.demote ? "down" : "")
            return ["rank": member.rank, "name": SafeText.strip(member.name), "playerID": member.playerID, "points": member.points, "zone": zone,
                    "up": zone.hasPrefix("up"), "down": zone.hasPrefix("down")]
        }
        let closes = String(table.closesAt.prefix(16)).replacingOccurrences(of: "T", with: " ") + " UTC"
        let tier = SafeText.strip(table.tierName)
        let up = table.promote == 0 ? "no one goes up" : "the top \(table.promote) go up a tier"
        let down = table.demote == 0 ? "no one goes down from \(tier)" : "the bottom \(table.demote) go down"
        let page: [String: Any] = [
            "title": "\(tier) · \(table.week)", "members": members, "hasMembers": !members.isEmpty,
            "status": table.closed ? "Closed at \(closes): final." : "Closes \(closes).",
            "rules": table.closed ? "The week has closed: ▲ went up a tier, ▼ went down." : "When the week closes, \(up) and \(down).",
        ]
        return Self.html(Templates.render("league", page))
    }

    @Sendable func crewPage(_ request: Request, context: AppContext) async throws -> Response {
        let crew: Crew
        do { crew = try await service.crew(publicID: try context.parameters.text("crew")) } catch let error as LeaderboardError where error.kind == .notFound {
            return Self.problemPage("No such crew", "There is no Plume crew at this address.", status: .notFound)
        }
        let members: [[String: Any]] = crew.members.map { member in
            ["name": SafeText.strip(member.name), "playerID": member.playerID, "points": member.points, "counted": member.counted,
             "note": member.note.map(SafeText.strip) ?? ""]
        }
        let page: [String: Any] = [
            "name": SafeText.strip(crew.name), "week": crew.week, "board": crew.board, "score": crew.score,
            "rank": crew.rank.map { "#\($0) of \(crew.crews) on" } ?? "not yet on", "members": members,
            "frozen": crew.frozen, "counted": CrewRules.counted,
        ]
        return Self.html(Templates.render("crew", page))
    }

    static func moveWords(_ move: LeagueMove?) -> String {
        switch move {
        case .up?: "up a tier"
        case .down?: "down a tier"
        default: ""
        }
    }

    /// The banners card of a player's page.
    static func banners(_ record: PlayerDays) -> [[String: Any]] {
        (record.banners ?? []).map { banner in
            ["name": SafeText.strip(banner.name), "tier": SafeText.strip(banner.tierName), "words": SafeText.strip(banner.words),
             "earned": String(banner.earnedAt.prefix(10))]
        }
    }
}

extension Templates {
    static let league = """
        {{<layout}}{{$title}}{{title}}{{/title}}{{$body}}
        <h1>{{title}}</h1>
        <div class="card"><p>{{rules}}</p><p class="muted">{{status}}</p></div>
        <div class="card">{{#hasMembers}}<table><tr><th>#</th><th>Player</th><th>Week points</th><th></th></tr>
        {{#members}}<tr><td class="n">{{rank}}</td><td><a href="/p/{{playerID}}">{{name}}</a></td><td class="n">{{points}}</td><td>{{#up}}▲ {{/up}}{{#down}}▼ {{/down}}{{zone}}</td></tr>
        {{/members}}</table>{{/hasMembers}}{{^hasMembers}}<p>No one is in this group.</p>{{/hasMembers}}</div>
        {{/body}}{{/layout}}
        """

    static let crew = """
        {{<layout}}{{$title}}{{name}}{{/title}}{{$body}}
        <h1>{{name}}</h1>
        <div class="card"><p>Week {{week}}: <b>{{score}}</b> week points, {{rank}} <a href="/b/{{board}}">the crews' board</a>.</p>
        <p class="muted">A crew's score is its best {{counted}} members' week points.{{#frozen}} The roster is frozen until the week ends.{{/frozen}}</p></div>
        <div class="card"><h2>Members</h2><table><tr><th>Player</th><th>Week points</th><th></th></tr>
        {{#members}}<tr><td><a href="/p/{{playerID}}">{{name}}</a></td><td class="n">{{points}}</td><td>{{#counted}}counted{{/counted}} {{note}}</td></tr>
        {{/members}}</table></div>
        {{/body}}{{/layout}}
        """
}
