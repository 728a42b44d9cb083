import BreezeDaemon
import Foundation
import BreezeVocabulary
import Testing

/// `systemd/breezed.catalog` explains every record kind the daemon writes, so `journalctl -x`
/// never shows a breezed record without its explanation.
struct CatalogTests {
    /// One catalog entry: its header id and the lines after it.
    struct Entry {
        var id: String
        var headers: [String: String] = [:]
        var body: [String] = []
    }

    static let catalogPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("systemd/breezed.catalog").path

    /// Parses the catalog format: `-- <32 hex digits>` starts an entry, `Key: value` lines up
    /// to the first blank line are its headers, the rest its text. `#` lines are comments.
    static func entries() throws -> [Entry] {
        let text = try String(contentsOfFile: catalogPath, encoding: .utf8)
        var entries: [Entry] = []
        var inHeaders = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("-- ") {
                entries.append(Entry(id: String(line.dropFirst(3))))
                inHeaders = true
            } else if entries.isEmpty {
                #expect(line.isEmpty || line.hasPrefix("#"), "text before the first entry: \(line)")
            } else if inHeaders, line.isEmpty {
                inHeaders = false
            } else if inHeaders {
                let parts = line.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                #expect(parts.count == 2, "not a header line: \(line)")
                if parts.count == 2 { entries[entries.count - 1].headers[parts[0]] = parts[1] }
            } else {
                entries[entries.count - 1].body.append(line)
            }
        }
        return entries
    }

    @Test func everyMessageIDHasExactlyOneEntry() throws {
        let ids = try Self.entries().map(\.id)
        for event in DaemonEvent.allCases {
            #expect(ids.filter { $0 == event.messageID }.count == 1, "\(event.rawValue): \(event.messageID)")
        }
        // And nothing else: an entry for an id the daemon never sends is a stale one.
        #expect(Set(ids) == Set(DaemonEvent.allCases.map(\.messageID)))
    }

    @Test func entriesAreWellFormed() throws {
        let hexadecimal = CharacterSet(charactersIn: "0123456789abcdef")
        for entry in try Self.entries() {
            #expect(entry.id.count == 32 && entry.id.unicodeScalars.allSatisfy(hexadecimal.contains), "\(entry.id)")
            #expect(entry.headers["Subject"]?.isEmpty == false, "\(entry.id) has no Subject")
            #expect(entry.headers["Defined-By"] == "breezed", "\(entry.id)")
            #expect(entry.headers["Support"]?.hasSuffix("README.md") == true, "\(entry.id)")
            // The one description of every record and field, as journalctl -x shows it.
            #expect(entry.headers["Documentation"] == "man:breezed(8)", "\(entry.id)")
            #expect(entry.body.contains { !$0.isEmpty }, "\(entry.id) explains nothing")
        }
    }

    /// `@FIELD@` substitutions must name journal fields (`journalctl -x` leaves unknown ones).
    @Test func substitutionsNameBreezeFields() throws {
        for entry in try Self.entries() {
            let text = ([entry.headers["Subject"] ?? ""] + entry.body).joined(separator: "\n")
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            #expect(parts.count % 2 == 1, "\(entry.id): an unpaired @")
            for (index, name) in parts.enumerated() where index % 2 == 1 {
                #expect(name.hasPrefix("BREEZE_"), "\(entry.id): @\(name)@")
                #expect(name.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }, "\(entry.id): @\(name)@")
            }
        }
    }
}
