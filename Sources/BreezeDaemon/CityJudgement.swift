import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeVocabulary

/// One city's part of a poll cycle, judged: its answer (a reading, only nulls, or a failed
/// request) and its record before → its record after, the journal records it asks for and the
/// alert events it raised. Pure: the cycle's `now` comes in as a value; no clock, logger, queue
/// or outbox (`PollCycle` logs the records, hands the events on and stores the record).
struct CityJudgement: Equatable {
    /// What the city's answer was, as the cycle counts it (`CycleSummary`).
    enum Answer: Equatable {
        case data, noValues, failed
    }

    /// The reading record of a city whose answer came (with data or only nulls): what
    /// `LogReadings=changes` compares, and what the record is made from (only when logged: at
    /// 10,000 cities most cycles log few of them).
    struct ReadingNote: Equatable {
        var headline: ReadingHeadline
        var reading: Reading
        var alerting: AlertingAQI?
        var hourlyProblems: [String]
        /// The city's sensors, each with its latest PM2.5 and verdict; nil without any.
        var ground: CityGround? = nil

        /// The record `DaemonRecords.reading` makes of it.
        func record(city: City) -> LogRecord {
            DaemonRecords.reading(reading, alerting: alerting, hourlyProblems: hourlyProblems, city: city, ground: ground)
        }
    }

    var answer: Answer
    /// The city's record after the cycle.
    var record: CityRecord
    /// The reading record, logged when the cycle's `ReadingLogFilter` passes its headline; nil
    /// for a failed request.
    var reading: ReadingNote?
    /// The failed request's message: one request fails many cities, so the cycle logs it once
    /// (`DaemonRecords.fetchFailed`).
    var failure: String?
    /// Records logged every time, after the reading or the failure, in order: the alert held,
    /// the city gone stale.
    var records: [LogRecord] = []
    /// The events raised, the general machine's first, then the sensitive one's.
    var events: [AlertEvent] = []
    /// The general machine's state before, when it raised events (`CycleSummary.alertsBefore`).
    var alertBefore: CityAlertState?
    /// The sensitive machine's state before, when it raised events (`.some(nil)`: it had not
    /// begun; `CycleSummary.sensitiveAlertsBefore`).
    var sensitiveAlertBefore: CityAlertState??
    /// The sensors' `source-stale` states before, when they raised events
    /// (`CycleSummary.sourceAlertsBefore`).
    var sourceAlertsBefore: [String: CityAlertState]?

    /// Judges `watched`'s `answer`, polled at `now`, against its record before (nil: a city new
    /// to the state, which starts fresh), with its `[Sensor]`s' latest round (`ground`, nil
    /// without sensors): an outdoor sensor with a NowCast rates the city in the model's place
    /// (`AlertingAQI.rated(by:)`), also when the model's request failed.
    static func judge(
        _ answer: Result<CityPoll, SourceFailure>, watched: WatchedCity, before: CityRecord?, now: Instant,
        ground: CityGround? = nil
    ) -> CityJudgement {
        var record = before ?? CityRecord(city: watched.city)
        // A cell belongs to the coordinates it answered: a city moved is asked on its own again.
        if record.city.latitude != watched.city.latitude || record.city.longitude != watched.city.longitude {
            record.gridCell = nil
        }
        record.city = watched.city
        if case .success(let poll) = answer, let cell = poll.gridCell { record.gridCell = cell }
        record.lastPollAt = now
        record.ground = ground
        var judgement = CityJudgement(answer: .failed, record: record)
        var observation: Observation?
        var sensitiveObservation: Observation?
        switch answer {
        case .success(let poll) where !PollCycle.hasData(poll.reading):
            // Every value null: nothing to judge, and not a reading to remember.
            judgement.answer = .noValues
            judgement.record.lastError = PollCycle.noValues
            // A NowCast city says why NowCast has nothing either, in the same sentence.
            let alerting = AlertingAQI(configured: watched.aqiSource, reading: poll.reading, hourly: poll.hourly)
            judgement.reading = ReadingNote(
                headline: ReadingHeadline(.noValues), reading: poll.reading,
                alerting: alerting.missingReason != nil ? alerting : nil, hourlyProblems: [], ground: ground)
            (observation, sensitiveObservation) = judgement.sensorsAlone(ground, model: alerting, now: now)
        case .success(let poll):
            judgement.answer = .data
            let alerting = AlertingAQI(configured: watched.aqiSource, reading: poll.reading, hourly: poll.hourly)
                .rated(by: ground)
            judgement.reading = ReadingNote(
                headline: ReadingHeadline(poll.reading, alerting: alerting, hourlyProblems: poll.hourlyProblems),
                reading: poll.reading, alerting: alerting, hourlyProblems: poll.hourlyProblems, ground: ground)
            judgement.remember(poll.reading, alerting: alerting, now: now)
            // The rules act on the alerting AQI; the limits on the current hour's values. A
            // firing alert holds when its hours broke (Open-Meteo's 24-hour mean lags the
            // smoke) or a gap left a pollutant out and the rest look clear: either would
            // resolve it falsely.
            var fresh = Observation(
                aqi: alerting.aqi, concentrations: poll.reading.concentrations,
                dominantPollutant: alerting.dominantPollutant, observedAt: poll.reading.time,
                aqiSource: alerting.source)
            fresh.averages = alerting.ratedAverages
            fresh.openMeteoAQI = alerting.openMeteoAQI
            if judgement.record.alert.firing, let reason = alerting.holdReason(clearLevel: watched.rule.clearLevel) {
                judgement.records.append(DaemonRecords.held(city: watched.city, reason: reason))
            } else {
                observation = fresh
            }
            let sensitiveHolds = judgement.record.sensitiveAlert?.firing == true
                && watched.sensitiveRule.flatMap { alerting.holdReason(clearLevel: $0.clearLevel) } != nil
            sensitiveObservation = sensitiveHolds ? nil : fresh
        case .failure(let failure):
            judgement.record.lastError = failure.message
            judgement.failure = failure.message
            let model = AlertingAQI(
                source: watched.aqiSource, aqi: nil, dominantPollutant: nil, openMeteoAQI: nil,
                fallbackReason: "Open-Meteo's request failed")
            (observation, sensitiveObservation) = judgement.sensorsAlone(ground, model: model, now: now)
        }
        judgement.evaluate(observation, sensitive: sensitiveObservation, watched: watched, now: now)
        judgement.evaluateSources(ground, watched: watched, now: now)
        judgement.annotate(ground)
        return judgement
    }

    /// Without the model's values (its request failed, or it answered only nulls), the
    /// outdoor sensors' AQI alone, when one has a NowCast: the observation for both machines,
    /// and the record's alerting AQI and band. (nil, nil) when no sensor rates the city.
    private mutating func sensorsAlone(_ ground: CityGround?, model: AlertingAQI, now: Instant)
        -> (Observation?, Observation?)
    {
        let alerting = model.rated(by: ground)
        guard alerting.source == .sensor else { return (nil, nil) }
        if alerting.band != record.band || record.bandSince == nil { record.bandSince = now }
        record.band = alerting.band
        record.alerting = alerting
        let observation = Observation(
            aqi: alerting.aqi, concentrations: [:], dominantPollutant: alerting.dominantPollutant,
            observedAt: ObservationTime(now), aqiSource: .sensor)
        return (observation, observation)
    }

    /// Runs each sensor's `source-stale` machine (`SourceStaleMachine`) on its latest status,
    /// under the city's `ConfirmAfter=` and `SendResolved=`; a sensor no longer configured
    /// leaves its state behind.
    private mutating func evaluateSources(_ ground: CityGround?, watched: WatchedCity, now: Instant) {
        let before = record.sourceAlerts
        var after: [String: CityAlertState] = [:]
        var raised: [AlertEvent] = []
        for status in ground?.sensors ?? [] {
            let evaluation = SourceStaleMachine.evaluate(
                status, city: watched.city, confirmAfter: watched.rule.confirmAfter,
                sendResolved: watched.rule.sendResolved, state: before[status.name] ?? CityAlertState(), now: now)
            after[status.name] = evaluation.state
            raised += evaluation.events
        }
        record.sourceAlerts = after
        if !raised.isEmpty { sourceAlertsBefore = before }
        events += raised
    }

    /// Puts on each AQI event the sensor that rated it and the indoor sensors' AQI.
    private mutating func annotate(_ ground: CityGround?) {
        let indoor = ground?.indoorAQI
        for index in events.indices where events[index].about == .aqi && !events[index].kind.isForecast {
            events[index].indoorAQI = indoor
            if events[index].aqiSource == .sensor { events[index].sensor = record.alerting?.sensor }
        }
    }

    /// Keeps a reading with data as the city's last, and the band it is in since.
    private mutating func remember(_ reading: Reading, alerting: AlertingAQI, now: Instant) {
        // The observation's instant, as the alert's episode starts at (`EventIdentifier.episodeStart`).
        if alerting.band != record.band || record.bandSince == nil { record.bandSince = reading.time.instant ?? now }
        record.band = alerting.band
        record.lastReading = reading
        record.alerting = alerting
        record.lastError = nil
        record.lastSuccessfulPollAt = now
    }

    /// Runs the city's alert machines on what the answer gave (nil: nothing to judge, or a
    /// firing alert held), the general one first.
    private mutating func evaluate(
        _ observation: Observation?, sensitive: Observation?, watched: WatchedCity, now: Instant
    ) {
        let evaluation = AlertStateMachine.evaluate(
            observation, city: watched.city, rule: watched.rule, state: record.alert, now: now)
        if !evaluation.events.isEmpty { alertBefore = record.alert }
        record.alert = evaluation.state
        if evaluation.becameStale {
            records.append(DaemonRecords.stale(city: watched.city, polls: evaluation.state.missingStreak))
        }
        events += evaluation.events
        let before = record.sensitiveAlert
        let sensitiveEvents = SensitiveAlerts.evaluate(sensitive, watched: watched, record: &record, now: now)
        if !sensitiveEvents.isEmpty { sensitiveAlertBefore = .some(before) }
        events += sensitiveEvents
    }
}
