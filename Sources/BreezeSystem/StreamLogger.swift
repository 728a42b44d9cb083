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
        var line = priorityPrefix ? "<\(record.priority.rawValue)>" : ""
        line.reserveCapacity(64 + record.message.utf8.count + record.fields.count * 32)
        line += escape(record.message)
        for (index, field) in record.fields.enumerated() {
            line += index == 0 ? " (" : " "
            line += field.name
            line += "="
            line += quoteIfNeeded(escape(field.value))
        }
        if !record.fields.isEmpty { line += ")" }
        return line
    }

    public func log(_ record: LogRecord) {
        guard record.priority <= minimumPriority else { return }
        write(line(for: record) + "\n")
    }

    private func escape(_ text: String) -> String {
        // Almost every value has no line break: keep it as it is.
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return text }
        // Scalars, not Characters: "\r\n" is a single Character and would slip through.
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private func quoteIfNeeded(_ text: String) -> String {
        text.isEmpty || text.utf8.contains(0x20) ? "\"\(text)\"" : text
    }
}
