// A hashed uniform grid, rebuilt every step: agents sorted by cell (structure-of-arrays, so a
// cell's agents are contiguous), and a hash table from cell coordinates to cells. Hashing keeps
// memory proportional to the agents, however far apart swarms drift on the open plane.

struct NeighbourGrid {
    var cellSize = 1.0
    /// Per cell: coordinates, and the range of its agents in the sorted arrays.
    var cellX: [Int32] = [], cellY: [Int32] = [], cellStart: [Int32] = []
    var cellCount = 0
    /// Sorted agents: original index, position and velocity.
    var agent: [Int32] = []
    var sx: [Double] = [], sy: [Double] = [], svx: [Double] = [], svy: [Double] = []
    /// Open-addressing table of cell keys → cell index (−1 empty).
    private var tableKeys: [UInt64] = [], tableCells: [Int32] = []
    private var tableMask = 0
    private var agentCell: [Int32] = [], agentKey: [UInt64] = []

    @inline(__always)
    static func key(_ cx: Int32, _ cy: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: cx)) << 32 | UInt64(UInt32(bitPattern: cy))
    }

    @inline(__always)
    private func slot(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & tableMask }

    @inline(__always)
    static func coordinate(_ value: Double, _ cellSize: Double) -> Int32 {
        let cell = (value / cellSize).rounded(.down)
        return cell.isNaN ? 0 : Int32(max(-2_000_000_000, min(2_000_000_000, cell)))
    }

    mutating func build(_ state: SwarmState, cellSize: Double) {
        self.cellSize = cellSize
        let n = state.count
        var tableSize = 64
        while tableSize < 2 * n { tableSize <<= 1 }
        if tableKeys.count != tableSize {
            tableKeys = [UInt64](repeating: 0, count: tableSize)
            tableCells = [Int32](repeating: -1, count: tableSize)
        } else {
            for index in 0..<tableSize { tableCells[index] = -1 }
        }
        tableMask = tableSize - 1
        if agentCell.count != n {
            agentCell = [Int32](repeating: 0, count: n)
            agentKey = [UInt64](repeating: 0, count: n)
            agent = [Int32](repeating: 0, count: n)
            sx = [Double](repeating: 0, count: n); sy = sx; svx = sx; svy = sx
        }
        cellX.removeAll(keepingCapacity: true)
        cellY.removeAll(keepingCapacity: true)
        cellCount = 0
        // Cells are numbered in order of their first agent, so the layout depends on the state only.
        for i in 0..<n {
            let cx = Self.coordinate(state.x[i], cellSize), cy = Self.coordinate(state.y[i], cellSize)
            let key = Self.key(cx, cy)
            var s = slot(key)
            while true {
                let cell = tableCells[s]
                if cell < 0 {
                    tableCells[s] = Int32(cellCount)
                    tableKeys[s] = key
                    agentCell[i] = Int32(cellCount)
                    cellX.append(cx); cellY.append(cy)
                    cellCount += 1
                    break
                }
                if tableKeys[s] == key { agentCell[i] = cell; break }
                s = (s + 1) & tableMask
            }
        }
        // Counting sort, stable: within a cell agents keep their original order.
        cellStart = [Int32](repeating: 0, count: cellCount + 1)
        for i in 0..<n { cellStart[Int(agentCell[i]) + 1] += 1 }
        for c in 0..<cellCount { cellStart[c + 1] += cellStart[c] }
        var next = Array(cellStart.dropLast())
        for i in 0..<n {
            let c = Int(agentCell[i])
            let p = Int(next[c])
            next[c] += 1
            agent[p] = Int32(i)
            sx[p] = state.x[i]; sy[p] = state.y[i]; svx[p] = state.vx[i]; svy[p] = state.vy[i]
        }
    }

    /// The cell at (cx, cy), if any agent is in it.
    @inline(__always)
    func cell(_ cx: Int32, _ cy: Int32) -> Int? {
        let key = Self.key(cx, cy)
        var s = slot(key)
        while true {
            let cell = tableCells[s]
            if cell < 0 { return nil }
            if tableKeys[s] == key { return Int(cell) }
            s = (s + 1) & tableMask
        }
    }
}
