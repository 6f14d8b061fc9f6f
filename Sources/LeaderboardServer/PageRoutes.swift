// What a browser sees: a player's page, the page behind a shared link (for someone without
// Plume), look SVGs, and the seed game's TopScores.xml feed.
import Foundation
import GameState
import HTTPTypes
import Hummingbird
import Leaderboard
import Synchronization
import ScoresAPI

struct PageRoutes {
    let service: LeaderboardService
    let baseURL: String
    let swarmPictures = SwarmPictureCache()

    /// The picture of a swarm link: its state after the challenges' 400 steps from seed 1.
    static let pictureSteps = 400, pictureSeed: UInt64 = 1

    func register(on router: Router<AppContext>) {
        router.get("p/:player", use: playerPage)
        router.get("l/:code", use: linkPage)
        router.get("v1/looks/:file", use: lookSVG)
        router.get("TopScores.xml", use: topScoresXML)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Reply.bytes(Array(text.utf8), status: status, type: "text/html; charset=utf-8",
                    extra: [.contentSecurityPolicy: HTML.contentSecurityPolicy, HTTPField.Name("X-Content-Type-Options")!: "nosniff"])
    }

    static func problemPage(_ title: String, _ message: String, status: HTTPResponse.Status) -> Response {
        html(HTML.page(title: title, body: "<h1>\(HTML.escape(title))</h1><div class=\"card\"><p>\(HTML.escape(message))</p></div>"), status: status)
    }

    @Sendable func linkPage(_ request: Request, context: AppContext) async throws -> Response {
        let code = try context.parameters.text("code")
        let state: SharedState
        do { state = try ShareCode.decode(code) } catch {
            return Self.problemPage("This link doesn't open", "The Plume link is damaged: \(error.description).", status: .notFound)
        }
        let link = ShareCode.link(state)
        let picture: String, title: String, what: String
        switch state {
        case .look(let look):
            picture = Pictures.lookSVG(look, in: service.catalog)
            title = "A Plume look"
            let names = look.garments.compactMap { service.catalog.garment(id: $0.id)?.name }
            what = names.isEmpty ? "A model, ready to dress." : "Wearing " + names.joined(separator: ", ") + "."
        case .swarm(let recipe):
            picture = try await swarmPicture(recipe, code: code)
            title = "A Plume swarm"
            what = "\(recipe.ingredients.count) species, \(recipe.totalPopulation) agents (Sayama's Swarm Chemistry), after \(Self.pictureSteps) steps."
        }
        let body = """
            <h1>\(HTML.escape(title))</h1>
            \(picture)
            <div class="card"><p>\(HTML.escape(what))</p>
            <p><a href="\(HTML.escape(link))">Open in Plume</a></p>
            <p>Or copy the link: <span class="code">\(HTML.escape(link))</span></p>
            <p>In a terminal, <code>plume open \(HTML.escape(link))</code> opens it in the game you have running (or starts one).
            If the button above does nothing, run <code>plume register-scheme</code> once: it makes plume:// links open Plume.</p></div>
            <div class="card"><h2>Don't have Plume?</h2>
            <p>Plume is a terminal game. With Swift installed, run <code>swift run plume</code> in its folder, press
            <b>3</b> for Import and paste the link above.</p></div>
            """
        return Self.html(HTML.page(title: title, body: body))
    }

    func swarmPicture(_ recipe: SwarmRecipe, code: String) async throws -> String {
        if let cached = swarmPictures.get(code) { return cached }
        let state = try await service.verifier.finalState(of: recipe, steps: Self.pictureSteps, seed: Self.pictureSeed)
        let svg = Pictures.swarmSVG(state)
        swarmPictures.set(code, svg)
        return svg
    }

    @Sendable func playerPage(_ request: Request, context: AppContext) async throws -> Response {
        let profile: PublicProfile
        do { profile = try await service.publicProfile(playerID: try context.parameters.text("player")) } catch let error as LeaderboardError where error.kind == .notFound {
            return Self.problemPage("No such player", "There is no Plume player at this address.", status: .notFound)
        }
        var avatar = ""
        if let code = profile.avatarLook, case .look(let look)? = try? ShareCode.decode(code) {
            avatar = Pictures.lookSVG(look, in: service.catalog)
        }
        var rows = ""
        for best in profile.bests {
            let title = (try? service.board(best.boardID)).map { service.info($0).title } ?? best.boardID
            let kind = best.code.isEmpty ? nil : (try? ShareCode.decode(best.code))?.kind
            let link = kind.map { "<a href=\"/l/\(HTML.escape(best.code))\">view</a> · <span class=\"code\">plume://\($0.route)/\(HTML.escape(best.code))</span>" } ?? ""
            rows += "<tr><td>\(HTML.escape(title))</td><td class=\"n\">\(best.rank.map { "#\($0)" } ?? "–")</td><td class=\"n\">\(best.score)</td><td>\(link)</td></tr>"
        }
        let body = """
            <h1>\(HTML.escape(profile.name))</h1>
            \(avatar)
            <div class="card"><p>Points earned: <b>\(profile.pointsEarned)</b> · given to causes: <b>\(profile.pointsGiven)</b></p>
            <p class="muted">Playing since \(HTML.escape(String(profile.since.prefix(10))))</p></div>
            <div class="card"><h2>Best scores</h2>
            \(rows.isEmpty ? "<p>No scores yet.</p>" : "<table><tr><th>Board</th><th>Rank</th><th>Score</th><th>Share</th></tr>\(rows)</table>")
            </div>
            """
        return Self.html(HTML.page(title: profile.name, body: body))
    }

    @Sendable func lookSVG(_ request: Request, context: AppContext) async throws -> Response {
        let file = try context.parameters.text("file")
        guard file.hasSuffix(".svg") else { throw APIError(.notFound, .notFound, "look pictures are at /v1/looks/{code}.svg") }
        let state: SharedState
        do { state = try ShareCode.decode(file.dropLast(4)) } catch {
            throw APIError(.notFound, .invalidCode, "the share code can't be read: \(error.description)")
        }
        guard case .look(let look) = state else { throw APIError(.notFound, .wrongKind, "that code is a swarm, not a look") }
        return Reply.bytes(Array(Pictures.lookSVG(look, in: service.catalog).utf8), type: "image/svg+xml",
                           extra: [.cacheControl: "public, max-age=86400", .contentSecurityPolicy: HTML.contentSecurityPolicy])
    }

    /// The seed game's feed: `<customers><customer><name/><image/><points/></customer>…`, the top
    /// 50 contributors; `<image>` is the avatar's SVG address.
    @Sendable func topScoresXML(_ request: Request, context: AppContext) async throws -> Response {
        let page = try await service.top(boardID: Board.contributors.id, limit: 50, cursor: nil)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<customers>\n"
        for row in page.rows {
            let image = row.avatarLook.map { "\(baseURL)/v1/looks/\($0).svg" } ?? ""
            xml += "  <customer><name>\(HTML.escape(row.name))</name><image>\(HTML.escape(image))</image><points>\(row.score)</points></customer>\n"
        }
        xml += "</customers>\n"
        return Reply.bytes(Array(xml.utf8), type: "application/xml; charset=utf-8")
    }
}

/// Drawn swarm pictures by code (each costs a simulation).
final class SwarmPictureCache: Sendable {
    private let cache = Mutex(GenerationalCache<String, String>(capacity: 2_000))

    func get(_ code: String) -> String? { cache.withLock { $0[code] } }
    func set(_ code: String, _ svg: String) { cache.withLock { $0[code] = svg } }
}
