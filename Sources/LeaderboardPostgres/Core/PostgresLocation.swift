// Where a PostgreSQL database is, from `postgres://user[:pass]@host[:port]/db[?sslmode=…]`.
// sslmode follows libpq's words: disable, prefer (the default: TLS when the server offers it,
// without checking its certificate), require (TLS, unchecked) and verify-full (TLS, checked).
import Foundation

public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
    public enum TLSMode: String, Sendable, CaseIterable {
        case disable, prefer, require
        case verifyFull = "verify-full"
    }

    public var host: String
    public var port: Int
    public var user: String
    public var password: String?
    public var database: String
    public var tls: TLSMode

    /// Whether a `--database` value names PostgreSQL rather than a SQLite file.
    public static func isURL(_ text: String) -> Bool {
        text.hasPrefix("postgres://") || text.hasPrefix("postgresql://")
    }

    /// Parses the URL; a mistake is reported in words that never repeat the password.
    public init(url text: String) throws(PostgresStoreError) {
        guard Self.isURL(text), let parts = URLComponents(string: text) else {
            throw .badURL("it should look like postgres://user[:password]@host[:port]/database")
        }
        guard let host = parts.host, !host.isEmpty else { throw .badURL("the host is missing") }
        guard let user = parts.user, !user.isEmpty else { throw .badURL("the user name is missing (postgres://user@host/database)") }
        let database = String(parts.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw .badURL("the database name is missing (…@host/database)") }
        var tls = TLSMode.prefer
        for item in parts.queryItems ?? [] {
            switch item.name {
            case "sslmode":
                guard let mode = item.value.flatMap(TLSMode.init(rawValue:)) else {
                    throw .badURL("sslmode must be one of \(TLSMode.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                tls = mode
            default:
                throw .badURL("the option \(item.name) is not understood (only sslmode is)")
            }
        }
        self.host = host
        self.port = parts.port ?? 5432
        self.user = parts.user?.removingPercentEncoding ?? user
        self.password = parts.password?.removingPercentEncoding
        self.database = database.removingPercentEncoding ?? database
        self.tls = tls
    }

    /// For logs and /readyz: no password.
    public var description: String { "PostgreSQL at \(host):\(port)/\(database)" }
}

public enum PostgresStoreError: Error, CustomStringConvertible, Equatable {
    case badURL(String)

    public var description: String {
        switch self {
        case .badURL(let why): "the PostgreSQL URL can't be used: \(why)"
        }
    }
}
