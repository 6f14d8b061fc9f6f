// Calendar arithmetic the game, its challenges, the leaderboard and its client agree on: UTC
// days and ISO weeks, without Foundation calendars. The one place a moment becomes a day.
import Foundation

/// Days since 1970-01-01 (UTC) and their `YYYY-MM-DD` spelling, without Foundation calendars
/// (Howard Hinnant's civil-date algorithms), so every platform agrees.
public enum UTCDay {
    public static let seconds: Int64 = 86_400

    /// The UTC day (days since 1970-01-01) a moment falls on.
    public static func containing(seconds: Int64) -> Int { Int(seconds.floorDivided(by: Self.seconds)) }

    public static func containing(milliseconds: Int64) -> Int { Int(milliseconds.floorDivided(by: Self.seconds * 1000)) }

    public static func containing(_ date: Date) -> Int { containing(seconds: Int64(date.timeIntervalSince1970.rounded(.down))) }

    /// The seconds since 1970 at which a day begins (its midnight, UTC).
    public static func start(of day: Int) -> Int64 { Int64(day) * Self.seconds }

    public static func string(_ day: Int) -> String {
        let (y, m, d) = civil(day)
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    public static func parse(_ text: Substring) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
              let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
              (1...12).contains(m), d >= 1, d <= daysIn(month: m, year: y) else { return nil }
        return days(year: y, month: m, day: d)
    }

    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func civil(_ day: Int) -> (year: Int, month: Int, day: Int) {
        let z = day + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Monday = 0 … Sunday = 6 (1970-01-01 was a Thursday).
    public static func weekday(_ day: Int) -> Int { ((day + 3) % 7 + 7) % 7 }
}

/// An ISO 8601 week (weeks start on Monday; week 1 holds the year's first Thursday).
public struct ISOWeek: Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let week: Int

    public init(day: Int) {
        let thursday = day - UTCDay.weekday(day) + 3
        let year = UTCDay.civil(thursday).year
        self.year = year
        week = (thursday - UTCDay.days(year: year, month: 1, day: 1)) / 7 + 1
    }

    /// Reads `YYYY-Www`; nil for a week the year does not have.
    public init?(_ text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count == 8, utf8[4] == UInt8(ascii: "-"), utf8[5] == UInt8(ascii: "W"),
              utf8[0..<4].allSatisfy({ (48...57).contains($0) }), utf8[6..<8].allSatisfy({ (48...57).contains($0) }),
              let year = Int(text.prefix(4)), let week = Int(text.suffix(2)), week >= 1 else { return nil }
        (self.year, self.week) = (year, week)
        guard ISOWeek(day: firstDay) == self else { return nil }
    }

    /// The week's Monday, in days since 1970.
    public var firstDay: Int {
        let jan4 = UTCDay.days(year: year, month: 1, day: 4)
        let mondayOfWeek1 = jan4 - UTCDay.weekday(jan4)
        return mondayOfWeek1 + (week - 1) * 7
    }

    public var description: String { String(format: "%04d-W%02d", year, week) }
}

extension Int64 {
    public func floorDivided(by divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
