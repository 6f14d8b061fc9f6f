// Player names and e-mail addresses: what the leaderboard accepts, and the form used to compare
// names ignoring case.
import Foundation

public enum PlayerName {
    /// The name as stored (NFC, surrounding white space removed), or the reason it is refused.
    public static func validate(_ raw: String) throws(LeaderboardError) -> String {
        let name = raw.precomposedStringWithCanonicalMapping.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .invalid(.invalidName, "a name needs at least one visible character") }
        guard LeaderboardLimits.nameCharacters.contains(name.count) else {
            throw .invalid(.invalidName, "a name is at most \(LeaderboardLimits.nameCharacters.upperBound) characters (this one has \(name.count))")
        }
        for scalar in name.unicodeScalars where !isAllowed(scalar) {
            throw .invalid(.invalidName, "a name can't contain invisible or control characters (found U+"
                           + String(scalar.value, radix: 16, uppercase: true) + ")")
        }
        return name
    }

    /// Control, format (which includes the bidi overrides and zero-width characters), line and
    /// paragraph separators, private-use and unassigned code points are refused; so is any white
    /// space but the plain space.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: return false
        case .spaceSeparator: return scalar == " "
        default: return true
        }
    }

    /// The comparison key: case-folded and width-insensitive, so "Ada", "ADA" and "ａｄａ" clash.
    public static func key(_ name: String) -> String {
        name.precomposedStringWithCanonicalMapping
            .folding(options: [.caseInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }

    /// An e-mail address (optional; never shown publicly). Only its shape is checked.
    public static func validateEmail(_ raw: String) throws(LeaderboardError) -> String {
        let email = raw.trimmingCharacters(in: .whitespaces)
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard email.utf8.count <= LeaderboardLimits.maxEmailBytes, parts.count == 2, !parts[0].isEmpty,
              parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              email.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F && isAllowed($0) }) else {
            throw .invalid(.invalidEmail, "that doesn't look like an e-mail address (name@example.org)")
        }
        return email
    }
}
