// Text from outside (links, names, replies) made safe to show in a terminal.

public enum SafeText {
    /// Removes control characters (C0, DEL, C1), bidi overrides and other invisible formatting
    /// characters that could move the cursor, recolour the screen or disguise text.
    public static func strip(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isShowable(scalar) { out.append(scalar) }
        return String(out)
    }

    public static func isShowable(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value >= 0x20 && scalar.value != 0x7F }
        return switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator: false
        default: true
        }
    }

    /// Quotes a short piece of outside text for a message: stripped, shortened, and with
    /// invisible characters named rather than printed.
    public static func quoted(_ text: String, limit: Int = 40) -> String {
        if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, !isShowable(scalar) || scalar.properties.isWhitespace {
            return "U+" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4)
        }
        let clean = strip(text)
        let short = clean.count > limit ? String(clean.prefix(limit)) + "…" : clean
        return "“" + short + "”"
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension String {
    /// Builds a string from scalars in one pass (appending scalar by scalar to a String is
    /// several times slower).
    init<S: Sequence<Unicode.Scalar>>(scalars: S) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(scalars.underestimatedCount)
        for scalar in scalars {
            if scalar.value < 0x80 {
                bytes.append(UInt8(scalar.value))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        self = String(decoding: bytes, as: UTF8.self)
    }
}
