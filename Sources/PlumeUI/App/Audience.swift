// Who watches a game hosted over SSH. Others may watch such a game live (`ssh watch@host`, the
// server's /watch page); its host writes how many watch to a file and sends SIGWINCH, which
// reaches the game as a resize. So after each resize a hosted game asks for the count (an
// effect: the model reads no file), shows it on every screen, and says once when watching
// starts. A game on the player's own machine has no audience and never asks.
public struct Audience: Sendable, Equatable {
    /// How many watch now, as the host last said.
    public internal(set) var count = 0
    /// The player was told that someone watches (once a run: the count stays on screen after).
    var told = false

    public init() {}

    /// What every screen shows while anyone watches: "2 watching".
    var label: String? { count > 0 ? "\(count) watching" : nil }

    /// Takes the host's count; the first time anyone watches, the words for the status line.
    mutating func hear(_ count: Int) -> String? {
        self.count = max(0, count)
        guard self.count > 0, !told else { return nil }
        told = true
        let who = self.count == 1 ? "Someone is" : "\(self.count) people are"
        return "\(who) watching your game live — w on \(Screen.scores.name) (\(Screen.scores.number)) stops anyone watching."
    }
}
