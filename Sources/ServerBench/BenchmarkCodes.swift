// The share codes the leaderboard benchmark seeds and submits: a family of one-ingredient swarms
// (each n a different code, so the verifier has to simulate it the first time) and the catalog's
// simple looks (codes that score differently). The same on every run. For `plume-server bench`.
import GameState

public enum BenchmarkCodes {
    /// Swarm n: one species of 100 agents whose radius is 40 + n (up to R's limit of 300).
    public static func swarm(_ n: Int) -> String {
        let genome = Genome(clampingHundredths: [4000 + n * 100, 500, 1000, 50, 50, 2000, 10, 50])
        return ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: 100, genome: genome)])))
    }

    /// Every look of one garment, and of each pair of a top and a bottom: scores that differ.
    public static func looks(in catalog: Catalog) -> [String] {
        var looks = catalog.garments.map { Look(background: 1, model: 1, garments: [WornGarment(id: $0.id, colour: 0)]) }
        for top in catalog.garments(in: .top) {
            for bottom in catalog.garments(in: .bottom) {
                looks.append(Look(background: 1, model: 1, garments: [WornGarment(id: top.id, colour: 0), WornGarment(id: bottom.id, colour: 0)]))
            }
        }
        return looks.map { ShareCode.encode(.look($0)) }
    }
}
