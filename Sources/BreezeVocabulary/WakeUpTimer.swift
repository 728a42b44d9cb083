import Dispatch

/// Makes the timers that wake a part of the daemon when its next step is due — the poll loop
/// (`PollLoop`), the delivery worker (`DeliveryWorker`): Dispatch timers in the daemon
/// (`DispatchWakeUpTimers`), a clock the test moves in tests.
public protocol WakeUpTimers: Sendable {
    /// A timer that runs `handler` on `queue` each time it fires; it fires only once
    /// `schedule(after:)` is called.
    func timer(on queue: DispatchQueue, handler: @escaping @Sendable () -> Void) -> any WakeUpTimer
}

/// One wake-up pending at a time. Used from its owner's queue alone.
public protocol WakeUpTimer {
    /// Replaces the pending wake-up, if any, by one `seconds` from now.
    func schedule(after seconds: Double)
    /// Takes the pending wake-up back, if any: none comes until `schedule(after:)` again.
    func disarm()
    /// Nothing fires from now on.
    func cancel()
}

/// Wake-ups on the monotonic clock, through a `DispatchSourceTimer` on the owner's queue.
public struct DispatchWakeUpTimers: WakeUpTimers {
    public init() {}

    public func timer(on queue: DispatchQueue, handler: @escaping @Sendable () -> Void) -> any WakeUpTimer {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.setEventHandler(handler: handler)
        source.schedule(deadline: .distantFuture)
        source.resume()
        return DispatchWakeUpTimer(source: source)
    }
}

struct DispatchWakeUpTimer: WakeUpTimer {
    let source: any DispatchSourceTimer

    func schedule(after seconds: Double) {
        source.schedule(deadline: .now() + .nanoseconds(Int(seconds * 1e9)))
    }

    func disarm() { source.schedule(deadline: .distantFuture) }

    func cancel() { source.cancel() }
}
