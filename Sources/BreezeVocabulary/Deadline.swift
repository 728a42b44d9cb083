/// A moment by which work must end, on the monotonic side of the one clock
/// (`ClockReading.monotonic`): a deadline is a reading of the injected clock plus a span, so a
/// fake clock controls it as it controls everything else.
public struct Deadline: Sendable, Hashable, Comparable {
    /// The reading of `ClockReading.monotonic`, in seconds, at which the deadline passes.
    public var monotonic: Double

    public init(monotonic: Double) {
        self.monotonic = monotonic
    }

    /// The deadline `span` after `reading`.
    public init(after span: Duration, from reading: ClockReading) {
        self.init(monotonic: reading.monotonic + span.seconds)
    }

    /// The time left at `reading`: negative once the deadline has passed.
    public func remaining(at reading: ClockReading) -> Duration {
        Duration(seconds: monotonic - reading.monotonic)
    }

    /// Whether the deadline has come at `reading`.
    public func hasPassed(at reading: ClockReading) -> Bool { reading.monotonic >= monotonic }

    public static func < (left: Deadline, right: Deadline) -> Bool { left.monotonic < right.monotonic }
}
