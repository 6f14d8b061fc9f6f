// A run read over its last stretch, not its last frame: the contest averages a metric over the
// window, so a swarm that passes through a shape at the final step earns what it holds, not what
// it touches.
import GameState

extension Swarm {
    /// The steps a window reads: `steps − window`, then every `every` steps, and `steps` itself
    /// (always the last, even when `every` does not divide the window). 200, 60, 6 → 140, 146, …, 200.
    public static func sampleSteps(steps: Int, window: Int, every: Int) -> [Int] {
        precondition(steps >= 0 && window >= 0 && every >= 1, "a window needs steps ≥ 0, window ≥ 0, every ≥ 1")
        var at = Array(stride(from: max(0, steps - window), through: steps, by: every))
        if at.last != steps { at.append(steps) }
        return at
    }

    /// Runs `recipe` from `seed` for `steps` steps and hands `sample` the start state and the state
    /// at each of `sampleSteps(steps:window:every:)`, in order. The states are the ones a plain
    /// `run` reaches at those steps: sampling changes nothing in the run.
    public static func sampled(_ recipe: SwarmRecipe, seed: UInt64, steps: Int, window: Int, every: Int,
                               threads: Int = 1, _ sample: (_ start: SwarmState, _ now: SwarmState) -> Void) {
        var swarm = Swarm(recipe: recipe, seed: seed)
        let start = swarm.state
        for target in sampleSteps(steps: steps, window: window, every: every) {
            swarm.run(steps: target - swarm.state.step, threads: threads)
            sample(start, swarm.state)
        }
    }
}
