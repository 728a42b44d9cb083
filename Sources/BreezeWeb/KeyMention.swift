/// How the pages name a configuration key: as code (`ArchiveURL=`), pointing to the one place
/// every key is described, `man breezed.conf` (there is no HTML copy of the page to link to).
enum KeyMention {
    /// The command that shows the configuration's reference.
    static let reference = "man breezed.conf"

    /// Writes `key=` as code, its title naming the reference.
    static func key(_ key: String, into html: inout HTMLWriter) {
        html.element("code", ["class": "key", "title": "described in " + reference], key + "=")
    }

    /// Writes the reference itself, as code: after a sentence that names keys.
    static func reference(into html: inout HTMLWriter) {
        html.element("code", ["class": "key"], reference)
    }
}
