import BreezeVocabulary
import Dispatch
import Synchronization

/// A wall clock and the wake-ups it drives, moved by the test alone: `now` is what the code
/// under test reads; a wake-up fires (on the queue it was made for) when the test moves `now`
/// to or past it. Nothing here waits for real time.
public final class ManualWakeUpClock: WakeUpTimers {
    private struct Timer {
        var deadline: Instant?
        var cancelled = false
        let queue: DispatchQueue
        let handler: @Sendable () -> Void
    }

    private let state: Mutex<(now: Instant, timers: [Timer])>

    public init(_ start: Instant = Instant(unixSeconds: 1_787_234_400)) {
        state = Mutex((now: start, timers: []))
    }

    /// The worker's wall clock.
    public var now: Instant { state.withLock { $0.now } }

    /// The earliest wake-up pending, if any.
    public var nextWakeUp: Instant? {
        state.withLock { state in
            state.timers.filter { !$0.cancelled }.compactMap(\.deadline).min()
        }
    }

    /// Moves the clock on to `instant` (never back) and fires every wake-up due by then.
    public func advance(to instant: Instant) {
        let due: [Timer] = state.withLock { state in
            state.now = max(state.now, instant)
            var due: [Timer] = []
            for index in state.timers.indices {
                guard !state.timers[index].cancelled, let deadline = state.timers[index].deadline,
                    deadline <= state.now
                else { continue }
                due.append(state.timers[index])
                state.timers[index].deadline = nil
            }
            return due
        }
        for timer in due { timer.queue.async(execute: timer.handler) }
    }

    /// Moves the clock on by `seconds`.
    public func advance(by seconds: Double) { advance(to: now + .seconds(seconds)) }

    /// Moves the clock to the next wake-up and fires it; false when none is pending.
    @discardableResult
    public func advanceToNextWakeUp() -> Bool {
        guard let next = nextWakeUp else { return false }
        advance(to: next)
        return true
    }

    public func timer(on queue: DispatchQueue, handler: @escaping @Sendable () -> Void) -> any WakeUpTimer {
        let index = state.withLock { state in
            state.timers.append(Timer(queue: queue, handler: handler))
            return state.timers.count - 1
        }
        return ManualTimer(clock: self, index: index)
    }

    fileprivate func schedule(_ index: Int, after seconds: Double) {
        state.withLock { state in state.timers[index].deadline = state.now + .seconds(seconds) }
    }

    fileprivate func disarm(_ index: Int) {
        state.withLock { state in state.timers[index].deadline = nil }
    }

    fileprivate func cancel(_ index: Int) {
        state.withLock { state in state.timers[index].cancelled = true }
    }
}

private struct ManualTimer: WakeUpTimer {
    let clock: ManualWakeUpClock
    let index: Int

    func schedule(after seconds: Double) { clock.schedule(index, after: seconds) }
    func disarm() { clock.disarm(index) }
    func cancel() { clock.cancel(index) }
}
