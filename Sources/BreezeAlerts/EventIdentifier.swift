/// Builds the readable parts of event ids.
public enum EventIdentifier {
    /// `name` lowercased, with every run of characters other than ASCII letters and digits
    /// turned into one dash: "São Paulo" → "s-o-paulo", "New York" → "new-york".
    public static func slug(_ name: String) -> String {
        var slug = ""
        var pendingDash = false
        for scalar in name.unicodeScalars {
            let isAlphanumeric =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
            if isAlphanumeric {
                if pendingDash, !slug.isEmpty { slug += "-" }
                pendingDash = false
                slug += String(scalar).lowercased()
            } else {
                pendingDash = true
            }
        }
        return slug.isEmpty ? "city" : slug
    }
}
