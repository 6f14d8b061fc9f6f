// The Lab's swarm in words, for the screen-reader mode: what braille dots show to the eye — how
// many, how spread, how fast, whether they move together or mill, whether the species sort apart —
// said as lines a screen reader reads, each measure with its number.
import Foundation
import SwarmSim

enum SwarmWords {
    /// The swarm as a few lines of words, most telling first, then each species by its number.
    static func lines(_ state: SwarmState, species: Int) -> [String] {
        guard state.count > 0 else { return ["No agents: the swarm is empty."] }
        let cohesion = SwarmMetrics.cohesion(state), speed = SwarmMetrics.meanSpeed(state)
        let polarisation = SwarmMetrics.polarisation(state), rotation = SwarmMetrics.rotation(state)
        var lines = ["Step \(state.step): \(state.count) agents of \(species) species."]
        let shape = cohesion < 40 ? "a tight huddle" : cohesion < 120 ? "a loose cloud" : cohesion < 300 ? "spread wide" : "scattered far apart"
        lines.append("Shape: \(shape), on average \(Int(cohesion.rounded())) from the centre, over \(SwarmMetrics.spread(state)) cells.")
        let pace = speed < 0.5 ? "almost still" : speed < 3 ? "slow" : speed < 8 ? "brisk" : "fast"
        let together = polarisation > 0.8 ? "all heading one way" : polarisation > 0.4 ? "partly heading one way" : "heading every way"
        let turning = abs(rotation) < 0.2 ? "not turning as a whole"
            : rotation > 0 ? "milling counter-clockwise (\(percent(rotation)))" : "milling clockwise (\(percent(-rotation)))"
        lines.append(String(format: "Motion: %@, speed %.1f; %@ (%@); %@.", pace, speed, together, percent(polarisation), turning))
        if species > 1 {
            let segregation = SwarmMetrics.segregation(state)
            let sorted = segregation > 0.6 ? "sorted apart" : segregation > 0.2 ? "partly sorted" : segregation < -0.1 ? "mixing more than by chance" : "mixed together"
            lines.append("Species: \(sorted) (\(percent(max(0, segregation)))); each in one crowd: \(percent(SwarmMetrics.oneBlobShare(state))).")
        }
        let centre = SwarmMetrics.centroid(state)
        for kind in 0..<species {
            var count = 0, x = 0.0, y = 0.0, moving = 0.0
            for i in 0..<state.count where state.species[i] == Int32(kind) {
                count += 1
                x += state.x[i]
                y += state.y[i]
                moving += (state.vx[i] * state.vx[i] + state.vy[i] * state.vy[i]).squareRoot()
            }
            guard count > 0 else { continue }
            let dx = x / Double(count) - centre.x, dy = y / Double(count) - centre.y
            let place = abs(dx) < 20 && abs(dy) < 20 ? "at the centre"
                : [dx >= 20 ? "\(Int(dx.rounded())) right" : dx <= -20 ? "\(Int((-dx).rounded())) left" : nil,
                   dy >= 20 ? "\(Int(dy.rounded())) down" : dy <= -20 ? "\(Int((-dy).rounded())) up" : nil].compactMap { $0 }.joined(separator: ", ")
            lines.append(String(format: "Species %d: %d agents, %@, speed %.1f.", kind + 1, count, place, moving / Double(count)))
        }
        return lines
    }

    private static func percent(_ share: Double) -> String { "\(Int((min(1, max(0, share)) * 100).rounded())) %" }
}
