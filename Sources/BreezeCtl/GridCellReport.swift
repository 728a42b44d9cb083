import BreezeConfig
import BreezeModel

/// `check-config`'s line on grid cells: cities Open-Meteo answered with one model grid cell
/// share one location in each poll (`GridCellSharing`), which the configuration alone cannot
/// tell, so the line reads the daemon's state (readable by anyone) and is left out until the
/// daemon has polled.
enum GridCellReport {
    /// `grid cells: 12 cities in 6 locations a poll (9 cities share 3 Open-Meteo grid cells,
    /// as last answered): ~576 API calls/day, not ~1152`, or that no two share one; nil when
    /// no city's cell is known. `cells`: each city's known cell, as the state holds it
    /// (`StateStore.gridCells(for:)`).
    static func line(_ configuration: Configuration, cells: [String: GridCell]?) -> String? {
        let cities = configuration.cities.map(\.city)
        guard let cells, !cells.isEmpty else { return nil }
        var citiesInCell: [GridCell: Int] = [:]
        for cell in cells.values { citiesInCell[cell, default: 0] += 1 }
        let shared = citiesInCell.values.filter { $0 > 1 }
        guard !shared.isEmpty else { return "grid cells: no two cities share an Open-Meteo grid cell (as last answered)" }
        let locations = GridCellSharing.locations(cities.map { cells[$0.name] })
        let perDay = APICost.estimatedCallsPerDay(locations: locations, pollInterval: configuration.breeze.pollInterval)
        return "grid cells: \(Counted.text(cities.count, "city", "cities")) in "
            + "\(Counted.text(locations, "location")) a poll (\(shared.reduce(0, +)) cities share "
            + "\(Counted.text(shared.count, "Open-Meteo grid cell")), as last answered): "
            + "~\(perDay) API calls/day, not ~\(configuration.estimatedCallsPerDay())"
    }
}
