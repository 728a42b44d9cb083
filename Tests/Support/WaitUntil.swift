import Foundation

/// Waits up to `seconds` for `condition`, checking it every 20 ms: for work that happens on
/// another queue or in another process. True as soon as it holds; else one last check.
public func waitUntil(seconds: Double = 20, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if condition() { return true }
        usleep(20_000)
    }
    return condition()
}
