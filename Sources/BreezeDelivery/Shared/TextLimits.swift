/// Text cut to a service's limit (Discord and Slack count UTF-16 units), and the one
/// replace-all the formats use without Foundation.
enum TextLimits {
    /// `text` cut to at most `limit` UTF-16 units at a character boundary, ending in `…` when cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard text.utf16.count > limit else { return text }
        guard limit > 0 else { return "" }
        var result = ""
        var used = 1  // the ellipsis
        for character in text {
            let size = String(character).utf16.count
            guard used + size <= limit else { break }
            result.append(character)
            used += size
        }
        return result + "…"
    }
}

extension String {
    /// Every occurrence of `target` replaced, without Foundation.
    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        return split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
