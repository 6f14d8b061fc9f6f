// An optional's value through an async step: what `Optional.flatMap` does, for a transform that
// awaits (a store read for a player who may be absent).

extension Optional {
    /// The wrapped value transformed by an async step; nil stays nil.
    public func asyncFlatMap<U>(_ transform: (Wrapped) async throws -> U?) async rethrows -> U? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
