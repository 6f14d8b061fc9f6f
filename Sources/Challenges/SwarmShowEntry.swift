// The ticket to the swarm show: a swarm enters day D's show only if it keeps D's Lab brief and
// scores at least `minimumScore` on it (the board's own score: its seeds, its goals). 400 is the
// bar the style runway sets under today's rules; a Lab score is 1000 × the geometric mean of its
// two goals, so 400 is both goals about 40 % met. Both swarms of a dealt pair run from one start,
// `seed(forDay:)`: the first run the Lab board scored, in the game, on the server and on the web.
public enum SwarmShowEntry {
    /// The least a swarm must score on the day's Lab brief to enter the swarm show.
    public static let minimumScore = 400

    /// The first day of the swarm show: the Lab brief's.
    public static var firstDay: Int { LabRules.firstDay }

    /// The start both swarms of a day's pairs run from: the day's first Lab scoring seed.
    public static func seed(forDay day: Int) -> UInt64 { SwarmContest.lab(day: day).seeds[0] }

    /// The score when the swarm may enter; otherwise the words of the refusal.
    public static func check(score: Int, brief: LabBrief) -> Result<Int, Refusal> {
        score >= minimumScore ? .success(score) : .failure(Refusal(score: score, brief: brief.name, minimum: minimumScore,
                                                                    goals: brief.goals.map(\.words)))
    }

    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let score: Int
        public let brief: String
        public let minimum: Int
        /// The brief's two goals in words, so the player knows what to breed towards.
        public let goals: [String]

        public var description: String {
            "this swarm scores \(score) on today's Lab brief, \(brief); the swarm show takes \(minimum) or more. Goals: "
                + goals.joined(separator: " and ")
        }
    }
}
