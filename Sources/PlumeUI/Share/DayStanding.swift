// A player's figures as they stood at the end of a day they played — the streak that ended on
// that day, the best streak up to it, the days played up to it — for the card of that day. The
// record of days gives them as of today; an older day's card counts them again from the days
// themselves, so that `plume card --day D` tells of D, not of today.
//
// The record is read newest first, a page at a time (`PlayerDays.followed(by:)` joins them): its
// days after D are the ones before D in the list, and its runs are days one after another.
import PlumeCalendar
import ScoresAPI

public struct DayStanding: Sendable, Equatable {
    /// Days played one after another, ending on the day.
    public var streak: Int
    public var bestStreak: Int
    public var daysPlayed: Int

    public init(streak: Int, bestStreak: Int, daysPlayed: Int) {
        (self.streak, self.bestStreak, self.daysPlayed) = (streak, bestStreak, daysPlayed)
    }

    /// The figures as of `day` (YYYY-MM-DD) from `record`, whose days start at the newest played
    /// (the first page, and any older pages joined to it); nil when `day` isn't among them.
    public static func of(_ day: String, in record: PlayerDays) -> DayStanding? {
        let numbers = record.days.map { UTCDay.parse(Substring($0.day)) }
        guard let index = record.days.firstIndex(where: { $0.day == day }), numbers[index] != nil else { return nil }
        let run = runLength(numbers, from: index)
        if index == 0 {
            // The newest day played: nothing came after it, so the totals are the record's own,
            // and so is its streak while that runs on (the server counts past the pages read).
            return DayStanding(streak: max(run, record.streak), bestStreak: max(run, record.bestStreak), daysPlayed: record.daysPlayed)
        }
        // An older day: every day played after it is before it in the list; the best run is the
        // longest among the days up to it that the pages read hold.
        var best = run
        var start = index + run
        while start < numbers.count {
            let length = runLength(numbers, from: start)
            best = max(best, length)
            start += max(1, length)
        }
        return DayStanding(streak: run, bestStreak: best, daysPlayed: max(numbers.count, record.daysPlayed) - index)
    }

    /// Whether the pages of `record` read so far hold everything `of(day, in:)` needs: the start
    /// of the day's run and, for a day before the newest, every day before it (for the best run).
    /// A day not among them is settled only once the record has no more pages.
    public static func isSettled(_ day: String, in record: PlayerDays) -> Bool {
        guard record.nextCursor != nil else { return true }
        guard let index = record.days.firstIndex(where: { $0.day == day }), index == 0 else { return false }
        let numbers = record.days.map { UTCDay.parse(Substring($0.day)) }
        // The newest day: the record's own streak is exact when it runs on; a run that has ended
        // is whole once a day before its first is in the pages read.
        return record.streak > 0 || runLength(numbers, from: 0) < numbers.count
    }

    /// Days one after another from `index` back into the past (newest first), `index` included.
    static func runLength(_ numbers: [Int?], from index: Int) -> Int {
        guard let first = numbers[index] else { return 0 }
        var length = 1
        while index + length < numbers.count, numbers[index + length] == first - length { length += 1 }
        return length
    }
}

extension PlayerDays {
    /// The record with its next, older page joined on: the first page's figures (streak, days
    /// played, today) and both pages' days, newest first.
    public func followed(by older: PlayerDays) -> PlayerDays {
        var joined = self
        joined.days += older.days
        joined.nextCursor = older.nextCursor
        return joined
    }
}
