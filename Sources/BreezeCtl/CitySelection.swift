import BreezeConfig

/// `--city NAME`: the configured cities a command works on, shared by `now` and `backtest`.
enum CitySelection {
    /// Every configured city, or the one named `wanted` (case-insensitive); when none is
    /// named so, the reason (`unknown city 'X'; configured: …`), for the command to print.
    static func cities(_ configuration: Configuration, named wanted: String?) -> Result<[CityConfiguration], Unknown> {
        guard let wanted else { return .success(configuration.cities) }
        let chosen = configuration.cities.filter { $0.city.name.lowercased() == wanted.lowercased() }
        guard chosen.isEmpty else { return .success(chosen) }
        let known = configuration.cities.map(\.city.name).joined(separator: ", ")
        return .failure(
            Unknown(text: "unknown city '\(wanted)'" + (known.isEmpty ? "; no city is configured" : "; configured: \(known)")))
    }

    /// Why `--city` chose nothing.
    struct Unknown: Error {
        let text: String
    }
}
