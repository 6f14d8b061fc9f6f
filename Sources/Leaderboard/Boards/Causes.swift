// The causes players can give points to (Assets/causes.json): original, generic, server-defined.
import Foundation
import GameState
import PlumeAssets

public struct Cause: Sendable, Hashable, Codable {
    public let id: String
    public let name: String
    public let description: String
}

public enum Causes {
    public static let bundled: Result<[Cause], CatalogError> = Result { () throws(CatalogError) in
        try load(from: PlumeAssets.directory)
    }

    public static func load(from directory: URL) throws(CatalogError) -> [Cause] {
        let file = directory.appendingPathComponent("causes.json")
        struct Raw: Decodable { let format: Int; let causes: [Cause] }
        guard let data = try? Data(contentsOf: file) else {
            throw CatalogError(location: file.path, problems: ["causes.json is missing or unreadable"])
        }
        let raw: Raw
        do { raw = try JSONDecoder().decode(Raw.self, from: data) } catch {
            throw CatalogError(location: file.path, problems: ["causes.json is not valid: \(error)"])
        }
        var problems: [String] = []
        if raw.causes.isEmpty { problems.append("there are no causes") }
        if Set(raw.causes.map(\.id)).count != raw.causes.count { problems.append("cause ids repeat") }
        for cause in raw.causes where cause.id.isEmpty || !cause.id.utf8.allSatisfy({ (97...122).contains($0) || $0 == 45 }) {
            problems.append("cause id \"\(cause.id)\" must be lowercase letters and hyphens")
        }
        guard problems.isEmpty else { throw CatalogError(location: file.path, problems: problems) }
        return raw.causes
    }
}
