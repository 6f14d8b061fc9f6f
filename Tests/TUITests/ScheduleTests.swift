// When the program loop wakes and what it tells the program: a pure function of the program's
// timing and the clocks, so every case is checked here without a terminal or a real clock.
import Testing
@testable import TUI

@Suite struct ScheduleTests {
    let schedule = Schedule()
    let wall = 1_700_000_000.0

    @Test func anIdleProgramSleepsUntilInput() {
        let memory = Schedule.Memory(lastFrame: 10, lastClock: wall - 0.5)
        #expect(schedule.wait(Timing(), monotonic: 10.01, wall: wall, memory: memory, watchingInbox: false) == nil)
        let due = schedule.due(Timing(), monotonic: 10.01, wall: wall, memory: memory, hadInput: false)
        #expect(!due.frame && !due.clock)
    }

    @Test func somethingMovingWakesForTheNextFrame() throws {
        let memory = Schedule.Memory(lastFrame: 10, lastClock: wall)
        let wait = try #require(schedule.wait(Timing(frames: true), monotonic: 10.013, wall: wall, memory: memory, watchingInbox: false))
        #expect(abs(wait - 0.020) < 1e-9)
        #expect(!schedule.due(Timing(frames: true), monotonic: 10.020, wall: wall, memory: memory, hadInput: false).frame)
        #expect(schedule.due(Timing(frames: true), monotonic: 10.033, wall: wall, memory: memory, hadInput: false).frame)
        // Late already: wait as little as possible, never a negative time.
        #expect(schedule.wait(Timing(frames: true), monotonic: 11, wall: wall, memory: memory, watchingInbox: false) == 0.001)
    }

    @Test func theClockTicksOnceASecondAndOftenerWhileAnswersAreAwaited() {
        let memory = Schedule.Memory(lastFrame: 0, lastClock: wall - 0.4)
        #expect(schedule.wait(Timing(clock: true), monotonic: 5, wall: wall, memory: memory, watchingInbox: false).map { abs($0 - 0.6) < 1e-6 } == true)
        #expect(!schedule.due(Timing(clock: true), monotonic: 5, wall: wall, memory: memory, hadInput: false).clock)
        #expect(schedule.due(Timing(clock: true), monotonic: 5, wall: wall + 0.7, memory: memory, hadInput: false).clock)
        #expect(schedule.wait(Timing(answers: true), monotonic: 5, wall: wall, memory: memory, watchingInbox: false) == 0.05)
        #expect(schedule.due(Timing(answers: true), monotonic: 5, wall: wall, memory: memory, hadInput: false).clock)
        #expect(!schedule.due(Timing(answers: true), monotonic: 5, wall: wall - 0.2, memory: memory, hadInput: false).clock)
    }

    @Test func inputBringsTheTimeWhenItIsStale() {
        let fresh = Schedule.Memory(lastFrame: 0, lastClock: wall - 0.5), stale = Schedule.Memory(lastFrame: 0, lastClock: wall - 3)
        #expect(!schedule.due(Timing(), monotonic: 5, wall: wall, memory: fresh, hadInput: true).clock)
        #expect(schedule.due(Timing(), monotonic: 5, wall: wall, memory: stale, hadInput: true).clock)
    }

    @Test func anIdleProgramIsWokenAtItsMomentAndHearsTheClockThen() {
        let midnight = (wall / 86_400).rounded(.up) * 86_400
        let memory = Schedule.Memory(lastFrame: 0, lastClock: midnight - 30)
        let timing = Timing(wakeAt: midnight)
        let wait = schedule.wait(timing, monotonic: 5, wall: midnight - 7.5, memory: memory, watchingInbox: false)
        #expect(wait.map { abs($0 - 7.5) < 1e-6 } == true)
        #expect(!schedule.due(timing, monotonic: 5, wall: midnight - 0.01, memory: memory, hadInput: false).clock)
        #expect(schedule.due(timing, monotonic: 5, wall: midnight, memory: memory, hadInput: false).clock)
        // Once told after that moment, not again for it.
        let told = Schedule.Memory(lastFrame: 0, lastClock: midnight + 0.1)
        #expect(!schedule.due(timing, monotonic: 5, wall: midnight + 0.5, memory: told, hadInput: false).clock)
    }

    @Test func anInboxOthersPostToIsLookedAtFiveTimesASecond() {
        let memory = Schedule.Memory(lastFrame: 0, lastClock: wall)
        #expect(schedule.wait(Timing(), monotonic: 5, wall: wall, memory: memory, watchingInbox: true) == 0.2)
        #expect(schedule.wait(Timing(frames: true), monotonic: 0.01, wall: wall, memory: memory, watchingInbox: true).map { $0 < 0.033 } == true)
    }
}
