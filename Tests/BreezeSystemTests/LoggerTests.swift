import BreezeSystem
import Testing
import BreezeTestSupport

struct LoggerTests {
    let record = LogRecord(
        .warning, "Air quality in Paris: AQI 162", messageID: "0123456789abcdef0123456789abcdef",
        fields: [("BREEZE_CITY", "Paris"), ("BREEZE_AQI", "162"), ("_PID", "1"), ("lower", "x")])

    @Test(arguments: [
        ("BREEZE_CITY", true), ("BREEZE_PM2_5", true), ("_HIDDEN", false), ("lower", false),
        ("WITH-DASH", false), ("", false), (String(repeating: "A", count: 65), false),
    ])
    func fieldNames(name: String, valid: Bool) {
        #expect(LogRecord.isValidFieldName(name) == valid)
    }

    @Test func journalEntriesCarryEveryValidFieldAndSkipInvalidOnes() {
        let entries = JournalLogger(identifier: "breezed").entries(for: record)
        #expect(
            entries == [
                "MESSAGE=Air quality in Paris: AQI 162", "PRIORITY=4", "SYSLOG_IDENTIFIER=breezed",
                "MESSAGE_ID=0123456789abcdef0123456789abcdef", "BREEZE_CITY=Paris", "BREEZE_AQI=162",
            ])
    }

    @Test func streamLineShowsMessageAndFields() {
        let logger = StreamLogger { _ in }
        #expect(
            logger.line(for: LogRecord(.info, "reading", fields: [("BREEZE_CITY", "New York")]))
                == "reading (BREEZE_CITY=\"New York\")")
        let prefixed = StreamLogger(priorityPrefix: true) { _ in }
        #expect(prefixed.line(for: LogRecord(.error, "failed")) == "<3>failed")
    }

    @Test func streamLineNeverSpansTwoLines() {
        let line = StreamLogger { _ in }.line(
            for: LogRecord(.info, "one\ntwo", fields: [("BREEZE_ERROR", "a\r\nb")]))
        #expect(line == "one\\ntwo (BREEZE_ERROR=a\\r\\nb)")
    }

    @Test func streamDropsRecordsBelowItsMinimumPriority() {
        let lines = MemoryLines()
        let logger = StreamLogger(minimumPriority: .notice) { lines.append($0) }
        logger.log(LogRecord(.info, "quiet"))
        logger.log(LogRecord(.warning, "loud"))
        #expect(lines.all == ["loud\n"])
    }

    @Test func memoryLoggerKeepsOrder() {
        let logger = MemoryLogger()
        logger.log(LogRecord(.info, "a"))
        logger.log(record)
        #expect(logger.records.map(\.message) == ["a", record.message])
        #expect(logger.records.last?.field("BREEZE_AQI") == "162")
    }
}

import Synchronization

final class MemoryLines: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    var all: [String] { storage.withLock { $0 } }
}
