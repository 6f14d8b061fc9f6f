// An application's Prometheus registry, made by whoever assembles the server (plume-server's
// `serve`, or a test) and handed to buildApplication or buildRouter: each application has its own,
// so two a test builds never share one, and nothing is set up once per process. The request series
// are recorded into it as requests are answered (RequestMetricsMiddleware); the leaderboard's own
// figures, the connection gate's and each feature's are set at scrape time.
import ConnectionGuard
import Leaderboard
import PlumeCalendar
import Prometheus

public final class ServerMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    /// Request counts, latencies and errors by route, over this registry.
    let requests: RequestSeries

    public init() {
        let registry = PrometheusCollectorRegistry()
        self.registry = registry
        requests = RequestSeries(factory: PrometheusMetricsFactory(registry: registry))
    }

    private func gauge(_ name: String, _ help: String, _ labels: [(String, String)] = []) -> Prometheus.Gauge {
        registry.makeGauge(descriptor: MetricNameDescriptor(metricName: name, unitName: "", helpText: help), labels: labels)
    }

    /// Sets the gauge `name` (with `labels`) to `value`, making it on first use: how a feature
    /// writes its figures into /metrics.
    package func set(_ name: String, _ help: String, _ labels: [(String, String)] = [], to value: Double) {
        gauge(name, help, labels).set(value)
    }

    func render(_ service: LeaderboardService, gate: ConnectionGate? = nil, features: [any ServerFeature] = []) -> [UInt8] {
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
            let day = [("day", UTCDay.string(runway.day)), ("show", runway.show.rawValue)]
            gauge("plume_runway_entries", "Entries (looks or swarms) in a runway's show taking votes", day).set(Double(runway.entries))
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
        for feature in features { feature.renderMetrics(into: self) }
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
