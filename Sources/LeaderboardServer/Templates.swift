// The pages' templates (Mustache, which escapes every {{value}} for HTML). Outside text (names,
// titles, codes) only ever goes through {{…}}; {{{…}}} is kept for markup the server draws
// itself (the SVG pictures of looks and swarms, made from decoded codes and the catalog, and the
// features' cards on the home page, drawn from their own templates).
import Mustache

enum Templates {
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for (name, text) in [("layout", layout), ("home", home), ("board", board), ("runway", runway), ("player", player),
                             ("link", link), ("problem", problem), ("rows", rows),
                             ("league", league), ("crew", crew)] {
            // The templates are constants of this file; one that doesn't parse fails every page test.
            try! library.register(text, named: name)
        }
        return library
    }()

    static func render(_ name: String, _ page: Any) -> String {
        library.render(page, withTemplate: name) ?? ""
    }

    static let layout = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{$title}}Plume{{/title}} · Plume</title>
        <style>
        body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;background:#f6f3ee;color:#222;line-height:1.45}
        main{max-width:40rem;margin:0 auto;padding:1rem}
        main.wide{max-width:64rem}
        h1{font-size:1.5rem;margin:.5rem 0}
        h2{font-size:1.15rem;margin:.25rem 0 .5rem}
        nav{font-size:.9rem;margin:.25rem 0}
        .figure{display:block;width:min(100%,20rem);height:auto;margin:1rem auto;image-rendering:pixelated;border-radius:.5rem;background:#fff}
        .thumb{display:block;width:3.5rem;height:auto;image-rendering:pixelated;background:#fff;border-radius:.25rem}
        .thumb svg{display:block;width:3.5rem;height:auto;margin:0}
        .qr{display:block;width:10rem;height:auto;margin:.5rem auto}
        .card{background:#fff;border-radius:.75rem;padding:1rem;margin:1rem 0;box-shadow:0 1px 3px #0002}
        .swarms{display:block;width:min(100%,37rem);height:auto;margin:.5rem auto;image-rendering:pixelated;border-radius:.5rem;background:#101820}
        .pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1rem}
        code,.code{font-family:ui-monospace,Menlo,monospace;word-break:break-all;background:#f0ece4;padding:.1rem .3rem;border-radius:.25rem}
        table{width:100%;border-collapse:collapse}td,th{padding:.35rem;text-align:left;border-bottom:1px solid #eee;vertical-align:middle}
        td.n{text-align:right;font-variant-numeric:tabular-nums}
        a{color:#6b3fa0}
        .muted{color:#666;font-size:.9rem}
        h3{font-size:1rem;margin:1rem 0 .25rem}
        .stats{display:flex;gap:1rem;text-align:center}.stats p{flex:1;margin:.25rem 0;font-size:.85rem;color:#666}
        .stats b{display:block;font-size:1.8rem;color:#222}
        .calendar{display:block;width:100%;height:auto;margin:.75rem 0}
        table.bands td{border:0;padding:.1rem .35rem;font-size:.85rem}table.bands td.bar{width:70%}
        table.bands td.bar span{display:block;height:.9rem;border-radius:.2rem}
        </style>
        </head>
        <body><main class="{{$width}}narrow{{/width}}">
        <nav><a href="/">Plume leaderboards</a></nav>
        {{$body}}{{/body}}
        <p class="muted">Plume is a dress-up and swarm game for the terminal.</p>
        </main></body>
        </html>
        """

    static let home = """
        {{<layout}}{{$title}}Leaderboards{{/title}}{{$body}}
        <h1>Plume leaderboards</h1>
        {{{sections}}}
        <div class="card"><h2>The runway</h2>
        <p>Today's theme is <b>{{theme}}</b>. {{entries}} look{{^oneEntry}}s{{/oneEntry}} entered, {{votes}} vote{{^oneVote}}s{{/oneVote}} cast.</p>
        <p><a href="/runway/{{today}}">Today's runway</a> · <a href="/runway/{{yesterday}}">yesterday's</a></p></div>
        <div class="card"><table><tr><th>Board</th><th>Players</th></tr>
        {{#boards}}<tr><td><a href="/b/{{id}}">{{title}}</a></td><td class="n">{{records}}</td></tr>
        {{/boards}}</table></div>
        <div class="card"><p>The JSON API is under <code>/v1</code>; its OpenAPI document is
        <a href="/v1/openapi.json">/v1/openapi.json</a>. Top contributors: <a href="/TopScores.xml">TopScores.xml</a>.</p></div>
        {{/body}}{{/layout}}
        """

    /// A board's rows, each with its look or swarm drawn: used by the board and runway pages.
    static let rows = """
        {{#hasRows}}<table><tr><th>#</th><th></th><th>{{who}}</th><th>{{scoreName}}</th>{{#countsVotes}}<th>Votes</th>{{/countsVotes}}</tr>
        {{#rows}}<tr><td class="n">{{rank}}{{#tied}}={{/tied}}</td><td>{{#isLook}}<a href="/l/{{code}}"><img class="thumb" src="/v1/looks/{{code}}.svg" alt="the look"></a>{{/isLook}}{{#swarmSVG}}<a class="thumb" href="/l/{{code}}">{{{swarmSVG}}}</a>{{/swarmSVG}}</td>
        <td>{{#named}}<a href="/p/{{playerID}}">{{name}}</a>{{/named}}{{^named}}{{#crewID}}<a href="/crew/{{crewID}}">{{name}}</a>{{/crewID}}{{^crewID}}{{name}}{{/crewID}}{{/named}}</td><td class="n">{{score}}</td>{{#countsVotes}}<td class="n">{{votes}}</td>{{/countsVotes}}</tr>
        {{/rows}}</table>{{/hasRows}}{{^hasRows}}<p>{{empty}}</p>{{/hasRows}}
        """

    static let board = """
        {{<layout}}{{$title}}{{title}}{{/title}}{{$body}}
        <h1>{{title}}</h1>
        <div class="card"><p>{{brief}}</p><p class="muted">{{status}}</p></div>
        {{#histogram}}<div class="card"><h2>Where the players stand</h2>{{{histogram}}}</div>{{/histogram}}
        {{#costs}}<div class="card"><h2>{{heading}}</h2>{{{svg}}}</div>{{/costs}}
        <div class="card">{{>rows}}</div>
        {{/body}}{{/layout}}
        """

    static let runway = """
        {{<layout}}{{$title}}The runway of {{day}}{{/title}}{{$width}}wide{{/width}}{{$body}}
        <h1>The runway of {{day}}: {{theme}}</h1>
        <div class="card"><p>{{brief}}</p>
        <p>{{entries}} look{{^oneEntry}}s{{/oneEntry}} entered, {{votes}} vote{{^oneVote}}s{{/oneVote}} cast. {{status}}</p>
        <p class="muted">Players vote on pairs of looks the server deals them; the people's score is the chance a look beats the day's average look.</p></div>
        <div class="pair">
        {{#peoples}}<div class="card"><h2><a href="/b/{{id}}">The people's choice</a></h2>{{>rows}}</div>{{/peoples}}
        {{#style}}<div class="card"><h2><a href="/b/{{id}}">The style board</a></h2>{{>rows}}</div>{{/style}}
        </div>
        {{#swarms}}<h2>The swarm show: {{theme}}</h2>
        <div class="card"><p>{{brief}}</p>
        <p>{{entries}} swarm{{^oneEntry}}s{{/oneEntry}} entered, {{votes}} vote{{^oneVote}}s{{/oneVote}} cast. {{status}}</p>
        {{#picture}}<picture><source media="(prefers-reduced-motion: reduce)" srcset="/v1/runway/{{day}}/swarms-still.gif">
        <img class="swarms" src="/v1/runway/{{day}}/swarms.gif" width="296" height="144" alt="{{alt}}"></picture>
        <p class="muted">{{caption}}</p>{{/picture}}</div>
        <div class="pair">
        {{#peoples}}<div class="card"><h2><a href="/b/{{id}}">The people's choice of swarms</a></h2>{{>rows}}</div>{{/peoples}}
        {{#lab}}<div class="card"><h2><a href="/b/{{id}}">The Lab board</a></h2>{{>rows}}</div>{{/lab}}
        </div>{{/swarms}}
        {{/body}}{{/layout}}
        """

    static let player = """
        {{<layout}}{{$title}}{{name}}{{/title}}{{$body}}
        <h1>{{name}}</h1>
        {{{avatar}}}
        <div class="card"><p>Points earned: <b>{{pointsEarned}}</b> · given to causes: <b>{{pointsGiven}}</b></p>
        <p class="muted">Playing since {{since}}{{#followers}} · followed by {{followers}}{{/followers}}</p></div>
        <div class="card follow"><h2>Follow {{name}}</h2>{{{followQR}}}
        <p>Paste this link in Plume (or run <code>plume open {{followLink}}</code>): the game offers to follow {{name}}, and their
        scores join your Friends view of every board.</p><p><a href="{{followLink}}">Follow in Plume</a> · <span class="code">{{followLink}}</span></p></div>
        {{#days}}<div class="card"><h2>Days</h2>
        <div class="stats"><p><b>{{daysPlayed}}</b>day{{^oneDay}}s{{/oneDay}} played</p><p><b>{{streak}}</b>streak</p><p><b>{{bestStreak}}</b>best streak</p></div>
        {{{calendar}}}
        {{#hasDays}}<h3>Day scores</h3>
        <table class="bands">{{#bands}}<tr><td class="n">{{label}}</td><td class="bar"><span style="width:{{percent}}%;background:{{colour}}"></span></td><td class="n">{{count}}</td></tr>
        {{/bands}}</table>
        <p class="muted">Last played {{lastPlayed}} (UTC).</p>{{/hasDays}}{{^hasDays}}<p>No days played yet: a day counts once a look is on its style board.</p>{{/hasDays}}
        </div>{{/days}}
        {{#hasBanners}}<div class="card"><h2>Banners</h2><table>{{#banners}}<tr><td><b>{{name}}</b></td><td>{{tier}}</td><td>{{words}}</td><td class="muted">{{earned}}</td></tr>
        {{/banners}}</table></div>{{/hasBanners}}
        <div class="card"><h2>Best scores</h2>
        {{#hasBests}}<table><tr><th>Board</th><th>Rank</th><th>Score</th><th>Share</th></tr>
        {{#bests}}<tr><td><a href="/b/{{boardID}}">{{title}}</a></td><td class="n">{{rank}}</td><td class="n">{{score}}</td><td>{{#link}}<a href="/l/{{code}}">view</a> · <span class="code">{{link}}</span>{{/link}}</td></tr>
        {{/bests}}</table>{{/hasBests}}{{^hasBests}}<p>No scores yet.</p>{{/hasBests}}
        </div>
        {{/body}}{{/layout}}
        """

    static let link = """
        {{<layout}}{{$title}}{{title}}{{/title}}{{$body}}
        <h1>{{title}}</h1>
        {{{picture}}}
        <div class="card"><p>{{what}}</p>
        <p><a href="{{link}}">Open in Plume</a></p>
        <p>Or copy the link: <span class="code">{{link}}</span></p>
        <p>In a terminal, <code>plume open {{link}}</code> opens it in the game you have running (or starts one).
        If the button above does nothing, run <code>plume register-scheme</code> once: it makes plume:// links open Plume.</p></div>
        <div class="card"><h2>Don't have Plume?</h2>
        <p>Plume is a terminal game. With Swift installed, run <code>swift run plume</code> in its folder, press
        <b>3</b> for Import and paste the link above.</p></div>
        {{/body}}{{/layout}}
        """

    static let problem = """
        {{<layout}}{{$title}}{{title}}{{/title}}{{$body}}
        <h1>{{title}}</h1><div class="card"><p>{{message}}</p></div>
        {{/body}}{{/layout}}
        """
}

/// The templates of a feature's own pages and cards, drawn in the pages' layout: the leaderboard's
/// templates (`layout`, `problem`, …) and the feature's, in one library.
package struct PageTemplates: Sendable {
    private let library: MustacheLibrary

    /// `templates` by name; a name the leaderboard uses already is taken by the feature's.
    package init(_ templates: [String: String]) {
        var library = Templates.library
        for (name, text) in templates {
            // Constants of the feature's source; one that doesn't parse fails every test of its pages.
            try! library.register(text, named: name)
        }
        self.library = library
    }

    package func render(_ name: String, _ page: Any) -> String {
        library.render(page, withTemplate: name) ?? ""
    }
}
