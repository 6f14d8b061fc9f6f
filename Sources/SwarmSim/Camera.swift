// A camera over the plane a swarm moves in: where it looks and how many world units a dot is,
// easing toward framing the swarm. The game's braille drawing follows a swarm with it, and any
// other picture of a swarm can frame it the same way.

public struct Camera: Equatable, Sendable {
    public var centreX = 0.0, centreY = 0.0
    /// World units per dot.
    public var scale = 4.0

    public init() {}

    /// Eases toward framing the middle 90 % of agents (so a few strays don't zoom it out), and
    /// never lets them out of view: a swarm faster than the easing (a comet) would trail out of
    /// the frame, and one that swells faster than it zooms out would outgrow it, so the zoom is
    /// never tighter than they need and the centre never so far behind that they leave.
    /// `zoomingIn` eases the zoom inward more slowly than outward (nil: as fast), so that a swarm
    /// that swells and shrinks is seen to.
    public mutating func follow(_ state: SwarmState, dotsWide: Int, dotsHigh: Int, smoothing: Double = 0.2, zoomingIn: Double? = nil) {
        guard state.count > 0, dotsWide > 0, dotsHigh > 0 else { return }
        let xs = state.x.sorted(), ys = state.y.sorted()
        let low = state.count / 20, high = max(low, state.count - 1 - state.count / 20)
        let (x0, x1, y0, y1) = (xs[low], xs[high], ys[low], ys[high])
        let needed = max((x1 - x0) / Double(dotsWide), (y1 - y0) / Double(dotsHigh))
        let wantedScale = max(0.5, needed * 1.25)
        let target = ((x0 + x1) / 2, (y0 + y1) / 2)
        guard target.0.isFinite, target.1.isFinite, wantedScale.isFinite else { return }
        centreX += (target.0 - centreX) * smoothing
        centreY += (target.1 - centreY) * smoothing
        let zoom = wantedScale < scale ? (zoomingIn ?? smoothing) : smoothing
        scale = max(scale + (wantedScale - scale) * zoom, needed * 1.1)
        // A dot inside each edge: an agent on the edge of the box is drawn, not just off it.
        centreX = Self.keep(centreX, showing: x0, x1, half: (Double(dotsWide) / 2 - 1) * scale)
        centreY = Self.keep(centreY, showing: y0, y1, half: (Double(dotsHigh) / 2 - 1) * scale)
    }

    public mutating func jump(to state: SwarmState, dotsWide: Int, dotsHigh: Int) {
        follow(state, dotsWide: dotsWide, dotsHigh: dotsHigh, smoothing: 1)
    }

    /// The centre moved as little as it takes for `low…high` to lie within `half` of it (the
    /// middle of the two when they are wider than the view).
    static func keep(_ centre: Double, showing low: Double, _ high: Double, half: Double) -> Double {
        guard high - low <= 2 * half else { return (low + high) / 2 }
        return min(max(centre, high - half), low + half)
    }

    /// Where a point of the plane falls in a view `dotsWide` × `dotsHigh` dots, counted from its
    /// top left: in view when 0 ≤ x < dotsWide and 0 ≤ y < dotsHigh.
    public func dot(x: Double, y: Double, dotsWide: Int, dotsHigh: Int) -> (x: Double, y: Double) {
        ((x - centreX) / scale + Double(dotsWide) / 2, (y - centreY) / scale + Double(dotsHigh) / 2)
    }
}
