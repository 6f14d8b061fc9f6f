// The status line: words for the player, and how long they stay. Most stay until other words
// replace them or the player goes to another screen. Some outstay their moment unless told when
// to go: words about something on its way go when its answer comes (the answer's own words, if
// it has any, take their place); a confirmation goes after a few seconds, on the clock (the
// program loop wakes the game for it, `AppModel.timing`); a score on the Lab's challenge goes
// when the Lab measures another.
import ScoresAPI

/// When words on the status line go, besides being replaced.
public enum StatusEnd: Sendable, Equatable {
    /// Only when replaced (or the screen changes).
    case replaced
    /// A confirmation: after `StatusLine.briefSeconds`.
    case brief
    /// Words about a command on its way: when it is answered (or taken as lost).
    case answered(ScoresCommand.Key)
    /// Words about a score on the Lab's challenge: when the Lab's challenge changes.
    case challengeChanges
}

struct StatusLine: Sendable, Equatable {
    var text = ""
    var end = StatusEnd.replaced
    /// When the words were said (seconds since 1970).
    var since = 0.0

    /// How long a confirmation stays: long enough to read a line, short enough not to be taken
    /// for news of what the player does next.
    static let briefSeconds = 5.0

    /// When brief words go (nil for words that wait for something else).
    var expires: Double? { end == .brief ? since + Self.briefSeconds : nil }

    /// Whether the words have outstayed their moment, `now`, with the session as it is and
    /// whether the Lab's challenge just changed.
    func isOver(now: Double, session: Session, challengeChanged: Bool) -> Bool {
        switch end {
        case .replaced: false
        case .brief: now >= since + Self.briefSeconds
        case .answered(let key): session.inFlight[key].map { now - $0 >= Session.lostSeconds } ?? true
        case .challengeChanges: challengeChanged
        }
    }
}
