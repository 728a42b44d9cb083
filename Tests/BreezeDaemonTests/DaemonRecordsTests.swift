import BreezeAlerts
import BreezeDaemon
import BreezeModel
import BreezeSystem
import Testing
import BreezeVocabulary

struct DaemonRecordsTests {
    let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)

    @Test func readingCarriesEveryField() {
        let reading = Reading(
            time: "2026-08-20T14:00", usAQI: 42,
            concentrations: [.pm2_5: 6.1, .pm10: 9.8, .no2: 12.3, .so2: 1.9, .o3: 71, .co: 180],
            subIndices: [.pm2_5: 25, .o3: 42])
        let record = DaemonRecords.reading(reading, city: paris)
        #expect(record.priority == .info)
        #expect(record.message == "Paris: AQI 42, Good")
        #expect(record.messageID == DaemonEvent.reading.messageID)
        #expect(record.field("BREEZE_EVENT") == "reading")
        #expect(record.field("BREEZE_CITY") == "Paris")
        #expect(record.field("BREEZE_LATITUDE") == "48.8566")
        #expect(record.field("BREEZE_LONGITUDE") == "2.3522")
        #expect(record.field("BREEZE_AQI") == "42")
        #expect(record.field("BREEZE_BAND") == "good")
        #expect(record.field("BREEZE_DOMINANT_POLLUTANT") == "o3")
        #expect(record.field("BREEZE_PM2_5") == "6.1")
        #expect(record.field("BREEZE_PM10") == "9.8")
        #expect(record.field("BREEZE_NO2") == "12.3")
        #expect(record.field("BREEZE_SO2") == "1.9")
        #expect(record.field("BREEZE_O3") == "71.0")
        #expect(record.field("BREEZE_CO") == "180.0")
        #expect(record.fields.allSatisfy { LogRecord.isValidFieldName($0.name) })
    }

    @Test func missingValuesAreAbsentNotZero() {
        let record = DaemonRecords.reading(Reading(time: "t", usAQI: nil, concentrations: [.pm10: 3]), city: paris)
        #expect(record.field("BREEZE_AQI") == nil)
        #expect(record.field("BREEZE_BAND") == nil)
        #expect(record.field("BREEZE_PM2_5") == nil)
        #expect(record.message == "Paris: no AQI reported")
    }

    @Test(arguments: [
        (AlertEventKind.firing, "firing", LogPriority.warning), (.escalated, "escalated", .warning),
        (.reminder, "reminder", .info), (.resolved, "resolved", .notice),
    ])
    func alertRecords(kind: AlertEventKind, event: String, priority: LogPriority) {
        let alert = AlertEvent(
            id: "paris-1-1-\(event)", kind: kind, city: paris, aqi: 162, band: .unhealthy,
            previousBand: .moderate, dominantPollutant: .pm2_5, concentrations: [.pm2_5: 80],
            pollutantsOverLimit: [], observedAt: "t", createdAt: Instant(unixSeconds: 0))
        let record = DaemonRecords.alert(alert)
        #expect(record.priority == priority)
        #expect(record.field("BREEZE_EVENT") == event)
        #expect(record.messageID == DaemonEvent(rawValue: event)!.messageID)
        #expect(record.field("BREEZE_ALERT_ID") == "paris-1-1-\(event)")
        #expect(record.field("BREEZE_PREVIOUS_BAND") == "moderate")
        #expect(record.field("BREEZE_BAND") == "unhealthy")
        #expect(record.message == alert.message)
    }

    @Test func messageIDsAreDistinct128BitHex() {
        let ids = DaemonEvent.allCases.map(\.messageID)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.count == 32)
            #expect(id.allSatisfy { $0.isHexDigit && !$0.isUppercase })
        }
    }

    @Test func failuresAreErrorsWithTheirReason() {
        let record = DaemonRecords.fetchFailed(city: nil, error: "HTTP 503: The service is overloaded")
        #expect(record.priority == .error)
        #expect(record.field("BREEZE_ERROR") == "HTTP 503: The service is overloaded")
        #expect(record.field("BREEZE_CITY") == nil)
    }
}

/// What a reading record says of values that are not data (issue 11).
struct DroppedValueRecordTests {
    let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)

    @Test func aDroppedValueSaysWhyInTheMessageAndAField() {
        let reading = Reading(
            time: "t", usAQI: nil, concentrations: [.pm10: 3],
            droppedValues: ["us_aqi 10000 is beyond the AQI scale (0–500)", "pm2_5 -1 is negative"])
        let record = DaemonRecords.reading(reading, city: paris)
        #expect(record.field("BREEZE_DROPPED") == "us_aqi 10000 is beyond the AQI scale (0–500); pm2_5 -1 is negative")
        #expect(record.message
            == "Paris: no AQI reported (dropped: us_aqi 10000 is beyond the AQI scale (0–500); pm2_5 -1 is negative)")
        #expect(record.field("BREEZE_AQI") == nil)
    }

    @Test(arguments: [-5, 501, 10_000])
    func anAQIOffTheScaleNeverReachesTheRecord(aqi: Int) {
        let record = DaemonRecords.reading(Reading(time: "t", usAQI: aqi, concentrations: [.pm10: 3]), city: paris)
        #expect(record.field("BREEZE_AQI") == nil)
        #expect(record.field("BREEZE_BAND") == nil)
        #expect(record.message == "Paris: no AQI reported")
    }
}

/// What a reading record says when hours are missing (issue 24): the pollutants NowCast left
/// out and why, and, with no AQI at all, both reasons in one sentence.
struct MissingHoursRecordTests {
    let paris = City(name: "Paris", latitude: 48.8566, longitude: 2.3522)
    let reading = Reading(time: "2026-08-20T14:00", usAQI: nil, concentrations: [.o3: 60])

    @Test func thePollutantsLeftOutAreNamed() {
        let pm: [Double?] = Array(repeating: 150, count: 22) + [nil, nil]
        let current = CurrentAirQuality(hour: 23, in: HourlyConcentrations([.pm2_5: pm, .o3: Array(repeating: 60, count: 24)]))
        var withAQI = reading
        withAQI.usAQI = 74
        let alerting = AlertingAQI(configured: .nowcast, reading: withAQI, hourly: .rated(current))
        let record = DaemonRecords.reading(withAQI, alerting: alerting, city: paris)
        let reason = "PM2.5 NowCast: 1 of the 3 newest hours present, 2 required"
        #expect(record.field("BREEZE_LEFT_OUT") == reason)
        #expect(record.field("BREEZE_AQI_SOURCE") == "nowcast")
        #expect(record.message == "Paris: AQI \(alerting.aqi!), Good (NowCast; Open-Meteo 74) (left out: \(reason))")
    }

    @Test func noAQIAtAllSaysBothReasonsInOneSentence() {
        let alerting = AlertingAQI(configured: .nowcast, reading: reading, hourly: .unusable("hourly rows missing for 3 hours"))
        let record = DaemonRecords.reading(reading, alerting: alerting, city: paris)
        #expect(record.message == "Paris: no AQI: hourly series unusable: hourly rows missing for 3 hours, "
            + "and there is no Open-Meteo us_aqi to fall back on")
        #expect(record.field("BREEZE_AQI_FALLBACK") == "hourly series unusable: hourly rows missing for 3 hours")
        #expect(record.field("BREEZE_AQI") == nil)
    }
}
