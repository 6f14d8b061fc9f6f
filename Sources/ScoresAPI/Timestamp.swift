// Times on the wire: RFC 3339 in UTC with milliseconds ("2026-11-22T09:15:02.125Z"), written
// digit by digit without Foundation's formatters: every platform prints the same text, and a
// board page of 50 rows formats 50 of them per read.

import Foundation
import PlumeCalendar

public enum Timestamp {
    public static func iso(milliseconds ms: Int64) -> String {
        let day = UTCDay.containing(milliseconds: ms)
        let inDay = Int(ms - UTCDay.start(of: day) * 1000)
        let (year, month, dayOfMonth) = UTCDay.civil(day)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var v = value
            while divisor > 0 {
                bytes.append(UInt8(48 + v / divisor % 10))
                v %= divisor
                divisor /= 10
            }
        }
        digits(year, 4); bytes.append(45); digits(month, 2); bytes.append(45); digits(dayOfMonth, 2)
        bytes.append(84)
        digits(inDay / 3_600_000, 2); bytes.append(58); digits(inDay / 60_000 % 60, 2); bytes.append(58); digits(inDay / 1000 % 60, 2)
        bytes.append(46); digits(inDay % 1000, 3); bytes.append(90)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads what `iso` writes (and RFC 3339 UTC times without the fraction) as seconds since
    /// 1970; nil for anything else. Server text is never trusted to be well formed.
    public static func seconds(_ text: String) -> Double? {
        let b = Array(text.utf8)
        guard (20...30).contains(b.count), b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116, b[13] == 58, b[16] == 58,
              b.last == 90 || b.last == 122 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard (48...57).contains(b[index]) else { return nil }
                value = value * 10 + Int(b[index] - 48)
            }
            return value
        }
        guard let day = UTCDay.parse(Substring(text.prefix(10))), let h = number(11..<13), let m = number(14..<16),
              let s = number(17..<19), h < 24, m < 60, s < 61 else { return nil }
        var fraction = 0.0
        if b.count > 20 {
            guard b[19] == 46, b.count > 21, let digits = number(20..<(b.count - 1)) else { return nil }
            fraction = Double(digits) / pow(10, Double(b.count - 21))
        } else {
            guard b[19] == 90 || b[19] == 122 else { return nil }
        }
        return Double(UTCDay.start(of: day)) + Double(h * 3600 + m * 60 + s) + fraction
    }
}
