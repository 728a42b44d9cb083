import BreezeAlerts
import BreezeVocabulary

/// The state as `JSONEncoder`/`JSONDecoder` see it, the form earlier versions wrote: the same
/// keys as `StateJSONWriter`, the poll interval as its seconds under `pollIntervalSeconds`.
extension DaemonState {
    enum CodingKeys: String, CodingKey {
        case version, cities, lastCycleCompletedAt, lastCycleStartedAt, processID, digestsSent
        case pollInterval = "pollIntervalSeconds"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        version = try container.decode(Int.self, forKey: .version)
        cities = try container.decode([String: CityRecord].self, forKey: .cities)
        lastCycleCompletedAt = try container.decodeIfPresent(Instant.self, forKey: .lastCycleCompletedAt)
        lastCycleStartedAt = try container.decodeIfPresent(Instant.self, forKey: .lastCycleStartedAt)
        pollInterval = try container.decodeIfPresent(Double.self, forKey: .pollInterval).map(Duration.init(seconds:))
        processID = try container.decodeIfPresent(Int32.self, forKey: .processID)
        digestsSent = try container.decodeIfPresent([String: String].self, forKey: .digestsSent) ?? [:]
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(cities, forKey: .cities)
        try container.encodeIfPresent(lastCycleCompletedAt, forKey: .lastCycleCompletedAt)
        try container.encodeIfPresent(lastCycleStartedAt, forKey: .lastCycleStartedAt)
        try container.encodeIfPresent(pollInterval?.seconds, forKey: .pollInterval)
        try container.encodeIfPresent(processID, forKey: .processID)
        try container.encode(digestsSent, forKey: .digestsSent)
    }
}
