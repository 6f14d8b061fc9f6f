// Share codes the tests submit: a wearable outfit, a plain look, and a small swarm.
import Challenges
import Foundation
import GameState
import PlumeCalendar
import ScoresAPI

public enum Fixtures {
    public static func look(_ garments: [Int] = []) -> String {
        ShareCode.encode(.look(Look(background: 1, model: 1, garments: garments.map { WornGarment(id: $0, colour: 0) })))
    }

    /// A wearable two-garment look: the catalog's first top and first bottom.
    public static func outfit() -> String {
        let catalog = try! Catalog.bundled.get()
        return look([catalog.garments(in: .top)[0].id, catalog.garments(in: .bottom)[0].id])
    }

    public static func swarm(population: Int = 100) -> String {
        let genome = Genome(clampingHundredths: [6000, 500, 1000, 50, 50, 2000, 10, 50])
        return ShareCode.encode(.swarm(SwarmRecipe([Ingredient(population: population, genome: genome)])))
    }

    /// A classic challenge's board of the season playing today (UTC); with `week`, this week's.
    public static func swarmBoard(_ challenge: String = "huddle", week: Bool = false) -> String {
        let today = UTCDay.containing(Date())
        return BoardID.swarm(challenge: challenge, week: week ? ISOWeek(day: today) : nil, season: SwarmSeasons.season(onDay: today)).text
    }

    /// Today's style board (UTC).
    public static func styleBoard(daysAgo: Int = 0) -> String {
        "style-" + UTCDay.string(UTCDay.containing(Date()) - daysAgo)
    }
}
