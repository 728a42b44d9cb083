import BreezeVocabulary

#if canImport(Glibc)
import Glibc
#endif

/// Writes records as plain lines (`message (KEY=value …)`) to a stream, for a terminal or
/// a log file when journald is not there.
public struct StreamLogger: Logger {
    private let write: @Sendable (String) -> Void
    /// Prefix each line with `<N>`, the priority syntax journald reads on a service's stream.
    public let priorityPrefix: Bool
    /// Records less severe than this are dropped.
    public let minimumPriority: LogPriority

    public init(
        priorityPrefix: Bool = false, minimumPriority: LogPriority = .info,
        write: @escaping @Sendable (String) -> Void
    ) {
        self.priorityPrefix = priorityPrefix
        self.minimumPriority = minimumPriority
        self.write = write
    }

    /// The line written for `record`, without its newline. Newlines inside values are
    /// escaped so one record is always one line.
    public func line(for record: LogRecord) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + record.message.utf8.count + record.fields.count * 32)
        if priorityPrefix { bytes += "<\(record.priority.rawValue)>".utf8 }
        Self.appendEscaped(record.message, quoted: false, to: &bytes)
        for (index, field) in record.fields.enumerated() {
            bytes += index == 0 ? [UInt8(ascii: " "), UInt8(ascii: "(")] : [UInt8(ascii: " ")]
            bytes += field.name.utf8
            bytes.append(UInt8(ascii: "="))
            let value = field.value.utf8
            Self.appendEscaped(field.value, quoted: value.isEmpty || value.contains(0x20), to: &bytes)
        }
        if !record.fields.isEmpty { bytes.append(UInt8(ascii: ")")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public func log(_ record: LogRecord) {
        guard record.priority <= minimumPriority else { return }
        write(line(for: record) + "\n")
    }

    /// `text` escaped by `VisibleText` (line breaks as `\n` and `\r`, other controls as
    /// `\x1B`, bidirectional and invisible format characters as `\u{202E}`), in double quotes
    /// when `quoted`: one record is always one line, and a name from outside never drives the
    /// terminal or reorders the line.
    private static func appendEscaped(_ text: String, quoted: Bool, to bytes: inout [UInt8]) {
        if quoted { bytes.append(UInt8(ascii: "\"")) }
        VisibleText.append(text, to: &bytes)
        if quoted { bytes.append(UInt8(ascii: "\"")) }
    }
}
