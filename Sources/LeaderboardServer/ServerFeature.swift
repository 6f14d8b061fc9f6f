// The seam through which the program that assembles the server adds what the leaderboard itself
// does not know of — today play and watching over SSH (HostingRoutes). A feature brings routes of
// its own, a card on the home page, lines of /metrics, what to forget of an erased player, and
// services to run beside the HTTP listener, and hears where that listener came to be. This module
// defines the seam and imports no feature: the arrows point from each feature to the server.
import Hummingbird
import Leaderboard
import Logging
import ServiceLifecycle

/// A feature once made (see `ServerFeatureMaker`). Every requirement is spelled out by each
/// feature, with no defaults, so that a witness whose signature drifts fails to compile rather
/// than being silently skipped.
public protocol ServerFeature: Sendable {
    /// Adds the feature's routes, WebSocket routes included, to the server's one router.
    func register(on router: Router<AppContext>)
    /// Whether any of those routes takes a WebSocket: the listener then offers the upgrade.
    var takesWebSockets: Bool { get }
    /// The feature's card on the home page, drawn with `PageTemplates` (nil: none).
    func homeSection() async -> String?
    /// Sets the feature's gauges at each scrape of /metrics (`ServerMetrics.set`).
    func renderMetrics(into metrics: ServerMetrics)
    /// A player was erased: forget what the feature keeps of them outside the database.
    func playerErased(_ publicID: String)
    /// Run beside the HTTP server for its whole life.
    var services: [any Service] { get }
    /// The HTTP listener is bound: where a program on this machine reaches the API (its port may
    /// be one the system chose).
    func listening(at apiURL: String)
}

/// What a feature is made from, once the leaderboard's service is migrated and the process's
/// open-file limit raised.
public struct ServerSite: Sendable {
    public let configuration: ServerConfiguration
    public let service: LeaderboardService
    /// The open-file limit as raised, for a feature that sizes caps of its own.
    public let fileLimit: Int
    public let logger: Logger
}

/// A feature as the assembler hands it to `buildApplication`, which makes it at the point of
/// start-up where what it needs exists (its log lines fall in the same place every start).
public struct ServerFeatureMaker: Sendable {
    /// Whether the feature's own programs call the API from this host (games hosted over SSH):
    /// the HTTP per-address cap must then not count them as one client, since their requests are
    /// counted by the addresses of their players.
    public let callsFromThisHost: Bool
    public let make: @Sendable (ServerSite) async throws -> any ServerFeature

    public init(callsFromThisHost: Bool, make: @escaping @Sendable (ServerSite) async throws -> any ServerFeature) {
        self.callsFromThisHost = callsFromThisHost
        self.make = make
    }
}
