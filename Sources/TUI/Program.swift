// A program in the shape of Bubble Tea's: a value that takes messages and returns commands,
// draws itself into a Grid, and says when it wants to be woken. The terminal backend runs it;
// something outside carries out its commands, and their outcomes come back as messages.

public protocol ProgramMessage: Sendable {
    /// A key, a click, a paste or a new window size.
    init(input: InputEvent)
    /// One animation frame.
    static var frame: Self { get }
    /// The wall clock, in seconds since 1970.
    static func clock(_ seconds: Double) -> Self
}

public protocol Program {
    associatedtype Message: ProgramMessage
    associatedtype Command

    mutating func update(_ message: Message) -> [Command]
    func view() -> Grid
    /// What the program wants to be woken for, read after every update.
    var timing: Timing { get }
}

/// What a program wants besides input. With none of it, the loop sleeps until a key.
public struct Timing: Hashable, Sendable {
    /// Animation frames: something on screen moves.
    public var frames = false
    /// The wall clock about once a second (ages, refreshes).
    public var clock = false
    /// Answers to commands are on their way: look for them often, and tell the time more often.
    public var answers = false
    /// A moment (wall-clock seconds) when the program must hear the clock even if nothing
    /// else happens: midnight, when the day's theme changes, or the game's next ask for news.
    public var wakeAt: Double?

    public init(frames: Bool = false, clock: Bool = false, answers: Bool = false, wakeAt: Double? = nil) {
        (self.frames, self.clock, self.answers, self.wakeAt) = (frames, clock, answers, wakeAt)
    }
}

/// When the loop wakes and what it tells the program then: a pure function of the program's
/// timing, the two clocks and what happened last, so it can be tested without a terminal.
public struct Schedule: Hashable, Sendable {
    /// Seconds between animation frames (about 30 a second).
    public var frameInterval = 0.033
    /// Seconds between clock messages, and between them while answers are awaited.
    public var clockInterval = 1.0, answerClockInterval = 0.25
    /// Seconds between looks at the inbox while answers are awaited, and while other programs
    /// may post to it (links from `plume open`).
    public var answerPollInterval = 0.05, inboxPollInterval = 0.2

    public init() {}

    /// What the loop remembers between wake-ups.
    public struct Memory: Hashable, Sendable {
        /// Monotonic seconds of the last frame, and wall seconds of the last clock message.
        public var lastFrame: Double
        public var lastClock: Double

        public init(lastFrame: Double = 0, lastClock: Double = -.infinity) { (self.lastFrame, self.lastClock) = (lastFrame, lastClock) }
    }

    /// How long to wait for input, in seconds; nil waits until input arrives.
    /// `watchingInbox`: other threads may post messages at any time.
    public func wait(_ timing: Timing, monotonic: Double, wall: Double, memory: Memory, watchingInbox: Bool) -> Double? {
        var wait: Double?
        func atMost(_ seconds: Double) { wait = min(wait ?? .infinity, max(0.001, seconds)) }
        if timing.frames { atMost(frameInterval - (monotonic - memory.lastFrame)) }
        if timing.answers {
            atMost(answerPollInterval)
        } else if timing.clock {
            atMost(clockInterval - (wall - memory.lastClock))
        }
        if let wakeAt = timing.wakeAt { atMost(wakeAt - wall) }
        if watchingInbox { atMost(inboxPollInterval) }
        return wait
    }

    /// What to tell the program after a wait: a frame, the clock, both or neither. `hadInput`:
    /// the wait ended with input (which then wants the time to be fresh).
    public func due(_ timing: Timing, monotonic: Double, wall: Double, memory: Memory, hadInput: Bool) -> (frame: Bool, clock: Bool) {
        let frame = timing.frames && monotonic - memory.lastFrame >= frameInterval - 0.0005
        let timed = timing.clock || timing.answers || hadInput
        let since = wall - memory.lastClock
        var clock = timed && (since >= clockInterval || (timing.answers && since >= answerClockInterval))
        if let wakeAt = timing.wakeAt, wall >= wakeAt, memory.lastClock < wakeAt { clock = true }
        return (frame, clock)
    }
}
