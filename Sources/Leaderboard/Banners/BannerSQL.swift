// Banners' SQL, written once for both stores (see StoreExecutor).
// - `player_banners`: one row a player, banner kind and tier earned (1–3), with when.
// - `banner_steps`: what counts toward a counted banner, once each (a player's look in a day's
//   people's top 10, a Lab brief bettered): a closing pass run twice counts nothing twice.
// Every statement names the columns BannerStore reads.

enum BannerSQL {
    typealias Dialect = StoreSQL.Dialect

    /// Awards a tier unless earned: `tier` when this awarded it, no row when it was already.
    /// 1: player, 2: kind, 3: tier, 4: at.
    static func award(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO player_banners (player, banner, tier, earned_at) VALUES (\(p(1)), \(p(2)), \(p(3)), \(p(4)))
            ON CONFLICT (player, banner, tier) DO NOTHING RETURNING tier
            """
    }

    /// Counts a step unless counted: `steps`, the player's steps of that kind now, when this
    /// counted it; no row when it was already. 1: player, 2: kind, 3: about.
    static func step(_ d: Dialect) -> String {
        let p = d.parameter
        return """
            INSERT INTO banner_steps (player, banner, about) VALUES (\(p(1)), \(p(2)), \(p(3)))
            ON CONFLICT (player, banner, about) DO NOTHING RETURNING player
            """
    }

    /// `steps`: a player's steps of a kind. 1: player, 2: kind.
    static func steps(_ d: Dialect) -> String {
        "SELECT count(*) AS steps FROM banner_steps WHERE player = \(d.parameter(1)) AND banner = \(d.parameter(2))"
    }

    /// (banner, tier, earned_at) of a player's banners, oldest first. 1: player.
    static func banners(_ d: Dialect) -> String {
        "SELECT banner, tier, earned_at FROM player_banners WHERE player = \(d.parameter(1)) ORDER BY earned_at, banner, tier"
    }

    static func eraseBanners(_ d: Dialect) -> String { "DELETE FROM player_banners WHERE player = \(d.parameter(1))" }
    static func eraseSteps(_ d: Dialect) -> String { "DELETE FROM banner_steps WHERE player = \(d.parameter(1))" }
}
