/// The words of a status line, and how it is cut to the terminal's width.
public enum ProgressText {
    /// What has happened so far.
    public struct Counts: Sendable, Equatable {
        /// Items done (cities fetched).
        public var done = 0
        /// Requests sent, retries included.
        public var requests = 0
        /// The name of the item done last.
        public var latest: String?

        public init(done: Int = 0, requests: Int = 0, latest: String? = nil) {
            self.done = done
            self.requests = requests
            self.latest = latest
        }
    }

    /// The line for `task`: `backtest: 312 of 1000 cities replayed · 4 requests · 12.3 s · Zürich`,
    /// `search: looking up 'Paris' with Open-Meteo · 1 request · 2.3 s`. The name (a city's,
    /// the query) is escaped as every text from outside is (`TerminalText`) and is what is cut
    /// first, ending in "…", so that the line fits in `columns`; then the line itself.
    public static func line(_ task: ProgressTask, _ counts: Counts, elapsed: Double, columns: Int) -> String {
        let requests = "\(counts.requests) \(counts.requests == 1 ? "request" : "requests")"
        let time = Self.elapsed(elapsed)
        switch task.kind {
        case .cities(let total, let counted):
            let head = "\(task.command): \(counts.done) of \(total) \(total == 1 ? "city" : "cities") \(counted) · \(requests) · \(time)"
            guard let latest = counts.latest else { return fitted(head, "", "", columns: columns) }
            return fitted(head + " · ", latest, "", columns: columns)
        case .lookUp(let query):
            return fitted(
                "\(task.command): looking up '", query, "' with Open-Meteo · \(requests) · \(time)", columns: columns)
        }
    }

    /// Time since the work began: `0.4 s`, `12.3 s` (tenths, rounded down), `2 min 5 s`,
    /// `1 h 2 min`; `0.0 s` for what is not a time forward.
    public static func elapsed(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds > 0 else { return "0.0 s" }
        let tenths = Int(min(seconds, 1e9) * 10)
        if tenths < 600 { return "\(tenths / 10).\(tenths % 10) s" }
        let whole = tenths / 10
        if whole < 3600 { return "\(whole / 60) min \(whole % 60) s" }
        return "\(whole / 3600) h \(whole / 60 % 60) min"
    }

    /// `head + name + tail` in at most `columns` terminal columns (`TerminalWidth`): the name,
    /// escaped, is cut first (to "…" at the least), then what is left of the line.
    static func fitted(_ head: String, _ name: String, _ tail: String, columns: Int) -> String {
        let name = TerminalText.escaped(name)
        let room = columns - TerminalWidth.columns(head) - TerminalWidth.columns(tail)
        let line = head + (TerminalWidth.columns(name) <= room ? name : cut(name, to: max(1, room))) + tail
        return TerminalWidth.columns(line) <= columns ? line : cut(line, to: columns)
    }

    /// `text` cut to `columns - 1` columns and "…" (one column); as it is when it fits.
    static func cut(_ text: String, to columns: Int) -> String { TerminalWidth.shortened(text, to: columns).text }
}
