import BreezeModel
import BreezeOpenMeteo
import BreezeState
import BreezeSystem
import BreezeVocabulary

/// Which cities' forecast a poll cycle asks for. The forecast changes only when a CAMS model
/// runs (global twice a day, Europe once), so once per cycle Open-Meteo is asked when each
/// domain of the cities last ran (`meta.json`, not counted against the limits), and a city's
/// forecast is asked for when:
/// - it has none kept (a start without `forecast.json`, a new city, its last answer failed), or
///   the one kept is of another place (the city moved in a reload);
/// - a domain of its own (a European city: either) has a run out since its forecast was asked
///   for, at least `settleTime` after Open-Meteo made it available;
/// - its kept forecast is `maximumAge` old: also what happens while the answers about the
///   runs cannot be believed (`ModelRunMeta.problem(now:)`, a failed request).
/// Every other city's poll asks only for the current hour ahead (`PollRequestShape.withoutForecast`,
/// or `recent` when its hours are kept: `KeptHours`) and gets its kept forecast after it
/// (`KeptForecast.spliced(onto:)`).
enum ModelRunTracker {
    /// How long after a run's availability its forecast is asked for: Open-Meteo's servers
    /// take a few minutes to all have it.
    static let settleTime: Double = 600
    /// The age at which a kept forecast is asked for again, whatever the runs say.
    static let maximumAge = Duration.seconds(6 * 3600)
    /// The most a cycle waits for the runs, out of its own time.
    static let askTimeout = Duration.seconds(10)

    /// The domains of `cities`: the global one, the European one when a city lies in it.
    static func domains(of cities: [WatchedCity]) -> [ModelDomain] {
        guard !cities.isEmpty else { return [] }
        let european = cities.contains { ModelDomain.covering(latitude: $0.city.latitude, longitude: $0.city.longitude).contains(.camsEurope) }
        return european ? [.camsGlobal, .camsEurope] : [.camsGlobal]
    }

    /// Asks `source` for the last run of each domain of `cities` and records in `kept.runs`
    /// each run out for `settleTime`, logging each new one; an answer that cannot be believed
    /// is logged once until the reason changes (`kept.doubts`), and leaves the domain's run as
    /// it was.
    static func update(
        _ kept: inout KeptForecasts, cities: [WatchedCity], source: any AirQualitySource, logger: any Logger,
        now: Instant, deadline: Deadline, requests: inout [String: Int]
    ) {
        let domains = domains(of: cities)
        guard !domains.isEmpty else { return }
        let answers = source.modelRuns(domains, deadline: deadline, requests: &requests)
        for domain in domains {
            guard let answer = answers[domain] else { continue }
            let meta: ModelRunMeta
            switch answer {
            case .failure(let failure):
                doubt(domain, failure.message, &kept, logger: logger)
                continue
            case .success(let answered):
                if let problem = answered.problem(now: now) {
                    doubt(domain, problem, &kept, logger: logger)
                    continue
                }
                meta = answered
            }
            if kept.doubts.removeValue(forKey: domain.rawValue) != nil {
                logger.log(LogRecord(.notice, "\(domain.rawValue): Open-Meteo tells when the model ran again", fields: [("BREEZE_MODEL", domain.rawValue)]))
            }
            guard now.unixSeconds >= meta.available.unixSeconds + settleTime else { continue }
            let known = kept.runs[domain.rawValue]
            guard known.map({ meta.run > $0 }) ?? true else { continue }
            kept.runs[domain.rawValue] = meta.run
            logger.log(newRun(domain, meta))
        }
    }

    /// Whether `city`'s forecast is asked for this cycle (`kept`: its own; `runs`: each
    /// domain's last run out, `KeptForecasts.runs`).
    static func needsForecast(_ city: City, kept: KeptForecast?, runs: [String: Instant], now: Instant) -> Bool {
        guard let kept, kept.latitude == city.latitude, kept.longitude == city.longitude else { return true }
        // A clock set back leaves the age unknown: asked for again.
        if kept.isOlder(than: maximumAge, at: now) || kept.polledAt.unixSeconds > now.unixSeconds + 300 { return true }
        for domain in ModelDomain.covering(latitude: city.latitude, longitude: city.longitude) {
            guard let latest = runs[domain.rawValue] else { continue }
            if kept.runs[domain.rawValue].map({ latest > $0 }) ?? true { return true }
        }
        return false
    }

    /// The runs a forecast asked for now reflects: those of `city`'s domains in `runs`.
    static func runs(of city: City, in runs: [String: Instant]) -> [String: Instant] {
        var own: [String: Instant] = [:]
        for domain in ModelDomain.covering(latitude: city.latitude, longitude: city.longitude) {
            own[domain.rawValue] = runs[domain.rawValue]
        }
        return own
    }

    /// The journal record of a run out (info).
    static func newRun(_ domain: ModelDomain, _ meta: ModelRunMeta) -> LogRecord {
        let run = TimeText.rfc3339(meta.run)
        return DaemonRecords.record(
            .info, .modelRun, "\(domain.rawValue): model run \(run) is out; forecasts are asked for again",
            [
                ("BREEZE_EVENT", DaemonEvent.modelRun.rawValue), ("BREEZE_MODEL", domain.rawValue),
                ("BREEZE_MODEL_RUN", run),
                ("BREEZE_MODEL_AVAILABLE", TimeText.rfc3339(meta.available)),
            ])
    }

    private static func doubt(_ domain: ModelDomain, _ reason: String, _ kept: inout KeptForecasts, logger: any Logger) {
        guard kept.doubts[domain.rawValue] != reason else { return }
        kept.doubts[domain.rawValue] = reason
        logger.log(
            LogRecord(
                .warning,
                "\(domain.rawValue): cannot tell when the model last ran (\(reason)); a forecast is asked for when 6 hours old",
                fields: [("BREEZE_MODEL", domain.rawValue), ("BREEZE_ERROR", reason)]))
    }
}
