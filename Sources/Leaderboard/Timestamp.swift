// Times on the wire: RFC 3339 in UTC with milliseconds ("2026-11-22T09:15:02.125Z"), written
// digit by digit without Foundation's formatters: every platform prints the same text, and a
// board page of 50 rows formats 50 of them per read.

public enum Timestamp {
    public static func iso(milliseconds ms: Int64) -> String {
        let day = Int(ms.floorDivided(by: 86_400_000))
        let inDay = Int(ms - Int64(day) * 86_400_000)
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
}
