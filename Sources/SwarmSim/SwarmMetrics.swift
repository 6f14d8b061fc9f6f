// Measures of a swarm's shape and motion, used by the swarm challenges. Each is a pure function
// of a state (or of two states, for travel), so the game and the server score alike.

public enum SwarmMetrics {
    public static func centroid(_ s: SwarmState) -> (x: Double, y: Double) {
        guard s.count > 0 else { return (0, 0) }
        var x = 0.0, y = 0.0
        for i in 0..<s.count { x += s.x[i]; y += s.y[i] }
        return (x / Double(s.count), y / Double(s.count))
    }

    /// Mean distance of agents to the centroid, in Sayama units: small for a tight huddle.
    public static func cohesion(_ s: SwarmState) -> Double {
        guard s.count > 0 else { return 0 }
        let c = centroid(s)
        var total = 0.0
        for i in 0..<s.count { total += ((s.x[i] - c.x) * (s.x[i] - c.x) + (s.y[i] - c.y) * (s.y[i] - c.y)).squareRoot() }
        return total / Double(s.count)
    }

    /// Area covered: how many cells of a `cell`-wide grid hold at least one agent.
    public static func spread(_ s: SwarmState, cell: Double = 20) -> Int {
        var occupied = Set<UInt64>()
        for i in 0..<s.count {
            occupied.insert(NeighbourGrid.key(NeighbourGrid.coordinate(s.x[i], cell), NeighbourGrid.coordinate(s.y[i], cell)))
        }
        return occupied.count
    }

    /// How far the centroid moved from `start` to `end`.
    public static func travel(from start: SwarmState, to end: SwarmState) -> Double {
        let a = centroid(start), b = centroid(end)
        return ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// Normalised angular momentum about the centroid, Σ r × v / Σ |r||v|, in −1…1: 1 for a
    /// swarm milling counter-clockwise, −1 clockwise, 0 for no net turning.
    public static func rotation(_ s: SwarmState) -> Double {
        let c = centroid(s)
        var momentum = 0.0, scale = 0.0
        for i in 0..<s.count {
            let rx = s.x[i] - c.x, ry = s.y[i] - c.y
            momentum += rx * s.vy[i] - ry * s.vx[i]
            scale += (rx * rx + ry * ry).squareRoot() * (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]).squareRoot()
        }
        return scale > 0 ? momentum / scale : 0
    }

    /// Length of the mean heading (unit velocity), 0…1: 1 when every agent moves the same way.
    public static func polarisation(_ s: SwarmState) -> Double {
        var hx = 0.0, hy = 0.0, moving = 0
        for i in 0..<s.count {
            let speed = (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]).squareRoot()
            guard speed > 0 else { continue }
            hx += s.vx[i] / speed
            hy += s.vy[i] / speed
            moving += 1
        }
        return moving > 0 ? (hx * hx + hy * hy).squareRoot() / Double(moving) : 0
    }

    /// How sorted the species are: among agents within `radius` of each other, the share of
    /// same-species pairs, rescaled so that a random mix scores 0 and full separation 1
    /// (negative when species mix more than chance). 0 for a single species.
    public static func segregation(_ s: SwarmState, radius: Double = 30) -> Double {
        let n = s.count
        guard n > 1 else { return 0 }
        var perSpecies: [Int32: Int] = [:]
        for kind in s.species { perSpecies[kind, default: 0] += 1 }
        guard perSpecies.count > 1 else { return 0 }
        // Chance that a random other agent shares an agent's species.
        let expected = perSpecies.values.reduce(0.0) { $0 + Double($1) * Double($1 - 1) } / (Double(n) * Double(n - 1))
        var grid = NeighbourGrid()
        grid.build(s, cellSize: radius)
        var same = 0, pairs = 0
        let r2 = radius * radius
        for cell in 0..<grid.cellCount {
            for p in Int(grid.cellStart[cell])..<Int(grid.cellStart[cell + 1]) {
                let i = Int(grid.agent[p])
                for dy: Int32 in -1...1 {
                    for dx: Int32 in -1...1 {
                        guard let other = grid.cell(grid.cellX[cell] + dx, grid.cellY[cell] + dy) else { continue }
                        for q in Int(grid.cellStart[other])..<Int(grid.cellStart[other + 1]) where q != p {
                            let ddx = grid.sx[q] - grid.sx[p], ddy = grid.sy[q] - grid.sy[p]
                            guard ddx * ddx + ddy * ddy < r2 else { continue }
                            pairs += 1
                            if s.species[Int(grid.agent[q])] == s.species[i] { same += 1 }
                        }
                    }
                }
            }
        }
        guard pairs > 0, expected < 1 else { return 0 }
        return (Double(same) / Double(pairs) - expected) / (1 - expected)
    }

    /// Mean speed of the agents, in Sayama units per step (0 for no agents).
    public static func meanSpeed(_ s: SwarmState) -> Double {
        guard s.count > 0 else { return 0 }
        var total = 0.0
        for i in 0..<s.count { total += (s.vx[i] * s.vx[i] + s.vy[i] * s.vy[i]).squareRoot() }
        return total / Double(s.count)
    }

    /// How whole each species' crowd is: agents of one species closer than `radius` belong to
    /// one group, and so does everyone they reach that way; each species scores the share of its
    /// agents in its largest group, and the result is the mean over species, 0…1 (1: every
    /// species is one blob; a species scattered into k equal groups scores 1/k).
    public static func oneBlobShare(_ s: SwarmState, radius: Double = 30) -> Double {
        let n = s.count
        guard n > 0 else { return 0 }
        var parent = [Int32](0..<Int32(n))
        func root(_ i: Int32) -> Int32 {
            var i = i
            while parent[Int(i)] != i {
                parent[Int(i)] = parent[Int(parent[Int(i)])]
                i = parent[Int(i)]
            }
            return i
        }
        var grid = NeighbourGrid()
        grid.build(s, cellSize: radius)
        let r2 = radius * radius
        for cell in 0..<grid.cellCount {
            for p in Int(grid.cellStart[cell])..<Int(grid.cellStart[cell + 1]) {
                let i = grid.agent[p]
                for dy: Int32 in -1...1 {
                    for dx: Int32 in -1...1 {
                        guard let other = grid.cell(grid.cellX[cell] + dx, grid.cellY[cell] + dy) else { continue }
                        for q in Int(grid.cellStart[other])..<Int(grid.cellStart[other + 1]) where q > p || other != cell {
                            let j = grid.agent[q]
                            guard s.species[Int(i)] == s.species[Int(j)] else { continue }
                            let ddx = grid.sx[q] - grid.sx[p], ddy = grid.sy[q] - grid.sy[p]
                            guard ddx * ddx + ddy * ddy < r2 else { continue }
                            let a = root(i), b = root(j)
                            if a != b { parent[Int(max(a, b))] = min(a, b) }
                        }
                    }
                }
            }
        }
        // Per species, in species order (a sum in a fixed order: the game and the server agree
        // to the last bit).
        let kinds = Int(s.species.max()!) + 1
        var groupSize = [Int](repeating: 0, count: n), largest = [Int](repeating: 0, count: kinds), members = largest
        for i in 0..<n {
            let r = Int(root(Int32(i))), kind = Int(s.species[i])
            groupSize[r] += 1
            members[kind] += 1
            largest[kind] = max(largest[kind], groupSize[r])
        }
        let shares = (0..<kinds).filter { members[$0] > 0 }.map { Double(largest[$0]) / Double(members[$0]) }
        return shares.reduce(0, +) / Double(shares.count)
    }
}
