import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeVocabulary
import Testing

@testable import BreezeDaemon

/// A city's judgement with its `[Sensor]`s: an outdoor sensor's NowCast rates it in the
/// model's place, also when Open-Meteo failed; a stale sensor fires `source-stale` once per
/// episode; events carry the sensor and the indoor AQI.
struct SensorJudgementTests {
    typealias Row = CityJudgementTests
    static let now = Row.now

    static func sensor(
        _ name: String, aqi: Int?, placement: SensorPlacement = .outdoor, stale: Bool = false, pm: Double? = 60.2,
        reason: String? = nil
    ) -> SensorStatus {
        SensorStatus(
            name: name, kind: .purpleAir, placement: placement, label: "sensor " + name, pm2_5: reason == nil ? pm : nil,
            invalidReason: reason, lastValidAt: now - .seconds(120), nowCastAQI: aqi, stale: stale)
    }

    static func ground(_ sensors: SensorStatus...) -> CityGround { CityGround(sensors: sensors) }

    @Test func anOutdoorSensorsNowCastRatesTheCityWhileTheModelSaysGood() {
        let watched = Row.watched(.openMeteo)
        var record = Row.record(band: .good)
        let ground = Self.ground(Self.sensor("backyard", aqi: 157))
        var events: [AlertEvent] = []
        for step in 0..<2 {
            let judged = CityJudgement.judge(
                Row.answer(40), watched: watched, before: record, now: Self.now + .seconds(900 * Double(step)), ground: ground)
            record = judged.record
            events += judged.events
            #expect(judged.record.alerting?.source == .sensor)
            #expect(judged.record.alerting?.aqi == 157)
            #expect(judged.record.alerting?.sensor == SensorRating(label: "sensor backyard", modelAQI: 40, modelSource: .openMeteo))
            #expect(judged.record.ground == ground)
        }
        #expect(events.map(\.kind) == [.firing])
        #expect(events.first?.aqiSource == .sensor)
        #expect(events.first?.sensor?.label == "sensor backyard")
        #expect(events.first?.sensor?.modelAQI == 40)
        #expect(record.band == Band(aqi: 157))
    }

    @Test func withoutANowCastTheModelRatesAndTheRecordNamesEverySensor() {
        let ground = Self.ground(
            Self.sensor("backyard", aqi: nil), Self.sensor("porch", aqi: nil, reason: "channels A and B disagree: 40.0 and 12.0 µg/m³"))
        let judged = CityJudgement.judge(Row.answer(40), watched: Row.watched(.openMeteo), before: nil, now: Self.now, ground: ground)
        #expect(judged.record.alerting?.source == .openMeteo)
        #expect(judged.record.alerting?.aqi == 40)
        let message = judged.reading?.record(city: Row.paris).message ?? ""
        #expect(message.contains("backyard (outdoor) 60.2 µg/m³ valid, hours so far too few"))
        #expect(message.contains("porch (outdoor) invalid: channels A and B disagree: 40.0 and 12.0 µg/m³"))
        let fields = judged.reading?.record(city: Row.paris).fields ?? []
        #expect(fields.contains { $0.name == "BREEZE_SENSORS" && $0.value.contains("porch") })
    }

    @Test func indoorAndStaleSensorsNeverRate() {
        let ground = Self.ground(
            Self.sensor("living room", aqi: 180, placement: .indoor), Self.sensor("backyard", aqi: 190, stale: true))
        let judged = CityJudgement.judge(Row.answer(40), watched: Row.watched(.openMeteo), before: nil, now: Self.now, ground: ground)
        #expect(judged.record.alerting?.source == .openMeteo)
        #expect(judged.record.alerting?.aqi == 40)
    }

    @Test func aFailedModelRequestStillFiresOnTheSensor() {
        let watched = Row.watched(.nowcast)
        var record = Row.record(band: .good)
        let ground = Self.ground(Self.sensor("backyard", aqi: 160))
        var events: [AlertEvent] = []
        for step in 0..<2 {
            let judged = CityJudgement.judge(
                Row.failed, watched: watched, before: record, now: Self.now + .seconds(900 * Double(step)), ground: ground)
            #expect(judged.answer == .failed)
            record = judged.record
            events += judged.events
        }
        #expect(events.map(\.kind) == [.firing])
        #expect(events.first?.aqi == 160)
        #expect(record.alerting?.source == .sensor)
        #expect(record.alerting?.sensor?.modelAQI == nil)
    }

    @Test func theMedianOfTwoOutdoorSensorsRates() {
        let ground = Self.ground(Self.sensor("a", aqi: 150), Self.sensor("b", aqi: 171))
        let judged = CityJudgement.judge(Row.answer(40), watched: Row.watched(.openMeteo), before: nil, now: Self.now, ground: ground)
        #expect(judged.record.alerting?.aqi == 161)
        #expect(judged.record.alerting?.sensor?.label == "sensor a, sensor b (median)")
    }

    @Test func eventsCarryTheIndoorAQI() {
        var record = Row.record(band: .good)
        let ground = Self.ground(Self.sensor("backyard", aqi: 170), Self.sensor("inside", aqi: 40, placement: .indoor))
        var events: [AlertEvent] = []
        for step in 0..<2 {
            let judged = CityJudgement.judge(
                Row.answer(40), watched: Row.watched(.openMeteo), before: record, now: Self.now + .seconds(900 * Double(step)),
                ground: ground)
            record = judged.record
            events += judged.events
        }
        #expect(events.first?.indoorAQI == 40)
    }

    @Test func aStaleSensorFiresOncePerEpisodeAndIsResolvedWhenBack() {
        var record = Row.record(band: .good)
        var events: [AlertEvent] = []
        var befores: [[String: CityAlertState]?] = []
        let stale = Self.ground(Self.sensor("backyard", aqi: nil, stale: true, reason: "connection refused"))
        let back = Self.ground(Self.sensor("backyard", aqi: nil))
        for (step, ground) in [stale, stale, stale, stale, back, back].enumerated() {
            let judged = CityJudgement.judge(
                Row.answer(40), watched: Row.watched(.openMeteo), before: record, now: Self.now + .seconds(900 * Double(step)),
                ground: ground)
            record = judged.record
            events += judged.events
            befores.append(judged.sourceAlertsBefore)
        }
        #expect(events.map(\.kind) == [.firing, .resolved])
        #expect(events.allSatisfy { $0.about == .source && $0.sourceStatus?.sensor == "backyard" })
        #expect(events[0].id.hasPrefix("paris-") && events[0].id.contains("-source-backyard-"))
        #expect(events[0].thread == events[1].thread)
        #expect(events[0].message.hasPrefix("The backyard sensor in Paris has not answered since "))
        #expect(events[0].message.hasSuffix("; alerts use the model until it is back"))
        #expect(events[0].tips.contains("Last attempt: connection refused"))
        #expect(events[1].message == "The backyard sensor in Paris answers again; alerts use it again")
        #expect(befores.compactMap { $0 }.count == 2)
        #expect(record.sourceAlerts["backyard"]?.firing == false)
    }

    @Test func twoSensorsOfACityHaveEpisodesOfTheirOwn() {
        var record = Row.record(band: .good)
        var events: [AlertEvent] = []
        let ground = Self.ground(
            Self.sensor("a", aqi: nil, stale: true, reason: "HTTP 503"), Self.sensor("b", aqi: nil, stale: true, reason: "HTTP 503"))
        for step in 0..<2 {
            let judged = CityJudgement.judge(
                Row.answer(40), watched: Row.watched(.openMeteo), before: record, now: Self.now + .seconds(900 * Double(step)),
                ground: ground)
            record = judged.record
            events += judged.events
        }
        #expect(events.count == 2)
        #expect(Set(events.map(\.thread)).count == 2)
        #expect(events[0].message.contains("has given no valid reading since"))
    }

    @Test func aSensorRemovedFromTheConfigurationLeavesItsStateBehind() {
        var record = Row.record(band: .good)
        record.sourceAlerts["gone"] = CityAlertState()
        let judged = CityJudgement.judge(Row.answer(40), watched: Row.watched(.openMeteo), before: record, now: Self.now, ground: nil)
        #expect(judged.record.sourceAlerts.isEmpty)
        #expect(judged.record.ground == nil)
    }
}
