extension Pollutant {
    /// Hashes the case, not its name: the standard library's default for a `String`-backed
    /// enum hashes the raw `String`, and pollutants key every concentration table, looked up
    /// for each limit on every poll (and replayed a million times by `breezectl backtest`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt8(position))
    }

    /// The case's position in `allCases` (0…5): the index of its column wherever the six are
    /// kept side by side (`HourlyConcentrations`, `KeptHours`).
    public var position: Int {
        switch self {
        case .pm2_5: 0
        case .pm10: 1
        case .no2: 2
        case .so2: 3
        case .o3: 4
        case .co: 5
        }
    }
}
