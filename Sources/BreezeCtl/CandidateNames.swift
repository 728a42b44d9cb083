import BreezeModel

/// The section names `breezectl search` and `add` give geocoding candidates: the place's name,
/// qualified only when another candidate has the same one ("Springfield, Illinois" and
/// "Springfield, Missouri"), so two pasted sections never clash.
enum CandidateNames {
    /// One name per city, in order, distinct from each other (ignoring case).
    static func distinct(_ cities: [City]) -> [String] {
        let levels: [(City) -> String] = [
            { $0.name },
            { City(name: $0.name, admin1: $0.admin1, latitude: 0, longitude: 0).displayName },
            { $0.displayName },
        ]
        var names = cities.indices.map { index -> String in
            for level in levels {
                let label = level(cities[index]).lowercased()
                let shared = cities.indices.contains { other in
                    other != index && level(cities[other]).lowercased() == label
                }
                if !shared { return level(cities[index]) }
            }
            return coordinated(cities[index])
        }
        // A qualified name can still meet another candidate's plain one ("X, Y" found as such).
        for index in names.indices
        where names.indices.contains(where: { $0 != index && names[$0].lowercased() == names[index].lowercased() }) {
            names[index] = coordinated(cities[index])
        }
        return names
    }

    /// "Springfield (37.2153, -93.2982)": the name and where it is, when nothing else tells apart.
    private static func coordinated(_ city: City) -> String {
        "\(city.displayName) (\(SearchOutput.number(city.latitude, decimals: 4)), "
            + "\(SearchOutput.number(city.longitude, decimals: 4)))"
    }
}
