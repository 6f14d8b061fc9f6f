// The server's front page: today's boards, for a player who opens the address in a browser.
import Hummingbird
import Leaderboard

enum HomePage {
    static func render(_ service: LeaderboardService) -> Response {
        let rows = service.boards().boards.map { board in
            "<tr><td>\(HTML.escape(board.title))</td><td class=\"n\">\(board.records)</td><td><code>\(HTML.escape(board.id))</code></td></tr>"
        }.joined()
        let body = """
            <h1>Plume leaderboards</h1>
            <div class="card"><table><tr><th>Board</th><th>Players</th><th>Id</th></tr>\(rows)</table></div>
            <div class="card"><p>The JSON API is under <code>/v1</code>; its OpenAPI document is
            <a href="/v1/openapi.json">/v1/openapi.json</a>. Top contributors: <a href="/TopScores.xml">TopScores.xml</a>.</p></div>
            """
        return PageRoutes.html(HTML.page(title: "Leaderboards", body: body))
    }
}
