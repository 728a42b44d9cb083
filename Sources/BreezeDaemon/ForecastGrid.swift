import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo

// The one place the forecast alerts meet the poll's decoded hourly grid (BreezeOpenMeteo's
// type of the same name as BreezeModel's series; a rename there is a change here only).
typealias PolledHourlyGrid = BreezeOpenMeteo.HourlyConcentrations

extension ForecastSeries {
    /// The forecast alerts' view of a poll's hourly grid: the same hours, checked again by
    /// BreezeModel's series (a value that is not a concentration is a missing hour).
    init(grid: PolledHourlyGrid) {
        self.init(firstHour: grid.firstHour, columns: grid.concentrations, problems: grid.problems)
    }
}
