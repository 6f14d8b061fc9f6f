// For operators and load balancers: liveness, readiness, Prometheus metrics, and the OpenAPI
// document.
import Foundation
import GameState
import Hummingbird
import Leaderboard
import Metrics
import Prometheus

struct OpsRoutes {
    let service: LeaderboardService
    let metrics: ServerMetrics

    func register(on router: Router<AppContext>) {
        router.get("healthz") { _, _ in Reply.bytes(Array("{\"status\":\"ok\"}".utf8)) }
        router.get("readyz", use: ready)
        router.get("metrics") { _, _ in
            Reply.bytes(metrics.render(service), type: "text/plain; version=0.0.4; charset=utf-8")
        }
        router.get("v1/openapi.json") { _, _ in
            guard let document = OpenAPIDocument.bytes else {
                throw APIError(.notFound, "not_found", "the OpenAPI document is missing from this build")
            }
            return Reply.bytes(document)
        }
    }

    @Sendable func ready(_ request: Request, context: AppContext) async throws -> Response {
        var problems: [String] = []
        do { try await service.store.ping() } catch { problems.append("the database is not answering") }
        if !service.isReady { problems.append("the rank index is still loading") }
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

    func render(_ service: LeaderboardService) -> [UInt8] {
        let counts = service.verifier.counts
        registry.makeGauge(name: "plume_verifications", labels: [("result", "swarm_simulated")]).set(Double(counts.simulated))
        registry.makeGauge(name: "plume_verifications", labels: [("result", "look_scored")]).set(Double(counts.looks))
        registry.makeGauge(name: "plume_verifications", labels: [("result", "cached")]).set(Double(counts.cached))
        let load = service.verifier.poolLoad
        registry.makeGauge(name: "plume_simulations_running").set(Double(load.running))
        registry.makeGauge(name: "plume_simulations_waiting").set(Double(load.waiting))
        let sizes = service.index.sizes
        for board in service.boards().boards {
            registry.makeGauge(name: "plume_rank_index_records", labels: [("board", board.id)]).set(Double(sizes[board.id] ?? 0))
        }
        registry.makeGauge(name: "plume_rank_index_records_total").set(Double(sizes.values.reduce(0, +)))
        registry.makeGauge(name: "plume_rank_index_boards").set(Double(sizes.count))
        registry.makeGauge(name: "plume_rank_index_bytes").set(Double(service.index.approximateBytes))
        registry.makeGauge(name: "plume_rank_index_ready").set(service.isReady ? 1.0 : 0.0)
        return registry.emitToBuffer()
    }
}

enum OpenAPIDocument {
    static let bytes: [UInt8]? = {
        guard let url = Bundle.module.url(forResource: "openapi", withExtension: "json"), let data = try? Data(contentsOf: url) else { return nil }
        return Array(data)
    }()
}
