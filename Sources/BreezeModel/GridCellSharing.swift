/// Which cities a poll asks for as one location: cities whose last answers came from the same
/// model grid cell (`GridCell`) get the same values, so the first of them is asked for and its
/// answer goes to all. A city whose cell is not known yet (its first poll, a moved coordinate)
/// is asked for on its own. Open-Meteo counts every location of a request as a call at least,
/// so each city sharing a cell is a call a poll saved.
public struct GridCellSharing: Sendable, Equatable {
    /// The cities asked for, in their first city's order: one per shared cell, and every city
    /// with no known cell.
    public private(set) var asked: [City] = []
    /// Per city asked for, the positions (in the cities given) its answer goes to, its own
    /// first.
    public private(set) var members: [[Int]] = []
    /// How many cities were given.
    public let cityCount: Int

    /// The plan for `cities`, with each city's known cell by name (a city missing there is
    /// asked for on its own).
    public init(cities: [City], cells: [String: GridCell]) {
        cityCount = cities.count
        var positionOfCell: [GridCell: Int] = [:]
        positionOfCell.reserveCapacity(cells.count)
        for (index, city) in cities.enumerated() {
            if let cell = cells[city.name] {
                if let position = positionOfCell[cell] {
                    members[position].append(index)
                    continue
                }
                positionOfCell[cell] = asked.count
            }
            asked.append(city)
            members.append([index])
        }
    }

    /// How many locations a poll asks for cities with these cells (nil: not known): one per
    /// distinct cell, one per city without.
    public static func locations(_ cells: [GridCell?]) -> Int {
        Set(cells.compactMap { $0 }).count + cells.count(where: { $0 == nil })
    }

    /// The cities that share another city's location.
    public var citiesSharing: Int { cityCount - asked.count }

    /// The answers to `asked`, handed to the cities they belong to (in the cities' order).
    public func spread<Answer>(_ answers: [Answer], missing: Answer) -> [Answer] {
        var spread = Array(repeating: missing, count: cityCount)
        for (position, answer) in answers.enumerated() where position < members.count {
            for index in members[position] { spread[index] = answer }
        }
        return spread
    }
}
