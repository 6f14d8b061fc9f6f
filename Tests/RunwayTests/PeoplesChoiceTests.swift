import Foundation
import GameState
import Runway
import Testing

@Suite struct PeoplesChoiceTests {
    func plain() -> PeoplesChoice.Options {
        var options = PeoplesChoice.Options()
        options.weighted = false
        return options
    }

    @Test func aLookWithThreeWinsAndNoLossesIsStrongButFinite() {
        let votes = (0..<3).map { RunwayVote(voter: $0, left: 0, right: 1, choice: .left) }
        let fit = PeoplesChoice.fit(entries: 2, voters: 3, votes: votes, options: plain())
        #expect(fit.strengths[0] > 0.5 && fit.strengths[0] < 3, "\(fit.strengths)")
        #expect(fit.strengths[1] == -fit.strengths[0])
        let (score, plusMinus) = fit.score(of: 0)
        #expect(score > 600 && score < 960, "\(score)")
        #expect(plusMinus > 0)
        #expect(fit.score(of: 1).score == 1000 - score)
    }

    @Test func tiesCountHalfToEachSide() {
        let ties = [RunwayVote(voter: 0, left: 0, right: 1, choice: .tie), RunwayVote(voter: 1, left: 1, right: 0, choice: .tie)]
        #expect(PeoplesChoice.fit(entries: 2, voters: 2, votes: ties, options: plain()).strengths == [0, 0])
        // One win and one tie sit between one win and nothing.
        let win = [RunwayVote(voter: 0, left: 0, right: 1, choice: .left)]
        let winAndTie = win + [RunwayVote(voter: 1, left: 1, right: 0, choice: .tie)]
        let winAndLoss = win + [RunwayVote(voter: 1, left: 1, right: 0, choice: .left)]
        let one = PeoplesChoice.fit(entries: 2, voters: 2, votes: win, options: plain()).strengths[0]
        let half = PeoplesChoice.fit(entries: 2, voters: 2, votes: winAndTie, options: plain()).strengths[0]
        let none = PeoplesChoice.fit(entries: 2, voters: 2, votes: winAndLoss, options: plain()).strengths[0]
        #expect(none == 0)
        #expect(half > 0 && half < one, "\(half) vs \(one)")
    }

    @Test func manyHonestVotesRecoverTheTrueOrder() {
        var random = SplitMix64(seed: 7)
        let truth = (0..<12).map { Double($0) * 0.4 - 2.2 }
        var votes: [RunwayVote] = []
        for number in 0..<3000 {
            let a = Int.random(in: 0..<12, using: &random)
            var b = Int.random(in: 0..<11, using: &random)
            if b >= a { b += 1 }
            let leftWins = Double.random(in: 0..<1, using: &random) < PeoplesChoice.logistic(truth[a] - truth[b])
            votes.append(RunwayVote(voter: number % 30, left: a, right: b, choice: leftWins ? .left : .right))
        }
        let fit = PeoplesChoice.fit(entries: 12, voters: 30, votes: votes)
        #expect(kendallTau(truth, fit.strengths) > 0.9, "\(fit.strengths)")
        // The strengths themselves, not only their order: within a third of a logit.
        let mean = truth.reduce(0, +) / 12
        for (true_, fitted) in zip(truth, fit.strengths) { #expect(abs((true_ - mean) - fitted) < 0.35) }
        #expect(fit.voterWeights.allSatisfy { $0 > 0.8 }, "\(fit.voterWeights)")
    }

    @Test func alwaysLeftRandomAndContrarianVotersEndWithLittleWeight() {
        var random = SplitMix64(seed: 11)
        let truth = (0..<20).map { _ in Double.random(in: -2.5...2.5, using: &random) }
        var votes: [RunwayVote] = []
        // Voters 0–19 are honest; 20 always picks left, 21 flips a coin, 22 picks the weaker look.
        // 120 votes each: reliability is a voter's record, and a short one says little (at 40
        // votes a coin-flipper's estimate still spreads by ±0.12 around ½).
        for voter in 0..<23 {
            for _ in 0..<120 {
                let a = Int.random(in: 0..<20, using: &random)
                var b = Int.random(in: 0..<19, using: &random)
                if b >= a { b += 1 }
                let p = PeoplesChoice.logistic(truth[a] - truth[b])
                let leftWins = switch voter {
                case 20: true
                case 21: Bool.random(using: &random)
                case 22: truth[a] < truth[b]
                default: Double.random(in: 0..<1, using: &random) < p
                }
                votes.append(RunwayVote(voter: voter, left: a, right: b, choice: leftWins ? .left : .right))
            }
        }
        let fit = PeoplesChoice.fit(entries: 20, voters: 23, votes: votes)
        let honest = fit.voterWeights[0..<20].reduce(0, +) / 20
        #expect(honest > 0.7, "\(fit.voterWeights)")
        #expect(fit.voterWeights[20] < 0.35, "always left: \(fit.voterWeights[20])")
        #expect(fit.voterWeights[21] < 0.35, "coin: \(fit.voterWeights[21])")
        #expect(fit.voterWeights[22] == 0, "contrarian: \(fit.voterWeights[22])")
    }

    @Test func theDealerNeverShowsAVoterTheirOwnLookOrAPairTwiceAndKeepsShowingsEven() {
        var random = SplitMix64(seed: 3)
        let dealer = PairDealer(fit: PeoplesChoice.empty(entries: 6, voters: 1))
        var showings = [Int](repeating: 0, count: 6)
        var judged = Set<RunwayPair>()
        var dealt = 0
        while let pair = dealer.deal(own: 2, judged: judged, showings: showings, using: &random) {
            let (left, right) = pair
            #expect(left != right && left != 2 && right != 2)
            #expect(judged.insert(RunwayPair(left, right)).inserted)
            showings[left] += 1
            showings[right] += 1
            dealt += 1
            if dealt == 5 { #expect(showings.enumerated().filter { $0.offset != 2 }.allSatisfy { $0.element == 2 }, "\(showings)") }
        }
        #expect(dealt == 10)  // every pair of the five other looks, once
        #expect(PairDealer(fit: .empty(entries: 2, voters: 1)).deal(own: 0, judged: [], showings: [0, 0], using: &random) == nil)
    }
}

@Suite struct PairDealerTests {
    @Test func withEvenShowingsTheDealerPairsLooksWhoseOrderIsLeastCertain() {
        var random = SplitMix64(seed: 5)
        var fit = PeoplesChoice.empty(entries: 200, voters: 1)
        fit.strengths = (0..<200).map { Double($0) * 0.05 }.shuffled(using: &random)
        fit.variances = Array(repeating: 0.05, count: 200)
        let dealer = PairDealer(fit: fit)
        var gaps: [Double] = []
        for _ in 0..<500 {
            guard let pair = dealer.deal(own: nil, judged: [], showings: Array(repeating: 7, count: 200), using: &random) else {
                Issue.record("no pair")
                return
            }
            gaps.append(abs(fit.strengths[pair.left] - fit.strengths[pair.right]))
        }
        // Random pairs would be 3.3 apart on average; the dealer's are neighbours.
        #expect(gaps.reduce(0, +) / Double(gaps.count) < 0.2, "\(gaps.prefix(20))")
        #expect(gaps.allSatisfy { $0 > 0 })
    }

    @Test func aLookShownLessIsDealtFirstAndEntriesAfterTheFitAreDealtToo() {
        var random = SplitMix64(seed: 9)
        let dealer = PairDealer(fit: PeoplesChoice.empty(entries: 10, voters: 1))
        var showings = Array(repeating: 5, count: 12)  // two entries newer than the fit
        showings[11] = 0
        for _ in 0..<50 {
            let pair = dealer.deal(own: 3, judged: [], showings: showings, using: &random)
            #expect(pair.map { $0.left == 11 || $0.right == 11 } == true)
        }
    }
}

/// Kendall's tau-a between two scorings of the same items.
func kendallTau(_ a: [Double], _ b: [Double]) -> Double {
    var concordant = 0, discordant = 0
    for i in 0..<a.count {
        for j in (i + 1)..<a.count {
            let sign = (a[i] - a[j]) * (b[i] - b[j])
            if sign > 0 { concordant += 1 } else if sign < 0 { discordant += 1 }
        }
    }
    return Double(concordant - discordant) / Double(a.count * (a.count - 1) / 2)
}
