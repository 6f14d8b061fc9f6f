// The day turns at UTC midnight while the game runs: the program loop wakes the game then
// (Timing.wakeAt), and the clock message moves the day on. The Studio's theme and score, the
// board `b` submits to and the Scores screen's boards all read the day, so they follow.
import ScoresAPI
import PlumeCalendar

extension AppModel {
    mutating func clock(_ seconds: Double) -> [Request] {
        now = seconds
        var requests = scores.clock(seconds, onScreen: screen == .scores)
        if screen == .runway { requests += runway.refresh(context) }
        let today = UTCDay.containing(seconds: Int64(seconds.rounded(.down)))
        if today != day {
            let yesterday = BoardID.style(day: day).text
            day = today
            requests += scores.dayTurned(from: yesterday, to: BoardID.style(day: today).text)
            requests.append(.status("A new day has begun: today's theme is “\(theme.name)”."))
            scores.runwayOffer = nil
            if screen == .runway { requests += runway.refresh(context, force: true) }
        }
        return requests
    }
}
