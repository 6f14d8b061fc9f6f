// The clock: the session's retries, the shown screen's refresh, the day turning at UTC midnight
// while the game runs (the program loop wakes the game then, Timing.wakeAt), and the session's
// next ask for news (the loop wakes the game for that too). The Studio's theme and score, the
// board `b` submits to and the screens' boards read the day, so they follow; the session and
// every screen hear that it turned.
import ScoresAPI
import PlumeCalendar

extension AppModel {
    mutating func clock(_ seconds: Double) -> [Request] {
        now = seconds
        var requests = session.clock(seconds)
        let context = self.context
        requests += withScreen(screen) { $0.wantsClock ? $0.receive(.clock, context) : [] }
        let today = UTCDay.containing(seconds: Int64(seconds.rounded(.down)))
        if today != day {
            let yesterday = day
            day = today
            requests += session.dayTurned()
            requests.append(.status("A new day has begun: today's theme is “\(theme.name)”."))
            let context = self.context
            requests += everyScreen { $0.receive(.dayTurned(from: yesterday), context) }
        }
        // After the day turned: news is then asked for a little after midnight, not at once.
        requests += session.pollNews()
        return requests
    }
}
