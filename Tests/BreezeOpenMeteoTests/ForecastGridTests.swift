import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import Testing

@testable import BreezeOpenMeteo

/// The forecast alerts' series shares the poll grid's checked hours instead of checking a
/// copy again: equal to the series made from the grid's columns, hostile values and all.
struct ForecastGridTests {
    @Test func theSharedSeriesEqualsTheOneCheckedAgain() {
        let columns: [Pollutant: [Double?]] = [
            .pm2_5: [12, nil, -0.0, .nan, -4, 2e9, 1e9, 35.4],
            .o3: Array(repeating: nil, count: 8),
            .co: [1, 2, 3],
        ]
        let grid = PollHours(
            firstHour: Instant(unixSeconds: 1_787_220_000), currentHour: Instant(unixSeconds: 1_787_227_200), hourCount: 8,
            concentrations: HourlyConcentrations(columns), lastHourReceived: nil, problems: ["pm2_5 -4 is negative"])
        #expect(grid.concentrations.implausibleHours == 3)
        let shared = ForecastSeries(grid: grid)
        let checkedAgain = ForecastSeries(
            firstHour: grid.firstHour, columns: grid.concentrations.columns, problems: grid.problems,
            currentHour: grid.currentHour)
        #expect(shared == checkedAgain)
        #expect(shared.concentrations.columns[.pm2_5]?.map { $0?.bitPattern } == [12, nil, -0.0, nil, nil, nil, 1e9, 35.4].map { $0?.bitPattern })
    }
}
