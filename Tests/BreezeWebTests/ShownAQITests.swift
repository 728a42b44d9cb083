import BreezeJSON
import BreezeModel
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Foundation
import Testing

/// One rule for the AQI a city shows (`ShownAQI`), read alike by the page, `/metrics` and
/// `/api/v1/status`: a state from before the alerting AQI was kept shows Open-Meteo's value
/// without a source; a kept one shows its own value and source beside Open-Meteo's.
@Suite struct ShownAQITests {
    /// "Old Town" from a state without an alerting AQI (Open-Meteo's 77), "New Town" with
    /// NowCast's 130 beside Open-Meteo's 90.
    static func snapshot() -> WebSnapshot {
        var old = DashboardFixtures.city("Old Town", aqi: 77)
        old.record?.alerting = nil
        let new = DashboardFixtures.city("New Town", aqi: 130, source: .nowcast, openMeteo: 90)
        return DashboardFixtures.snapshot(cities: [old, new])
    }

    @Test func aStateWithoutTheAlertingAQIShowsOpenMeteosWithoutASource() throws {
        let cities = Self.snapshot().cities
        #expect(cities[0].record?.shownAQI == ShownAQI(aqi: 77, source: nil, openMeteo: 77))
        #expect(cities[1].record?.shownAQI == ShownAQI(aqi: 130, source: .nowcast, openMeteo: 90))
    }

    @Test func thePageTheAPIAndMetricsShowTheSameAQIAndSource() throws {
        let snapshot = Self.snapshot()
        let html = String(decoding: WebRoutes.page(path: "/", snapshot: snapshot).body, as: UTF8.self)
        #expect(html.contains("data-city=\"Old Town\" data-aqi=\"77\""))
        #expect(html.contains("data-city=\"New Town\" data-aqi=\"130\""))
        #expect(html.contains("NowCast; Open-Meteo says 90"))
        #expect(html.contains("Open-Meteo (state from before <code class=\"key\" title=\"described in man breezed.conf\">AQISource=</code>; see <code class=\"key\">man breezed.conf</code>)"))

        struct Status: Decodable {
            struct City: Decodable { var city: String; var aqi: Int?; var aqiSource: String?; var openMeteoAQI: Int? }
            var cities: [City]
        }
        let status = try JSONValueDecoder.decode(Status.self, from: WebRoutes.page(path: "/api/v1/status", snapshot: snapshot).body)
        #expect(status.cities.map(\.aqi) == [77, 130])
        #expect(status.cities.map(\.aqiSource) == [nil, "nowcast"])
        #expect(status.cities.map(\.openMeteoAQI) == [77, 90])

        let metrics = String(decoding: WebRoutes.page(path: "/metrics", snapshot: snapshot).body, as: UTF8.self)
        #expect(metrics.contains("breeze_aqi{city=\"Old Town\"} 77\n"))
        #expect(metrics.contains("breeze_aqi{city=\"New Town\"} 130\n"))
        #expect(metrics.contains("breeze_open_meteo_aqi{city=\"New Town\"} 90\n"))
    }
}
