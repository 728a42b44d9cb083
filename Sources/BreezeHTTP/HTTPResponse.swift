import BreezeVocabulary

/// A complete HTTP response: its status (a redirect's own, redirects are not followed), its
/// headers and its body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header fields of the response, names lower-cased; a repeated field keeps its last value.
    public var headers: [String: String]
    /// The body, already decompressed.
    public var body: [UInt8]
    /// Whether `body` is only the start of a longer body, the rest read and dropped (a request
    /// that did not need the whole body).
    public var bodyTruncated: Bool

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = [], bodyTruncated: Bool = false) {
        self.status = status
        self.headers = Dictionary(
            headers.map { name, value in (name.lowercased(), value) },
            uniquingKeysWith: { _, last in last })
        self.body = body
        self.bodyTruncated = bodyTruncated
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// The wait `Retry-After` asks for, in seconds or as an HTTP date (then counted from
    /// `now`); nil when absent or unreadable.
    public func retryAfter(now: Instant) -> Duration? {
        header("Retry-After").flatMap { RetryAfter.delay($0.trimmingSpaces, now: now) }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    var trimmingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        let blank: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        while let first = scalars.first, blank(first) { scalars.removeFirst() }
        while let last = scalars.last, blank(last) { scalars.removeLast() }
        return String(scalars)
    }
}
