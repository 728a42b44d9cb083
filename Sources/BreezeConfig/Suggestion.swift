/// "Did you mean …?" for misspelt names.
enum Suggestion {
    /// The candidate closest to `word` (case-insensitive edit distance), if it is close enough to
    /// be a typo: at most a third of the word's length, and at least 1 edit allowed.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// `; did you mean X?` with `format` applied to the suggestion, or "" when none is close.
    static func hint(
        for word: String, among candidates: [String], format: (String) -> String = { $0 }
    ) -> String {
        guard let candidate = closest(to: word, among: candidates) else { return "" }
        return "; did you mean \(format(candidate))?"
    }

    /// The Levenshtein distance between two strings.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let first = Array(first)
        let second = Array(second)
        if first.isEmpty { return second.count }
        if second.isEmpty { return first.count }
        var previous = Array(0...second.count)
        var current = [Int](repeating: 0, count: second.count + 1)
        for i in 1...first.count {
            current[0] = i
            for j in 1...second.count {
                let substitution = previous[j - 1] + (first[i - 1] == second[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[second.count]
    }
}
