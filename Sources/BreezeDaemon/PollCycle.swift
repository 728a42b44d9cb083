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
    /// The same for the `source-stale` alerts of the city's sensors (`CityRecord.sourceAlerts`).
    public var sourceAlertsBefore: [String: [String: CityAlertState]] = [:]
    /// Per city (by name) the hourly forecast its answer brought (or, when its poll asked only
    /// for the current hour, its kept forecast after the answer's hours), or what the later
    /// steps read of it: `ForecastCycle`, `PolledExtras` and the digests read it.
    public var forecasts: [String: PolledForecast] = [:]
    /// Cities whose poll asked for the forecast (`ModelRunTracker.needsForecast`).
    public var forecastsAsked = 0
    /// Cities whose poll asked only the recent hours (`PollRequestShape.recent`).
    public var recentAsked = 0
    /// Whether the kept hours changed (a new hour came, a city joined or left): `hours.bin` is
    /// written again.
    public var keptHoursChanged = false
    /// Whether the kept forecasts changed (one came, a city left, a model run was seen):
    /// `forecast.json` is written again.
    public var keptForecastsChanged = false
    /// Per city whose forecast raised events, its forecast state before: put back like
    /// `alertsBefore` when the events cannot be written.
    public var forecastsBefore: [String: CityForecastState?] = [:]
    /// The requests the cycle made, by result (`RequestResult`), retries included.
    public var apiRequests: [String: Int] = [:]
    /// Deliveries left in the outbox afterwards (`breezed --once` only).
    public var deliveriesPending = 0

    public init() {}

    /// Counts one city's judgement in: its answer, its events (and the states to put back when
    /// they cannot be written), whether its alert is out.
    mutating func add(_ judged: CityJudgement, city name: String) {
        switch judged.answer {
        case .data: citiesWithData += 1
        case .noValues: citiesWithoutData += 1
        case .failed: citiesFailed += 1
        }
        if let before = judged.alertBefore { alertsBefore[name] = before }
        if let before = judged.sensitiveAlertBefore { sensitiveAlertsBefore[name] = before }
        if let before = judged.sourceAlertsBefore { sourceAlertsBefore[name] = before }
        events += judged.events
        if judged.record.alert.firing { alerting += 1 }
    }

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

/// One poll, in three steps: fetch every city, judge each city's answer against its record
/// (`CityJudgement`, pure), apply the judgement (log its records, count its events in, store
/// the record). Its alert events are logged by whoever writes them to the outbox, once they are
/// there (`Daemon.poll`).
public enum PollCycle {
    /// Runs a cycle over `cities`, updating `state` in place. `now` is when it started;
    /// `deadline` bounds the fetch. Cities no longer configured are
    /// dropped from the state; new ones start fresh. With a `reduction`, each city's hourly
    /// series is reduced to what the later steps read as soon as its batch is read.
    ///
    /// A city's forecast is asked for as `ModelRunTracker.needsForecast` says from `kept`; one
    /// that comes is kept there, and a poll that asked only for the current hour gets the
    /// city's kept forecast after its own hours, before anything reads it.
    ///
    /// A city whose `hours` reach the previous hour (and whose forecast is not asked for) asks
    /// only the recent hours (`PollRequestShape.recent`), its answer laid over them by the
    /// source; every city's hours up to its current one are kept in `hours` from its answer.
    static func run(
        cities: [WatchedCity], state: inout DaemonState, kept: inout KeptForecasts,
        hours: inout [String: KeptHours], source: any AirQualitySource,
        logger: any Logger, now: Instant, deadline: Deadline, reduction: ForecastReduction?,
        readingLog: ReadingLogFilter = ReadingLogFilter(), grounds: () -> [String: CityGround] = { [:] }
    ) -> CycleSummary {
        var summary = CycleSummary()
        summary.cities = cities.count
        var reduced: [PolledForecast?] = reduction == nil ? [] : Array(repeating: nil, count: cities.count)
        var asks = cities.map { watched in
            let city = watched.city
            let forecast = ModelRunTracker.needsForecast(city, kept: kept.cities[city.name], runs: kept.runs, now: now)
            guard !forecast, let recent = hours[city.name], recent.isFor(latitude: city.latitude, longitude: city.longitude),
                recent.reachesRecent(at: now)
            else { return PollAsk(forecast: forecast) }
            return PollAsk(forecast: false, recent: recent)
        }
        summary.forecastsAsked = asks.filter(\.forecast).count
        summary.recentAsked = asks.filter { $0.recent != nil }.count
        var keptChanged = false
        var hoursChanged = false
        let shared = GridCellSharingSource(source, cells: state.gridCells(for: cities.map(\.city)))
        let results = shared.polls(
            for: cities.map(\.city), asks: asks, deadline: deadline, requests: &summary.apiRequests,
            reducing: { index, poll in
                if index < cities.count, let series = poll.forecast {
                    let city = cities[index].city
                    if case .unusable = poll.hourly {
                        // Hours the current AQI reads came without their rows (or a column was
                        // refused): kept, they would read as hours of nulls from now on. The
                        // next poll asks the whole window instead.
                        if hours.removeValue(forKey: city.name) != nil { hoursChanged = true }
                    } else if let current = series.currentHour {
                        let window = KeptHours(
                            latitude: city.latitude, longitude: city.longitude, firstHour: series.firstHour,
                            currentHour: current, concentrations: series.concentrations)
                        if let window, hours[city.name] != window {
                            hours[city.name] = window
                            hoursChanged = true
                        }
                    }
                    if poll.forecastIncluded {
                        var forecast = KeptForecast(
                            series: series, polledAt: now, runs: ModelRunTracker.runs(of: city, in: kept.runs))
                        forecast?.latitude = city.latitude
                        forecast?.longitude = city.longitude
                        kept.cities[city.name] = forecast
                        keptChanged = true
                    } else if let forecast = kept.cities[city.name] {
                        poll.forecast = forecast.spliced(onto: series)
                    }
                }
                guard let forecast = reduction?.reduce(index, &poll), reduced.indices.contains(index) else { return }
                reduced[index] = forecast
            })
        if kept.cities.count > cities.count {
            let configured = Set(cities.map(\.city.name))
            kept.cities = kept.cities.filter { configured.contains($0.key) }
            keptChanged = true
        }
        summary.keptForecastsChanged = keptChanged
        // The windows the asks held, replaced by the answers', are freed before the judging.
        asks = []
        // More kept than configured, or a city without (one renamed leaves its old name):
        // drop the names no longer configured.
        if hours.count > cities.count || cities.contains(where: { hours[$0.city.name] == nil }) {
            let configured = Set(cities.map(\.city.name))
            let before = hours.count
            hours = hours.filter { configured.contains($0.key) }
            if hours.count != before { hoursChanged = true }
        }
        summary.keptHoursChanged = hoursChanged
        summary.forecasts = ForecastCycle.forecasts(results, reduced: reduced, cities: cities)
        // Read once Open-Meteo has answered: a sensor on the LAN asked at the same time (the
        // first cycle after a start) is in this cycle's records.
        let grounds = grounds()
        // Updated in place, not rebuilt: at 10,000 cities a second table of records would be
        // the largest thing in memory. Moving it out of `state` leaves it uniquely owned.
        var records = state.cities
        state.cities = [:]
        records.reserveCapacity(cities.count)
        var journal = CycleJournal(logger: logger, readingLog: readingLog, results: results)
        for (index, watched) in cities.enumerated() {
            let answer = index < results.count
                ? results[index] : .failure(SourceFailure(message: "no result for this city", permanent: false))
            let judged = CityJudgement.judge(
                answer, watched: watched, before: records.removeValue(forKey: watched.city.name), now: now,
                ground: grounds[watched.city.name])
            journal.log(judged, city: watched.city)
            summary.add(judged, city: watched.city.name)
            records[watched.city.name] = judged.record
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
        var kept = KeptForecasts()
        var hours: [String: KeptHours] = [:]
        return run(
            cities: cities, state: &state, kept: &kept, hours: &hours, source: source, logger: logger, now: now, deadline: deadline,
            reduction: nil, readingLog: readingLog)
    }

    /// The error a city's record shows when Open-Meteo answered with every value null.
    public static let noValues = "Open-Meteo answered with every value null (no data)"

    /// Whether a reading has anything in it: an AQI or a concentration.
    static func hasData(_ reading: Reading) -> Bool {
        reading.usAQI != nil || !reading.concentrations.isEmpty
    }
}
