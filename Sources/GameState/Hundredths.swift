// Fixed-point numbers at two-decimal precision: how Plume stores every Sayama parameter, so a
// recipe survives any number of encode/decode/print/parse round trips without drift.

public enum Hundredths {
    /// Rounds a real number to hundredths, half away from zero. Non-finite input gives nil.
    public static func from(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Int((value * 100).rounded(.toNearestOrAwayFromZero))
    }

    /// Shortest decimal text: 22676 → "226.76", 310 → "3.1", 2000 → "20".
    public static func format(_ value: Int) -> String {
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        let whole = magnitude / 100, fraction = magnitude % 100
        if fraction == 0 { return "\(sign)\(whole)" }
        if fraction % 10 == 0 { return "\(sign)\(whole).\(fraction / 10)" }
        return "\(sign)\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// Sayama's own style, as his Java simulator prints doubles: always at least one decimal
    /// ("300.0", "0.2", "226.76").
    public static func formatSayama(_ value: Int) -> String {
        let text = format(value)
        return text.contains(".") ? text : text + ".0"
    }

    /// Parses a plain decimal ("12", "-0.5", ".25", "3.") exactly, without going through Double,
    /// and says whether digits past the second decimal had to be rounded away.
    public static func parse<S: StringProtocol>(_ text: S) -> (value: Int, rounded: Bool)? {
        var scalars = Substring(text).unicodeScalars[...]
        var negative = false
        if let first = scalars.first, first == "-" || first == "+" {
            negative = first == "-"
            scalars = scalars.dropFirst()
        }
        var whole = 0, fraction = 0, fractionDigits = 0, digits = 0
        var roundUp = false, rounded = false, seenPoint = false
        for scalar in scalars {
            if scalar == "." {
                if seenPoint { return nil }
                seenPoint = true
                continue
            }
            guard scalar.value >= 48, scalar.value <= 57 else { return nil }
            let d = Int(scalar.value - 48)
            digits += 1
            if !seenPoint {
                // Saturate: anything this large is clamped by the caller anyway.
                whole = whole > 1_000_000_000 ? whole : whole * 10 + d
            } else if fractionDigits < 2 {
                fraction = fraction * 10 + d
                fractionDigits += 1
            } else {
                if fractionDigits == 2 { roundUp = d >= 5 }
                if d != 0 { rounded = true }
                fractionDigits += 1
            }
        }
        guard digits > 0 else { return nil }
        while fractionDigits < 2 { fraction *= 10; fractionDigits += 1 }
        var value = whole * 100 + fraction + (roundUp ? 1 : 0)
        if negative { value = -value }
        return (value, rounded)
    }
}
