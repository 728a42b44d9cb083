/// Waits (bounded) until `condition` holds: for the daemon tests, whose daemon runs on real
/// Dispatch queues.
func eventually(_ condition: () -> Bool) async -> Bool {
    for _ in 0..<2000 {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return condition()
}
