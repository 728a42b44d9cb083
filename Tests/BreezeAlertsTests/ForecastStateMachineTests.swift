import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import Foundation
import Testing

/// Forecast alerts: once per day, an update only a band worse, cleared, the horizon.
struct ForecastStateMachineTests {
    static let utc = CivilZone.utc
    let slug = EventIdentifier.city("Paris")
    static let paris = City(name: "Paris", latitude: 48.86, longitude: 2.35, timeZone: "UTC")
    /// 2026-12-01T00:00:00Z: "today".
    static let today: Double = 1_796_083_200
    static let rule = ForecastRule(threshold: 101, decideAtMinute: 16 * 60, days: 1, timeZone: utc)

    /// A PM2.5-only series from today's midnight, one constant value per local day (nil
    /// beyond the list: the model's horizon).
    static func series(_ perDay: [Double?], days: Int = 6) -> ForecastSeries {
        let column: [Double?] = (0..<(24 * days)).map { hour in hour / 24 < perDay.count ? perDay[hour / 24] : nil }
        return ForecastSeries(firstHour: Instant(unixSeconds: today), concentrations: HourlyConcentrations([.pm2_5: column]))
    }

    static func at(hours: Double) -> Instant { Instant(unixSeconds: today + hours * 3600) }

    static func run(
        _ series: ForecastSeries?, at hours: Double, state: CityForecastState = CityForecastState(),
        rule: ForecastRule = rule
    ) -> ForecastStateMachine.Evaluation {
        ForecastStateMachine.evaluate(series, city: paris, rule: rule, state: state, now: at(hours: hours))
    }

    @Test func nothingIsDecidedBeforeForecastAt() {
        let evaluation = Self.run(Self.series([5, 60]), at: 15.99)
        #expect(evaluation.events.isEmpty)
        #expect(evaluation.days.isEmpty)
        #expect(evaluation.state.days.isEmpty)
    }

    @Test func firesOncePerDayAtTheFirstPollAfterForecastAt() throws {
        let first = Self.run(Self.series([5, 60]), at: 16.1)
        let event = try #require(first.events.first)
        #expect(first.events.count == 1)
        #expect(event.kind == .forecast)
        #expect(event.id == slug + "-forecast-2026-12-02-1-forecast")
        #expect(event.forecast?.day == "2026-12-02")
        #expect(event.band == .unhealthy && event.aqi.map { $0 >= 151 && $0 <= 200 } == true)
        #expect(event.dominantPollutant == .pm2_5)
        // The hourly AQI is NowCast: the day's first hour, after a day at 5 µg/m³, is still below.
        #expect(event.forecast?.hoursAboveThreshold == 23)
        #expect(event.forecast?.threshold == 101)
        #expect(event.previousBand == nil)
        #expect(event.forecast?.dayEndsAt == Self.at(hours: 48))
        #expect(event.message.hasPrefix("Air quality forecast for Paris, Tomorrow: peak AQI"))
        let again = Self.run(Self.series([5, 60]), at: 17, state: first.state)
        #expect(again.events.isEmpty)
        #expect(again.state == first.state)
    }

    @Test func belowTheThresholdDecidesTheDayWithoutAnEvent() {
        let evaluation = Self.run(Self.series([5, 20]), at: 16)
        #expect(evaluation.events.isEmpty)
        #expect(evaluation.state.days == [CityForecastState.DayState(day: "2026-12-02")])
        guard case .rated(let rating) = evaluation.days.first?.outcome else {
            Issue.record("tomorrow is rated")
            return
        }
        #expect(rating.band == .moderate)
    }

    @Test func anUpdateGoesOutOnlyWhenTheForecastIsABandWorse() throws {
        let first = Self.run(Self.series([5, 40]), at: 16)
        #expect(first.events.map(\.band) == [.unhealthyForSensitiveGroups])
        let higherSameBand = Self.run(Self.series([5, 50]), at: 17, state: first.state)
        #expect(higherSameBand.events.isEmpty)
        let better = Self.run(Self.series([5, 36]), at: 18, state: higherSameBand.state)
        #expect(better.events.isEmpty)
        let worse = Self.run(Self.series([5, 60]), at: 19, state: better.state)
        let update = try #require(worse.events.first)
        #expect(worse.events.count == 1)
        #expect(update.kind == .forecast && update.band == .unhealthy)
        #expect(update.previousBand == .unhealthyForSensitiveGroups)
        #expect(update.id == slug + "-forecast-2026-12-02-2-forecast")
    }

    @Test func fallingBelowTheThresholdClearsOnceAndRisingAgainFiresAgain() throws {
        let first = Self.run(Self.series([5, 60]), at: 16)
        let cleared = Self.run(Self.series([5, 10]), at: 20, state: first.state)
        let event = try #require(cleared.events.first)
        #expect(cleared.events.count == 1)
        #expect(event.kind == .forecastCleared)
        #expect(event.previousBand == .unhealthy && event.band == .moderate)
        #expect(event.id == slug + "-forecast-2026-12-02-2-forecast-cleared")
        #expect(Self.run(Self.series([5, 10]), at: 21, state: cleared.state).events.isEmpty)
        let again = Self.run(Self.series([5, 40]), at: 22, state: cleared.state)
        #expect(again.events.map(\.kind) == [.forecast])
        #expect(again.events.first?.previousBand == nil)
    }

    @Test func sendResolvedNoClearsTheDaySilently() {
        let quiet = ForecastRule(threshold: 101, decideAtMinute: 16 * 60, days: 1, timeZone: Self.utc, sendCleared: false)
        let first = Self.run(Self.series([5, 60]), at: 16, rule: quiet)
        #expect(first.events.map(\.kind) == [.forecast])
        let cleared = Self.run(Self.series([5, 10]), at: 20, state: first.state, rule: quiet)
        #expect(cleared.events.isEmpty)
        // Cleared all the same: a later rise is announced again, as a new heads-up.
        let again = Self.run(Self.series([5, 40]), at: 22, state: cleared.state, rule: quiet)
        #expect(again.events.map(\.kind) == [.forecast])
        #expect(again.events.first?.previousBand == nil)
    }

    @Test func aDayBeyondTheHorizonIsSaidSoAndNeverGuessed() throws {
        let short = Self.series([60])
        let evaluation = Self.run(short, at: 16)
        #expect(evaluation.events.isEmpty)
        #expect(evaluation.days.map(\.outcome) == [.beyondTheForecastHorizon])
        // An announced day the next forecast no longer reaches is not cleared: unknown is not better.
        let announced = Self.run(Self.series([5, 60]), at: 16)
        let shorter = Self.run(short, at: 17, state: announced.state)
        #expect(shorter.events.isEmpty)
        #expect(shorter.state == announced.state)
        // Nor is a day with hours missing (nulls from noon on).
        var column: [Double?] = Array(repeating: 60, count: 36)
        column += Array(repeating: nil, count: 12)
        let partial = ForecastSeries(firstHour: Self.at(hours: 0), concentrations: HourlyConcentrations([.pm2_5: column]))
        let incomplete = Self.run(partial, at: 18, state: announced.state)
        #expect(incomplete.events.isEmpty)
        guard case .incomplete = incomplete.days.first?.outcome else {
            Issue.record("a day with missing hours is incomplete")
            return
        }
        #expect(Self.run(nil, at: 18, state: announced.state).state == announced.state)
    }

    @Test func forecastDaysAnnouncesEachDayAheadWithItsOwnIds() {
        let rule = ForecastRule(threshold: 101, decideAtMinute: 16 * 60, days: 3, timeZone: Self.utc)
        let morning = Self.run(Self.series([5, 60, 60, 60]), at: 9, rule: rule)
        #expect(morning.events.compactMap(\.forecast?.day) == ["2026-12-02", "2026-12-03"])
        let afternoon = Self.run(Self.series([5, 60, 60, 60]), at: 16, state: morning.state, rule: rule)
        #expect(afternoon.events.map(\.id) == [slug + "-forecast-2026-12-04-1-forecast"])
    }

    @Test func aDayThatHasBegunIsForgotten() {
        let first = Self.run(Self.series([5, 60, 5]), at: 16)
        let nextDay = Self.run(Self.series([5, 60, 5]), at: 25)
        #expect(nextDay.state.days.isEmpty)
        let tomorrowAfternoon = Self.run(Self.series([5, 60, 5]), at: 40, state: first.state)
        #expect(tomorrowAfternoon.events.isEmpty)
        #expect(tomorrowAfternoon.state.days.map(\.day) == ["2026-12-03"])
    }

    @Test func localDaysFollowTheCitysZone() throws {
        // 16:00 in Tokyo is 07:00Z; its "tomorrow" starts at 15:00Z today.
        let tokyo = CivilZone(named: "Asia/Tokyo")!
        let rule = ForecastRule(threshold: 101, timeZone: tokyo)
        var column: [Double?] = Array(repeating: 5, count: 15 + 24 + 24)
        for hour in 15..<39 { column[hour] = 60 }
        let series = ForecastSeries(firstHour: Self.at(hours: 0), concentrations: HourlyConcentrations([.pm2_5: column]))
        #expect(Self.run(series, at: 6.9, rule: rule).events.isEmpty)
        let evaluation = Self.run(series, at: 7, rule: rule)
        #expect(evaluation.events.compactMap(\.forecast?.day) == ["2026-12-02"])
        #expect(evaluation.events.first?.forecast?.hoursAboveThreshold == 23)
        #expect(series.hours(of: LocalDay(year: 2026, month: 12, day: 2), in: tokyo) == 15..<39)
    }

    @Test func hostileTimesNeverTrap() {
        for seconds in [Double.nan, .infinity, -1e300, 1e300] {
            let evaluation = ForecastStateMachine.evaluate(
                Self.series([60, 60]), city: Self.paris, rule: Self.rule, state: CityForecastState(),
                now: Instant(unixSeconds: seconds))
            #expect(evaluation.events.isEmpty)
        }
        let broken = ForecastSeries(firstHour: Instant(unixSeconds: .nan), concentrations: HourlyConcentrations([.pm2_5: [60]]))
        #expect(Self.run(broken, at: 16).events.isEmpty)
    }
}
