/// `ControlSocket=` of a configuration, found without building the rest of it: `breezectl`
/// needs only the socket to ask the daemon, and loading 100,000 cities in full took it a
/// second. The lines are read as the parser reads them (continuations, comments, quotes), the
/// sections as the loader merges them (only a valid `[Breeze]` without a name counts).
public enum ControlSocketSetting {
    /// The socket the configuration at `path` and its drop-ins (in the order they apply) name,
    /// else `ControlSocketPath.default(environment:)`: also when a file cannot be read, or a
    /// `ControlSocket=` is not an absolute path (the full load refuses those). Errors elsewhere
    /// in the configuration leave it as set: the daemon listens where the configuration it
    /// loaded said, and the full load reports them where they matter.
    public static func socket(configurationPath path: String, environment: [String: String]) -> String {
        guard let sources = try? ConfigurationLoader.readSources(path: path) else {
            return ControlSocketPath.default(environment: environment)
        }
        return socket(sources: sources, environment: environment)
    }

    /// The same for `sources`, in order (the main file first, then drop-ins).
    public static func socket(sources: [ConfigurationSource], environment: [String: String]) -> String {
        var socket: String?
        for source in sources where mentions(source.text, key) {
            guard read(source, into: &socket) else { return ControlSocketPath.default(environment: environment) }
        }
        return socket ?? ControlSocketPath.default(environment: environment)
    }

    private static let key = "ControlSocket"
    private static let section = "Breeze"

    /// Applies the file's `ControlSocket=` lines under `[Breeze]` to `socket`, as
    /// `SectionReader.value` does (the last wins, an empty one resets it); false when one is
    /// refused.
    private static func read(_ source: ConfigurationSource, into socket: inout String?) -> Bool {
        // No line after the one that mentions the key last can set it: the lines up to there
        // are read as the whole file's are, unless the last of them continues on the next.
        if let end = endOfLastMention(source.text), end < source.text.utf8.count {
            let prefix = ConfigurationSource(path: source.path, text: String(source.text.utf8.prefix(end))!)
            var scratch = socket
            if let complete = read(prefix.text, path: prefix.path, into: &scratch), complete {
                socket = scratch
                return true
            }
        }
        return read(source.text, path: source.path, into: &socket) ?? false
    }

    /// `read` of `text`: nil when a key's value is refused; false when the text ends in an
    /// unfinished continuation.
    private static func read(_ text: String, path: String, into socket: inout String?) -> Bool? {
        // Nothing here is reported: the full load does that.
        var ignored = DiagnosticCollector()
        let location = SourceLocation(path: path, line: nil)
        var complete = true
        var inBreeze = false
        var lines = LineReader(text)
        while let logical = lines.next() {
            complete = !logical.unterminated
            let line = logical.text
            if line.first == "[" {
                // Only a header that names it can open it: the rest (every [City]) skip the parse.
                inBreeze = false
                if mentions(line, section), let header = Parser.header(line, location: location, diagnostics: &ignored) {
                    inBreeze = header.kind == section && header.name == nil
                }
                continue
            }
            guard inBreeze, mentions(line, key),
                let assignment = Parser.assignment(line, location: location, diagnostics: &ignored),
                assignment.key == key
            else { continue }
            let value = assignment.value.text
            if value.isEmpty {
                socket = nil
                continue
            }
            guard case .success(let path) = Read.absolutePath(value) else { return nil }
            socket = path
        }
        return complete
    }

    /// The byte offset just past the first line feed after the key's last mention in `text`;
    /// nil when there is none.
    private static func endOfLastMention(_ text: String) -> Int? {
        let needle = Array(key.utf8)
        let found = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var start = bytes.count - needle.count
            while start >= 0 {
                if bytes[start] == needle[0], bytes[start..<(start + needle.count)].elementsEqual(needle) {
                    guard let feed = bytes[(start + needle.count)...].firstIndex(of: 0x0A) else { return nil }
                    return feed + 1
                }
                start -= 1
            }
            return nil
        }
        return found ?? nil
    }

    /// Whether `word`'s bytes appear anywhere in `text`.
    private static func mentions(_ text: String, _ word: String) -> Bool {
        let needle = Array(word.utf8)
        let found = text.utf8.withContiguousStorageIfAvailable { haystack in
            contains(haystack, needle)
        }
        return found ?? contains(Array(text.utf8), needle)
    }

    private static func contains<Bytes: RandomAccessCollection<UInt8>>(_ haystack: Bytes, _ needle: [UInt8]) -> Bool
    where Bytes.Index == Int {
        guard let first = needle.first, haystack.count >= needle.count else { return false }
        var start = haystack.startIndex
        let last = haystack.endIndex - needle.count
        while start <= last {
            if haystack[start] == first {
                var matched = 1
                while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                if matched == needle.count { return true }
            }
            start += 1
        }
        return false
    }
}
