// The Lab's gallery: named original recipes from Assets/gallery.json, each with the behaviour its
// name claims written as bounds on measured values, so a test can hold every name to its word.
import Foundation
import GameState
import PlumeAssets
import SwarmSim

public struct GalleryEntry: Sendable, Equatable {
    public let name: String
    public let brief: String
    public let recipe: SwarmRecipe
    public let claims: [String: Double]
}

/// What a recipe does, measured the same way every time: seed 1, 300 steps to settle, then 300
/// steps sampled every 10.
public struct GalleryMeasure: Sendable, Equatable {
    /// How far the centroid moved over the measured 300 steps.
    public var travel: Double
    /// Mean rotation (−1…1) over the samples, as a magnitude.
    public var rotation: Double
    public var polarisation: Double
    public var segregation: Double
    /// Mean distance to the centroid.
    public var cohesion: Double
    /// How much the cohesion swells and shrinks: its standard deviation over its mean.
    public var pulse: Double
    /// 20-unit cells occupied at the end.
    public var spread: Double
    /// The largest distance between two species' centroids at the end.
    public var speciesApart: Double

    /// The bounds `claims` sets that this measure breaks, in words (empty: all kept).
    public func broken(_ claims: [String: Double]) -> [String] {
        let values: [String: Double] = ["Travel": travel, "Rotation": rotation, "Polarisation": polarisation, "Segregation": segregation,
                                        "Cohesion": cohesion, "Pulse": pulse, "Spread": spread, "SpeciesApart": speciesApart]
        return claims.sorted { $0.key < $1.key }.compactMap { key, bound in
            let isMin = key.hasPrefix("min")
            guard let value = values[String(key.dropFirst(3))] else { return "unknown claim \(key)" }
            let kept = isMin ? value >= bound : value <= bound
            return kept ? nil : "\(key) \(bound): measured \(value)"
        }
    }
}

public enum SwarmGallery {
    public static let bundled: Result<[GalleryEntry], CatalogError> = Result { () throws(CatalogError) in
        try load(from: PlumeAssets.directory)
    }

    public static func load(from directory: URL) throws(CatalogError) -> [GalleryEntry] {
        let file = directory.appendingPathComponent("gallery.json")
        func fail(_ problems: [String]) -> CatalogError { CatalogError(location: file.path, problems: problems) }
        struct Raw: Decodable {
            struct Recipe: Decodable { let name: String; let brief: String; let link: String; let claims: [String: Double] }
            let format: Int
            let recipes: [Recipe]
        }
        guard let data = try? Data(contentsOf: file) else { throw fail(["gallery.json is missing or unreadable"]) }
        guard let raw = try? JSONDecoder().decode(Raw.self, from: data), raw.format == 1 else { throw fail(["gallery.json isn't a format 1 gallery"]) }
        var entries: [GalleryEntry] = [], problems: [String] = []
        for recipe in raw.recipes {
            guard let code = recipe.link.split(separator: "/").last, case .swarm(let swarm)? = try? ShareCode.decode(code) else {
                problems.append("\(recipe.name): its link isn't a swarm")
                continue
            }
            entries.append(GalleryEntry(name: recipe.name, brief: recipe.brief, recipe: swarm, claims: recipe.claims))
        }
        if Set(entries.map(\.name)).count != entries.count { problems.append("two recipes share a name") }
        guard problems.isEmpty else { throw fail(problems) }
        return entries
    }

    public static func measure(_ recipe: SwarmRecipe, threads: Int = Swarm.availableThreads) -> GalleryMeasure {
        var swarm = Swarm(recipe: recipe, seed: 1)
        swarm.run(steps: 300, threads: threads)
        let settled = swarm.state
        var cohesions: [Double] = [], rotation = 0.0, polarisation = 0.0
        for _ in 0..<30 {
            swarm.run(steps: 10, threads: threads)
            cohesions.append(SwarmMetrics.cohesion(swarm.state))
            rotation += SwarmMetrics.rotation(swarm.state) / 30
            polarisation += SwarmMetrics.polarisation(swarm.state) / 30
        }
        let end = swarm.state
        let mean = cohesions.reduce(0, +) / Double(cohesions.count)
        let deviation = (cohesions.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(cohesions.count)).squareRoot()
        var centres: [Int32: (x: Double, y: Double, n: Double)] = [:]
        for index in 0..<end.count {
            let c = centres[end.species[index], default: (0, 0, 0)]
            centres[end.species[index]] = (c.x + end.x[index], c.y + end.y[index], c.n + 1)
        }
        let points = centres.values.map { ($0.x / $0.n, $0.y / $0.n) }
        var apart = 0.0
        for a in points { for b in points { apart = max(apart, ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot()) } }
        return GalleryMeasure(travel: SwarmMetrics.travel(from: settled, to: end), rotation: abs(rotation), polarisation: polarisation,
                              segregation: SwarmMetrics.segregation(end), cohesion: mean, pulse: deviation / max(1, mean),
                              spread: Double(SwarmMetrics.spread(end)), speciesApart: apart)
    }
}
