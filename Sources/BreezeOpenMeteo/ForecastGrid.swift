import BreezeAlerts
import BreezeModel


extension ForecastSeries {
    /// The forecast alerts' view of a poll's hourly grid: the same hours, sharing the grid's
    /// checked concentrations (as `init(firstHour:columns:…)` would check them again).
    init(grid: PollHours) {
        self.init(
            firstHour: grid.firstHour, concentrations: grid.concentrations.checkedAgain, problems: grid.problems,
            currentHour: grid.currentHour)
    }
}
