// A calendar of a catalogue: each UTC year has its own shuffle of the catalogue's entries, and day
// n of the year (0…365) takes the n-th, so with at least 366 entries no two days of a year share
// one. The style themes and the Lab's briefs each shuffle with their own salt.
import GameState
import PlumeCalendar

public enum YearOrder {
    /// The style themes' salt ("PLUME_TH").
    public static let styleThemes: UInt64 = 0x504C_554D_455F_5448
    /// The Lab briefs' salt ("PLUME_LB").
    public static let labBriefs: UInt64 = 0x504C_554D_455F_4C42

    /// The entry `day` (days since 1970-01-01) takes among `count`; a catalogue with fewer
    /// entries than days wraps round within the year.
    public static func index(forDay day: Int, count: Int, salt: UInt64) -> Int {
        precondition(count > 0, "an empty catalogue has no calendar")
        let (year, dayOfYear) = ChallengeBook.yearAndDayOfYear(day)
        var order = Array(0..<count)
        var rng = SplitMix64(seed: UInt64(bitPattern: Int64(year)) ^ salt)
        for index in stride(from: count - 1, to: 0, by: -1) { order.swapAt(index, rng.below(index + 1)) }
        return order[dayOfYear % count]
    }
}
