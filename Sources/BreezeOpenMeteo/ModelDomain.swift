/// A CAMS model domain Open-Meteo's air-quality API serves a city from, and where it tells when
/// the domain's model last ran (`/data/<domain>/static/meta.json` on the air-quality host).
///
/// Every city is in the global domain; a city in Europe's box is also in the European one
/// (Open-Meteo blends both there), so its forecast changes when either runs.
public enum ModelDomain: String, CaseIterable, Sendable, Comparable {
    /// CAMS global: runs twice a day (00Z, 12Z), about 10 hours before it is out.
    case camsGlobal = "cams_global"
    /// CAMS Europe: runs once a day (00Z), about 11.5 hours before it is out.
    case camsEurope = "cams_europe"

    /// The path of the domain's run description on the air-quality host.
    public var metaPath: String { "/data/\(rawValue)/static/meta.json" }

    /// The domains that forecast the place at `latitude`, `longitude`: the global one, and the
    /// European one inside its grid (30.05–71.95 N, −24.95–44.95 E).
    public static func covering(latitude: Double, longitude: Double) -> [ModelDomain] {
        let inEurope = (30.05...71.95).contains(latitude) && (-24.95...44.95).contains(longitude)
        return inEurope ? [.camsGlobal, .camsEurope] : [.camsGlobal]
    }

    public static func < (left: ModelDomain, right: ModelDomain) -> Bool {
        allCases.firstIndex(of: left)! < allCases.firstIndex(of: right)!
    }
}
