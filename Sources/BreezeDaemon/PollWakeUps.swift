import BreezeVocabulary
import Dispatch

/// Where a `PollLoop`'s wake-ups come from: one timer, armed again after every wake-up.
/// `DispatchWakeUps` in production; tests drive one by hand on a fake clock. The loop calls
/// every method on its queue, and the wake-ups must call the handler there too.
public protocol PollWakeUps {
    /// Sets what a wake-up runs and arms the first, at once; called once, first.
    func start(_ handler: @escaping @Sendable () -> Void)
    /// Arms the one wake-up `span` from now, replacing the one armed.
    func arm(after span: Duration)
    /// No wake-up comes after this.
    func cancel()
}

/// Wake-ups from a Dispatch timer on the loop's queue, counted on Dispatch's monotonic clock.
public struct DispatchWakeUps: PollWakeUps {
    private let timer: any DispatchSourceTimer

    /// Wake-ups delivered on `queue`, the loop's.
    public init(queue: DispatchQueue) {
        timer = DispatchSource.makeTimerSource(queue: queue)
    }

    public func start(_ handler: @escaping @Sendable () -> Void) {
        timer.setEventHandler(handler: handler)
        timer.schedule(deadline: .now())
        timer.resume()
    }

    public func arm(after span: Duration) {
        timer.schedule(deadline: .now() + span.seconds)
    }

    public func cancel() {
        timer.cancel()
    }
}
