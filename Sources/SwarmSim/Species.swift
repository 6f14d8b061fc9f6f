// One species' kinetic parameters as the engine uses them: doubles in Sayama's units.
import GameState

public struct Species: Sendable, Equatable {
    public var radius: Double
    public var normalSpeed: Double
    public var maxSpeed: Double
    public var c1: Double, c2: Double, c3: Double, c4: Double, c5: Double

    public init(_ genome: Genome) {
        radius = genome[.radius]
        normalSpeed = genome[.normalSpeed]
        maxSpeed = genome[.maxSpeed]
        c1 = genome[.c1]; c2 = genome[.c2]; c3 = genome[.c3]; c4 = genome[.c4]; c5 = genome[.c5]
    }

    var radiusSquared: Double { radius * radius }
}
