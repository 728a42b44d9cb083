/// A secret value (an API key, a signing secret, a header value): never printed.
///
/// `description` and `debugDescription` are `<redacted>`, so string interpolation, `print` and
/// `dump`-style logging cannot leak it; only `value` gives the text, for the one place that sends it.
public struct Secret: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    public let value: String

    /// Wraps `value`, which from now on prints as `<redacted>`.
    public init(_ value: String) {
        self.value = value
    }

    /// Always `<redacted>`.
    public var description: String { "<redacted>" }

    /// Always `<redacted>`.
    public var debugDescription: String { "<redacted>" }

    /// Mirrors show no children, so `dump` and reflection print nothing of the value.
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}
