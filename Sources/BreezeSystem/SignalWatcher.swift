import Dispatch

#if canImport(Glibc)
import Glibc
#endif

/// Turns signals into work on a Dispatch queue. Signal handlers do nothing themselves: the
/// kernel's delivery is blocked, and a Dispatch source enqueues the handler.
// Dispatch sources are thread-safe; Dispatch's overlay just does not say so.
public final class SignalWatcher: @unchecked Sendable {
    private let sources: [any DispatchSourceSignal]

    /// Blocks `signals` in the calling thread (and every thread it starts later) and ignores
    /// their default action. Call from `main` before any thread starts, or a thread that
    /// existed earlier could still take the signal with its default (terminating) action.
    public static func blockBeforeThreadsStart(_ signals: [Int32]) {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals {
            sigaddset(&set, signal)
            Glibc.signal(signal, SIG_IGN)
        }
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// Starts handling each signal in `handlers` on `queue`; they must have been blocked.
    public init(handlers: [Int32: @Sendable () -> Void], queue: DispatchQueue) {
        sources = handlers.map { signal, handler in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler(handler: handler)
            source.resume()
            return source
        }
    }

    /// Stops handling.
    public func cancel() { sources.forEach { $0.cancel() } }
}
