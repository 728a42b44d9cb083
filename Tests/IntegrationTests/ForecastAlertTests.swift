import BreezeTestSupport
import Foundation
import Testing

/// The real `breezed --once` on the fixture's forecast scenarios: one `forecast` event for
/// tomorrow's ozone peak, in the log and at the webhook, and none on the next run; a forecast
/// shorter than asked gives a record and no event.
///
/// breezed reads the real clock, so the scenario is moved to it: its anchor becomes today's
/// UTC midnight and its `now` the current minute (the file's hours keep their meaning: the
/// ozone peak is tomorrow 11:00–18:00Z). The city is in UTC.
struct ForecastAlertTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/scenarios")

    /// The scenario `name`, anchored at today's UTC midnight with its clock at the current minute.
    static func scenario(_ name: String) throws -> String {
        var text = try String(contentsOf: scenarios.appendingPathComponent(name + ".json"), encoding: .utf8)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm"
        let now = Date()
        let midnight = formatter.string(from: now).prefix(10) + "T00:00"
        text = text.replacingOccurrences(of: #""now": "2026-08-20T14:00""#, with: #""now": "\#(formatter.string(from: now))""#)
        text = text.replacingOccurrences(of: #""anchor": "2026-08-20T00:00""#, with: #""anchor": "\#(midnight)""#)
        return text
    }

    /// Minutes since UTC midnight now.
    static var minuteOfDay: Int {
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: Date())
        return (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
    }

    func configuration(_ server: OpenMeteoServer, webhook: WebhookReceiverServer, forecastAt: String) throws -> String {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-state-\(UUID().uuidString)").path
        let path = try server.configuration(
            cities: [DaemonTests.paris],
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(state)\n[Alert]\nForecastAt=\(forecastAt)\n"
                + "[Webhook \"ops\"]\nURL=\(webhook.url)\nRetryInitialDelay=200ms\n")
        // The city's zone: UTC, the scenario's.
        let text = try String(contentsOfFile: path, encoding: .utf8) + "TimeZone=UTC\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func forecastRecords(_ log: String) -> [String] {
        log.split(separator: "\n").map(String.init).filter { $0.contains("BREEZE_EVENT=forecast") }
    }

    @Test func tomorrowsOzonePeakIsAnnouncedOnceAfterForecastAt() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try server.control("scenario", try Self.scenario("forecast-peak"))
        // Before ForecastAt (unless it is 23:59 now): nothing decided yet.
        if Self.minuteOfDay < 23 * 60 + 59 {
            let early = try configuration(server, webhook: webhook, forecastAt: "23:59")
            let before = try Binaries.run(Binaries.breezed, ["--config", early, "--once", "--log", "stderr"])
            #expect(before.status == 0, "\(before.standardError)")
            #expect(forecastRecords(before.standardError).isEmpty)
        }
        let path = try configuration(server, webhook: webhook, forecastAt: "00:00")
        let first = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(first.status == 0, "\(first.standardError)")
        let records = forecastRecords(first.standardError)
        #expect(records.count == 1, "\(first.standardError)")
        let record = try #require(records.first)
        let tomorrow = Self.tomorrow()
        #expect(record.contains("BREEZE_FORECAST_DAY=\(tomorrow)"))
        #expect(record.contains("BREEZE_BAND=unhealthy"), "\(record)")
        #expect(record.contains("BREEZE_DOMINANT_POLLUTANT=o3"), "\(record)")
        #expect(webhook.waitFor { $0.contains { $0.id.contains("-forecast-\(tomorrow)-1-forecast") && $0.status == 200 } })
        let bodies = try webhook.requests().compactMap { $0["json"] as? [String: Any] }
        let forecast = try #require(bodies.first { $0["type"] as? String == "breeze.alert.forecast" })
        let data = try #require(forecast["data"] as? [String: Any])
        #expect((data["forecast"] as? [String: Any])?["day"] as? String == tomorrow)
        #expect(((data["forecast"] as? [String: Any])?["hoursAboveThreshold"] as? Int ?? 0) > 0)
        // Run again: the day is decided, the forecast the same: nothing more.
        let again = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(again.status == 0)
        #expect(forecastRecords(again.standardError).isEmpty, "\(again.standardError)")
        #expect(try webhook.requests().compactMap { $0["json"] as? [String: Any] }
            .filter { ($0["type"] as? String)?.hasPrefix("breeze.alert.forecast") == true }.count == 1)
    }

    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func theForecastRecordReachesTheJournalWithItsFields() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try server.control("scenario", try Self.scenario("forecast-peak"))
        let path = try configuration(server, webhook: webhook, forecastAt: "00:00")
        let (result, journal) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(result.status == 0, "\(result.standardError)")
        let records = PrivateJournal.breezedRecords(journal).filter { $0["BREEZE_EVENT"] as? String == "forecast" }
        #expect(records.count == 1, "\(journal.prefix(2000))")
        let record = try #require(records.first)
        #expect(record["BREEZE_FORECAST_DAY"] as? String == Self.tomorrow())
        #expect(record["BREEZE_FORECAST_THRESHOLD"] as? String == "101")
        #expect(record["BREEZE_BAND"] as? String == "unhealthy")
        #expect(record["MESSAGE_ID"] as? String == "33d3a05a232f4a498ea5174a8f6014ed")
        #expect(record["PRIORITY"] as? String == "4")
        #expect((record["MESSAGE"] as? String)?.hasPrefix("Air quality forecast for Paris, Tomorrow: peak AQI") == true)
    }

    @Test func aForecastShorterThanAskedGivesARecordAndNoEvent() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try server.control("scenario", try Self.scenario("forecast-peak-short"))
        let path = try configuration(server, webhook: webhook, forecastAt: "00:00")
        let run = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(forecastRecords(run.standardError).isEmpty)
        // The fixture's series ends six hours after the current hour: from 18:00 UTC on, tomorrow
        // has a few of its hours (incomplete) instead of none (beyond the horizon).
        let beyond = run.standardError.contains("forecast for \(Self.tomorrow()) beyond the forecast horizon; no forecast alert")
        let incomplete = run.standardError.contains("forecast for \(Self.tomorrow()) incomplete")
        #expect(beyond || incomplete, "\(run.standardError)")
        #expect(try webhook.requests().isEmpty)
    }

    @Test func nowForecastShowsTheComingDays() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        try server.control("scenario", try Self.scenario("forecast-peak"))
        let path = try configuration(server, webhook: webhook, forecastAt: "16:00")
        let json = try Binaries.run(Binaries.breezectl, ["now", "--forecast", "--json", "--config", path])
        #expect(json.status == 0, "\(json.standardError)")
        let days = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
        #expect(days.count == 4)
        let tomorrow = try #require(days.first)
        #expect(tomorrow["day"] as? String == Self.tomorrow())
        #expect(tomorrow["status"] as? String == "rated")
        #expect(tomorrow["band"] as? String == "unhealthy")
        #expect(tomorrow["dominantPollutant"] as? String == "o3")
        #expect((tomorrow["hoursAboveThreshold"] as? Int ?? 0) > 0)
        #expect(tomorrow["threshold"] as? Int == 101)
        try server.control("scenario", try Self.scenario("forecast-peak-short"))
        let text = try Binaries.run(Binaries.breezectl, ["now", "--forecast", "--config", path])
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("Tomorrow"))
        // Four days beyond the horizon, or (from 18:00 UTC, see above) tomorrow incomplete and three beyond.
        let beyond = text.standardOutput.components(separatedBy: "The forecast does not reach this day.").count - 1
        let incomplete = text.standardOutput.components(separatedBy: "The forecast is missing hours").count - 1
        #expect(beyond == 4 || (beyond == 3 && incomplete >= 1), "\(text.standardOutput)")
    }

    static func tomorrow() -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date().addingTimeInterval(86400))
    }
}
