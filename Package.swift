// swift-tools-version: 6.1
// Plume — a dress-up and swarm game for the terminal. See README.md and ARCHITECTURE notes.
import PackageDescription

let package = Package(
    name: "Plume",
    platforms: [.macOS(.v14)],
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
            resources: [.copy("catalog.json"), .copy("art")]
        ),
        // Pure values: catalog, looks, swarm recipes, share codes and the link importer.
        .target(name: "GameState", dependencies: ["PlumeAssets"]),
        .executableTarget(
            name: "plume",
            dependencies: [
                "GameState",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "GameStateTests", dependencies: ["GameState"]),
    ],
    swiftLanguageModes: [.v6]
)
