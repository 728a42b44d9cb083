// PLACEHOLDER until the `hours` branch lands (replaced whole at merge).
import BreezeModel
import BreezeVocabulary

public struct SensorNowCast: Sendable, Hashable {
    public var aqi: Int?
    public var concentration: Double?
    public var reason: String?
}

public struct SensorHours: Sendable, Hashable {
    public init() {}
    public mutating func add(_ sample: SensorSample, now: Instant) {}
    public func hourlyMeans(now: Instant) -> [Double?] { [] }
    public func nowCast(now: Instant) -> SensorNowCast { SensorNowCast(aqi: nil, concentration: nil, reason: "placeholder") }
}

public struct SensorHoursFile: Sendable {
    public init(stateDirectory: String) {}
    public func load(kinds: [String: SensorKind]) -> (hours: [String: SensorHours], problem: String?) { ([:], nil) }
    public func save(_ hours: [String: (kind: SensorKind, hours: SensorHours)]) throws(FileError) {}
}
