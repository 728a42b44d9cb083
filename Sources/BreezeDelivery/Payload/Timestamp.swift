/// Observation times as receivers read them (unix times: `TimeText`).
enum Timestamp {
    /// The source's observation time as RFC 3339: Open-Meteo writes `2026-08-20T14:00` in GMT,
    /// which becomes `2026-08-20T14:00:00Z`; any other text is passed on as written.
    static func observation(_ text: String) -> String {
        let shape = Array(text.utf8)
        let digitPositions = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15]
        guard shape.count == 16, shape[4] == UInt8(ascii: "-"), shape[7] == UInt8(ascii: "-"),
            shape[10] == UInt8(ascii: "T"), shape[13] == UInt8(ascii: ":"),
            digitPositions.allSatisfy({ (48...57).contains(shape[$0]) })
        else { return text }
        return text + ":00Z"
    }
}
