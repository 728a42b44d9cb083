/// A complete HTTP response: the final status after redirects, its headers and its body.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header fields of the final response, names lower-cased; a repeated field keeps its last value.
    public var headers: [String: String]
    /// The body, already decompressed.
    public var body: [UInt8]

    public init(status: Int, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = Dictionary(
            headers.map { name, value in (name.lowercased(), value) },
            uniquingKeysWith: { _, last in last })
        self.body = body
    }

    /// The value of header `name`, compared case-insensitively.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// `Retry-After` in whole seconds, when the server sent it in that form (dates are ignored).
    public var retryAfter: Duration? {
        guard let text = header("Retry-After")?.trimmingSpaces, let seconds = Int(text),
            seconds >= 0
        else { return nil }
        return .seconds(seconds)
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
