// Looks that may enter a day's runway (500 or more on its theme, wearable), drawn at random and
// distinct, for the runway's benchmark and tests: many players with many different looks.
import Challenges
import GameState

public enum RunwayLooks {
    /// Up to `count` distinct entry codes for the theme, from a seeded search (the same seed
    /// gives the same looks); fewer only if the search gives up after `count × 400` tries.
    public static func codes(count: Int, theme: StyleTheme, catalog: Catalog, seed: UInt64 = 1) -> [String] {
        var rng = SplitMix64(seed: seed)
        var found: [String] = []
        var seen = Set<String>()
        var tries = 0
        while found.count < count, tries < count * 400 {
            tries += 1
            let look = catalog.randomLook(using: &rng)
            guard look.brokenRules(in: catalog).isEmpty, case .success = RunwayEntry.check(look, theme: theme, catalog: catalog) else { continue }
            let code = ShareCode.encode(.look(look))
            if seen.insert(code).inserted { found.append(code) }
        }
        return found
    }
}
