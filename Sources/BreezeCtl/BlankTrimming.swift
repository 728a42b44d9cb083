extension String {
    /// Without the blanks at either end: tabs and Unicode's space separators (category Zs),
    /// what Foundation's `CharacterSet.whitespaces` holds; line breaks stay.
    var trimmingBlanks: String {
        func isBlank(_ scalar: Unicode.Scalar) -> Bool {
            scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isBlank($0) }),
            let last = scalars.lastIndex(where: { !isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
