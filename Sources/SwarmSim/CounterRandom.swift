// Random numbers addressed by (seed, step, agent, draw) rather than drawn in sequence, so an
// agent's randomness never depends on which thread ran it or in what order.

enum CounterRandom {
    /// The SplitMix64 output function over a key built from the four coordinates.
    @inline(__always)
    static func bits(seed: UInt64, step: Int, agent: Int, draw: Int) -> UInt64 {
        var z = seed
            &+ UInt64(truncatingIfNeeded: step) &* 0x9E37_79B9_7F4A_7C15
            &+ UInt64(truncatingIfNeeded: agent) &* 0xD1B5_4A32_D192_ED03
            &+ UInt64(truncatingIfNeeded: draw) &* 0x8CB9_2BA7_2F3D_8DD7
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z = (z ^ (z >> 31)) &* 0xBF58_476D_1CE4_E5B9
        return z ^ (z >> 29)
    }

    /// Uniform in [0, 1).
    @inline(__always)
    static func unit(seed: UInt64, step: Int, agent: Int, draw: Int) -> Double {
        Double(bits(seed: seed, step: step, agent: agent, draw: draw) >> 11) * 0x1.0p-53
    }
}
