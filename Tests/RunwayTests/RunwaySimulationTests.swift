// How well the people's board recovers the truth, and how far a ring of sock puppets can lift a
// weak look: the simulation, kept here and run with every `make test`.
//
// Ground truth: 40 entries with hidden strengths drawn from N(0, 1.5²) (logit scale). 60 voters,
// each owning one entry (voters 40–59 have none), vote in turn until every look has been in 30
// votes on average (600 votes). An honest voter picks the left look with probability
// σ(s_left − s_right). A ring of puppets (10% of the voters) picks one weak look (true rank 30 of
// 40) whenever it is dealt, skips every other pair while it may (5 skips), and answers the rest at
// random. Pairs come from the server's dealer; the board is refitted every 40 votes, as the
// server's background refit would be. Each trial is run twice on the same truth and the same
// seed, without and with the ring; the lift is how many places higher the ring's look ends.
import Foundation
import GameState
import Runway
import Testing

struct RunwaySimulation {
    static let entries = 40, voters = 60, votesPerLook = 30, skips = 5
    static let ringSize = 6  // 10% of the voters

    struct Outcome {
        var tau: Double
        /// The ring's look's place on the fitted board (0 = top).
        var targetPlace: Int
        var ringWeight: Double
        var honestWeight: Double
    }

    enum Dealing { case server, randomPairs }

    static func run(seed: UInt64, ring: Bool, dealing: Dealing = .server, weighted: Bool = true) -> Outcome {
        var truthRandom = SplitMix64(seed: seed)
        let truth = (0..<entries).map { _ in normal(&truthRandom) * 1.5 }
        let target = truth.indices.sorted { truth[$0] > truth[$1] }[29]
        var random = SplitMix64(seed: seed &+ 0x9E37_79B9)
        var options = PeoplesChoice.Options()
        options.weighted = weighted
        var fit = PeoplesChoice.empty(entries: entries, voters: voters, options: options)
        var dealer = PairDealer(fit: fit)
        var votes: [RunwayVote] = []
        var showings = [Int](repeating: 0, count: entries)
        var judged = [Set<RunwayPair>](repeating: [], count: voters)
        var skipsLeft = [Int](repeating: skips, count: voters)
        let puppets = ring ? Set((voters - ringSize)..<voters) : []
        var turn = 0
        while votes.count < entries * votesPerLook / 2 {
            let voter = turn % voters
            turn += 1
            let own = voter < entries ? voter : nil
            voting: while true {
                let pair: (left: Int, right: Int)
                switch dealing {
                case .server:
                    guard let dealt = dealer.deal(own: own, judged: judged[voter], showings: showings, using: &random) else { break voting }
                    pair = dealt
                case .randomPairs:
                    let left = (0..<entries).filter { $0 != own }.randomElement(using: &random)!
                    pair = (left, (0..<entries).filter { $0 != own && $0 != left }.randomElement(using: &random)!)
                }
                let choice: RunwayVote.Choice
                if puppets.contains(voter) {
                    if pair.left == target || pair.right == target {
                        choice = pair.left == target ? .left : .right
                    } else if skipsLeft[voter] > 0 {
                        skipsLeft[voter] -= 1
                        continue  // a skip: another pair is dealt
                    } else {
                        choice = Bool.random(using: &random) ? .left : .right
                    }
                } else {
                    let p = PeoplesChoice.logistic(truth[pair.left] - truth[pair.right])
                    choice = Double.random(in: 0..<1, using: &random) < p ? .left : .right
                }
                votes.append(RunwayVote(voter: voter, left: pair.left, right: pair.right, choice: choice))
                showings[pair.left] += 1
                showings[pair.right] += 1
                judged[voter].insert(RunwayPair(pair.left, pair.right))
                if votes.count % 40 == 0 {
                    fit = PeoplesChoice.fit(entries: entries, voters: voters, votes: votes, previous: fit, options: options)
                    dealer.update(fit)
                }
                break
            }
        }
        fit = PeoplesChoice.fit(entries: entries, voters: voters, votes: votes, previous: fit, options: options)
        let board = fit.strengths.indices.sorted { fit.strengths[$0] > fit.strengths[$1] }
        let honest = (0..<voters).filter { !puppets.contains($0) }
        return Outcome(tau: kendallTau(truth, fit.strengths), targetPlace: board.firstIndex(of: target)!,
                       ringWeight: puppets.isEmpty ? .nan : puppets.map { fit.voterWeights[$0] }.reduce(0, +) / Double(puppets.count),
                       honestWeight: honest.map { fit.voterWeights[$0] }.reduce(0, +) / Double(honest.count))
    }

    /// Box–Muller.
    static func normal(_ random: inout SplitMix64) -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &random), v = Double.random(in: 0..<1, using: &random)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    struct Report {
        var tau: Double, tauWithRing: Double, meanLift: Double, liftError: Double, worstLift: Int, ringWeight: Double, honestWeight: Double
    }

    static func report(trials: Int, dealing: Dealing = .server, weighted: Bool = true) -> Report {
        var taus: [Double] = [], ringTaus: [Double] = [], lifts: [Int] = [], ringWeights: [Double] = [], honestWeights: [Double] = []
        for trial in 0..<trials {
            let seed = UInt64(1000 + trial)
            let honest = run(seed: seed, ring: false, dealing: dealing, weighted: weighted)
            let ringed = run(seed: seed, ring: true, dealing: dealing, weighted: weighted)
            taus.append(honest.tau)
            ringTaus.append(ringed.tau)
            lifts.append(honest.targetPlace - ringed.targetPlace)
            ringWeights.append(ringed.ringWeight)
            honestWeights.append(ringed.honestWeight)
        }
        func mean(_ values: [Double]) -> Double { values.reduce(0, +) / Double(values.count) }
        let meanLift = mean(lifts.map(Double.init))
        let spread = (lifts.map { (Double($0) - meanLift) * (Double($0) - meanLift) }.reduce(0, +) / Double(trials - 1)).squareRoot()
        return Report(tau: mean(taus), tauWithRing: mean(ringTaus), meanLift: meanLift, liftError: spread / Double(trials).squareRoot(),
                      worstLift: lifts.max()!,
                      ringWeight: mean(ringWeights), honestWeight: mean(honestWeights))
    }
}

@Suite struct RunwaySimulationTests {
    @Test func theBoardRecoversTheTruthAndARingBarelyLiftsItsLook() {
        let trials = 60
        let ours = RunwaySimulation.report(trials: trials)
        let plain = RunwaySimulation.report(trials: trials, dealing: .randomPairs, weighted: false)
        print(String(format: "runway simulation, %d trials, 40 looks, 30 votes per look: tau %.3f, with a 10%% ring %.3f; the ring lifts its look %.2f ± %.2f places on average (at most %d in one trial); weights ring %.2f, honest %.2f",
                     trials, ours.tau, ours.tauWithRing, ours.meanLift, ours.liftError, ours.worstLift, ours.ringWeight, ours.honestWeight))
        print(String(format: "  for scale, a plain Bradley–Terry fit on random pairs: tau %.3f, with the ring %.3f, lift %.2f ± %.2f (at most %d)",
                     plain.tau, plain.tauWithRing, plain.meanLift, plain.liftError, plain.worstLift))
        #expect(ours.tau >= 0.8)
        #expect(ours.tauWithRing >= 0.8)
        #expect(ours.meanLift <= 3)
        // The server's dealing and weights do better than the plain fit on random pairs.
        #expect(ours.tau > plain.tau)
    }
}
