import BreezeAlerts
import BreezeFiles
import BreezeJSON
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary

/// The climate trends fetched, kept in the state folder (`climate.json`) so a restart does not
/// fetch them again the same day: one small file for every city, written whole and atomically
/// (`AtomicFile`). A file that cannot be read, or an entry that does not check, is no cache —
/// those cities are fetched again — never a crash.
struct ClimateTrendCache {
    static let fileName = "climate.json"
    /// Larger than any real cache (about 1 KB a city): not read.
    static let largestFile = 16 << 20
    let path: String

    init(stateDirectory: String) { path = stateDirectory + "/" + Self.fileName }

    /// The entries in the file, by city name, and why some or all were not taken (nil: none
    /// dropped, or no file).
    func load() -> (entries: [String: ClimateTrendEntry], problem: String?) {
        let bytes: [UInt8]
        do {
            guard let read = try AtomicFile.read(path) else { return ([:], nil) }
            bytes = read
        } catch {
            return ([:], "cannot read \(path): \(error.reason); the climate trends are fetched again")
        }
        guard bytes.count <= Self.largestFile else { return ([:], "\(path) is over 16 MiB; the climate trends are fetched again") }
        let file: CacheFile
        do {
            file = try JSONValueDecoder.decode(CacheFile.self, from: bytes)
        } catch {
            return ([:], "\(path) is not a climate cache (\(error)); the climate trends are fetched again")
        }
        var entries: [String: ClimateTrendEntry] = [:]
        var dropped = 0
        for city in file.cities {
            guard let entry = city.checked else {
                dropped += 1
                continue
            }
            entries[city.name] = entry
        }
        return (entries, dropped == 0 ? nil : "\(path): \(dropped) entries did not check; those cities are fetched again")
    }

    /// Writes `entries` whole, in name order.
    func save(_ entries: [String: ClimateTrendEntry]) throws(FileError) {
        let cities = entries.sorted { $0.key < $1.key }.map { name, entry in
            CacheFile.City(
                name: name, day: entry.day, latitude: entry.latitude, longitude: entry.longitude, points: entry.points)
        }
        let value: JSONValue
        do {
            value = try JSONValueEncoder.encode(CacheFile(version: 1, cities: cities))
        } catch {
            throw FileError(path: path, reason: "cannot encode the climate trends: \(error)")
        }
        try AtomicFile.write(value.bytes(.indented) + [0x0A], to: path, mode: 0o644)
    }

    private struct CacheFile: Codable {
        var version: Int
        var cities: [City]

        struct City: Codable {
            var name: String
            var day: String
            var latitude: Double
            var longitude: Double
            var points: [ClimateTrendPoint]

            /// The entry, nil when anything in it is out of range.
            var checked: ClimateTrendEntry? {
                guard LocalDay(text: day) != nil, latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude),
                    (-180...180).contains(longitude), points.count <= 16,
                    points.allSatisfy({ point in
                        (1940...9999).contains(point.year)
                            && (point.temperatureMaximum.map(ClimateTrendRequest.plausible) ?? true)
                            && (point.differenceFromFirstYear.map { $0.isFinite && abs($0) < 200 } ?? true)
                    })
                else { return nil }
                return ClimateTrendEntry(day: day, latitude: latitude, longitude: longitude, points: points)
            }
        }
    }
}
