import BreezeAlerts
import BreezeModel
import BreezeOpenMeteo


extension ForecastSeries {
    /// The forecast alerts' view of a poll's hourly grid: the same hours, checked again by
    /// BreezeModel's series (a value that is not a concentration is a missing hour).
    init(grid: PollHours) {
        self.init(
            firstHour: grid.firstHour, columns: grid.concentrations.columns, problems: grid.problems,
            currentHour: grid.currentHour)
    }
}
