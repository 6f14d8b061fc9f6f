// Banners' tables (BannerSQL says what each holds): the tiers earned, and the steps counted.

extension Migration {
    /// v12. Banners earned, and the steps toward the counted ones.
    static let banners = Migration("v12: banners and the steps toward them", erasing: [
        ErasureStep("player_banners", BannerSQL.eraseBanners),
        ErasureStep("banner_steps", BannerSQL.eraseSteps),
    ]) { d in
        let integer = d == .sqlite ? "INTEGER" : "BIGINT"
        let withoutRowID = d == .sqlite ? " WITHOUT ROWID" : ""
        return [
            """
            CREATE TABLE player_banners (
                player \(integer) NOT NULL REFERENCES players(id),
                banner TEXT NOT NULL,
                tier INTEGER NOT NULL,
                earned_at \(integer) NOT NULL,
                PRIMARY KEY (player, banner, tier)
            )\(withoutRowID)
            """,
            """
            CREATE TABLE banner_steps (
                player \(integer) NOT NULL REFERENCES players(id),
                banner TEXT NOT NULL,
                about TEXT NOT NULL,
                PRIMARY KEY (player, banner, about)
            )\(withoutRowID)
            """,
        ]
    }
}
