// Limits and tuning constants of the swarm engine, with the reason for each.

public enum SwarmLimits {
    /// Below this many agents a step runs on one thread: dispatching work costs more than it saves.
    public static let parallelThreshold = 1_200
    /// …or when the last step's neighbour pairs reached this many (dense blobs of fewer agents).
    public static let parallelInteractions = 20_000
    /// Side of the square the agents start in (Sayama's simulator starts them in a 300×300 box).
    public static let startSquare = 300.0
    /// Initial velocity components are uniform in ±this.
    public static let startSpeed = 5.0
    /// The most agents one simulation holds (the Lab's population scaling and benchmarks).
    public static let maxAgents = 200_000
    /// Cells are half the largest radius wide, so a large-radius agent scans 5×5 cells and a
    /// small one in a mixed recipe scans fewer candidates than with radius-wide cells.
    static let cellsPerLargestRadius = 1.0
}
