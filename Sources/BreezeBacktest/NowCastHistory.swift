import BreezeModel
import BreezeVocabulary

/// Rates every hour of a history by EPA's NowCast (PM2.5, PM10), 8-hour O₃ and CO, 1-hour NO₂
/// and SO₂ — BreezeModel's `CurrentAirQualitySeries`, all hours in one pass — from the hourly
/// concentrations the history carries, laid on its span hour by hour.
enum NowCastHistory {
    static func rate(_ history: [HistoryHour]) -> RatedHistory {
        guard let span = HistorySpan.covering(history) else { return RatedHistory(hours: history, fallbackHours: 0) }
        // The first entry of each hour counts, as the replay places them; a missing hour is a
        // gap in every column, so NowCast sees it as missing, never as zero.
        var firstEntry = Array(repeating: -1, count: span.hours)
        // By `Pollutant.allCases` position, not hashed per hour: 200,000 hours for 100 cities.
        let pollutants = Pollutant.allCases
        var columns: [[Double?]] = Array(repeating: [], count: pollutants.count)
        for (position, hour) in history.enumerated() {
            guard let index = span.hourIndex(hour.start), firstEntry[index] < 0 else { continue }
            firstEntry[index] = position
            for (pollutant, value) in hour.concentrations {
                guard let column = pollutants.firstIndex(of: pollutant) else { continue }
                if columns[column].isEmpty { columns[column] = Array(repeating: nil, count: span.hours) }
                columns[column][index] = value
            }
        }
        var byPollutant: [Pollutant: [Double?]] = [:]
        for (column, pollutant) in zip(columns, pollutants) where !column.isEmpty { byPollutant[pollutant] = column }
        let series = CurrentAirQualitySeries(HourlyConcentrations(byPollutant))
        var rated = history
        var fallbackHours = 0
        for (index, position) in firstEntry.enumerated() where position >= 0 {
            let outcome = index < series.count ? series[index] : .noIndex
            switch outcome {
            case .index(let aqi, let dominant):
                rated[position].aqi = Double(aqi)
                rated[position].dominantPollutant = dominant.pollutant
            case .beyondTheAQI(let dominant):
                // Past the scale: its top, never extrapolated beyond 500.
                rated[position].aqi = 500
                rated[position].dominantPollutant = dominant.pollutant
            case .undetermined, .noIndex:
                // No NowCast to judge (too few hours, or a period that cannot rate the value):
                // Open-Meteo's us_aqi stands in, counted.
                fallbackHours += 1
            }
        }
        return RatedHistory(hours: rated, fallbackHours: fallbackHours)
    }
}
