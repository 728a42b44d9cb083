import BreezeConfig
import BreezeModel
import BreezeVocabulary

/// One location's answer to a poll (`PollRequestShape`): the current reading, as the daemon
/// has always read it, and the hourly concentrations around it.
public struct PollConditions: Sendable, Equatable {
    /// Open-Meteo's `us_aqi` and sub-indices from `current`; the concentrations are the
    /// current hour of `hourly` (which Open-Meteo's `current` equals).
    public var current: CurrentConditions
    /// The hourly concentrations, past and forecast, with what was wrong with them.
    public var hourly: PollHours
    /// The grid cell Open-Meteo answered with (its `latitude` and `longitude`).
    public var gridCell: GridCell?

    public init(current: CurrentConditions, hourly: PollHours, gridCell: GridCell? = nil) {
        self.current = current
        self.hourly = hourly
        self.gridCell = gridCell
    }

    /// The current AQI as AirNow reports it (`CurrentAirQuality` at the current hour), or why
    /// the hours it reads are unusable: what `AlertingAQI` chooses from, in the daemon and in
    /// `breezectl now` alike.
    public var hourlyCurrentAQI: HourlyCurrentAQI {
        hourly.currentWindowProblem.map(HourlyCurrentAQI.unusable)
            ?? .rated(CurrentAirQuality(hour: hourly.currentIndex, in: hourly.concentrations))
    }

    /// The alerting AQI for a city configured with `source`.
    public func alertingAQI(_ source: AQISource) -> AlertingAQI {
        AlertingAQI(configured: source, reading: current.reading, hourly: hourlyCurrentAQI)
    }

    /// Checks and converts one decoded element asked for as `shape` says, laid over `kept`
    /// when given (`PollHoursReader`).
    init(_ payload: LocationPayload, requested: Coordinate, shape: PollRequestShape, kept: KeptHours? = nil)
        throws(FetchError)
    {
        var current = try CurrentConditions(payload, requested: requested)
        guard let seconds = payload.current?.unixTime else {
            throw .invalidLocation("'current.time' is not a unix time")
        }
        let currentHour = Instant(unixSeconds: seconds).hourStart
        let (hourly, drops) = PollHoursReader(shape: shape, currentHour: currentHour, kept: kept).read(payload)
        for pollutant in shape.hourly {
            if let value = hourly.value(pollutant, at: currentHour) { current.reading.concentrations[pollutant] = value }
        }
        current.rejectedValues += drops
        // Only some sub-indices are asked for (ten variables weigh one call): when Open-Meteo's
        // AQI is above all of them, the pollutant giving it is one not asked for, and naming
        // the highest of the others would be wrong.
        let subIndices = current.reading.subIndices
        if let aqi = current.reading.usAQI, let highest = subIndices.values.max(), highest < aqi {
            current.reading.subIndices = [:]
        }
        self.init(
            current: current, hourly: hourly,
            gridCell: GridCell(answeredLatitude: payload.latitude, longitude: payload.longitude))
    }
}
