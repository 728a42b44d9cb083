import BreezeConfig
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The poll's one request per batch (`current` and `hourly` together, unix times) and the
/// decoding of its hourly block against recorded bodies, good and hostile.
struct PollDecodingTests {
    let clock = ManualClock()
    static let mu = ResponseBodies.mu
    /// 2026-08-20T14:00Z, the current hour of the bodies below.
    static let now = 1_787_234_400.0
    static let berlin = Coordinate(latitude: 52.52, longitude: 13.41)
    static let variables = Pollutant.allCases.map(\.openMeteoVariable)
    /// The hours asked before the current one, and all hours asked.
    static let past = PollRequestShape.standard.pastHours
    static let asked = past + 120

    /// A poll element: `current` at `now` (+ 15 min when `quarter`), `hourly` with the rows
    /// `hours` (offsets from the current hour), each pollutant `value(pollutant, offset)`.
    static func element(
        hours: [Int] = Array(-past..<120), current: [String: Any] = [:], quarter: Bool = false,
        value: (String, Int) -> Any = { variable, offset in variable == "pm2_5" ? Double(100 + offset) : 10.0 },
        columns: [String: Any] = [:], units: [String: String] = [:]
    ) -> [String: Any] {
        var currentBlock: [String: Any] = [
            "time": Int(now) + (quarter ? 900 : 0), "interval": quarter ? 900 : 3600, "us_aqi": 60,
            "us_aqi_pm2_5": 60, "us_aqi_pm10": 20, "us_aqi_ozone": 30,
        ]
        for (key, value) in current { currentBlock[key] = value }
        var hourly: [String: Any] = ["time": hours.map { Int(now) + 3600 * $0 }]
        for variable in variables { hourly[variable] = hours.map { value(variable, $0) } }
        for (key, value) in columns { hourly[key] = value }
        var hourlyUnits: [String: String] = ["time": "unixtime"]
        for variable in variables { hourlyUnits[variable] = mu }
        for (key, value) in units { hourlyUnits[key] = value }
        return [
            "latitude": 52.5, "longitude": 13.4, "utc_offset_seconds": 0, "timezone": "GMT",
            "current_units": ["time": "unixtime", "interval": "seconds", "us_aqi": "USAQI", "us_aqi_pm2_5": "USAQI",
                              "us_aqi_pm10": "USAQI", "us_aqi_ozone": "USAQI"],
            "current": currentBlock, "hourly_units": hourlyUnits, "hourly": hourly,
        ]
    }

    func poll(_ answer: Any) -> (Result<PollConditions, FetchError>, HTTPRequest) {
        let transport = RecordingTransport(outcomes: [ResponseBodies.ok(answer)])
        let client = AirQualityClient(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport,
            environment: clock.environment)
        let result = client.poll(for: [Self.berlin], deadline: clock.deadline(in: .seconds(60)))[0]
        return (result, transport.requests[0])
    }

    func conditions(_ answer: Any) throws -> PollConditions { try poll(answer).0.get() }

    @Test func oneRequestAsksCurrentAndHourlyInUnixTime() throws {
        let (result, request) = poll(Self.element())
        let form = ResponseBodies.form(request)
        #expect(form["current"] == "us_aqi,us_aqi_pm2_5,us_aqi_pm10,us_aqi_ozone")
        #expect(form["hourly"] == Self.variables.joined(separator: ","))
        #expect(form["past_hours"] == "72" && form["forecast_hours"] == "120")
        #expect(form["timeformat"] == "unixtime")
        #expect(form["past_days"] == nil && form["forecast_days"] == nil && form["timezone"] == nil)
        // Everything asked counts, as Open-Meteo counts it: ten variables, eight days, one call.
        let asked = form["current"]!.split(separator: ",").count + form["hourly"]!.split(separator: ",").count
        #expect(APICost.weight(variables: asked, days: Double(72 + 120) / 24) == 1)
        _ = try result.get()
    }

    @Test func theReadingIsTheCurrentHourAndTheSeriesLiesOnItsGrid() throws {
        let conditions = try conditions(Self.element())
        let reading = conditions.current.reading
        #expect(reading.time == "2026-08-20T14:00")
        #expect(reading.usAQI == 60)
        #expect(reading.subIndices == [.pm2_5: 60, .pm10: 20, .o3: 30])
        #expect(reading.dominantPollutant == .pm2_5)
        #expect(reading.concentrations[.pm2_5] == 100)
        #expect(reading.concentrations[.co] == 10)
        #expect(reading.droppedValues.isEmpty)
        let hourly = conditions.hourly
        #expect(hourly.problems.isEmpty)
        #expect(hourly.hourCount == Self.asked)
        #expect(hourly.currentHour == Instant(unixSeconds: Self.now))
        #expect(hourly.currentIndex == Self.past)
        #expect(hourly.firstHour == Instant(unixSeconds: Self.now - Double(Self.past) * 3600))
        #expect(hourly.lastHourReceived == Instant(unixSeconds: Self.now + 119 * 3600))
        #expect(hourly.newestFirst(.pm2_5, count: 3) == [100, 99, 98])
        #expect(hourly.newestFirst(.pm2_5, count: 2, endingAt: hourly.hour(at: 0)) == [Double(100 - Self.past), nil])
        #expect(hourly.value(.pm2_5, at: Instant(unixSeconds: Self.now + 3600)) == 101)
        #expect(hourly.value(.pm2_5, at: Instant(unixSeconds: Self.now + 1800)) == nil)
        #expect(hourly.lastHourWithValue(.pm2_5) == hourly.lastHourReceived)
    }

    /// A 15-minute `current` belongs to the hour it falls in; its time text stays as sent.
    @Test func aQuarterHourCurrentTimeReadsItsWholeHour() throws {
        let conditions = try conditions(Self.element(quarter: true))
        #expect(conditions.current.reading.time == "2026-08-20T14:15")
        #expect(conditions.hourly.currentHour == Instant(unixSeconds: Self.now))
        #expect(conditions.current.reading.concentrations[.pm2_5] == 100)
    }

    /// Open-Meteo's AQI above every sub-index asked: CO, NO₂ or SO₂ gives it, so none is named.
    @Test func noWrongDominantPollutantWhenAnotherGivesTheAQI() throws {
        let conditions = try conditions(Self.element(current: ["us_aqi": 140]))
        #expect(conditions.current.reading.usAQI == 140)
        #expect(conditions.current.reading.dominantPollutant == nil)
    }

    @Test func missingRowsAreNilAndNamed() throws {
        let hours = Array(-Self.past..<120).filter { !(-3 ... -1).contains($0) }
        let hourly = try conditions(Self.element(hours: hours)).hourly
        #expect(hourly.newestFirst(.pm2_5, count: 5) == [100, nil, nil, nil, 96])
        #expect(hourly.problems == ["hourly rows missing for 3 hours from 2026-08-20T11:00"])
    }

    @Test func nullsAmidValuesAreNilAndNamedButTheHorizonIsNot() throws {
        let element = Self.element { variable, offset in
            guard variable == "pm2_5" else { return offset > 96 ? NSNull() : 10.0 }
            return (-5 ... -2).contains(offset) || offset > 96 ? NSNull() : 50.0
        }
        let hourly = try conditions(element).hourly
        #expect(hourly.newestFirst(.pm2_5, count: 6) == [50, 50, nil, nil, nil, nil])
        #expect(hourly.problems == ["pm2_5 null for 4 hours amid values, from 2026-08-20T09:00"])
        #expect(hourly.lastHourWithValue(.o3) == Instant(unixSeconds: Self.now + 96 * 3600))
    }

    @Test func aListOfTheWrongLengthIsNotUsedAtAll() throws {
        let conditions = try conditions(Self.element(columns: ["pm2_5": Array(repeating: 5.0, count: 139)]))
        let problem = "pm2_5 has 139 values for \(Self.asked) hours; none is used"
        #expect(conditions.hourly.problems == [problem])
        #expect(conditions.hourly.newestFirst(.pm2_5, count: 2) == [nil, nil])
        #expect(conditions.current.reading.concentrations[.pm2_5] == nil)
        #expect(conditions.current.reading.droppedValues == [problem])
        #expect(conditions.current.reading.concentrations[.pm10] == 10)
    }

    @Test func rowsOutOfOrderArePlacedByTheirOwnTimes() throws {
        var hours = Array(-Self.past..<120)
        hours.swapAt(Self.past - 2, Self.past - 1)  // 12:00 and 13:00
        let hourly = try conditions(Self.element(hours: hours)).hourly
        #expect(hourly.newestFirst(.pm2_5, count: 4) == [100, 99, 98, 97])
        #expect(hourly.problems == [
            "hourly times out of order: row \(Self.past) (2026-08-20T12:00) comes after 2026-08-20T13:00; each row is placed by its own time"
        ])
    }

    @Test func anHourGivenTwiceHasNoData() throws {
        let hours = Array(-Self.past..<120) + [-1]
        let hourly = try conditions(Self.element(hours: hours)).hourly
        #expect(hourly.newestFirst(.pm2_5, count: 3) == [100, nil, 98])
        #expect(hourly.problems.contains("hourly times repeat for 1 hours, from 2026-08-20T13:00; those hours have no data"))
    }

    @Test func aShortForecastSaysHowFarItReaches() throws {
        let hourly = try conditions(Self.element(hours: Array(-Self.past...6))).hourly
        #expect(hourly.lastHourReceived == Instant(unixSeconds: Self.now + 6 * 3600))
        #expect(hourly.value(.pm2_5, at: Instant(unixSeconds: Self.now + 7 * 3600)) == nil)
        #expect(hourly.problems == ["hourly ends at 2026-08-20T20:00, 6 hours after the current hour; 119 were asked"])
    }

    @Test func timesOffTheGridOrOutsideTheWindowAreIgnored() throws {
        var element = Self.element(hours: [-1, 0])
        var hourly = element["hourly"] as! [String: Any]
        hourly["time"] = [Int(Self.now) - 1800, Int(Self.now)] as [Any]
        element["hourly"] = hourly
        let offGrid = try conditions(element).hourly
        #expect(offGrid.problems.first == "1 hourly times are not whole hours of the window; their rows are ignored")
        let outside = try conditions(Self.element(hours: [-Self.past - 6, 0, 1_000_000])).hourly
        #expect(outside.problems.first == "2 hourly times lie outside the \(Self.asked) hours asked; their rows are ignored")
        #expect(outside.value(.pm2_5, at: outside.currentHour) == 100)
    }

    @Test func implausibleHoursAndWrongUnitsAreRefused() throws {
        let element = Self.element(
            value: { variable, offset in variable == "pm10" && offset >= 0 && offset < 3 ? -4.0 : 10.0 },
            units: ["ozone": "ppb"])
        let conditions = try conditions(element)
        #expect(conditions.hourly.problems.contains("pm10 dropped as missing for 3 hours, from 2026-08-20T14:00: pm10 -4 is negative"))
        #expect(conditions.hourly.problems.contains("ozone came in 'ppb', expected '\(Self.mu)'"))
        #expect(conditions.current.reading.droppedValues.sorted() == ["ozone came in 'ppb', expected '\(Self.mu)'", "pm10 -4 is negative"])
        #expect(conditions.hourly.value(.pm10, at: conditions.hourly.currentHour) == nil)
        #expect(conditions.hourly.newestFirst(.pm10, count: 2) == [nil, 10])
    }

    /// PM2.5 at 1e308 in every hour: each hour dropped as missing and named, in the hours' and
    /// the current reading's words alike; NowCast leaves PM2.5 out and says so, and the rest rate.
    @Test func aValueAboveTenToTheNinthIsAMissingHourThatIsNamed() throws {
        let element = Self.element(value: { variable, _ in variable == "pm2_5" ? 1e308 : 10.0 })
        let conditions = try conditions(element)
        let reason = "pm2_5 1e+308 is above 10⁹, more than air can hold"
        #expect(conditions.hourly.problems.contains(
            "pm2_5 dropped as missing for \(Self.asked) hours, from 2026-08-17T14:00: \(reason)"))
        #expect(conditions.current.reading.droppedValues == [reason])
        #expect(conditions.current.reading.concentrations[.pm2_5] == nil)
        #expect(conditions.hourly.currentWindowProblem == nil)
        let alerting = conditions.alertingAQI(.nowcast)
        #expect(alerting.source == .nowcast)
        #expect(alerting.leftOut == ["PM2.5 NowCast: 0 of the 3 newest hours present, 2 required"])
        #expect(alerting.dominantPollutant != .pm2_5 && alerting.aqi != nil)
    }

    /// One value of each kind dropped in one column: one sentence names them all, the first
    /// reason of each kind, counted as missing hours.
    @Test func droppedValuesOfEveryKindShareOneSentence() throws {
        let element = Self.element(value: { variable, offset in
            guard variable == "pm10" else { return 10.0 }
            return offset == -3 ? -1.0 : offset == -2 ? 2e9 : offset == -1 ? -7.0 : 10.0
        })
        let conditions = try conditions(element)
        #expect(conditions.hourly.problems.contains(
            "pm10 dropped as missing for 3 hours, from 2026-08-20T11:00: pm10 -1 is negative and pm10 2000000000 is above 10⁹, more than air can hold"))
        #expect(conditions.hourly.newestFirst(.pm10, count: 4) == [10, nil, nil, nil])
        #expect(conditions.current.reading.droppedValues.isEmpty)
        // PM10 keeps 1 of its 3 newest hours: left out, and named.
        #expect(conditions.alertingAQI(.nowcast).leftOut == ["PM10 NowCast: 1 of the 3 newest hours present, 2 required"])
    }

    /// A string in one hour of a column is that hour dropped and named, not the column lost:
    /// NowCast skips the hour (2 of its 3 newest left) and rates PM2.5.
    @Test func aStringInOneHourIsAMissingHour() throws {
        let element = Self.element(value: { variable, offset in
            variable == "pm2_5" ? (offset == -1 ? "NaN" : Double(100 + offset)) as Any : 10.0
        })
        let conditions = try conditions(element)
        #expect(conditions.hourly.problems.contains(
            "pm2_5 dropped as missing for 1 hour, from 2026-08-20T13:00: pm2_5 is not a number"))
        #expect(conditions.hourly.newestFirst(.pm2_5, count: 3) == [100, nil, 98])
        #expect(conditions.hourly.currentWindowProblem == nil)
        let alerting = conditions.alertingAQI(.nowcast)
        #expect(alerting.source == .nowcast && alerting.leftOut.isEmpty && alerting.dominantPollutant == .pm2_5)
    }

    /// A broken hourly block costs the concentrations, never the city's AQI.
    @Test func withoutUsableHoursTheReadingKeepsItsAQI() throws {
        var textTimes = Self.element()
        var hourly = textTimes["hourly"] as! [String: Any]
        hourly["time"] = (0..<Self.asked).map { _ in "2026-08-20T14:00" }
        textTimes["hourly"] = hourly
        var noHourly = Self.element()
        noHourly["hourly"] = nil
        for (element, problem) in [(textTimes, "'hourly.time' came as text, not unix times"), (noHourly, "no 'hourly' object")] {
            let conditions = try conditions(element)
            #expect(conditions.current.reading.usAQI == 60)
            #expect(conditions.current.reading.concentrations.isEmpty)
            #expect(conditions.hourly.problems == [problem])
            #expect(conditions.current.reading.droppedValues.first == "pm2_5: \(problem)")
        }
    }

    @Test func aCurrentTimeThatIsNotAUnixTimeFailsTheCity() {
        let (result, _) = poll(Self.element(current: ["time": "2026-08-20T14:00"]))
        #expect(throws: FetchError.invalidLocation("'current.time' is not a unix time")) { try result.get() }
    }
}
