import Foundation

/// How long `eventually` waits when not told: long enough for a loaded 2-core machine. A test
/// whose condition comes true never waits it out; one whose condition never does fails after it.
public let eventualSeconds: Double = 60

/// Checks `condition` until it holds (true), or `seconds` have passed (false after one last
/// check): for work that happens on another queue, in another process or behind a socket.
/// A condition that throws counts as not holding yet.
public func eventually(within seconds: Double = eventualSeconds, every interval: Double = 0.02, _ condition: () throws -> Bool) -> Bool {
    eventuallyFound(within: seconds, every: interval) { try condition() ? true : nil } ?? false
}

/// The first value `find` returns (not nil) within `seconds`, checking every `interval`; nil if
/// there was none by then. A `find` that throws counts as having found nothing yet.
public func eventuallyFound<Value>(within seconds: Double = eventualSeconds, every interval: Double = 0.02, _ find: () throws -> Value?) -> Value? {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < deadline {
        if let found = try? find() { return found }
        usleep(useconds_t(max(1_000, interval * 1e6)))
    }
    return (try? find()) ?? nil
}

/// `eventually` for async tests: the same bound, sleeping the task (not the thread) between
/// checks, so the tests running beside it keep their threads.
public func eventually(within seconds: Double = eventualSeconds, every interval: Double = 0.02, _ condition: () throws -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while ContinuousClock.now < deadline {
        if (try? condition()) == true { return true }
        try? await Task.sleep(for: .milliseconds(Int64(max(1, interval * 1000))))
    }
    return (try? condition()) == true
}
