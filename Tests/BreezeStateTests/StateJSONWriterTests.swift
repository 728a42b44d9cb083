import BreezeAlerts
import BreezeModel
import Foundation
import Testing

@testable import BreezeState
import BreezeState
import BreezeVocabulary

/// The hand-written state encoding against `Codable`'s: the same bytes as `JSONEncoder` with
/// sorted keys, read back equal by `JSONDecoder`, and no stored property left out.
struct StateJSONWriterTests {
    static func fullState() -> DaemonState {
        var state = DaemonState()
        var full = CityRecord(
            city: City(
                name: "São \"Paulo\"\n\\/\u{1}", country: "Brasil", admin1: "SP", latitude: -23.5505,
                longitude: -46.6333, timeZone: "America/Sao_Paulo"))
        full.lastReading = Reading(
            time: "2026-08-20T14:00", usAQI: 162,
            concentrations: [.pm2_5: 76.4, .pm10: 90, .co: 1e-7, .no2: -0.0, .so2: 123456789.125, .o3: 5e20],
            subIndices: [.pm2_5: 162, .pm10: 68, .o3: 0])
        full.alerting = AlertingAQI(
            source: .openMeteo, aqi: 162, dominantPollutant: .pm2_5, openMeteoAQI: 162,
            fallbackReason: "hourly series unusable: \"pm2_5\" has no value\n", averages: [.pm2_5: 76.4, .o3: 1e-7, .co: 900.125],
            leftOut: ["PM10 NowCast: 1 of the 3 newest hours present, 2 required", "SO₂ \"1-hour\" value\n"], mayUnderstate: true)
        full.ground = CityGround(sensors: [
            SensorStatus(
                name: "back\u{1B}[31myard \"東京\"", kind: .purpleAir, placement: .outdoor, label: "sensor back\u{1B}[31myard \"東京\"",
                pm2_5: 157.25, lastValidAt: Instant(unixSeconds: 1_800_000_000.5), nowCastAQI: 207),
            SensorStatus(name: "kitchen", kind: .airGradient, placement: .indoor, label: "sensor kitchen", pm2_5: 1e-7, nowCastAQI: 0),
            SensorStatus(
                name: "porch", kind: .sensorCommunity, placement: .outdoor, label: "sensor porch",
                invalidReason: "channels A and B disagree\n", stale: true),
            SensorStatus(name: "official", kind: .airNow, placement: .outdoor, label: "AirNow Paris-Central"),
        ])
        full.sourceAlerts = ["porch": {
            var alert = CityAlertState()
            alert.firing = true
            alert.episodeStartedAt = Instant(unixSeconds: 1_799_990_000)
            alert.eventsInEpisode = 1
            return alert
        }(), "東京": CityAlertState()]
        full.gridCell = GridCell(latitude: 52.5, longitude: 13.400002)
        state.cities["Sensor"] = {
            var record = CityRecord(city: City(name: "Sensor", latitude: 1, longitude: 2))
            var alerting = AlertingAQI(source: .sensor, aqi: 157, dominantPollutant: .pm2_5, openMeteoAQI: 60)
            alerting.sensor = SensorRating(label: "sensors backyard, porch (median)", modelAQI: 61, modelSource: .nowcast)
            record.alerting = alerting
            record.ground = CityGround(sensors: [])
            return record
        }()
        state.cities["Model gone"] = {
            var record = CityRecord(city: City(name: "Model gone", latitude: 1, longitude: 2))
            var alerting = AlertingAQI(source: .sensor, aqi: 12, dominantPollutant: .pm2_5, openMeteoAQI: nil)
            alerting.sensor = SensorRating(label: "AirNow \u{202E}Site", modelAQI: nil, modelSource: .openMeteo)
            record.alerting = alerting
            return record
        }()
        state.cities["Nowcast"] = {
            var record = CityRecord(city: City(name: "Nowcast", latitude: 1, longitude: 2))
            record.alerting = AlertingAQI(source: .nowcast, aqi: nil, dominantPollutant: nil, openMeteoAQI: nil)
            return record
        }()
        full.band = .unhealthy
        full.bandSince = Instant(unixSeconds: 1_800_000_000.25)
        full.lastPollAt = Instant(unixSeconds: 1_800_000_900)
        full.lastSuccessfulPollAt = Instant(unixSeconds: 1_800_000_000.5)
        full.lastError = "Open-Meteo unreachable: timed out"
        full.alert = CityAlertState()
        full.alert.firing = true
        full.alert.breachStreak = 2
        full.alert.clearStreak = 1
        full.alert.escalationStreak = 3
        full.alert.notifiedBand = .unhealthyForSensitiveGroups
        full.alert.lastCalmBand = .good
        full.alert.lastNotifiedAt = Instant(unixSeconds: 1_800_000_100.5)
        full.alert.episodeStartedAt = Instant(unixSeconds: 1_799_999_000)
        full.alert.eventsInEpisode = 4
        full.alert.missingStreak = 5
        full.forecast = CityForecastState(days: [
            .init(day: "2026-08-21", announcedBand: .unhealthy, events: 2), .init(day: "2026-08-22"),
        ])
        full.sensitiveAlert = full.alert
        full.pollenAlert = CityAlertState()
        full.uvAlert = CityAlertState()
        full.uvAlert?.firing = true
        full.uvAlert?.notifiedLevel = 3
        state.cities[full.city.name] = full
        state.digestsSent = ["family": "2026-08-20", "Zürich ops": "2026-08-21"]
        state.cities["Berlin"] = CityRecord(city: City(name: "Berlin", latitude: 52.52, longitude: 13.41))
        state.cities["Ångström"] = CityRecord(city: City(name: "Ångström", latitude: 0, longitude: -0.5))
        state.cities["Zürich"] = CityRecord(city: City(name: "Zürich", latitude: 47.37, longitude: 8.54))
        state.lastCycleCompletedAt = Instant(unixSeconds: 1_800_000_950.123456)
        state.lastCycleStartedAt = Instant(unixSeconds: 1_800_000_900.5)
        state.pollInterval = .seconds(900)
        state.processID = 4242
        return state
    }

    @Test func readsBackEqualThroughJSONDecoder() throws {
        let state = Self.fullState()
        let bytes = try StateJSONWriter.encode(state)
        #expect(try JSONDecoder().decode(DaemonState.self, from: Data(bytes)) == state)
        #expect(try JSONDecoder().decode(DaemonState.self, from: Data(StateJSONWriter.encode(DaemonState()))) == DaemonState())
    }

    @Test func writesWhatJSONEncoderWrites() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let state = Self.fullState()
        let expected = String(decoding: try encoder.encode(state), as: UTF8.self)
        let written = String(decoding: try StateJSONWriter.encode(state), as: UTF8.self)
        let difference = zip(written, expected).prefix { $0 == $1 }.count
        #expect(written == expected, "first difference at \(difference): \(written.dropFirst(difference).prefix(60)) vs \(expected.dropFirst(difference).prefix(60))")
    }

    @Test func refusesNumbersJSONCannotHold() {
        var state = DaemonState()
        state.lastCycleCompletedAt = Instant(unixSeconds: .infinity)
        #expect(throws: StateJSONWriter.NonFiniteNumber.self) { try StateJSONWriter.encode(state) }
    }

    /// A property added to any stored type must be added to the writer too: this fails first.
    @Test func everyStoredPropertyIsWritten() {
        let record = Self.fullState().cities["Berlin"]!
        #expect(Mirror(reflecting: DaemonState()).children.count == 7)
        // With `alerting`, `forecast`, `lastSuccessfulPollAt`, the sensitive, pollen and UV
        // alerts, the sensors' `ground` and their `sourceAlerts`, the `gridCell`.
        #expect(Mirror(reflecting: record).children.count == 16)
        #expect(Mirror(reflecting: CityGround(sensors: [])).children.count == 1)
        #expect(Mirror(reflecting: SensorStatus(name: "", kind: .airNow, placement: .indoor, label: "")).children.count == 9)
        #expect(Mirror(reflecting: SensorRating(label: "", modelAQI: nil, modelSource: .nowcast)).children.count == 3)
        #expect(Mirror(reflecting: CityForecastState()).children.count == 1)
        #expect(Mirror(reflecting: CityForecastState.DayState(day: "")).children.count == 3)
        #expect(Mirror(reflecting: CityAlertState()).children.count == 11)  // with the pollen and UV alerts' `notifiedLevel`
        #expect(Mirror(reflecting: record.city).children.count == 6)
        #expect(Mirror(reflecting: AlertingAQI(source: .nowcast, aqi: nil, dominantPollutant: nil, openMeteoAQI: nil)).children.count == 9)  // with `sensor`
        // Five: `droppedValues` explains one poll and is deliberately not stored (not a Codable key).
        #expect(Mirror(reflecting: Reading(time: "", usAQI: nil, concentrations: [:])).children.count == 5)
    }
}

/// The one-pass state reader: what the writer and earlier versions wrote reads back equal;
/// what `JSONDecoder` refuses it refuses too.
struct StateJSONReaderTests {
    /// check-config's reading: every record's city and grid cell as the whole reading gives
    /// them, nothing else; a file the whole reading refuses for its syntax is refused too.
    @Test func gridCellsReadAsTheWholeStateGivesThem() throws {
        var state = StateJSONWriterTests.fullState()
        var moved = state.cities.values.first { $0.gridCell != nil }!
        moved.city.name = "Moved"
        state.cities["Moved"] = moved
        let bytes = try StateJSONWriter.encode(state)
        let recorded = try StateJSONReader.decodeGridCells(bytes)
        #expect(Set(recorded.keys) == Set(state.cities.filter { $0.value.gridCell != nil }.keys))
        for (name, known) in recorded {
            #expect(known == RecordedGridCell(city: state.cities[name]!.city, cell: state.cities[name]!.gridCell!))
        }
        var cities = state.cities.values.map(\.city)
        // A city whose coordinates changed since its answer has no cell.
        cities = cities.map { city in
            var city = city
            if city.name == "Moved" { city.latitude += 0.5 }
            return city
        }
        let cells = DaemonState.gridCells(for: cities) { recorded[$0] }
        #expect(cells == state.gridCells(for: cities))
        #expect(cells["Moved"] == nil && cells.count == recorded.count - 1)
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decodeGridCells(Array(bytes.dropLast(2))) }
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decodeGridCells(bytes + Array("x".utf8)) }
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decodeGridCells(Array(#"{"cities":{"a":{"gridCell":null}}}"#.utf8)) }
    }

    @Test func readsWhatTheWriterWrites() throws {
        let state = StateJSONWriterTests.fullState()
        #expect(try StateJSONReader.decode(StateJSONWriter.encode(state)) == state)
        #expect(try StateJSONReader.decode(StateJSONWriter.encode(DaemonState())) == DaemonState())
    }

    @Test func readsThePrettyFilesOfEarlierVersions() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        let state = StateJSONWriterTests.fullState()
        #expect(try StateJSONReader.decode(Array(encoder.encode(state))) == state)
    }

    @Test func nullAndMissingOptionalsAreNil() throws {
        let text = #"""
            {"version":1,"lastCycleCompletedAt":null,"extra":[1,{"a":null}],"cities":{"X":
             {"city":{"name":"X","latitude":1,"longitude":2,"country":null},"band":null,
              "alert":{"firing":false,"breachStreak":0,"clearStreak":0,"escalationStreak":0,
                       "eventsInEpisode":0,"missingStreak":3,"notifiedBand":null}}}}
            """#
        let state = try StateJSONReader.decode(Array(text.utf8))
        #expect(try JSONDecoder().decode(DaemonState.self, from: Data(text.utf8)) == state)
        #expect(state.cities["X"]?.alert.missingStreak == 3)
        #expect(state.lastCycleCompletedAt == nil)
    }

    @Test(arguments: [
        "", "[]", #"{"cities":{}}"#, #"{"version":1}"#, #"{"version":1.5,"cities":{}}"#,
        #"{"version":1,"cities":{"X":{"city":{"name":"X","latitude":1,"longitude":2}}}}"#,
        #"{"version":1,"cities":{"X":{"city":{"name":"X","latitude":"1","longitude":2},"alert":{}}}}"#,
        #"{"version":1,"cities":{},"processID":99999999999}"#,
        #"{"version":1,"cities":{}} trailing"#, #"{"version":1,"cities":{"#,
    ])
    func refusesWhatJSONDecoderRefuses(text: String) {
        #expect(throws: (any Error).self) { try JSONDecoder().decode(DaemonState.self, from: Data(text.utf8)) }
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decode(Array(text.utf8)) }
    }

    @Test func refusesUnknownBandsAndPollutants() {
        let band = #"{"version":1,"cities":{"X":{"city":{"name":"X","latitude":1,"longitude":2},"band":"awful","alert":{"firing":false,"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"missingStreak":0}}}}"#
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decode(Array(band.utf8)) }
        let reading = #"{"version":1,"cities":{"X":{"city":{"name":"X","latitude":1,"longitude":2},"lastReading":{"time":"t","concentrations":{"pm1":1},"subIndices":{}},"alert":{"firing":false,"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"missingStreak":0}}}}"#
        #expect(throws: StateJSONReader.Failure.self) { try StateJSONReader.decode(Array(reading.utf8)) }
    }
}

/// State files from before forecast alerts load: a record without `forecast` has none.
struct StateWithoutForecastTests {
    @Test func aRecordWithoutForecastLoadsWithNone() throws {
        let old = #"{"cities":{"Paris":{"alert":{"breachStreak":0,"clearStreak":0,"escalationStreak":0,"eventsInEpisode":0,"firing":false,"missingStreak":0},"city":{"latitude":48.85,"longitude":2.35,"name":"Paris"}}},"version":1}"#
        let state = try StateJSONReader.decode(Array(old.utf8))
        #expect(state.cities["Paris"]?.forecast == nil)
        #expect(throws: (any Error).self) {
            try StateJSONReader.decode(Array(old.replacingOccurrences(of: #""city":"#, with: #""forecast":{"days":[{"day":"2026-12-02"}]},"city":"#).utf8))
        }
    }
}
