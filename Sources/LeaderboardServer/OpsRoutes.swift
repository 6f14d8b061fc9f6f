// For operators and load balancers: liveness, readiness, Prometheus metrics, and the OpenAPI
// document.
import ConnectionGuard
import Foundation
import GameState
import HostedGames
import Hummingbird
import Leaderboard
import PlumeCalendar
import Metrics
import PlumeAssets
import Prometheus

struct OpsRoutes {
    let service: LeaderboardService
    let metrics: ServerMetrics
    let gate: ConnectionGate?
    let hosting: HostedServer?

    func register(on router: Router<AppContext>) {
        router.get("healthz") { _, _ in Reply.bytes(Array("{\"status\":\"ok\"}".utf8)) }
        router.get("readyz", use: ready)
        router.get("metrics") { _, _ in
            Reply.bytes(metrics.render(service, gate: gate, hosting: hosting), type: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("v1/openapi.json") { _, _ in
            guard let document = OpenAPIDocument.bytes else {
                throw APIError(.notFound, .notFound, "the OpenAPI document is missing from this build")
            }
            return Reply.bytes(document)
        }
    }

    @Sendable func ready(_ request: Request, context: AppContext) async throws -> Response {
        var problems: [String] = []
        do { try await service.store.ping() } catch { problems.append("the database is not answering") }
        if !service.isReady { problems.append("the rank index is still loading") }
        let lag = service.followerStatus.lagSeconds(now: service.now)
        if service.isReady, lag > LeaderboardLimits.followerLagBoundSeconds {
            problems.append("the rank index has not caught up with the database for \(lag.isFinite ? "\(Int(lag)) s" : "ever")")
        }
        if let gate, gate.isSaturated {
            problems.append("every connection place is taken (\(gate.limits.maxConnections)); new players are told to come back")
        }
        let status = problems.isEmpty ? "ready" : "not ready"
        let body = "{\"status\":\(SharedStateJSON.string(status)),\"records\":\(service.index.recordCount),\"problems\":["
            + problems.map(SharedStateJSON.string).joined(separator: ",") + "]}"
        return Reply.bytes(Array(body.utf8), status: problems.isEmpty ? .ok : .serviceUnavailable,
                           extra: problems.isEmpty ? [:] : [.retryAfter: "1"])
    }
}

/// The process's Prometheus registry. Hummingbird's MetricsMiddleware reports request counts and
/// latencies per route through swift-metrics; the leaderboard's own figures are read at scrape time.
public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry

    /// swift-metrics can be bootstrapped once per process; every application built in it shares
    /// this registry.
    public static let shared: ServerMetrics = {
        let metrics = ServerMetrics(registry: PrometheusCollectorRegistry())
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: metrics.registry))
        return metrics
    }()

    init(registry: PrometheusCollectorRegistry) { self.registry = registry }

    private func gauge(_ name: String, _ help: String, _ labels: [(String, String)] = []) -> Prometheus.Gauge {
        registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help), labels: labels)
    }

    func render(_ service: LeaderboardService, gate: ConnectionGate? = nil, hosting: HostedServer? = nil) -> [UInt8] {
        let counts = service.verifier.counts
        let verifications = "Submissions verified since start, by how"
        gauge("plume_verifications", verifications, [("result", "swarm_simulated")]).set(Double(counts.simulated))
        gauge("plume_verifications", verifications, [("result", "look_scored")]).set(Double(counts.looks))
        gauge("plume_verifications", verifications, [("result", "cached")]).set(Double(counts.cached))
        let load = service.verifier.poolLoad
        gauge("plume_simulations_running", "Swarm verifications simulating now").set(Double(load.running))
        gauge("plume_simulations_waiting", "Swarm verifications waiting for a slot").set(Double(load.waiting))
        let sizes = service.index.sizes
        for board in service.boards().boards {
            gauge("plume_rank_index_records", "Records in the rank index of each current board", [("board", board.id)])
                .set(Double(sizes[board.id] ?? 0))
        }
        gauge("plume_rank_index_records_total", "Records in the rank index, every board").set(Double(sizes.values.reduce(0, +)))
        gauge("plume_rank_index_boards", "Boards in the rank index").set(Double(sizes.count))
        gauge("plume_rank_index_bytes", "Approximate memory held by the rank index").set(Double(service.index.approximateBytes))
        gauge("plume_rank_index_ready", "1 once the rank index is built").set(service.isReady ? 1.0 : 0.0)
        let follower = service.followerStatus
        let lag = follower.lagSeconds(now: service.now)
        gauge("plume_follower_lag_seconds", "Seconds since the rank index was last known current with the change log")
            .set(lag.isFinite ? lag : -1)
        gauge("plume_follower_behind_changes", "Change-log entries written but not yet applied to this process's index (as last read)")
            .set(Double(follower.changesBehind))
        gauge("plume_follower_failing", "1 while reading the change log fails").set(follower.failingSince == nil ? 0.0 : 1.0)
        gauge("plume_follower_failures", "Failed reads of the change log since start").set(Double(follower.failures))
        gauge("plume_follower_rebuilds", "Index rebuilds after change-log entries were pruned unread, since start").set(Double(follower.rebuilds))
        for runway in service.runwayStatus {
            let day = [("day", UTCDay.string(runway.day))]
            gauge("plume_runway_entries", "Looks on a runway taking votes", day).set(Double(runway.entries))
            gauge("plume_runway_votes", "Votes this process has read for a runway taking votes", day).set(Double(runway.votes))
            gauge("plume_runway_votes_unfitted", "Votes read but not yet counted by the fit (the board is this far behind)", day)
                .set(Double(runway.votes - runway.fittedVotes))
            gauge("plume_runway_voters", "Voters on a runway taking votes", day).set(Double(runway.voters))
            gauge("plume_runway_unreliable_voters", "Voters the fit weighs at under a third of a careful voter (coins, contrarians)", day)
                .set(Double(runway.unreliableVoters))
            gauge("plume_runway_fit_seconds", "How long the last fit of a runway took", day).set(runway.fitSeconds)
            gauge("plume_runway_settled", "1 once the votes have stopped and the board is the fit of every vote, from nothing", day)
                .set(runway.settled ? 1.0 : 0.0)
        }
        if let gate { renderConnections(gate) }
        if let hosting { renderHosting(hosting) }
        return registry.emitToBuffer()
    }
}

extension ServerMetrics {
    private func renderConnections(_ gate: ConnectionGate) {
        let figures = gate.figures
        gauge("plume_connections_open", "Client connections whose descriptors are open now").set(Double(figures.open))
        gauge("plume_connections_served", "Connections in a served place now").set(Double(figures.served))
        gauge("plume_connections_overflow", "Connections past the cap now, being told to come back").set(Double(figures.overflowing))
        gauge("plume_connections_addresses", "Client addresses (IPv6 by /64) holding a connection now").set(Double(figures.addresses))
        gauge("plume_connections_limit", "Connections served at once at most (fitted to the open-file limit)").set(Double(gate.limits.maxConnections))
        gauge("plume_connections_per_address_limit", "Connections one address may hold").set(Double(gate.limits.maxPerAddress))
        gauge("plume_connections_accepted", "Connections accepted since start").set(Double(figures.accepted))
        gauge("plume_connections_accept_pauses", "Times accepting paused with every place taken, since start").set(Double(figures.acceptPauses))
        let closed = "Connections the server closed or turned away since start, by why"
        for reason in ConnectionGate.Closure.allCases {
            gauge("plume_connections_closed", closed, [("reason", reason.rawValue)]).set(Double(figures.closed[reason.rawValue] ?? 0))
        }
        if let open = FileLimit.openDescriptors() { gauge("plume_open_files", "Descriptors this process has open").set(Double(open)) }
    }
}

extension ServerMetrics {
    private func renderHosting(_ hosting: HostedServer) {
        let figures = hosting.figures
        gauge("plume_ssh_games", "Games running now for players over SSH").set(Double(figures.games))
        gauge("plume_ssh_connections", "SSH connections open now, signed in or not").set(Double(figures.connections))
        gauge("plume_ssh_games_started", "Games started over SSH since start").set(Double(figures.gamesStarted))
        gauge("plume_ssh_games_limit", "Games that may run at once").set(Double(hosting.configuration.limits.maxSessions))
        let refused = "SSH connections or sessions turned away or ended by the server since start, by why"
        for reason in Refusal.allCases {
            gauge("plume_ssh_refused", refused, [("reason", reason.rawValue)]).set(Double(figures.refused[reason.rawValue] ?? 0))
        }
        let lengths = "Games over SSH that ended within so many seconds, since start (cumulative)"
        for (index, bound) in HostingFigures.lengthBuckets.enumerated() {
            gauge("plume_ssh_game_seconds_within", lengths, [("seconds", String(Int(bound)))]).set(Double(figures.lengthCounts[index]))
        }
        gauge("plume_ssh_game_seconds_sum", "Seconds of every game over SSH that has ended, added up").set(figures.lengthSum)
        gauge("plume_ssh_game_seconds_count", "Games over SSH that have ended").set(Double(figures.lengthCount))
        gauge("plume_ssh_take_overs", "Connections that took a player's game over from another session since start").set(Double(figures.takeOvers))
        gauge("plume_ssh_leases_lost", "Games that found their place taken after their host stalled, since start").set(Double(figures.leasesLost))
        gauge("plume_ssh_saves_written", "Writes of hosted players' changed files to the store since start").set(Double(figures.savesWritten))
        gauge("plume_ssh_save_bytes", "Bytes of hosted players' files written to the store since start").set(Double(figures.saveBytes))
        gauge("plume_watchers", "Watchers of games on this host now").set(Double(figures.watchers))
        gauge("plume_watchers_started", "Watchers who began watching a game on this host since start").set(Double(figures.watchersStarted))
        gauge("plume_watch_relay_bytes", "Bytes of games' output sent to watchers since start").set(Double(figures.relayBytes))
        gauge("plume_watchers_dropped", "Watchers dropped for reading too slowly since start").set(Double(figures.watchersDropped))
    }
}

enum OpenAPIDocument {
    static let bytes: [UInt8]? = {
        let installed = PlumeAssets.installed("Plume_LeaderboardServer.resources")?.appendingPathComponent("openapi.json")
        guard let url = installed ?? Bundle.module.url(forResource: "openapi", withExtension: "json"),
              let data = try? Data(contentsOf: url) else { return nil }
        return Array(data)
    }()
}
