import BreezeBacktest
import BreezeCommandLine
import BreezeConfig
import BreezeHTTP
import BreezeOpenMeteo
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeCtl

/// Answers every air-quality request with an hourly series per location asked, `aqi(hour)` in
/// each (a seam for the command's unit test; the fixture server covers the real path).
struct HistoryTransport: HTTPTransport {
    let start: Instant
    let hours: Int
    let aqi: @Sendable (Int) -> Int?
    let requests = Requests()

    final class Requests: @unchecked Sendable {
        private let lock = NSLock()
        private var forms: [[String: String]] = []
        func append(_ form: [String: String]) { lock.withLock { forms.append(form) } }
        var all: [[String: String]] { lock.withLock { forms } }
    }

    func send(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        var form: [String: String] = [:]
        for pair in String(decoding: request.body ?? [], as: UTF8.self).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            form[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        requests.append(form)
        let latitudes = (form["latitude"] ?? "").split(separator: ",")
        let longitudes = (form["longitude"] ?? "").split(separator: ",")
        let times = (0..<hours).map { "\"" + TimeText.openMeteo(start + .seconds($0 * 3600)) + "\"" }
        let values = (0..<hours).map { aqi($0).map(String.init) ?? "null" }
        let elements = zip(latitudes, longitudes).map { latitude, longitude in
            #"{"latitude":\#(latitude),"longitude":\#(longitude),"hourly_units":{"time":"iso8601","us_aqi":"USAQI"},"#
                + #""hourly":{"time":[\#(times.joined(separator: ","))],"us_aqi":[\#(values.joined(separator: ","))]}}"#
        }
        let body = elements.count == 1 ? elements[0] : "[" + elements.joined(separator: ",") + "]"
        return HTTPResponse(status: 200, headers: ["content-type": "application/json"], body: Array(body.utf8))
    }
}

/// What a command printed.
final class Printed: @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var errors = ""
    var text: String { lock.withLock { output } }
    var errorText: String { lock.withLock { errors } }
    var console: Console {
        Console(
            writeOutput: { line in self.lock.withLock { self.output += line } },
            writeError: { line in self.lock.withLock { self.errors += line } }, colours: false)
    }
}

struct BacktestCommandTests {
    static let configuration = """
        [Breeze]
        PollInterval=15min
        [Alert]
        Threshold=101
        ConfirmAfter=2
        [City "Paris"]
        Latitude=48.8566
        Longitude=2.3522
        [City "Berlin"]
        Latitude=52.52
        Longitude=13.405
        Notify=ops off
        [Webhook "ops"]
        URL=https://a.example/hook
        [Webhook "off"]
        URL=https://b.example/hook
        Enabled=no
        """

    @Test func historyIsFetchedInOneBatchAndReplayedThroughEachCitysRule() throws {
        let configuration = try ConfigurationLoader.load(text: Self.configuration).configuration
        let subjects = configuration.cities.map { BacktestHistory.subject($0, in: configuration) }
        #expect(subjects.map(\.receivers) == [["ops"], ["ops"]])
        let start = Instant(unixSeconds: 1_785_542_400)
        let breach = 10..<16
        let transport = HistoryTransport(start: start, hours: 48, aqi: { breach.contains($0) ? 160 : 40 })
        let access = OpenMeteoAccess(
            endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5))
        let printed = Printed()
        // The clock stands 2 minutes into hour 40: the hours after it are forecasts, and
        // hour 40 itself is not complete: the range ends at hour 40's start.
        let now = start + .seconds(40 * 3600 + 120)
        let status = BacktestCommand.backtest(
            subjects, days: 2, json: true, access: access, now: now, console: printed.console)
        #expect(status == .success)
        let forms = transport.requests.all
        #expect(forms.count == 1)
        // `forecast_days=1`: today, whose complete hours end the range.
        #expect(forms.first?["past_days"] == "2" && forms.first?["forecast_days"] == "1")
        #expect(forms.first?["hourly"]?.split(separator: ",").first == "us_aqi")
        let cities = try #require(
            JSONSerialization.jsonObject(with: Data(printed.text.utf8)) as? [[String: Any]])
        #expect(cities.map { $0["city"] as? String } == ["Paris", "Berlin"])
        let interval = configuration.breeze.pollInterval
        let rule = subjects[0].rule
        for city in cities {
            let episodes = try #require(city["episodes"] as? [[String: Any]])
            try #require(episodes.count == 1)
            let fired = start + .seconds(breach.lowerBound * 3600) + interval * (rule.confirmAfter - 1)
            let resolved = start + .seconds(breach.upperBound * 3600) + interval * (rule.confirmAfter - 1)
            #expect(episodes[0]["firedAt"] as? String == TimeText.rfc3339(fired))
            #expect(episodes[0]["resolvedAt"] as? String == TimeText.rfc3339(resolved))
            #expect(episodes[0]["peakBand"] as? String == "unhealthy")
            #expect(city["polls"] as? Int == 40 * Int(3600 / interval.seconds))
            #expect(city["from"] as? String == TimeText.rfc3339(start))
            #expect(city["until"] as? String == TimeText.rfc3339(start + .seconds(40 * 3600)))
            #expect((city["notifications"] as? [String: Int]) == ["ops": 2])
        }
        #expect(printed.errorText.isEmpty)
    }

    /// The text names the range's end as well as its start, in the city's zone, the end being
    /// today's last complete hour.
    @Test func theTextNamesTheRangesStartAndEnd() throws {
        let text = Self.configuration.replacingOccurrences(of: "[City \"Paris\"]", with: "[City \"Paris\"]\nTimeZone=Europe/Paris")
        let configuration = try ConfigurationLoader.load(text: text).configuration
        let subjects = configuration.cities.prefix(1).map { BacktestHistory.subject($0, in: configuration) }
        // 2026-08-01 00:00 UTC, two days of hours; the clock at 2026-08-02 14:02 UTC (16:02 CEST).
        let start = Instant(unixSeconds: 1_785_542_400)
        let transport = HistoryTransport(start: start, hours: 48, aqi: { _ in 40 })
        let printed = Printed()
        let status = BacktestCommand.backtest(
            Array(subjects), days: 1, json: false,
            access: OpenMeteoAccess(endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5)),
            now: start + .seconds(38 * 3600 + 120), console: printed.console)
        #expect(status == .success, "\(printed.errorText)")
        #expect(printed.text.contains("1 day and today, Yesterday 02:00 – Today 16:00 CEST, "), "\(printed.text)")
    }

    /// 92 days for 1,000 locations in one answer is over the transport's 32 MiB body limit:
    /// long histories go in batches of 9,200 location-days (100 locations at 92 days).
    @Test func longHistoriesOfManyCitiesGoInSmallerBatches() throws {
        #expect(BacktestCommand.locationsPerRequest(days: 92) == 100)
        #expect(BacktestCommand.locationsPerRequest(days: 30) == 306)
        #expect(BacktestCommand.locationsPerRequest(days: 2) == 1000)
        #expect(BacktestCommand.locationsPerRequest(days: 0) == 1000)
        var text = "[Breeze]\nPollInterval=1h\n"
        for index in 0..<250 { text += "[City \"C\(index)\"]\nLatitude=\(Double(index) / 10)\nLongitude=\(Double(index) / 10)\n" }
        let configuration = try ConfigurationLoader.load(text: text).configuration
        let subjects = configuration.cities.map { BacktestHistory.subject($0, in: configuration) }
        let start = Instant(unixSeconds: 1_785_542_400)
        let transport = HistoryTransport(start: start, hours: 92 * 24, aqi: { $0 % 50 == 0 ? 160 : 40 })
        let printed = Printed()
        let status = BacktestCommand.backtest(
            subjects, days: 92, sources: [.openMeteo], json: true,
            access: OpenMeteoAccess(endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5)),
            now: start + .seconds(92 * 86_400), console: printed.console)
        #expect(status == .success, "\(printed.errorText)")
        let batches = transport.requests.all.map { $0["latitude"]?.split(separator: ",").count ?? 0 }
        #expect(batches == [100, 100, 50])
        let cities = try #require(JSONSerialization.jsonObject(with: Data(printed.text.utf8)) as? [[String: Any]])
        #expect(cities.map { $0["city"] as? String } == (0..<250).map { "C\($0)" })
    }

    @Test func theTextNamesEachEpisodeAndTheRule() throws {
        let configuration = try ConfigurationLoader.load(text: Self.configuration).configuration
        let subject = BacktestHistory.subject(configuration.cities[1], in: configuration)
        let start = Instant(unixSeconds: 1_785_542_400)
        let transport = HistoryTransport(start: start, hours: 24, aqi: { $0 >= 20 ? 230 : ($0 == 5 ? nil : 40) })
        let printed = Printed()
        let status = BacktestCommand.backtest(
            [subject], days: 1, sources: [.openMeteo], json: false,
            access: OpenMeteoAccess(endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5)),
            now: start + .seconds(86_400), console: printed.console)
        #expect(status == .success)
        let text = printed.text
        #expect(text.contains("Berlin by open-meteo: 1 day and today, Yesterday 00:00 – Today 00:00 UTC, "), "\(text)")
        #expect(text.contains("Threshold=101 Hysteresis=10 ConfirmAfter=2"))
        #expect(text.contains("1 episode, 0 short (1h or less)"))
        #expect(text.contains("still firing at the end"))
        #expect(text.contains("notifications: ops 1"))
        #expect(text.contains("without data: 1 hour of 24"))
        #expect(text.contains("230 Very Unhealthy"))
    }

    @Test func withoutSourceEachCityReplaysItsOwnAQISource() throws {
        let configuration = try ConfigurationLoader.load(
            text: Self.configuration + "\n[City \"Oslo\"]\nLatitude=59.91\nLongitude=10.75\nAQISource=open-meteo\n").configuration
        let configured = Dictionary(
            uniqueKeysWithValues: configuration.cities.map { ($0.city.name, BacktestSource($0.alert.aqiSource)) })
        #expect(configured["Oslo"] == .openMeteo)
        #expect(configured["Berlin"] == .nowcast)
        let start = Instant(unixSeconds: 1_785_542_400)
        let transport = HistoryTransport(start: start, hours: 24, aqi: { _ in 40 })
        let printed = Printed()
        let status = BacktestCommand.backtest(
            configuration.cities.map { BacktestHistory.subject($0, in: configuration) }, days: 1,
            configuredSources: configured, json: false,
            access: OpenMeteoAccess(endpoints: OpenMeteoEndpoints(apiURL: "http://127.0.0.1:1"), transport: transport, timeout: .seconds(5)),
            now: start + .seconds(86_400), console: printed.console)
        #expect(status == .success)
        #expect(printed.text.contains("Oslo by open-meteo:"))
        #expect(printed.text.contains("Berlin by nowcast:"))
        #expect(!printed.text.contains("Berlin by open-meteo:"))
    }

    @Test func badArgumentsAreUsageErrorsNamingThem() {
        for (arguments, message) in [
            (["--days", "93"], "--days 93"), (["--days", "x"], "--days x"), (["--days", "0"], "--days 0"),
            (["--source", "airnow"], "--source airnow"), (["--source", "Both"], "--source Both"), (["extra"], "'extra'"),
        ] {
            let printed = Printed()
            let status = Breezectl.run(["backtest"] + arguments, context: CommandContext(console: printed.console, environment: [:]))
            #expect(status == .usage, "\(arguments)")
            #expect(printed.errorText.contains(message), "\(arguments): \(printed.errorText)")
        }
    }
}
