// For operators and load balancers: liveness, readiness, Prometheus metrics (ServerMetrics, with
// each feature's lines), and the OpenAPI document.
import ConnectionGuard
import Foundation
import GameState
import Hummingbird
import Leaderboard
import PlumeAssets

struct OpsRoutes {
    let service: LeaderboardService
    let metrics: ServerMetrics
    let gate: ConnectionGate?
    let features: [any ServerFeature]

    func register(on router: Router<AppContext>) {
        router.get("healthz") { _, _ in Reply.bytes(Array("{\"status\":\"ok\"}".utf8)) }
        router.get("readyz", use: ready)
        router.get("metrics") { _, _ in
            Reply.bytes(metrics.render(service, gate: gate, features: features), type: "text/plain; version=0.0.4; charset=utf-8")
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

enum OpenAPIDocument {
    static let bytes: [UInt8]? = {
        let installed = PlumeAssets.installed("Plume_LeaderboardServer.resources")?.appendingPathComponent("openapi.json")
        guard let url = installed ?? Bundle.module.url(forResource: "openapi", withExtension: "json"),
              let data = try? Data(contentsOf: url) else { return nil }
        return Array(data)
    }()
}
