import BreezeModel
import BreezeOpenMeteo
import BreezeSystem

/// What a poll cycle writes to the journal of its cities' judgements (`CityJudgement`), city by
/// city in their order: the reading record when the `ReadingLogFilter` passes it, a failed
/// request once, then the records logged every time (an alert held, a city gone stale).
struct CycleJournal {
    let logger: any Logger
    let readingLog: ReadingLogFilter
    /// Per failure message, how many of the cycle's cities it failed.
    private let citiesPerFailure: [String: Int]
    /// The failure messages already logged this cycle.
    private var reported: Set<String> = []

    init(logger: any Logger, readingLog: ReadingLogFilter, results: [Result<CityPoll, SourceFailure>]) {
        self.logger = logger
        self.readingLog = readingLog
        var citiesPerFailure: [String: Int] = [:]
        for case .failure(let failure) in results { citiesPerFailure[failure.message, default: 0] += 1 }
        self.citiesPerFailure = citiesPerFailure
    }

    /// Logs what `judged`, `city`'s judgement, asks for.
    mutating func log(_ judged: CityJudgement, city: City) {
        if let note = judged.reading, readingLog.logs(note.headline, city: city.name) {
            logger.log(note.record(city: city))
        }
        if let failure = judged.failure {
            readingLog.failed(city: city.name)
            // A failed request fails many cities with one error: log it once, naming a
            // city only when the failure is that city's alone.
            if reported.insert(failure).inserted {
                let alone = citiesPerFailure[failure, default: 1] == 1
                logger.log(DaemonRecords.fetchFailed(city: alone ? city : nil, error: failure))
            }
        }
        for record in judged.records { logger.log(record) }
    }
}
