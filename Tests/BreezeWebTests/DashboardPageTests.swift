import BreezeModel
import BreezeState
import BreezeVocabulary
@testable import BreezeWeb
import Foundation
import Testing

/// `/` and `/city/<slug>` read back by an independent strict parser.
@Suite struct DashboardPageTests {
    let snapshot = DashboardFixtures.snapshot()

    @Test func everyCityHasItsCardWithItsAQIAndBand() throws {
        let page = WebRoutes.page(path: "/", snapshot: snapshot)
        #expect(page.status == 200)
        #expect(page.contentType == "text/html; charset=utf-8")
        let result = try PageChecker.check(page)
        #expect(result.errors == [])
        #expect(result.cards.count == snapshot.cities.count)
        for (city, card) in zip(snapshot.cities, result.cards) {
            let aqi = try #require(city.record?.alerting?.aqi)
            let band = try #require(Band(aqi: aqi))
            #expect(card["data-city"] == city.name)
            #expect(card["data-aqi"] == String(aqi))
            #expect(card["data-band"] == band.slug)
            let text = try #require(card["text"])
            #expect(text.contains(" \(aqi) US AQI"), "\(city.name): \(text)")
            #expect(text.contains(band.label))
            for tip in band.healthTips { #expect(text.contains(tip)) }
            #expect(text.contains("NowCast; Open-Meteo says \(aqi)"))
            #expect(text.contains(band.summary))
            #expect(text.contains(aqi > 150 ? "firing since" : "not firing"))
        }
        #expect(result.text.contains("1.2.3-test"))
        #expect(result.text.contains("PM2.5 14.2 µg/m³ Moderate"), "PM2.5 at 14.2 is above the 9.0 good limit")
        #expect(result.text.contains("O₃ 61.0 µg/m³ Good"))
        #expect(result.refresh == ["900"])
        #expect(!result.text.contains("out of date"))
    }

    @Test func theRingIsTheAQIsShareOf500() throws {
        var html = HTMLWriter()
        AQICard.writeDial(aqi: 250, band: .veryUnhealthy, into: &html)
        let circumference = 2 * Double.pi * 72
        #expect(html.text.contains("stroke-dasharray=\"\(WebNumber.coordinate(circumference / 2)) \(WebNumber.coordinate(circumference))\""))
        var beyond = HTMLWriter()
        AQICard.writeDial(aqi: 9000, band: nil, into: &beyond)
        #expect(beyond.text.contains("stroke-dasharray=\"\(WebNumber.coordinate(circumference)) "))
        var none = HTMLWriter()
        AQICard.writeDial(aqi: nil, band: nil, into: &none)
        #expect(!none.text.contains("ring-value"))
    }

    @Test func aCityNeverPolledOrFailingSaysSo() throws {
        var failing = DashboardFixtures.city("Oslo", aqi: nil, error: "timed out after 30 s")
        failing.record?.lastReading = nil
        failing.record?.alerting = nil
        let cities = [WebCity(name: "Lima", slug: Slug.of("Lima")), failing]
        let result = try PageChecker.check(WebRoutes.page(path: "/", snapshot: DashboardFixtures.snapshot(cities: cities)))
        #expect(result.errors == [])
        #expect(result.cards[0]["text"]?.contains("Not polled yet") == true)
        #expect(result.cards[0]["data-aqi"] == nil)
        #expect(result.cards[1]["text"]?.contains("Error timed out after 30 s") == true)
        #expect(result.cards[1]["text"]?.contains("The last poll failed") == true)
    }

    @Test func openMeteoSourceAndAFallbackAreNamed() throws {
        var fallback = DashboardFixtures.city("Rome", aqi: 61, source: .openMeteo)
        fallback.record?.alerting?.fallbackReason = "no hourly series in the answer"
        let cities = [DashboardFixtures.city("Nice", aqi: 70, source: .openMeteo), fallback]
        let result = try PageChecker.check(WebRoutes.page(path: "/", snapshot: DashboardFixtures.snapshot(cities: cities)))
        #expect(result.cards[0]["text"]?.contains("Source Open-Meteo Dominant") == true)
        #expect(result.cards[1]["text"]?.contains("Open-Meteo's value, since no hourly series in the answer") == true)
    }

    @Test func aStaleDaemonIsWarnedOfAsBreezectlStatusJudges() throws {
        var stale = DashboardFixtures.snapshot()
        stale.state.lastCycleCompletedAt = Instant(unixSeconds: DashboardFixtures.now.unixSeconds - 3 * 900 - 1)
        #expect(try PageChecker.check(WebRoutes.page(path: "/", snapshot: stale)).text.contains("out of date"))
        stale.state.lastCycleCompletedAt = Instant(unixSeconds: DashboardFixtures.now.unixSeconds - 3 * 900)
        #expect(try !PageChecker.check(WebRoutes.page(path: "/", snapshot: stale)).text.contains("out of date"))
        stale.state.lastCycleCompletedAt = nil
        #expect(try PageChecker.check(WebRoutes.page(path: "/", snapshot: stale)).text.contains("No poll cycle has completed yet"))
    }

    @Test(arguments: [(1, 30), (29, 30), (60, 60), (900, 900), (3600, 3600), (86400, 3600)])
    func theRefreshFollowsTheIntervalWithinBounds(interval: Int, refresh: Int) throws {
        let page = WebRoutes.page(path: "/", snapshot: DashboardFixtures.snapshot(interval: .seconds(interval)))
        #expect(try PageChecker.check(page).refresh == [String(refresh)])
    }

    @Test func theCityPageHasItsChartsForecastPollenAndClimate() throws {
        let city = snapshot.cities[2]
        let page = WebRoutes.page(path: "/city/" + city.slug, snapshot: snapshot)
        #expect(page.status == 200)
        let result = try PageChecker.check(page)
        #expect(result.errors == [])
        #expect(result.cards.map { $0["data-aqi"] } == ["57"])
        let text = result.text
        #expect(text.contains("US AQI hour by hour over the last 48 hours"))
        // Days as people say them, not ISO dates.
        #expect(text.contains("Today AQI 57"))
        #expect(text.contains("Tomorrow AQI 48 · Good (O₃)"))
        #expect(text.contains("Sat 5 Dec The forecast does not reach this day."))
        #expect(!text.contains("2026-12-0"))
        #expect(text.contains("Birch 16 grains/m³ Moderate"))
        #expect(text.contains("Olive 1600 grains/m³ Very High"))
        #expect(text.contains("Grass 0.4 grains/m³ None"))
        #expect(text.contains("UV index: 2.4"))
        #expect(text.contains("Change from 1980 to 2020: +2.5 °C"))
        #expect(text.contains("2026: no data"))
        #expect(text.contains("2010: 5.9 °C (−1.2 °C from the first year)"))
        let body = String(decoding: page.body, as: UTF8.self)
        #expect(body.contains("trend-bar trend-red"), "2020 is 2.5 °C warmer than 1980")
        #expect(body.contains("trend-bar trend-blue"), "2010 is 1.2 °C cooler")
        #expect(body.components(separatedBy: "class=\"bar band-").count - 1 == 48 - 4, "four hours are gaps")
    }

    @Test func fahrenheitConvertsTemperaturesAndDifferences() throws {
        var fahrenheit = snapshot
        fahrenheit.temperatureUnit = .fahrenheit
        let text = try PageChecker.check(WebRoutes.page(path: "/city/" + snapshot.cities[0].slug, snapshot: fahrenheit)).text
        #expect(text.contains("1980: 44.8 °F"))
        #expect(text.contains("Change from 1980 to 2020: +4.5 °F"))
    }

    @Test func missingSectionsSaySoAndNeverSayNone() throws {
        var city = DashboardFixtures.city("Quito", aqi: 30)
        (city.pollen, city.climate, city.forecast, city.history, city.uvIndex) = (nil, nil, [], [], nil)
        let text = try PageChecker.check(
            WebRoutes.page(path: "/city/" + city.slug, snapshot: DashboardFixtures.snapshot(cities: [city]))
        ).text
        #expect(text.contains("No pollen data here"))
        #expect(text.contains("Not fetched yet"))
        #expect(text.contains("( ArchiveURL= ) once a day"))
        #expect(text.contains("or a digest needs it; see man breezed.conf"))
        #expect(text.contains("No forecast yet"))
        #expect(text.contains("No hourly AQI yet"))
        #expect(text.contains("UV index: unknown"))
        #expect(!text.contains("None"))
    }

    /// A failed fetch says what happened, when, and when it is tried again, in the city's zone;
    /// never "not fetched yet", and never that ArchiveURL= is missing (it has a default).
    @Test func aFailedExtraSaysWhatHappened() throws {
        var city = DashboardFixtures.city("Quito", aqi: 30)
        (city.pollen, city.climate, city.uvIndex) = (nil, nil, nil)
        let at = DashboardFixtures.now + .seconds(-600)
        city.failures[.climate] = ExtrasFailure(
            city: "Quito", kind: .climate, reason: "Open-Meteo answered 404 (not found) for http://127.0.0.1:9/v1/archive/v1/archive",
            at: at, nextTry: at + .seconds(3 * 3600), timeZone: "UTC")
        city.failures[.pollenAndUV] = ExtrasFailure(
            city: "Quito", kind: .pollenAndUV, reason: "Open-Meteo unreachable: timed out", at: at, nextTry: at + .seconds(3 * 3600),
            timeZone: "UTC")
        let page = WebRoutes.page(path: city.address, snapshot: DashboardFixtures.snapshot(cities: [city]))
        let text = try PageChecker.check(page).text
        let clock = TimeText.clock(at, in: TimeText.zone("UTC"))
        let next = TimeText.clock(at + .seconds(3 * 3600), in: TimeText.zone("UTC"))
        #expect(text.contains(
            "Fetching from the archive (ArchiveURL=) failed: Open-Meteo answered 404 (not found) for "
                + "http://127.0.0.1:9/v1/archive/v1/archive (tried \(clock); next try after \(next))."))
        #expect(text.contains("Fetching from the air-quality API (ApiURL=) failed: Open-Meteo unreachable: timed out (tried \(clock);"))
        #expect(!text.contains("Not fetched yet"))
        #expect(!text.contains("without ArchiveURL="))
        #expect(!text.contains("No pollen data here"))
        let status = String(decoding: WebRoutes.page(path: "/api/v1/status", snapshot: DashboardFixtures.snapshot(cities: [city])).body, as: UTF8.self)
        #expect(status.contains("\"extrasFailures\""))
        #expect(status.contains("\"extra\": \"climate\""))
    }

    /// A partly forecast day shows its reason, not six pollutants' hour counts (which squeezed
    /// the date into a column one character wide); the whole note stays in the title.
    @Test func anUnratedDayShowsItsReasonShortAndTheDetailInItsTitle() throws {
        var city = DashboardFixtures.city("Quito", aqi: 30)
        let detail = "The forecast is missing hours of this day (PM2.5 daily mean: 16 of 24 hours present, 24 required)."
        city.forecast = [ForecastDayAQI(day: "2026-12-06", aqi: nil, note: detail)]
        let body = String(decoding: WebRoutes.page(
            path: "/city/" + city.slug, snapshot: DashboardFixtures.snapshot(cities: [city])).body, as: UTF8.self)
        #expect(body.contains("title=\"The forecast is missing hours of this day (PM2.5 daily mean: 16 of 24 hours present, 24 required).\">The forecast is missing hours of this day.</span>"))
        #expect(body.contains(".days li span:first-child{white-space:nowrap}"))
    }

    /// `/city/paris` (the readable part alone) is Paris's page while no other city shares it;
    /// two cities that read alike are reached by their whole slugs only.
    @Test func theReadablePartOfASlugFindsTheCityWhenItIsUnique() throws {
        let paris = DashboardFixtures.city("Paris", aqi: 30)
        let alone = DashboardFixtures.snapshot(cities: [paris, DashboardFixtures.city("Lyon", aqi: 40)])
        #expect(WebRoutes.page(path: "/city/paris", snapshot: alone).status == 200)
        #expect(WebRoutes.page(path: "/city/paris", snapshot: alone).body == WebRoutes.page(path: "/city/" + paris.slug, snapshot: alone).body)
        #expect(WebRoutes.page(path: "/api/v1/cities/paris", snapshot: alone).status == 200)
        let twins = DashboardFixtures.snapshot(cities: [paris, DashboardFixtures.city("PARIS", aqi: 40)])
        #expect(WebRoutes.page(path: "/city/paris", snapshot: twins).status == 404)
        #expect(WebRoutes.page(path: "/city/" + paris.slug, snapshot: twins).status == 200)
    }

    /// 東京 has a readable address, its name percent-encoded, which the dashboard links to;
    /// its slug resolves too (and stays the id in the card's anchor and event ids).
    @Test func aNameInAnyScriptIsItsPagesAddress() throws {
        let tokyo = DashboardFixtures.city("東京", aqi: 30)
        let snapshot = DashboardFixtures.snapshot(cities: [tokyo, DashboardFixtures.city("São Paulo", aqi: 40)])
        #expect(tokyo.address == "/city/%E6%9D%B1%E4%BA%AC")
        let page = WebRoutes.page(path: "/city/%E6%9D%B1%E4%BA%AC", snapshot: snapshot)
        #expect(page.status == 200)
        #expect(try PageChecker.check(page).text.contains("東京"))
        #expect(WebRoutes.page(path: "/city/%e6%9d%b1%e4%ba%ac", snapshot: snapshot).body == page.body)
        #expect(WebRoutes.page(path: "/city/" + tokyo.slug, snapshot: snapshot).body == page.body)
        #expect(WebRoutes.page(path: "/city/S%C3%A3o%20Paulo", snapshot: snapshot).status == 200)
        #expect(WebRoutes.page(path: "/api/v1/cities/%E6%9D%B1%E4%BA%AC", snapshot: snapshot).status == 200)
        let home = String(decoding: WebRoutes.page(path: "/", snapshot: snapshot).body, as: UTF8.self)
        #expect(home.contains("href=\"/city/%E6%9D%B1%E4%BA%AC\""))
        #expect(home.contains("href=\"/city/S%C3%A3o%20Paulo\""))
        #expect(home.contains("id=\"city-\(tokyo.slug)\""))
        #expect(tokyo.slug.hasPrefix("city-"))
    }

    /// A dot segment a browser would swallow is linked by its slug.
    @Test func aNameThatIsADotSegmentIsLinkedByItsSlug() {
        let dots = DashboardFixtures.city("..", aqi: 30)
        #expect(dots.address == "/city/" + dots.slug)
        #expect(WebRoutes.page(path: dots.address, snapshot: DashboardFixtures.snapshot(cities: [dots])).status == 200)
    }

    /// Bad percent-encoding, a NUL, bytes that are not UTF-8 and an overlong address are no
    /// city's page: a 404, never a trap.
    @Test(arguments: [
        "/city/%", "/city/%E", "/city/%zz", "/city/%E6%9D", "/city/%FF%FE", "/city/%00", "/city/%E6%9D%B1%00",
        "/city/%C0%AF", "/city/" + String(repeating: "%E6%9D%B1", count: 2000), "/city/" + String(repeating: "a", count: 100_000),
        "/api/v1/cities/%", "/api/v1/cities/%C0%AF", "/city/%2E%2E", "/city/..%2F..%2Fetc%2Fpasswd",
    ])
    func hostileAddressesAreNotFound(path: String) throws {
        let tokyo = DashboardFixtures.city("東京", aqi: 30)
        let page = WebRoutes.page(path: path, snapshot: DashboardFixtures.snapshot(cities: [tokyo]))
        #expect(page.status == 404)
    }

    @Test func anUnknownSlugIsANotFoundPageLinkingHome() throws {
        for path in ["/city/nowhere", "/city/", "/city/" + snapshot.cities[0].slug + "/x"] {
            let page = WebRoutes.page(path: path, snapshot: snapshot)
            #expect(page.status == 404)
            let body = String(decoding: page.body, as: UTF8.self)
            #expect(body.contains("<a href=\"/\">"))
            #expect(try PageChecker.check(page).errors == [])
        }
    }
}
