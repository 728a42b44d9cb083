#if canImport(Glibc)
import Glibc
#endif

/// How many terminal columns text takes, as the C library counts them (`wcwidth`): two for East
/// Asian wide characters (東京) and emoji, none for combining marks (the U+0301 of "é" written
/// as e + U+0301). The one home of that count, for `breezectl`'s aligned tables.
public enum TerminalWidth {
    /// A UTF-8 character-type locale of its own, made once: `wcwidth` reads the calling
    /// thread's locale, and the process's is "C" (no width for anything beyond ASCII) unless
    /// `LANG` says otherwise — so the count never depends on how `breezectl` was started.
    /// nil when the C library has no C.UTF-8 (then every character counts one, as it does
    /// without `wcwidth`).
    nonisolated(unsafe) private static let utf8Locale: locale_t? = newlocale(1 << LC_CTYPE, "C.UTF-8", nil)
    /// The C library's `wcwidth`: Swift's Glibc module leaves it out (glibc declares it only
    /// for X/Open), so it is looked up once in the libraries already loaded.
    nonisolated(unsafe) private static let wcwidth: (@convention(c) (wchar_t) -> Int32)? = dlsym(nil, "wcwidth").map {
        unsafeBitCast($0, to: (@convention(c) (wchar_t) -> Int32).self)
    }

    /// The columns of `text`, one grapheme at a time: the `wcwidth` of its first scalar (a
    /// character the C library cannot print counts one), two for one shown as an emoji by its
    /// variation selector (`☠️`); the marks and joiners after the first scalar take none.
    public static func columns(_ text: String) -> Int {
        // A native string's bytes are read as one buffer, in one pass; others byte by byte.
        let ascii = text.utf8.withContiguousStorageIfAvailable(asciiColumns) ?? asciiColumns(text.utf8)
        if let ascii { return ascii }
        guard let locale = utf8Locale, let wcwidth else { return text.count }
        // Switched for this thread only, and back: the process's locale is left alone.
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return text.reduce(0) { total, character in
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { return total }
            var width = Int(wcwidth(wchar_t(bitPattern: first.value)))
            if width < 0 { width = 1 }
            if width == 1, scalars.contains("\u{FE0F}") { width = 2 }
            return total + width
        }
    }

    /// The columns of text all of ASCII, nil when a byte is not: no ASCII character is wide,
    /// one column each, "\r\n" one character of two bytes.
    private static func asciiColumns(_ bytes: some Collection<UInt8>) -> Int? {
        var count = bytes.count
        var previous: UInt8 = 0
        for byte in bytes {
            if byte >= 0x80 { return nil }
            if byte == 0x0A, previous == 0x0D { count -= 1 }
            previous = byte
        }
        return count
    }

    /// `text` cut to `width` columns, its last one "…", when it is wider; as it is otherwise.
    /// The one way Breeze shortens what a terminal shows (a table's cell, the status line).
    public static func shortened(_ text: String, to width: Int) -> (text: String, columns: Int) {
        let columns = columns(text)
        guard columns > width else { return (text, columns) }
        var kept = ""
        var used = 0
        for character in text {
            let taken = Self.columns(String(character))
            if used + taken > width - 1 { break }
            kept.append(character)
            used += taken
        }
        return (kept + "…", used + 1)
    }
}
