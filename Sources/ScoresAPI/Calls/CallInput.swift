// What one call is sent with, whoever sends it: the values of its path's parameters, its query in
// the order sent, and its body. The game's remote client sends it over HTTP, the local board hands
// it to the service's rule in-process (`ScoresBackend.answer`); the player's token and an ETag
// held are the session's, and travel beside it.

/// A value a call carries one way or the other: JSON as declared (`WirePayload`, `Codable`), and
/// compared as a value (`Equatable`), so that a command or an answer holding it can be compared.
/// Every request and reply type of `APICalls` is one.
public typealias WireValue = WirePayload & Codable & Equatable

/// A query parameter and the value it is given.
public struct QueryValue: Sendable, Hashable {
    public let parameter: QueryParameter
    public let value: String

    public init(_ parameter: QueryParameter, _ value: String) { (self.parameter, self.value) = (parameter, value) }
}

/// A call's path values, query and body.
public struct CallInput<Request: WireValue>: Sendable, Equatable {
    /// A value for each of the path's parameters (`[.board: "style-2024-10-04"]`).
    public var path: [PathParameter: String]
    /// In the order they are sent.
    public var query: [QueryValue]
    public var body: Request

    public init(path: [PathParameter: String] = [:], query: [QueryValue] = [], body: Request) {
        (self.path, self.query, self.body) = (path, query, body)
    }

    /// The value given to a query parameter, if any.
    public func value(of parameter: QueryParameter) -> String? {
        query.first { $0.parameter == parameter }?.value
    }
}

extension CallInput where Request == NoBody {
    /// A call that sends no body.
    public init(path: [PathParameter: String] = [:], query: [QueryValue] = []) {
        self.init(path: path, query: query, body: NoBody())
    }
}
