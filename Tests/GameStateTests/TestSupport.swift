// Shared fixtures for GameState tests.
import Foundation
@testable import GameState

enum Fixtures {
    static let catalog: Catalog = {
        switch Catalog.bundled {
        case .success(let catalog): return catalog
        case .failure(let error): fatalError("bundled catalog failed to load: \(error)")
        }
    }()

    static let importer = LinkImporter(catalog: catalog)

    /// A recipe from Sayama's published Swarm Chemistry gallery ("jellyfish"), as his simulator prints it.
    static let sayamaJellyfish = """
        134 * (262.65, 12.01, 25.87, 0.97, 1.0, 56.35, 0.26, 0.61)
        67 * (288.17, 6.19, 23.37, 0.95, 1.0, 1.31, 0.1, 0.9)
        68 * (150.5, 12.97, 15.87, 0.46, 0.39, 57.95, 0.17, 0.48)
        """

    /// Another from the same gallery, with a value written "300.0" and one "0.0".
    static let sayamaMulticellularity = """
        99 * (19.8, 15.73, 2.61, 0.85, 0.64, 10.51, 0.17, 0.06)
        48 * (300.0, 14.63, 0.0, 0.48, 0.81, 90.27, 0.25, 0.78)
        37 * (275.18, 16.9, 7.05, 0.48, 0.81, 90.27, 0.17, 0.85)
        8 * (159.59, 2.09, 24.19, 0.96, 0.59, 76.03, 0.01, 0.07)
        42 * (73.07, 1.82, 2.36, 0.27, 0.61, 40.55, 0.22, 0.86)
        """

    /// The look behind the golden look vector.
    static let goldenLook = Look(background: 1, model: 2, garments: [
        WornGarment(id: 36, colour: 2), WornGarment(id: 2, colour: 1), WornGarment(id: 11, colour: 0),
    ])
    static let goldenLookCode = "1EQECAwIBCwAkAnOD"

    static func ingredient(_ population: Int, _ values: [Double]) -> Ingredient {
        Ingredient(population: population, genome: Genome(clamping: values))
    }

    static func recipe(_ text: String) throws -> SwarmRecipe {
        guard case .swarm(let recipe) = try importer.read(text).state else { throw CocoaError(.coderInvalidValue) }
        return recipe
    }
}
