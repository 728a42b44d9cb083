import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo
import BreezeSystem
import BreezeState
import BreezeVocabulary

/// What one poll cycle did.
public struct CycleSummary: Sendable, Equatable {
    public var cities = 0
    /// Cities whose answer had at least one value.
    public var citiesWithData = 0
    /// Cities answered with every value null: no data, as the stale counter counts it.
    public var citiesWithoutData = 0
    public var citiesFailed = 0
    /// Cities whose alert is out after the cycle.
    public var alerting = 0
    /// Alert events the cycle raised, in order.
    public var events: [AlertEvent] = []
    /// Per city that raised events, its alert state before the cycle: what the caller puts
    /// back when the events cannot be written to the outbox, so they are raised again.
    public var alertsBefore: [String: CityAlertState] = [:]
    /// The same for the sensitive machine (`CityRecord.sensitiveAlert`, nil before it began).
    public var sensitiveAlertsBefore: [String: CityAlertState?] = [:]
    /// Per city (by name) the hourly forecast its answer brought, or what the later steps
    /// read of it: `ForecastCycle`, `PolledExtras` and the digests read it.
    public var forecasts: [String: PolledForecast] = [:]
    /// Per city whose forecast raised events, its forecast state before: put back like
    /// `alertsBefore` when the events cannot be written.
    public var forecastsBefore: [String: CityForecastState?] = [:]
    /// The requests the cycle made, by result (`RequestResult`), retries included.
    public var apiRequests: [String: Int] = [:]
    /// Deliveries left in the outbox afterwards (`breezed --once` only).
    public var deliveriesPending = 0

    public init() {}

    /// Whether the cycle failed as a whole: there were cities and none got data (the network
    /// down, Open-Meteo failing or answering only nulls). The loop then polls again sooner than
    /// the interval. One city failing alone does not count: polling every city again for it
    /// would spend the API calls of all.
    public var noCityGotData: Bool { cities > 0 && citiesWithData == 0 }

    /// The cycle's `breeze_poll_cycles_total` result: "ok" when every city got data (or
    /// there were none), "failed" when none did, "partial" otherwise.
    public var result: String {
        if noCityGotData { return "failed" }
        return citiesWithData == cities ? "ok" : "partial"
    }
}

/// One poll: fetch every city, judge each reading, remember it, log it. Its alert events are
/// logged by whoever writes them to the outbox, once they are there (`Daemon.poll`).
public enum PollCycle {
    /// Runs a cycle over `cities`, updating `state` in place. `now` is when it started;
    /// `deadline` bounds the fetch. Cities no longer configured are
    /// dropped from the state; new ones start fresh. With a `reduction`, each city's hourly
    /// series is reduced to what the later steps read as soon as its batch is read.
    static func run(
        cities: [WatchedCity], state: inout DaemonState, source: any AirQualitySource,
        logger: any Logger, now: Instant, deadline: Deadline, reduction: ForecastReduction?,
        readingLog: ReadingLogFilter = ReadingLogFilter()
    ) -> CycleSummary {
        var summary = CycleSummary()
        summary.cities = cities.count
        var reduced: [PolledForecast?] = reduction == nil ? [] : Array(repeating: nil, count: cities.count)
        let results = source.polls(
            for: cities.map(\.city), deadline: deadline, requests: &summary.apiRequests,
            reducing: { index, poll in
                if let forecast = reduction?.reduce(index, &poll), reduced.indices.contains(index) { reduced[index] = forecast }
            })
        summary.forecasts = ForecastCycle.forecasts(results, reduced: reduced, cities: cities)
        // Updated in place, not rebuilt: at 10,000 cities a second table of records would be
        // the largest thing in memory. Moving it out of `state` leaves it uniquely owned.
        var records = state.cities
        state.cities = [:]
        records.reserveCapacity(cities.count)
        var reportedFailures: Set<String> = []
        var citiesPerFailure: [String: Int] = [:]
        for case .failure(let failure) in results { citiesPerFailure[failure.message, default: 0] += 1 }
        for (index, watched) in cities.enumerated() {
            var record = records.removeValue(forKey: watched.city.name) ?? CityRecord(city: watched.city)
            record.city = watched.city
            record.lastPollAt = now
            let result = index < results.count
                ? results[index] : .failure(SourceFailure(message: "no result for this city", permanent: false))
            var observation: Observation?
            var sensitiveObservation: Observation?
            switch result {
            case .success(let poll) where !Self.hasData(poll.reading):
                // Every value null: nothing to judge, and not a reading to remember.
                summary.citiesWithoutData += 1
                record.lastError = Self.noValues
                if readingLog.logs(ReadingHeadline(.noValues), city: watched.city.name) {
                    // A NowCast city says why NowCast has nothing either, in the same sentence.
                    let alerting = AlertingAQI(configured: watched.aqiSource, reading: poll.reading, hourly: poll.hourly)
                    let reasons = alerting.missingReason != nil ? alerting : nil
                    logger.log(DaemonRecords.reading(poll.reading, alerting: reasons, city: watched.city))
                }
            case .success(let poll):
                let reading = poll.reading
                let alerting = AlertingAQI(configured: watched.aqiSource, reading: reading, hourly: poll.hourly)
                summary.citiesWithData += 1
                let headline = ReadingHeadline(reading, alerting: alerting, hourlyProblems: poll.hourlyProblems)
                if readingLog.logs(headline, city: watched.city.name) {
                    logger.log(
                        DaemonRecords.reading(reading, alerting: alerting, hourlyProblems: poll.hourlyProblems, city: watched.city))
                }
                let band = alerting.band
                // The observation's instant, as the alert's episode starts at (`EventIdentifier.episodeStart`).
                if band != record.band || record.bandSince == nil { record.bandSince = reading.time.instant ?? now }
                record.band = band
                record.lastReading = reading
                record.alerting = alerting
                record.lastError = nil
                record.lastSuccessfulPollAt = now
                // The rules act on the alerting AQI; the limits on the current hour's values. A
                // firing alert holds when its hours broke (Open-Meteo's 24-hour mean lags the
                // smoke) or a gap left a pollutant out and the rest look clear: either would
                // resolve it falsely.
                var fresh = Observation(
                    aqi: alerting.aqi, concentrations: reading.concentrations,
                    dominantPollutant: alerting.dominantPollutant, observedAt: reading.time,
                    aqiSource: alerting.source)
                fresh.averages = alerting.ratedAverages
                fresh.openMeteoAQI = alerting.openMeteoAQI
                if record.alert.firing, let reason = alerting.holdReason(clearLevel: watched.rule.clearLevel) {
                    logger.log(DaemonRecords.held(city: watched.city, reason: reason))
                } else {
                    observation = fresh
                }
                let sensitiveHolds = record.sensitiveAlert?.firing == true
                    && watched.sensitiveRule.flatMap { alerting.holdReason(clearLevel: $0.clearLevel) } != nil
                sensitiveObservation = sensitiveHolds ? nil : fresh
            case .failure(let failure):
                summary.citiesFailed += 1
                record.lastError = failure.message
                readingLog.failed(city: watched.city.name)
                // A failed request fails many cities with one error: log it once, naming a
                // city only when the failure is that city's alone.
                if reportedFailures.insert(failure.message).inserted {
                    let alone = citiesPerFailure[failure.message, default: 1] == 1
                    logger.log(DaemonRecords.fetchFailed(city: alone ? watched.city : nil, error: failure.message))
                }
            }
            let evaluation = AlertStateMachine.evaluate(
                observation, city: watched.city, rule: watched.rule, state: record.alert, now: now)
            if !evaluation.events.isEmpty { summary.alertsBefore[watched.city.name] = record.alert }
            record.alert = evaluation.state
            if evaluation.becameStale {
                logger.log(DaemonRecords.stale(city: watched.city, polls: evaluation.state.missingStreak))
            }
            summary.events += evaluation.events
            SensitiveAlerts.evaluate(sensitiveObservation, watched: watched, record: &record, summary: &summary, now: now)
            if record.alert.firing { summary.alerting += 1 }
            records[watched.city.name] = record
        }
        if records.count > cities.count {
            let configured = Set(cities.map(\.city.name))
            records = records.filter { configured.contains($0.key) }
        }
        state.cities = records
        state.lastCycleStartedAt = now
        // The caller, which has the clock, moves this to when the cycle really ended.
        state.lastCycleCompletedAt = now
        return summary
    }

    /// A cycle whose hourly series are kept whole until the later steps read them.
    public static func run(
        cities: [WatchedCity], state: inout DaemonState, source: any AirQualitySource,
        logger: any Logger, now: Instant, deadline: Deadline, readingLog: ReadingLogFilter = ReadingLogFilter()
    ) -> CycleSummary {
        run(
            cities: cities, state: &state, source: source, logger: logger, now: now, deadline: deadline, reduction: nil,
            readingLog: readingLog)
    }

    /// The error a city's record shows when Open-Meteo answered with every value null.
    public static let noValues = "Open-Meteo answered with every value null (no data)"

    /// Whether a reading has anything in it: an AQI or a concentration.
    static func hasData(_ reading: Reading) -> Bool {
        reading.usAQI != nil || !reading.concentrations.isEmpty
    }
}
