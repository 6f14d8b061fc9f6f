// swift-tools-version: 6.1
// Plume — a dress-up and swarm game for the terminal. See README.md and ARCHITECTURE notes.
import PackageDescription

let package = Package(
    name: "Plume",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "plume", targets: ["plume"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The game's content (catalog.json, pixel art) shipped as a resource bundle beside the binary.
        .target(
            name: "PlumeAssets",
            path: "Assets",
            exclude: ["README.md"],
            sources: ["AssetsBundle.swift"],
            resources: [.copy("catalog.json"), .copy("challenges.json"), .copy("art")]
        ),
        // Pure values: catalog, looks, swarm recipes, share codes and the link importer.
        .target(name: "GameState", dependencies: ["PlumeAssets"]),
        // Sayama's Swarm Chemistry: deterministic, seeded, grid + threads, metrics, evolution.
        .target(name: "SwarmSim", dependencies: ["GameState", "CSwarmKernel"]),
        // Style themes and swarm challenges: deterministic scores shared by the game and the server.
        .target(name: "Challenges", dependencies: ["GameState", "SwarmSim", "PlumeAssets"]),
        // The app as pure code: Model, Msg, update(), view() into a cell Grid.
        .target(name: "PlumeUI", dependencies: ["GameState", "SwarmSim", "Challenges"]),
        // ncursesw, through one small shim.
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses"),
        // The only code that touches the terminal: run loop, input, drawing, clipboard.
        .target(name: "Terminal", dependencies: ["CNCurses", "PlumeUI", "GameState"]),
        // The engine's inner loop, compiled for AVX-512, AVX2 and SSE2 with bit-identical results.
        .target(name: "CSwarmKernel"),
        .executableTarget(
            name: "plume",
            dependencies: [
                "GameState",
                "SwarmSim",
                "Challenges",
                "PlumeUI",
                "Terminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GameStateTests", dependencies: ["GameState"]),
        .testTarget(name: "SwarmSimTests", dependencies: ["SwarmSim", "GameState"]),
        .testTarget(name: "ChallengesTests", dependencies: ["Challenges", "GameState", "SwarmSim"]),
        .testTarget(name: "PlumeUITests", dependencies: ["PlumeUI", "GameState", "Challenges"]),
        .testTarget(name: "TerminalTests", dependencies: ["Terminal", "PlumeUI"]),
    ],
    swiftLanguageModes: [.v6]
)
