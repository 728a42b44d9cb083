#if canImport(Glibc)
import Glibc
#endif

/// The one way Breeze waits: blocks the calling thread for a span (the clients are synchronous:
/// see `HTTPTransport`). Code whose decisions depend on waiting takes it injected, as a
/// `@Sendable (Duration) -> Void`, with this as the live value, so tests wait for nothing.
public enum BlockingSleep {
    /// Blocks for `span`, resumed after a signal until the whole span has passed; a span that
    /// is not positive returns at once.
    @Sendable public static func wait(_ span: Duration) {
        guard span > .zero else { return }
        let seconds = min(span.seconds, 1e9)
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: min(999_999_999, Int((seconds - whole) * 1e9)))
        var remaining = timespec()
        while nanosleep(&request, &remaining) == -1 && errno == EINTR {
            request = remaining
        }
    }
}
