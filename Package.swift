// swift-tools-version: 6.1
// Plume — a dress-up and swarm game for the terminal. See README.md and ARCHITECTURE notes.
import PackageDescription

let package = Package(
    name: "Plume",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "plume", targets: ["plume"]),
        .executable(name: "plume-server", targets: ["plume-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The leaderboard: its store (SQLite) and token hashing, linked by the game and the server.
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Server only: never reachable from the `plume` product. Without its default trait
        // ConfigurationSupport: nothing here reads swift-configuration (48 files of a fresh build).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        // Server only: the games it hosts over SSH.
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket", from: "2.8.1"),
    ],
    targets: [
        // The game's content (catalog.json, pixel art) shipped as a resource bundle beside the binary.
        .target(
            name: "PlumeAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["AssetsBundle.swift"],
            resources: [.copy("catalog.json"), .copy("challenges.json"), .copy("causes.json"), .copy("gallery.json"), .copy("art")]
        ),
        // Pure values: catalog, looks, swarm recipes, share codes and the link importer.
        .target(name: "GameState", dependencies: ["PlumeAssets"]),
        // Sayama's Swarm Chemistry: deterministic, seeded, grid + threads, metrics, evolution.
        .target(name: "SwarmSim", dependencies: ["GameState", "CSwarmKernel"]),
        // Connection caps and deadlines for any listener of a server process (HTTP now, SSH later):
        // the open-file limit, per-address and total caps with headroom, and a deadline per phase.
        .target(name: "ConnectionGuard", dependencies: [.product(name: "NIOCore", package: "swift-nio")]),
        // The Runway's people's choice: Bradley–Terry with reliability weights, and the pair dealer.
        .target(name: "Runway"),
        // UTC days and ISO weeks without Foundation calendars: the one place a moment becomes a day.
        .target(name: "PlumeCalendar"),
        // Style themes and swarm challenges: deterministic scores shared by the game and the server.
        .target(name: "Challenges", dependencies: ["GameState", "SwarmSim", "PlumeAssets", "PlumeCalendar"]),
        // QR codes for share links (byte mode, level M, versions 1–10), written here: no dependencies.
        .target(name: "QRCode"),
        // The UI core: cells, grid, styles, keys, mouse, widgets, and the program loop's types and
        // schedule. The seam between the game and the terminal; it knows neither.
        .target(name: "TUI"),
        // The game as pure code: a folder per screen, one stack of layers, one router; view() into a Grid.
        .target(name: "PlumeUI", dependencies: ["TUI", "GameState", "SwarmSim", "Challenges", "ScoresAPI", "PlumeCalendar", "QRCode"]),
        // The leaderboard's wire types and times, and the one protocol the game's Scores screen
        // talks through (commands out, events back). Plain Swift.
        .target(name: "ScoresAPI", dependencies: ["PlumeCalendar"]),
        // The API's OpenAPI document, written from the calls ScoresAPI declares (`plume-server
        // openapi`, `make openapi`). Plain Swift; the game does not link it.
        .target(name: "ScoresAPIDocument", dependencies: ["ScoresAPI"]),
        // The game's side of the leaderboard: a plume-server over URLSession, or the same service
        // in-process on a local SQLite file; settings, credentials and the outbox. No NIO.
        .target(
            name: "ScoresClient",
            dependencies: [
                "ScoresAPI", "PlumeCalendar", "Leaderboard", "GameState", "Challenges",
            ]
        ),
        // Links from other programs: the running game's Unix socket (one owner, by lock) and
        // `plume open`'s side of it. Foundation and Glibc only.
        .target(name: "LinkRelay"),
        // ncursesw, through one small shim.
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses"),
        // The only code that touches ncurses: draws grids, decodes input into plain keys, runs a
        // generic program loop. Knows nothing of the game.
        .target(name: "Terminal", dependencies: ["CNCurses", "TUI"]),
        // The game's effects, run for the `plume` program: saves (coalesced, off the input path),
        // clipboard copies and opened links (child processes, never waited on), score requests.
        .target(name: "GameRunner", dependencies: ["TUI", "PlumeUI", "ScoresAPI"]),
        // What `plume bench` needs beyond the game: the engine's benchmark recipes (seeded, which
        // the engine's tests run too). Linked by `plume` alone.
        .target(name: "PlumeBench", dependencies: ["GameState", "Challenges", "SwarmSim"]),
        // What `plume-server bench` needs beyond the server: the leaderboard benchmark's seeded
        // database and codes, and the Runway's benchmarks with their looks (which the store's tests
        // draw too). Linked by `plume-server` alone. No NIO.
        .target(
            name: "ServerBench",
            dependencies: [
                "GameState", "Challenges", "Leaderboard", "Runway", "ScoresAPI", "PlumeCalendar",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // The engine's inner loop, compiled for AVX-512, AVX2 and SSE2 with bit-identical results.
        .target(name: "CSwarmKernel"),
        .executableTarget(
            name: "plume",
            dependencies: [
                "GameState",
                "SwarmSim",
                "Challenges",
                "PlumeUI",
                "TUI",
                "Terminal",
                "GameRunner",
                "ScoresClient",
                "ScoresAPI",
                "QRCode",
                "LinkRelay",
                "PlumeBench",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The leaderboard as plain Swift (no HTTP): boards, verification, rank index, donations,
        // the store protocol and its SQLite store. Linked by the server and (offline) by the game.
        .target(
            name: "Leaderboard",
            dependencies: [
                "ScoresAPI", "PlumeCalendar", "GameState", "SwarmSim", "Challenges", "PlumeAssets", "Runway",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The PostgreSQL store (postgres-nio) for many server processes on one database; it tells
        // every process of each change through LISTEN/NOTIFY. Server only.
        .target(
            name: "LeaderboardPostgres",
            dependencies: [
                "Leaderboard",
                "GameState",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The HTTP face of the leaderboard: Hummingbird routes, auth, limits, pages, feed, metrics
        // (a registry per application), and the seam (ServerFeature) through which the executable
        // adds features it knows nothing of, such as play over SSH. Links no store kind and no SSH.
        .target(
            name: "LeaderboardServer",
            dependencies: [
                "Leaderboard", "ScoresAPI", "PlumeCalendar", "GameState", "Challenges", "SwarmSim", "PlumeAssets",
                "ConnectionGuard", "QRCode", "ServerSettings",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
            ],
            resources: [.copy("openapi.json")]
        ),
        // fork and exec of a game in a new session on a new pseudo-terminal: the steps between the
        // two must be async-signal-safe, so they are C.
        .target(name: "CPseudoTerminal"),
        // Play over SSH: the SSH listener (swift-nio-ssh) beside HTTP, a key per player, each
        // session the real `plume` in its own pseudo-terminal, with limits. Server only.
        .target(
            name: "HostedGames",
            dependencies: [
                "Leaderboard", "ConnectionGuard", "CPseudoTerminal", "ScoresAPI", "GameState", "ServerSettings",
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // Play over SSH as a feature of the HTTP server: the watch pages, their WebSocket and the
        // relay between hosts, the home page's card, the SSH lines of /metrics, and the making of
        // the SSH server (host key, the game's path) once the leaderboard's service is ready.
        .target(
            name: "HostingRoutes",
            dependencies: [
                "HostedGames", "LeaderboardServer", "Leaderboard", "ScoresAPI", "GameState",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // plume-server's settings (flags, environment, config file) as plain values with their
        // built-in defaults, a library so that the fuzz harness reads config files with the
        // server's own code. A leaf: it links nothing it configures; the parts it configures
        // (LeaderboardServer, HostedGames) link it and take their defaults from its values, and
        // plume-server makes the configurations. Not on ArgumentParser: the manual plugin would
        // take plume-fuzz for a command with a page of its own.
        .target(
            name: "ServerSettings",
            dependencies: [
                "GameState",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The one place the server is assembled: settings into configurations, the store opened,
        // the HTTP server with its features and metrics; and the operator's commands.
        .executableTarget(
            name: "plume-server",
            dependencies: [
                "Leaderboard", "LeaderboardPostgres", "LeaderboardServer", "ScoresAPI", "PlumeCalendar", "GameState", "Challenges", "ServerBench",
                "HostedGames", "HostingRoutes", "ServerSettings", "ScoresAPIDocument",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Test helpers: a real PostgreSQL started for the tests, the two store kinds and their stores.
        .target(name: "PlumeTestSupport", dependencies: ["GameState", "PlumeCalendar", "Challenges", "ScoresAPI", "Leaderboard", "LeaderboardPostgres"], path: "Tests/PlumeTestSupport"),
        // The store suites run on SQLite and on a real PostgreSQL; SchemaTests reads both catalogs.
        .testTarget(
            name: "LeaderboardTests",
            dependencies: [
                "Leaderboard", "LeaderboardPostgres", "ScoresAPI", "PlumeCalendar", "PlumeTestSupport", "GameState", "Challenges", "ServerBench",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // The HTTP layer in process (HummingbirdTesting's router client), on both stores.
        .testTarget(
            name: "LeaderboardServerTests",
            dependencies: [
                "LeaderboardServer", "Leaderboard", "LeaderboardPostgres", "ScoresAPI", "PlumeCalendar", "PlumeTestSupport", "GameState",
                "ConnectionGuard", "ServerBench", "Challenges", "HostedGames", "HostingRoutes", "ServerSettings", "ScoresAPIDocument",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
            ]
        ),
        // The game's client against a real plume-server on loopback and against the local board.
        .testTarget(
            name: "ScoresClientTests",
            dependencies: [
                "ScoresClient", "ScoresAPI", "Leaderboard", "LeaderboardServer", "PlumeTestSupport", "GameState",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // Coverage-guided fuzzing (Fuzz/, `make fuzz`): a harness per door of outside input with its
        // oracle, the driver (libFuzzer under -sanitize=fuzzer -DPLUME_FUZZER, else a replayer),
        // and the replay of every kept input in the ordinary tests. None of it ships.
        .target(
            name: "PlumeFuzz",
            dependencies: [
                "GameState", "Terminal", "TUI", "Leaderboard", "LeaderboardServer", "HostedGames", "ConnectionGuard", "ScoresAPI", "ServerSettings",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOEmbedded", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Fuzz/Sources/PlumeFuzz"
        ),
        .executableTarget(name: "plume-fuzz", dependencies: ["PlumeFuzz"], path: "Fuzz/Sources/plume-fuzz"),
        .testTarget(name: "FuzzReplayTests", dependencies: ["PlumeFuzz"]),
        .testTarget(name: "GameStateTests", dependencies: ["GameState"]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "ConnectionGuardTests", dependencies: ["ConnectionGuard"]),
        .testTarget(name: "RunwayTests", dependencies: ["Runway", "GameState"]),
        .testTarget(name: "LinkRelayTests", dependencies: ["LinkRelay"]),
        .testTarget(name: "SwarmSimTests", dependencies: ["SwarmSim", "GameState", "PlumeBench"]),
        .testTarget(name: "ChallengesTests", dependencies: ["Challenges", "PlumeCalendar", "GameState", "SwarmSim", "PlumeBench"]),
        .testTarget(name: "TUITests", dependencies: ["TUI", "GameState"]),
        // Snapshots/ holds the goldens the tests read by path: screens/ and chrome/.
        .testTarget(name: "PlumeUITests", dependencies: ["PlumeUI", "TUI", "GameState", "Challenges", "ScoresAPI", "PlumeCalendar", "QRCode"], exclude: ["Snapshots"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "TUI"]),
        .testTarget(name: "GameRunnerTests", dependencies: ["GameRunner", "PlumeUI", "TUI", "GameState", "ScoresAPI"]),
    ],
    swiftLanguageModes: [.v6]
)

// `make fuzz` builds plume-fuzz in the ordinary build directory with PLUME_FUZZ_BUILD set: only
// this package's own targets are instrumented for libFuzzer (-sanitize=fuzzer, coverage and
// comparisons), so the dependencies already built for the tests (NIO, Hummingbird, GRDB, Crypto)
// are used as they are instead of being built a second time. The harnesses search our code.
if Context.environment["PLUME_FUZZ_BUILD"] != nil {
    for target in package.targets {
        switch target.type {
        case .regular, .executable:
            if ["CSwarmKernel", "CPseudoTerminal"].contains(target.name) {
                target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(["-fsanitize=fuzzer-no-link"])]
            } else {
                target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
            }
        default:
            break
        }
        if target.name == "plume-fuzz" || target.name == "PlumeFuzz" {
            target.swiftSettings = (target.swiftSettings ?? []) + [.define("PLUME_FUZZER")]
        }
        if target.name == "plume-fuzz" {
            target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer"])]
        }
    }
}

// `make dist` builds the release binaries it packages with PLUME_DIST_BUILD set: both link
// CICUData, an object that defines the ICU data symbol with a smaller package of ICU's data
// (scripts/icu-data.py writes it into Sources/CICUData; see there for what is kept and why).
// Linked as the products' own object, it is in place before the toolchain's archive is read, so
// the archive's 34 MB copy is never taken. A dist build also exports no symbols (the runtime
// arguments ask for every one: 8 MB of tables nothing in these programs looks up), and binds every
// symbol at start (-z now), so that its whole offset table is read-only once it runs (full RELRO).
if Context.environment["PLUME_DIST_BUILD"] != nil {
    let icuData = Context.packageDirectory + "/Sources/CICUData"
    package.targets.append(.target(name: "CICUData", exclude: ["icu.dat", "README.md"],
                                   cSettings: [.unsafeFlags(["-Wa,-I" + icuData])]))
    for target in package.targets where target.name == "plume" || target.name == "plume-server" {
        target.dependencies.append("CICUData")
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-Xlinker", "--no-export-dynamic", "-Xlinker", "-z", "-Xlinker", "now"])]
    }
}
