/// What a status line says of the work under way, besides its requests and elapsed time.
public struct ProgressTask: Sendable {
    enum Kind: Sendable {
        /// `total` cities, each counted when it is `counted` (fetched, replayed), the latest named.
        case cities(total: Int, counted: String)
        /// One look-up of `query`.
        case lookUp(query: String)
    }

    /// The command, leading the line as it leads its messages: `backtest`.
    var command: String
    var kind: Kind

    /// `backtest: 312 of 1000 cities replayed · 4 requests · 12.3 s · Zürich`: each city counted
    /// (`ProgressReporter.done`) when what `counted` says is done to it (its answer read:
    /// `fetched`; its history replayed too: `replayed`), the last one named.
    public static func cities(_ command: String, total: Int, counted: String = "fetched") -> ProgressTask {
        ProgressTask(command: command, kind: .cities(total: total, counted: counted))
    }

    /// `search: looking up 'Paris' with Open-Meteo · 1 request · 2.3 s`.
    public static func lookUp(_ command: String, query: String) -> ProgressTask {
        ProgressTask(command: command, kind: .lookUp(query: query))
    }
}
