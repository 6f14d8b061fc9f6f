// The Lab briefs' catalogue and calendar: twelve templates of two goals that pull against each
// other, three levels of each (the best readings three quarters, all, and five quarters of the
// way from the template's worst to its best), and a constraint from a pool of eleven that the
// template allows. First guesses of the scales, until the attacker (`make bench-lab`) has measured them.
import GameState
import PlumeCalendar

public enum LabRules {
    /// The first day with a Lab brief and its board.
    public static let firstDay = UTCDay.days(year: 2026, month: 11, day: 28)
    /// The levels: how far towards (or past) the template's best a level's best lies.
    static let levels: [(name: String, reach: Double)] = [("I", 0.75), ("II", 1.0), ("III", 1.25)]
}

struct LabTemplate {
    let name: String
    let words: String
    let goals: [(LabMeasure, worst: Double, best: Double)]
    /// Constraints every brief of the template keeps.
    let intrinsic: [LabConstraint]

    /// Whether a constraint of the pool goes with this template: not one that repeats or
    /// contradicts a constraint of its own.
    func allows(_ constraint: LabConstraint) -> Bool {
        for own in intrinsic {
            switch (own, constraint) {
            case (.exactSpecies, .exactSpecies), (.exactSpecies, .maxIngredients): return false
            case (.parameterAtMost(let a, _), .parameterAtMost(let b, _)) where a == b: return false
            default: continue
            }
        }
        return true
    }
}

enum LabCatalogue {
    static let templates: [LabTemplate] = [
        LabTemplate(name: "Tight comet", words: "Go far and stay tight: the swarm's centre travels while its agents pull in round it.",
                    goals: [(.travel, 0, 1500), (.tightness, 1, 0.25)], intrinsic: []),
        LabTemplate(name: "Spinning cover", words: "Spin round your centre while spreading over new ground.",
                    goals: [(.rotation, 0, 0.8), (.cover, 0, 200)], intrinsic: []),
        LabTemplate(name: "Three blobs", words: "Three species, each gathered into one crowd of its own.",
                    goals: [(.sorting, 0.1, 0.9), (.oneBlob, 0.2, 0.95)], intrinsic: [.exactSpecies(3)]),
        LabTemplate(name: "Slow march", words: "Everyone heads one way and goes far — on a low top speed.",
                    goals: [(.alignment, 0, 0.95), (.travel, 0, 1000)], intrinsic: [.parameterAtMost(.maxSpeed, hundredths: 800)]),
        LabTemplate(name: "Travelling vortex", words: "A whirl that travels: turn round the centre while the centre moves on.",
                    goals: [(.travel, 0, 1200), (.rotation, 0, 0.7)], intrinsic: []),
        LabTemplate(name: "Sorted march", words: "Head one way together, each species keeping to its own kind.",
                    goals: [(.alignment, 0, 0.95), (.sorting, 0.1, 0.9)], intrinsic: []),
        LabTemplate(name: "Tight sort", words: "Pull in tight, and yet keep each species with its own kind.",
                    goals: [(.tightness, 1, 0.3), (.sorting, 0.1, 0.9)], intrinsic: []),
        LabTemplate(name: "Tight spin", words: "A small, tight whirl: turn round the centre and pull in.",
                    goals: [(.rotation, 0, 0.8), (.tightness, 1, 0.3)], intrinsic: []),
        LabTemplate(name: "Aligned cover", words: "Cover new ground while everyone heads the same way.",
                    goals: [(.alignment, 0, 0.95), (.cover, 0, 200)], intrinsic: []),
        LabTemplate(name: "Calm cover", words: "Spread over new ground, calmly: a slow swarm that still reaches far.",
                    goals: [(.cover, 0, 200), (.calm, 8, 1)], intrinsic: []),
        LabTemplate(name: "Split comet", words: "Go far, with the species sorted apart on the way.",
                    goals: [(.travel, 0, 1500), (.sorting, 0.1, 0.9)], intrinsic: []),
        LabTemplate(name: "One-crowd march", words: "Head one way as one crowd: every species whole, every agent aligned.",
                    goals: [(.alignment, 0, 0.95), (.oneBlob, 0.2, 0.95)], intrinsic: []),
    ]

    static let pool: [LabConstraint] = [
        .maxIngredients(2), .maxIngredients(3), .maxIngredients(4),
        .exactSpecies(2), .exactSpecies(3), .exactSpecies(4),
        .maxAgents(150), .maxAgents(200),
        .parameterAtMost(.maxSpeed, hundredths: 1000), .parameterAtMost(.maxSpeed, hundredths: 1500),
        .parameterAtMost(.radius, hundredths: 8000),
    ]

    /// Every brief, in the catalogue's fixed order: level, then template, then constraint.
    static let briefs: [LabBrief] = {
        var briefs: [LabBrief] = []
        for level in LabRules.levels {
            for template in templates {
                for constraint in pool where template.allows(constraint) {
                    let goals = template.goals.map { measure, worst, best in
                        let reach = worst + (best - worst) * level.reach
                        return LabGoal(measure: measure, scale: SwarmChallenge.Scale(best: reach, worst: worst), words: goalWords(measure, best: reach))
                    }
                    let constraints = template.intrinsic + [constraint]
                    briefs.append(LabBrief(id: briefs.count, name: "\(template.name) \(level.name) · \(constraint.words)",
                                           words: template.words + " Rules: " + constraints.map(\.words).joined(separator: "; ") + ".",
                                           goals: goals, constraints: constraints))
                }
            }
        }
        return briefs
    }()

    static func goalWords(_ measure: LabMeasure, best: Double) -> String {
        switch measure {
        case .travel: "go far (\(measure.words(best)) is best)"
        case .tightness: "pull in (\(measure.words(best)) is best)"
        case .rotation: "spin (\(measure.words(best)) is best)"
        case .cover: "cover new ground (\(measure.words(best)) is best)"
        case .alignment: "head one way (\(measure.words(best)) is best)"
        case .sorting: "keep to your kind (\(measure.words(best)) is best)"
        case .oneBlob: "one crowd a species (\(measure.words(best)) is best)"
        case .calm: "move calmly (\(measure.words(best)) is best)"
        }
    }
}

extension ChallengeBook {
    /// Every Lab brief (the same for every book: the catalogue is code, frozen once played).
    public var labBriefs: [LabBrief] { LabCatalogue.briefs }

    /// The day's Lab brief: each UTC year its own order of the catalogue, no brief twice a year.
    public func labBrief(forDay day: Int) -> LabBrief {
        LabCatalogue.briefs[YearOrder.index(forDay: day, count: LabCatalogue.briefs.count, salt: YearOrder.labBriefs)]
    }
}
