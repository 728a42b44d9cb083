import BreezeAlerts
import BreezeConfig
import BreezeModel
import BreezeOpenMeteo
import BreezeVocabulary
import BreezeWeb
import FoundationEssentials

/// What the steps after a poll read of one city's hourly forecast: the forecast alerts'
/// outlook, the status page's history and days, and the whole series only for a city a digest
/// lists (a digest reads it at its own time). `ForecastReduction` makes it as soon as the
/// city's batch is decoded, so 10,000 hourly grids are never alive at once; made from a whole
/// series (`init(series:)`), every step works it out from the series itself, as before.
public struct PolledForecast: Sendable, Equatable {
    /// The hourly series, when a later step still needs it.
    public var series: ForecastSeries?
    /// What was wrong with the response's hours (`ForecastSeries.problems`).
    public var problems: [String]
    /// The forecast rule's outlook at the cycle's `now`; nil: work it out from `series`.
    public var outlook: ForecastOutlook?
    /// The status page's history and forecast days; nil: work them out from `series`.
    public var page: PolledPage?

    /// Everything from `series`, worked out by each step.
    public init(series: ForecastSeries) {
        self.series = series
        problems = series.problems
    }

    init(series: ForecastSeries?, problems: [String], outlook: ForecastOutlook?, page: PolledPage?) {
        self.series = series
        self.problems = problems
        self.outlook = outlook
        self.page = page
    }

    /// The outlook for `rule` at `now`: the one made when the batch was read, else the series'.
    func outlook(rule: ForecastRule, now: Instant) -> ForecastOutlook? {
        outlook ?? series.map { ForecastOutlook($0, rule: rule, now: now) }
    }
}

/// A city's status-page extras from its poll (`PolledExtras`).
public struct PolledPage: Sendable, Equatable {
    public var history: [HourlyAQI]
    public var forecast: [ForecastDayAQI]
}

/// What a cycle keeps of each city's hourly series, by the configuration and the cycle's
/// `now`: the outlook of a city with a forecast rule, the page's extras when a page may be
/// served, the series itself for a city a digest lists. The same functions as the steps that
/// read them, only earlier.
struct ForecastReduction: Sendable {
    struct CityNeeds: Sendable {
        var name: String
        var rule: ForecastRule?
        /// The zone and threshold of the page's forecast days; nil: no page.
        var page: (zone: CivilZone, threshold: Int)?
        var keepsSeries: Bool
    }

    let now: Instant
    /// Per city, in the order of the cycle's cities.
    let cities: [CityNeeds]
    /// The extras of the cycle before, taken when a city's series is as it was (nil: made anew).
    var pageMemo: PolledPageMemo?

    /// For `cities` (the plan's, in order) of `configuration`: pages when `pages`, the series
    /// of the cities in `digestCities`.
    init(cities: [WatchedCity], configuration: Configuration, pages: Bool, digestCities: Set<String>, now: Instant) {
        self.now = now
        let configured = Dictionary(configuration.cities.map { ($0.city.name, $0) }, uniquingKeysWith: { first, _ in first })
        self.cities = cities.map { watched in
            let city = configured[watched.city.name]
            let rule = city.flatMap { ForecastRule($0) }
            let page = pages ? city.map { PolledExtras.pageDays(of: $0, rule: rule) } : nil
            return CityNeeds(
                name: watched.city.name, rule: rule, page: page, keepsSeries: digestCities.contains(watched.city.name))
        }
    }

    /// The forecast rule made for the city at `index` when it is `name` (its outlook's), so the
    /// forecast step need not make it again; nil: not this reduction's city.
    func rule(at index: Int, named name: String) -> ForecastRule?? {
        guard index < cities.count, cities[index].name == name else { return nil }
        return .some(cities[index].rule)
    }

    /// What the later steps read of `poll`'s series (of the city at `index`), the series taken
    /// out of `poll`; nil when it has none.
    func reduce(_ index: Int, _ poll: inout CityPoll) -> PolledForecast? {
        guard let series = poll.forecast, index < cities.count else { return nil }
        poll.forecast = nil
        return reduced(series, cities[index])
    }

    func reduced(_ series: ForecastSeries, _ needs: CityNeeds) -> PolledForecast {
        PolledForecast(
            series: needs.keepsSeries ? series : nil, problems: series.problems,
            outlook: needs.rule.map { ForecastOutlook(series, rule: $0, now: now) },
            page: needs.page.map { page in
                pageMemo?.page(for: needs.name, series, zone: page.zone, threshold: page.threshold)
                    ?? PolledExtras.page(series, zone: page.zone, threshold: page.threshold)
            })
    }
}
