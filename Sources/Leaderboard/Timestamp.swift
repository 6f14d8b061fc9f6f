// Times on the wire: RFC 3339 in UTC with milliseconds ("2026-11-22T09:15:02.125Z"), written
// without Foundation's formatters so every platform prints the same text.

public enum Timestamp {
    public static func iso(milliseconds ms: Int64) -> String {
        let day = Int(ms.floorDivided(by: 86_400_000))
        let inDay = Int(ms - Int64(day) * 86_400_000)
        let (h, m, s, milli) = (inDay / 3_600_000, inDay / 60_000 % 60, inDay / 1000 % 60, inDay % 1000)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        let three = milli < 10 ? "00\(milli)" : milli < 100 ? "0\(milli)" : "\(milli)"
        return UTCDay.string(day) + "T" + two(h) + ":" + two(m) + ":" + two(s) + "." + three + "Z"
    }
}
