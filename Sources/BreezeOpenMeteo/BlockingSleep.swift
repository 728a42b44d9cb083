#if canImport(Glibc)
import Glibc
#endif

/// Blocks the calling thread for `duration` (the client is synchronous: see `HTTPTransport`).
func blockingSleep(_ duration: Duration) {
    guard duration > .zero else { return }
    let (seconds, attoseconds) = duration.components
    var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1 && errno == EINTR {
        request = remaining
    }
}
