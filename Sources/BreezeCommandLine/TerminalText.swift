import BreezeVocabulary

/// Text from outside (a city's name in a configuration file, a value a server sent) made safe
/// for a terminal: every scalar `VisibleText` calls unsafe is written as its escape, so an ESC
/// or a `\r` in a name can never move the cursor, clear the screen, retitle the window or
/// forge a line, and a right-to-left override or a zero-width space can never reorder or hide
/// the text around it. `VisibleText` holds the rule; this adds only what a terminal keeps of
/// `breezectl`'s own text: its colour codes.
public enum TerminalText {
    /// What a caller's own text may carry as is.
    public struct Kept: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// `\n` (several lines printed at once).
        public static let lineBreaks = Kept(rawValue: 1)
        /// `\t`.
        public static let tabs = Kept(rawValue: 2)
        /// Colour codes (`ESC [ … m`, SGR only), which `breezectl` writes itself on a terminal.
        public static let colours = Kept(rawValue: 4)
    }

    /// `text` escaped as `VisibleText.escaped` does (`\n`, `\r`, `\t`, `\x1B`, `\u{9B}`,
    /// `\u{202E}`), except what `kept` allows.
    public static func escaped(_ text: String, keeping kept: Kept = []) -> String {
        guard kept.contains(.colours), text.utf8.contains(0x1B) else {
            return VisibleText.escaped(text, keeping: visible(kept))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        append(text, keeping: kept, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text`'s UTF-8 to `bytes`, escaped as `escaped` does.
    public static func append(_ text: String, keeping kept: Kept = [], to bytes: inout [UInt8]) {
        guard kept.contains(.colours), text.utf8.contains(0x1B) else {
            return VisibleText.append(text, keeping: visible(kept), to: &bytes)
        }
        // The colour codes are kept and the text between them escaped. ESC is ASCII, so a
        // split there never falls inside a scalar.
        let utf8 = Array(text.utf8)
        var start = 0
        var index = 0
        while index < utf8.count {
            if utf8[index] == 0x1B, let end = colourCodeEnd(utf8, from: index + 1) {
                VisibleText.append(String(decoding: utf8[start..<index], as: UTF8.self), keeping: visible(kept), to: &bytes)
                bytes += utf8[index...end]
                index = end + 1
                start = index
            } else {
                index += 1
            }
        }
        VisibleText.append(String(decoding: utf8[start...], as: UTF8.self), keeping: visible(kept), to: &bytes)
    }

    private static func visible(_ kept: Kept) -> VisibleText.Kept {
        var visible: VisibleText.Kept = []
        if kept.contains(.lineBreaks) { visible.insert(.lineBreaks) }
        if kept.contains(.tabs) { visible.insert(.tabs) }
        return visible
    }

    /// The index of the `m` ending the SGR code that `ESC` (just before `start`) opens: `[`,
    /// digits and `;`, then `m`; nil for anything else.
    private static func colourCodeEnd(_ utf8: [UInt8], from start: Int) -> Int? {
        guard start < utf8.count, utf8[start] == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        while index < utf8.count, utf8[index] == UInt8(ascii: ";") || (0x30...0x39).contains(utf8[index]) {
            index += 1
        }
        return index < utf8.count && utf8[index] == UInt8(ascii: "m") ? index : nil
    }
}
