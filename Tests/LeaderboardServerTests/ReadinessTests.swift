// /readyz and /metrics tell a load balancer and an operator how fresh this process's ranks are:
// a process whose index was last known current longer ago than the bound says it is not ready,
// and says why, until it catches up.
import ConnectionGuard
import Foundation
import Hummingbird
import Leaderboard
import LeaderboardServer
import PlumeTestSupport
import Synchronization
import Testing

@Suite struct ReadinessTests {
    final class Clock: Sendable {
        let ms = Mutex<Int64>(1_795_000_000_000)
        var now: Int64 { ms.withLock { $0 } }
        func advance(seconds: Double) { ms.withLock { $0 += Int64(seconds * 1000) } }
    }

    @Test(arguments: StoreKind.allCases) func aProcessBehindTheBoundIsNotReadyUntilItCatchesUp(_ kind: StoreKind) async throws {
        let clock = Clock()
        var configuration = ServerConfiguration()
        configuration.database = try kind.newDatabase()
        let store = try StoreKind.open(configuration.database)
        let service = try await makeService(store: store, configuration: configuration, clock: { clock.now })
        try await service.loadIndex()
        let app = Application(router: buildRouter(service: service, configuration: configuration, metrics: ServerMetrics()))
        try await app.withInProcessClient { client in
            func get(_ path: String) async throws -> (HTTPResponse.Status, String) {
                let reply = try await client.execute(.get, path)
                return (reply.status, reply.text)
            }
            var (status, text) = try await get("/readyz")
            #expect(status == .ok, "\(text)")
            (_, text) = try await get("/metrics")
            #expect(text.contains("plume_follower_lag_seconds 0.0") || text.contains("plume_follower_lag_seconds 0\n"), "\(text)")

            clock.advance(seconds: LeaderboardLimits.followerLagBoundSeconds + 15)
            (status, text) = try await get("/readyz")
            #expect(status == .serviceUnavailable && text.contains("has not caught up with the database for 45 s"), "\(text)")
            (_, text) = try await get("/metrics")
            #expect(text.contains("plume_follower_lag_seconds 45"), "\(text)")

            try await service.catchUp()
            (status, text) = try await get("/readyz")
            #expect(status == .ok, "\(text)")
        }
    }

    @Test func aProcessWithEveryConnectionPlaceTakenIsNotReady() async throws {
        var configuration = ServerConfiguration()
        configuration.database = try StoreKind.sqlite.newDatabase()
        let service = try await makeService(store: try StoreKind.open(configuration.database), configuration: configuration)
        try await service.loadIndex()
        let gate = ConnectionGate(limits: defaultLimits(maxConnections: 8, maxPerAddress: 100), overflow: 8)
        let app = Application(router: buildRouter(service: service, configuration: configuration, metrics: ServerMetrics(), gate: gate))
        try await app.withInProcessClient { client in
            func get(_ path: String) async throws -> (HTTPResponse.Status, String) {
                let reply = try await client.execute(.get, path)
                return (reply.status, reply.text)
            }
            let admissions = (0..<8).map { gate.admit(peer: "127.0.0.\($0 + 2)") }
            var (status, text) = try await get("/readyz")
            #expect(status == .serviceUnavailable && text.contains("every connection place is taken (8)"), "\(text)")
            (_, text) = try await get("/metrics")
            #expect(text.contains("plume_connections_served 8"), "\(text)")
            #expect(text.contains("plume_connections_limit 8"), "\(text)")
            gate.release(admissions[0])
            (status, text) = try await get("/readyz")
            #expect(status == .ok, "\(text)")
        }
    }
}
