/// The one way the pages write HTML and SVG: every text and attribute value goes through
/// `escape`, so a city named `<script>`, `"`, `&` or holding control characters prints as text.
/// Only the page's own constants (its style sheet) are written raw.
struct HTMLWriter {
    /// The document so far.
    private(set) var text = ""

    /// `text` with `&`, `<`, `>`, `"` and `'` as character references, and every control
    /// character other than tab and line feed (C0, DEL, C1; never valid in HTML text) as
    /// U+FFFD, so nothing a name holds can end an element or an attribute, or garble the page.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Opens `name` with `attributes` in order; a nil value leaves its attribute out.
    mutating func open(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:]) {
        text += "<" + name
        for (key, value) in attributes {
            guard let value else { continue }
            text += " " + key + "=\"" + Self.escape(value) + "\""
        }
        text += ">"
    }

    /// Closes `name`.
    mutating func close(_ name: String) { text += "</" + name + ">" }

    /// Writes `content` as text.
    mutating func write(_ content: String) { text += Self.escape(content) }

    /// Writes a name from outside (a city's, a receiver's) as text in `<bdi>`: the browser
    /// lays it out on its own, so a right-to-left override or isolate in it (U+202E, U+2066)
    /// can reorder only the name, never the text around it, and a name in Arabic or Hebrew
    /// never drags the numbers after it to its side.
    mutating func name(_ content: String) { element("bdi", content) }

    /// `<name>content</name>`.
    mutating func element(_ name: String, _ content: String) { element(name, [:], content) }

    /// `<name …>content</name>`.
    mutating func element(_ name: String, _ attributes: KeyValuePairs<String, String?>, _ content: String) {
        open(name, attributes)
        write(content)
        close(name)
    }

    /// `<name …>`, then what `body` writes, then `</name>`.
    mutating func element(
        _ name: String, _ attributes: KeyValuePairs<String, String?> = [:], body: (inout HTMLWriter) -> Void
    ) {
        open(name, attributes)
        body(&self)
        close(name)
    }

    /// A void or self-closed element (`<meta …>`, SVG's `<rect …/>`).
    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String?> = [:], selfClosing: Bool = false) {
        open(name, attributes)
        if selfClosing {
            text.removeLast()
            text += "/>"
        }
    }

    /// The page's own constant markup or style sheet, never anything from outside.
    mutating func trusted(_ constant: StaticString) { text += constant.description }

    /// `<style>` with the pages' one sheet, built from the palette's constants.
    mutating func styleSheet() { text += "<style>" + DashboardStyle.sheet + "</style>" }
}
