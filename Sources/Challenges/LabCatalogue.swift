// The Lab briefs' catalogues and calendar: twelve templates of two goals that pull against each
// other, three levels of each, and a constraint from a pool of eleven that the template allows.
//
// Version 1 (2026-11-28 to 11-30) set its scales by guess, and the attacker (`make bench-lab`)
// met most of them in full — several by collapsing the swarm to a point, which is as tight, as
// sorted and as much one crowd as a swarm can be, and travels as fast. Version 2 (from 2026-12-01)
// pairs every goal with one a collapsed swarm fails (covering ground, turning round the centre,
// moving calmly), and sets its scales from the attacker's own reach: each template's best is the
// pair of readings `plume bench lab-calibrate` found for it (the best of a search of 1 000
// candidates on the seeds of 2026-12-01, no goal capped), and a level puts its best so far beyond
// that the attacker's pair scores 860, 800 or 740 — the rest of the way is the player's, up to
// 1000 where the measures can read that far (a best past a share of 1.00 is said in words).
// A rule of the pool can cut that reach a long way (at most 150 agents cover about a third of the
// ground; R at most 80 keeps a vortex from travelling as far): for each (template, rule) whose
// reach, measured from the template's witness with a search of 300 candidates held to the rule
// (`lab-calibrate --from-witnesses`), scored under nine tenths of the witness's, that search's best
// sets the rule's briefs' scales (`byRule`, 28 of the 126 pairs): its readings averaged over the
// seeds of ten days of the year (`lab-calibrate --rule-readings`), as one day's seeds can flatter
// a fragile swarm (Spread comet under R at most 80 travelled 1 023 on the calibration's, 556 in all).
// A day's brief never changes once played: a new catalogue is a new version bound to a later day.
import GameState
import PlumeCalendar

public enum LabRules {
    /// The first day with a Lab brief and its board.
    public static let firstDay = UTCDay.days(year: 2026, month: 11, day: 28)

    /// Each catalogue and the first day it sets the briefs of (before the first, version 1's:
    /// `plume swarm brief --day` reads any day).
    static let versions: [(firstDay: Int, briefs: [LabBrief])] = [
        (firstDay, LabCatalogue.build(LabCatalogue.guessed, levels: [("I", 0.75), ("II", 1.0), ("III", 1.25)], firstID: 0)),
        (UTCDay.days(year: 2026, month: 12, day: 1),
         LabCatalogue.build(LabCatalogue.measured, levels: LabCatalogue.measuredLevels, firstID: 372)),
    ]

    /// The catalogue of a day: the last version begun by then.
    static func catalogue(forDay day: Int) -> [LabBrief] {
        (versions.last { day >= $0.firstDay } ?? versions[0]).briefs
    }
}

struct LabTemplate {
    let name: String
    let words: String
    let goals: [(LabMeasure, worst: Double, best: Double)]
    /// Constraints every brief of the template keeps.
    let intrinsic: [LabConstraint]
    /// The goals' bests under a rule of the pool that a search of its own measured (a rule that
    /// cuts ingredients, agents or speed reaches less); a rule without one takes `goals`' bests.
    var byRule: [LabConstraint: [Double]] = [:]

    init(name: String, words: String, goals: [(LabMeasure, worst: Double, best: Double)], intrinsic: [LabConstraint],
         byRule: [LabConstraint: [Double]] = [:]) {
        (self.name, self.words, self.goals, self.intrinsic, self.byRule) = (name, words, goals, intrinsic, byRule)
        precondition(byRule.values.allSatisfy { $0.count == goals.count }, "\(name): a rule's bests, one a goal")
    }

    /// The template's goals with each best `stretch` times as far from the worst as `bests` (a
    /// rule's own; nil: the template's).
    func goals(stretched stretch: Double, bests: [Double]? = nil) -> [LabGoal] {
        zip(goals, bests ?? goals.map(\.best)).map { goal, best in
            let (measure, worst) = (goal.0, goal.worst)
            let far = worst + (best - worst) * stretch
            return LabGoal(measure: measure, scale: SwarmChallenge.Scale(best: far, worst: worst),
                           words: LabCatalogue.goalWords(measure, best: far, worst: worst))
        }
    }

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

public enum LabCatalogue {
    /// Version 1's templates: worst and best readings by guess, the levels' bests 3/4, 4/4 and
    /// 5/4 of the way from worst to best.
    static let guessed: [LabTemplate] = [
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

    /// Version 2's levels: how many times as far from the worst as the attacker's reading a
    /// level's best lies (the inverse of the share of the goal the attacker's pair earns: 0.86,
    /// 0.80, 0.74 — so its pair scores about 1000 × that).
    static let measuredLevels: [(name: String, reach: Double)] = [("I", 1 / 0.86), ("II", 1 / 0.80), ("III", 1 / 0.74)]

    /// Version 2's templates: each goal's worst, and as its best the reading the attacker reached
    /// (`plume bench lab-calibrate`); the levels stretch the best beyond it.
    static let measured: [LabTemplate] = [
        LabTemplate(name: "Spinning cover", words: "Spin round your centre while spreading over new ground.",
                    goals: [(.rotation, 0, 0.7583), (.cover, 0, 109.6)], intrinsic: [],
                    byRule: [
                        .exactSpecies(4): [0.5997, 108.4420],
                        .maxAgents(150): [0.4658, 35.1261],
                        .maxAgents(200): [0.5217, 55.1989],
                        .parameterAtMost(.radius, hundredths: 8000): [0.1644, 95.3693],
                    ]),
        LabTemplate(name: "Travelling vortex", words: "A whirl that travels: turn round the centre while the centre moves on.",
                    goals: [(.travel, 0, 1677), (.rotation, 0, 0.4287)], intrinsic: [],
                    byRule: [
                        .maxIngredients(2): [1315.1905, 0.2962],
                        .parameterAtMost(.maxSpeed, hundredths: 1000): [1270.8249, 0.1659],
                        .parameterAtMost(.radius, hundredths: 8000): [1379.6184, 0.1978],
                    ]),
        LabTemplate(name: "Aligned cover", words: "Cover new ground while everyone heads the same way.",
                    goals: [(.alignment, 0, 0.991), (.cover, 0, 126.7)], intrinsic: [],
                    byRule: [
                        .maxAgents(150): [0.9925, 38.2159],
                        .maxAgents(200): [0.9924, 63.3580],
                        .parameterAtMost(.radius, hundredths: 8000): [0.3299, 123.5500],
                    ]),
        LabTemplate(name: "Calm cover", words: "Spread over new ground, calmly: a slow swarm that still reaches far.",
                    goals: [(.cover, 0, 126.7), (.calm, 8, 0.2459)], intrinsic: [],
                    byRule: [
                        .maxAgents(150): [37.1727, 0.5898],
                        .maxAgents(200): [61.2114, 0.9495],
                    ]),
        LabTemplate(name: "Calm comet", words: "Go far on slow feet: the centre travels while every agent keeps its speed down.",
                    goals: [(.travel, 0, 988.1), (.calm, 8, 3.735)], intrinsic: [],
                    byRule: [
                        .maxIngredients(2): [638.2660, 3.9300],
                        .exactSpecies(2): [709.3513, 4.3460],
                        .parameterAtMost(.radius, hundredths: 8000): [609.9307, 3.7877],
                    ]),
        LabTemplate(name: "Sorted cover", words: "Spread over new ground, each species keeping to its own kind.",
                    goals: [(.sorting, 0.1, 0.9996), (.cover, 0, 126.2)], intrinsic: [],
                    byRule: [
                        .maxAgents(150): [0.9996, 37.7432],
                        .maxAgents(200): [0.9978, 62.8045],
                    ]),
        LabTemplate(name: "Spinning sort", words: "Turn round the centre, each species keeping to its own kind.",
                    goals: [(.rotation, 0, 0.8625), (.sorting, 0.1, 0.9833)], intrinsic: [],
                    byRule: [
                        .maxIngredients(2): [0.2962, 0.9985],
                        .parameterAtMost(.maxSpeed, hundredths: 1500): [0.6148, 1.0000],
                        .parameterAtMost(.radius, hundredths: 8000): [0.3741, 0.9939],
                    ]),
        LabTemplate(name: "Whole cover", words: "Cover new ground and stay whole: each species one connected crowd.",
                    goals: [(.oneBlob, 0.2, 0.9991), (.cover, 0, 123.7)], intrinsic: [],
                    byRule: [
                        .maxAgents(150): [0.9078, 31.1443],
                        .maxAgents(200): [0.7767, 45.6307],
                        .parameterAtMost(.radius, hundredths: 8000): [0.5136, 99.8773],
                    ]),
        LabTemplate(name: "Tight spin", words: "A small, tight whirl: turn round the centre and pull in.",
                    goals: [(.rotation, 0, 0.6505), (.tightness, 1, 0.1015)], intrinsic: []),
        LabTemplate(name: "Three spinning crowds", words: "Three species, each one crowd, turning round the centre.",
                    goals: [(.rotation, 0, 0.8799), (.oneBlob, 0.2, 0.9735)], intrinsic: [.exactSpecies(3)]),
        LabTemplate(name: "Spread comet", words: "Go far, spread wide: the centre travels while the swarm covers new ground.",
                    goals: [(.travel, 0, 3268), (.cover, 0, 124.8)], intrinsic: [],
                    byRule: [
                        .maxAgents(150): [3078.7451, 38.2625],
                        .maxAgents(200): [2796.7346, 54.6670],
                        .parameterAtMost(.maxSpeed, hundredths: 1000): [1409.4974, 118.2341],
                        .parameterAtMost(.radius, hundredths: 8000): [556.1532, 110.2614],
                    ]),
        LabTemplate(name: "Turning flock", words: "Head one way together — and yet turn round the centre.",
                    goals: [(.alignment, 0, 0.8377), (.rotation, 0, 0.7886)], intrinsic: [],
                    byRule: [
                        .parameterAtMost(.radius, hundredths: 8000): [0.7207, 0.5975],
                    ]),
    ]

    /// Every brief of a catalogue, in its fixed order: level, then template, then constraint;
    /// ids from `firstID` on, so no two versions share one.
    static func build(_ templates: [LabTemplate], levels: [(name: String, reach: Double)], firstID: Int) -> [LabBrief] {
        var briefs: [LabBrief] = []
        for level in levels {
            for template in templates {
                for constraint in pool where template.allows(constraint) {
                    let goals = template.goals(stretched: level.reach, bests: template.byRule[constraint])
                    let constraints = template.intrinsic + [constraint]
                    briefs.append(LabBrief(id: firstID + briefs.count, name: "\(template.name) \(level.name) · \(constraint.words)",
                                           words: template.words + " Rules: " + constraints.map(\.words).joined(separator: "; ") + ".",
                                           goals: goals, constraints: constraints))
                }
            }
        }
        return briefs
    }

    /// Each template of version 2 as a brief held to its own rules only, its goals' bests
    /// `stretch` times as far from the worst: what the calibration's search climbs on (far enough
    /// that no goal is capped, so the best pair it finds is the template's reach).
    public static func calibration(stretch: Double) -> [LabBrief] {
        measured.enumerated().map { index, template in
            let goals = template.goals(stretched: stretch)
            return LabBrief(id: -1 - index, name: template.name, words: template.words, goals: goals,
                            constraints: template.intrinsic.isEmpty ? [.maxIngredients(GameLimits.maxIngredients)] : template.intrinsic)
        }
    }

    /// A calibration brief (`calibration(stretch:)`) once for each rule of the pool its template
    /// allows: the same goals, the template's own rules and that one.
    public static func calibrationByRule(_ brief: LabBrief) -> [LabBrief] {
        guard let template = measured.first(where: { $0.name == brief.name }) else { return [] }
        return pool.filter(template.allows).map { rule in
            LabBrief(id: brief.id, name: brief.name + " · " + rule.words, words: brief.words, goals: brief.goals,
                     constraints: template.intrinsic + [rule])
        }
    }

    static func goalWords(_ measure: LabMeasure, best: Double, worst: Double) -> String {
        let verb = switch measure {
        case .travel: "go far"
        case .tightness: "pull in"
        case .rotation: "spin"
        case .cover: "cover new ground"
        case .alignment: "head one way"
        case .sorting: "keep to your kind"
        case .oneBlob: "one crowd a species"
        case .calm: "move calmly"
        }
        // A best past what the measure can read (a level's stretch): what the perfect reading gives.
        if let bound = measure.bound, (best - bound) * (best - worst) > 0 {
            let share = (bound - worst) / (best - worst)
            return "\(verb) (a perfect \(measure.words(bound)) earns \(Int((share * 100).rounded(.down))) % of this goal)"
        }
        return "\(verb) (\(measure.words(best)) is best)"
    }
}

extension ChallengeBook {
    /// The Lab briefs of a day's catalogue (the same for every book: the catalogues are code,
    /// frozen once played).
    public func labBriefs(forDay day: Int) -> [LabBrief] { LabRules.catalogue(forDay: day) }

    /// The day's Lab brief: each UTC year its own order of the day's catalogue, no brief twice
    /// in a year of one catalogue.
    public func labBrief(forDay day: Int) -> LabBrief {
        let briefs = LabRules.catalogue(forDay: day)
        return briefs[YearOrder.index(forDay: day, count: briefs.count, salt: YearOrder.labBriefs)]
    }
}
