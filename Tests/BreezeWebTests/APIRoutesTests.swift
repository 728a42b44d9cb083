import BreezeAlerts
import BreezeDelivery
import BreezeJSON
import BreezeModel
import BreezeOutboxValues
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Foundation
import Testing

/// `/api/v1/status` and `/api/v1/cities/<slug>` from snapshots, read back by BreezeJSON's
/// scanner and by Python's `json` (an independent parser).
@Suite struct APIRoutesTests {
    static let hostileNames = [
        "東京", "Say \"cheese\" \\ / </script>", "tab\there\u{0}nul\u{1B}[31mred\u{7F}\u{2028}",
        String(repeating: "Ω", count: 200), "Paris",
    ]
    static let takenAt = Instant(unixSeconds: 1_795_000_000)

    /// A snapshot whose cities are `names`, each polled 60 s before `takenAt` with an AQI of 42
    /// (the last never polled), NaN and infinite extras on the first.
    static func snapshot(_ names: [String] = hostileNames) -> WebSnapshot {
        var state = DaemonState()
        state.lastCycleCompletedAt = Instant(unixSeconds: takenAt.unixSeconds - 60)
        state.lastCycleStartedAt = Instant(unixSeconds: takenAt.unixSeconds - 61)
        var cities: [WebCity] = []
        for (index, name) in names.enumerated() {
            var city = WebCity(name: name, slug: Slug.of(name))
            if index < names.count - 1 {
                var record = CityRecord(city: City(name: name, country: name, admin1: "région \"x\"", latitude: 1, longitude: 2))
                record.lastReading = Reading(time: "2026-11-16T08:00", usAQI: 42, concentrations: [.pm2_5: .nan])
                record.alerting = AlertingAQI(source: .nowcast, aqi: 42, dominantPollutant: .pm2_5, openMeteoAQI: 40)
                record.band = Band(aqi: 42)
                record.bandSince = state.lastCycleStartedAt
                record.lastPollAt = state.lastCycleStartedAt
                state.cities[name] = record
                city.record = record
            }
            if index == 0 {
                city.history = [HourlyAQI(hour: Instant(unixSeconds: 1_794_996_000), aqi: 40), HourlyAQI(hour: takenAt, aqi: nil)]
                city.forecast = [ForecastDayAQI(day: "2026-11-17", aqi: nil, note: "beyond \"the\" horizon")]
                city.pollen = [.birch: .nan, .grass: 12.5]
                city.uvIndex = .infinity
                city.climate = [ClimateTrendPoint(year: 1980, temperatureMaximum: -1e300, differenceFromFirstYear: .nan)]
            }
            cities.append(city)
        }
        return WebSnapshot(
            takenAt: takenAt, version: "1.2.3", pollInterval: .seconds(900), state: state, cities: cities,
            receivers: ["ops"])
    }

    struct StatusShape: Decodable {
        struct CityShape: Decodable {
            var city: String
            var country: String?
            var aqi: Int?
            var band: String?
            var alert: String?
        }
        struct SourceShape: Decodable { var kind: String; var version: String }
        var cities: [CityShape]
        var stale: Bool
        var pollIntervalSeconds: Double
        var source: SourceShape
    }

    struct CityShape: Decodable {
        struct Hour: Decodable { var hour: String; var aqi: Int? }
        struct Day: Decodable { var day: String; var aqi: Int?; var note: String? }
        struct Point: Decodable { var year: Int; var temperatureMaximumCelsius: Double?; var differenceCelsius: Double? }
        var city: String
        var slug: String
        var aqi: Int?
        var history: [Hour]
        var forecast: [Day]
        var pollen: [String: Double?]?
        var uvIndex: Double?
        var climate: [Point]?
    }

    @Test func statusIsTheStatusDocumentOfTheSnapshotWithHostileNamesIntact() throws {
        let snapshot = Self.snapshot()
        let page = WebRoutes.page(path: "/api/v1/status", snapshot: snapshot)
        #expect(page.status == 200)
        #expect(page.contentType == "application/json")
        #expect(page.body.last == UInt8(ascii: "\n"))
        let document = try JSONValueDecoder.decode(StatusShape.self, from: page.body)
        #expect(document.cities.map(\.city) == Self.hostileNames)
        #expect(document.cities.map(\.aqi) == [42, 42, 42, 42, nil])
        #expect(document.cities.last?.alert == nil)
        #expect(document.cities.first?.band == "good")
        #expect(!document.stale)
        #expect(document.pollIntervalSeconds == 900)
        #expect(document.source.kind == "web")
        #expect(document.source.version == "1.2.3")
        // The same bytes as the status document breezectl prints, but for the source.
        var expected = APIStatus.document(snapshot)
        expected.source = APIStatus.source(snapshot)
        #expect(page.body == expected.value.bytes(.indented) + [UInt8(ascii: "\n")])
    }

    /// Stale by when the request arrived: a snapshot nobody republished goes stale.
    @Test func staleWhenServedMoreThanThreeIntervalsAfterTheLastCycle() throws {
        var snapshot = Self.snapshot(["Paris"])
        func stale() throws -> Bool {
            try JSONValueDecoder.decode(StatusShape.self, from: WebRoutes.page(path: "/api/v1/status", snapshot: snapshot).body).stale
        }
        snapshot.servedAt = Instant(unixSeconds: Self.takenAt.unixSeconds + 2 * 900)
        #expect(try !stale())
        snapshot.servedAt = Instant(unixSeconds: Self.takenAt.unixSeconds + 3 * 900)
        #expect(try stale())
        snapshot.servedAt = nil
        snapshot.takenAt = Instant(unixSeconds: Self.takenAt.unixSeconds + 3 * 900)
        #expect(try stale())
    }

    @Test func eachCityHasItsDocumentUnderItsSlugWithNonFiniteNumbersAsNull() throws {
        let snapshot = Self.snapshot()
        for city in snapshot.cities {
            let page = WebRoutes.page(path: "/api/v1/cities/" + city.slug, snapshot: snapshot)
            #expect(page.status == 200)
            #expect(page.contentType == "application/json")
            let document = try JSONValueDecoder.decode(CityShape.self, from: page.body)
            #expect(document.city == city.name)
            #expect(document.slug == city.slug)
        }
        let first = try JSONValueDecoder.decode(
            CityShape.self, from: WebRoutes.page(path: "/api/v1/cities/" + snapshot.cities[0].slug, snapshot: snapshot).body)
        #expect(first.aqi == 42)
        #expect(first.history.map(\.aqi) == [40, nil])
        #expect(first.history.first?.hour == TimeText.rfc3339(Instant(unixSeconds: 1_794_996_000)))
        #expect(first.forecast.first?.note == "beyond \"the\" horizon")
        #expect(first.pollen?["grass"] == 12.5)
        #expect(first.pollen?["birch"] == .some(nil))
        #expect(first.uvIndex == nil)
        #expect(first.climate?.first?.temperatureMaximumCelsius == -1e300)
        #expect(first.climate?.first?.differenceCelsius == nil)
        let never = try JSONValueDecoder.decode(
            CityShape.self, from: WebRoutes.page(path: "/api/v1/cities/" + snapshot.cities[4].slug, snapshot: snapshot).body)
        #expect(never.aqi == nil)
        #expect(never.history.isEmpty && never.forecast.isEmpty)
        #expect(never.pollen == nil && never.climate == nil)
    }

    @Test func anUnknownSlugIsNotFoundInJSON() throws {
        let snapshot = Self.snapshot()
        for path in ["/api/v1/cities/", "/api/v1/cities/nowhere", "/api/v1/cities/" + snapshot.cities[0].slug + "/x",
                     "/api/v1/cities/" + Slug.of("東京").uppercased(), "/api/v1/cities/../status"] {
            let page = WebRoutes.page(path: path, snapshot: snapshot)
            #expect(page.status == 404, "\(path)")
            #expect(page.contentType == "application/json")
            struct Failure: Decodable { var error: String }
            #expect(try JSONValueDecoder.decode(Failure.self, from: page.body).error.contains("slug"))
        }
        #expect(WebRoutes.page(path: "/api/v1/statuses", snapshot: snapshot).status == 404)
        #expect(WebRoutes.page(path: "/api/v1/status/", snapshot: snapshot).status == 404)
    }

    @Test func theOutboxSummaryIsServedAsBreezectlPrintsItAndOnlyWhenScanned() throws {
        struct Deliveries: Decodable { var pending: Int; var dead: Int; var unreadable: Int; var receivers: [String?] }
        struct Shape: Decodable { var deliveries: Deliveries? }
        var snapshot = Self.snapshot(["Paris"])
        #expect(try JSONValueDecoder.decode(Shape.self, from: WebRoutes.page(path: "/api/v1/status", snapshot: snapshot).body).deliveries == nil)
        var scan = OutboxScan()
        scan.deadCount = 2
        snapshot.deliveries = OutboxSummary(scan, now: Self.takenAt)
        let deliveries = try #require(
            try JSONValueDecoder.decode(Shape.self, from: WebRoutes.page(path: "/api/v1/status", snapshot: snapshot).body).deliveries)
        #expect(deliveries.dead == 2 && deliveries.pending == 0 && deliveries.unreadable == 0 && deliveries.receivers.isEmpty)
    }

    @Test func pythonsJSONReadsBothDocumentsBack() throws {
        let snapshot = Self.snapshot()
        let status = WebRoutes.page(path: "/api/v1/status", snapshot: snapshot).body
        let city = WebRoutes.page(path: "/api/v1/cities/" + snapshot.cities[0].slug, snapshot: snapshot).body
        let script = """
            import json, sys
            status, city = (json.loads(part) for part in sys.stdin.buffer.read().split(b"\\0"))
            print(json.dumps([[c["city"] for c in status["cities"]], city["city"], city["uvIndex"],
                              city["pollen"]["birch"], status["source"]["kind"]], ensure_ascii=False))
            """
        // The writer escapes every control character, so a NUL byte can separate the two.
        let output = try Self.python(script, input: status + [0] + city)
        let expected = try JSONSerialization.data(withJSONObject: [
            Self.hostileNames, Self.hostileNames[0], NSNull(), NSNull(), "web",
        ] as [Any])
        let parsed = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any]
        let wanted = try JSONSerialization.jsonObject(with: expected) as? [Any]
        #expect(parsed.map { NSArray(array: $0) } == wanted.map { NSArray(array: $0) })
    }

    /// Runs `python3 -c script` with `input` on its standard input; returns its standard output.
    static func python(_ script: String, input: [UInt8]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        let standardInput = Pipe()
        process.standardOutput = output
        process.standardInput = standardInput
        try process.run()
        standardInput.fileHandleForWriting.write(Data(input))
        try standardInput.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self)
    }
}
