import BreezeSystem
import BreezeTestSupport
import Testing

/// A city named with an ESC or `\x01` (from a configuration file, from an API) never writes a
/// raw control character into a log line or a journal MESSAGE; the fields keep exact bytes.
struct ControlCharacterLogTests {
    let hostile = "Pa\u{1B}[2J\u{01}ris\u{9B}"
    var record: LogRecord { LogRecord(.info, "\(hostile): AQI 42, Good", fields: [("BREEZE_CITY", hostile)]) }

    @Test func theStreamLineEscapesMessageAndFields() {
        let line = StreamLogger { _ in }.line(for: record)
        #expect(line == #"Pa\x1B[2J\x01ris\u{9B}: AQI 42, Good (BREEZE_CITY=Pa\x1B[2J\x01ris\u{9B})"#)
        #expect(!line.utf8.contains { $0 < 0x20 || $0 == 0x7F })
    }

    @Test func theJournalMessageIsEscapedAndTheFieldIsExact() {
        let entries = JournalLogger(identifier: "breezed").entries(for: record)
        #expect(entries.first == #"MESSAGE=Pa\x1B[2J\x01ris\u{9B}: AQI 42, Good"#)
        #expect(entries.contains("BREEZE_CITY=\(hostile)"))
    }

    /// The hostile names' table: a log line and the journal's MESSAGE show each as
    /// `VisibleText` does (a bidirectional override as `\u{202E}`, never raw); the BREEZE_CITY
    /// field keeps the exact bytes, for `journalctl BREEZE_CITY=…`.
    @Test(arguments: HostileName.all)
    func hostileNamesAreShownAsTheTableSays(_ row: HostileName) {
        let record = LogRecord(.info, "\(row.name): AQI 42, Good", fields: [("BREEZE_CITY", row.name)])
        let line = StreamLogger { _ in }.line(for: record)
        let quoted = row.visible.contains(" ") ? "\"" + row.visible + "\"" : row.visible
        #expect(line == "\(row.visible): AQI 42, Good (BREEZE_CITY=\(quoted))")
        let entries = JournalLogger(identifier: "breezed").entries(for: record)
        #expect(entries.first == "MESSAGE=\(row.visible): AQI 42, Good")
        #expect(entries.contains("BREEZE_CITY=\(row.name)"))
    }
}
