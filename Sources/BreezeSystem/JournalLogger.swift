import BreezeVocabulary
import CSystemd

#if canImport(Glibc)
import Glibc
#endif

/// Sends records to journald through `sd_journal_sendv`, every field kept.
public struct JournalLogger: Logger {
    /// The `SYSLOG_IDENTIFIER` of every record.
    public let identifier: String

    public init(identifier: String) { self.identifier = identifier }

    /// The `KEY=value` entries sent for `record`: invalid field names are skipped rather
    /// than letting journald drop the whole record.
    public func entries(for record: LogRecord) -> [String] {
        var entries = [
            // MESSAGE is what journalctl prints: escaped (`VisibleText`). The BREEZE_* fields
            // are data, matched exactly (`journalctl BREEZE_CITY=…`): they keep exact bytes.
            "MESSAGE=" + VisibleText.escaped(record.message),
            "PRIORITY=\(record.priority.rawValue)",
            "SYSLOG_IDENTIFIER=\(identifier)",
        ]
        if let messageID = record.messageID { entries.append("MESSAGE_ID=\(messageID)") }
        for field in record.fields where LogRecord.isValidFieldName(field.name) {
            entries.append("\(field.name)=\(field.value)")
        }
        return entries
    }

    public func log(_ record: LogRecord) {
        let buffers = entries(for: record).map { Array($0.utf8) }
        // iovec lengths exclude any terminator: journald takes binary-safe values this way.
        // One allocation per record holds every entry, freed by the defer: nothing is kept.
        let total = buffers.reduce(0) { $0 + $1.count }
        let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(total, 1))
        defer { storage.deallocate() }
        var vectors: [iovec] = []
        vectors.reserveCapacity(buffers.count)
        var offset = 0
        for buffer in buffers {
            (storage + offset).initialize(from: buffer, count: buffer.count)
            vectors.append(iovec(iov_base: UnsafeMutableRawPointer(storage + offset), iov_len: buffer.count))
            offset += buffer.count
        }
        _ = sd_journal_sendv(&vectors, Int32(vectors.count))
    }

    /// Whether standard error is connected to journald (`JOURNAL_STREAM` names its device
    /// and inode), which is how systemd services are run.
    public static func isStandardErrorJournal(environment: [String: String]) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else {
            return false
        }
        var status = stat()
        guard fstat(STDERR_FILENO, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }
}
