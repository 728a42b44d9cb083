import BreezeModel

/// Readers for the keys that shape messages: `Digest=`, `Group=`, `PollenThreshold=`,
/// `UVThreshold=`.
extension Read {
    /// `HH:MM` (24-hour clock) as minutes since midnight.
    static func clockTime(_ text: String) -> Result<Int, ValueProblem> {
        guard let minutes = ValueSyntax.clockMinutes(text) else {
            return .failure(ValueProblem("use HH:MM (24-hour clock), like 07:30"))
        }
        return .success(minutes)
    }

    /// `no` (never group), `yes` (group from 2 messages) or a whole number of 2 or more.
    static func group(_ text: String) -> Result<Int?, ValueProblem> {
        if let number = ValueSyntax.integer(text) {
            return number >= 2
                ? .success(number) : .failure(ValueProblem("group from 2 messages or more, or use no"))
        }
        guard let value = ValueSyntax.boolean(text) else {
            return .failure(ValueProblem("use no, yes (from 2 messages) or a number of messages, 2 or more"))
        }
        return .success(value ? 2 : nil)
    }

    /// `off`, or a pollen level from `low` to `very-high`. `none` is refused: every reading
    /// would reach it.
    static func pollenThreshold(_ text: String) -> Result<PollenLevel?, ValueProblem> {
        let lowered = text.lowercased()
        if lowered == "off" || ValueSyntax.boolean(lowered) == false { return .success(nil) }
        let choices = PollenLevel.allCases.filter { $0 != .none }
        if let level = choices.first(where: { $0.slug == lowered }) { return .success(level) }
        if lowered == "none" {
            return .failure(ValueProblem("every reading is at least none; use low for any pollen, or off"))
        }
        let guess = Suggestion.closest(to: lowered, among: choices.map(\.slug)).map { " (did you mean \($0)?)" } ?? ""
        return .failure(ValueProblem("unknown pollen level\(guess); use off or " + alternatives(choices.map(\.slug))))
    }

    /// `off`, or a UV index 1…20 at which the alert fires.
    static func uvThreshold(_ text: String) -> Result<Int?, ValueProblem> {
        let lowered = text.lowercased()
        if lowered == "off" || ValueSyntax.boolean(lowered) == false { return .success(nil) }
        guard let index = ValueSyntax.integer(text), (1...20).contains(index) else {
            return .failure(ValueProblem("use off or a UV index from 1 to 20 (WHO: 3 moderate, 6 high, 8 very high, 11 extreme)"))
        }
        return .success(index)
    }
}
