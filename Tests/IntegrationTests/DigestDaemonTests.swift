import BreezeTestSupport
import BreezeVocabulary
import Foundation
import Testing

/// The real `breezed` with `Digest=` a minute ahead (receivers in UTC) against the fixture
/// servers: the digest arrives once at a json, an ntfy and an email receiver at that minute —
/// not at the start, not at the next poll — with the city's reading, pollen and climate line;
/// a restart the same day sends no second one.
struct DigestDaemonTests {
    /// The next whole UTC minute at least 20 s away: the daemon's first cycle comes before it.
    static func digestMinute() -> Date {
        let now = Date().timeIntervalSince1970
        var minute = (now / 60).rounded(.up) * 60
        if minute - now < 20 { minute += 60 }
        return Date(timeIntervalSince1970: minute)
    }

    static func clock(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    static func day(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: date)
    }

    func configuration(_ server: OpenMeteoServer, webhook: WebhookReceiverServer, folder: String, at: String) throws -> String {
        let receivers = """
            [Webhook "machines"]
            URL=\(webhook.baseURL)/json
            Format=json
            Digest=\(at)
            TimeZone=UTC
            RetryInitialDelay=200ms
            [Webhook "phone"]
            URL=\(webhook.baseURL)/phone
            Format=ntfy
            Digest=\(at)
            TimeZone=UTC
            RetryInitialDelay=200ms
            [Webhook "am"]
            URL=\(webhook.baseURL)/am
            Format=alertmanager
            Digest=\(at)
            [Email "family"]
            To=family@example.com
            Spool=\(folder)/mail
            Digest=\(at)
            TimeZone=UTC
            """
        return try server.configuration(
            cities: [DaemonTests.paris],
            extra: "PollInterval=15min\nJitter=0\nStateDirectory=\(folder)/state\nControlSocket=\(folder)/control\n"
                + "[Web]\nListen=\n" + receivers)
    }

    func mail(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/mail/new")) ?? []).map { folder + "/mail/new/" + $0 }
    }

    @Test func theDigestArrivesOnceAtItsMinuteAndNotAgainAfterARestart() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-digest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let minute = Self.digestMinute()
        let today = Self.day(minute)
        let path = try configuration(server, webhook: webhook, folder: folder, at: Self.clock(minute))
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", path])
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("digest: machines at \(Self.clock(minute)), phone at"))
        #expect(check.standardOutput.contains("for the climate trend (once a day), which the digest shows"))

        var daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        // The first cycle and the extras it starts come before the digest's minute: nothing yet.
        #expect(daemon.waitForLog("status page extras: pollen and UV for 1 city, climate trend for 1"))
        #expect(Date() < minute)
        #expect(try webhook.requests().isEmpty)
        #expect(mail(folder).isEmpty)

        // Then, at the minute: one each (the poll interval is 15 minutes).
        #expect(webhook.waitFor(seconds: 90) { deliveries in
            deliveries.filter { $0.id.hasPrefix("digest-") }.count >= 1
        })
        #expect(eventually { try webhook.requests(to: "/phone").count == 1 && mail(folder).count == 1 })
        let json = try #require(try webhook.requests(to: "/json").first)
        let arrived = try #require(json["time"] as? Double)
        #expect(arrived >= minute.timeIntervalSince1970 && arrived < minute.timeIntervalSince1970 + 60)
        #expect(try webhook.requests(to: "/am").isEmpty)

        // json: the reading the daemon logged, pollen for Paris, the climate line.
        let body = try #require(json["json"] as? [String: Any])
        #expect(body["type"] as? String == "breeze.digest")
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["day"] as? String == today)
        #expect(data["receiver"] as? String == "machines")
        let headers = try #require(json["headers"] as? [String: String])
        #expect(headers["webhook-id"]?.hasPrefix("digest-machines-") == true)
        #expect(headers["webhook-id"]?.hasSuffix("-\(today)") == true)
        let city = try #require((data["cities"] as? [[String: Any]])?.first)
        #expect((city["city"] as? [String: Any])?["name"] as? String == "Paris")
        let aqi = try #require(city["aqi"] as? Int)
        #expect(daemon.log.contains("Paris: AQI \(aqi), "), "\(daemon.log)")
        #expect((city["pollen"] as? [String: String])?.isEmpty == false, "\(city)")
        #expect((city["climate"] as? String)?.contains("this day in 19") == true, "\(city)")

        // ntfy: the headline first, the city's facts as a list.
        let phone = try #require(try webhook.requests(to: "/phone").first)
        let text = try #require(phone["body"] as? String)
        let headline = try #require(data["message"] as? String)
        #expect(text.hasPrefix(headline + "\n\nParis"), "\(text)")
        #expect(text.contains("\n• Now: AQI \(aqi), "))
        #expect(text.contains("\n• Pollen: "))
        let phoneHeaders = try #require(phone["headers"] as? [String: String])
        #expect(phoneHeaders["title"]?.hasPrefix("Air quality digest for \(TimeText.weekdayAndDate(named: today)): ") == true)
        #expect(phoneHeaders["tags"]?.hasPrefix("newspaper,") == true)

        // Email, parsed by Python's strict email parser.
        let report = try #require(try MailCheck.run(mail(folder)).first)
        #expect(report["ok"] as? Bool == true, "\(report)")
        let mailHeaders = try #require(report["headers"] as? [String: String])
        #expect(mailHeaders["subject"]?.hasPrefix("[Breeze] Air quality digest for \(TimeText.weekdayAndDate(named: today)): ") == true)
        let mailBody = try #require(report["body"] as? String)
        #expect(mailBody.hasPrefix(headline + "\n\nParis"))
        #expect(mailBody.contains("\n- Now: AQI \(aqi), "))
        #expect(daemon.log.contains("daily digest for machines (\(today)) is in the outbox: 1 city"))
        #expect(!daemon.log.contains("daily digest for am "))

        // A restart the same day: the first cycle and its digest check come and go, nothing is sent.
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        let state = try String(contentsOfFile: folder + "/state/state.json", encoding: .utf8)
        #expect(state.contains("\"machines\": \"\(today)\"") || state.contains("\"machines\":\"\(today)\""), "\(state)")
        daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(daemon.waitForLog("status page extras: pollen and UV for 1 city"))
        #expect(!daemon.log.contains("daily digest for"))
        #expect(try webhook.requests(to: "/json").count == 1)
        #expect(try webhook.requests(to: "/phone").count == 1)
        #expect(mail(folder).count == 1)
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }
}

extension DigestDaemonTests {
    /// `breezed --once` under a private journald: a digest due (`Digest=00:00`) is written with
    /// the cycle and logged as one `digest` record with its fields; the next run the same day
    /// writes none.
    @Test(.enabled(if: JournalTests.canRunPrivateJournald, "needs root, unshare and systemd-journald"))
    func onceWritesADueDigestAndTheJournalHasItsRecord() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-digest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try configuration(server, webhook: webhook, folder: folder, at: "00:00")
        let (result, journal) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(result.status == 0, "\(result.standardError)")
        let today = Self.day(Date())
        let records = PrivateJournal.breezedRecords(journal).filter { $0["BREEZE_EVENT"] as? String == "digest" }
        #expect(records.count == 3, "\(journal.prefix(3000))")  // machines, phone, family; not am
        let record = try #require(records.first { $0["BREEZE_RECEIVER"] as? String == "machines" })
        #expect(record["BREEZE_DIGEST_DAY"] as? String == today)
        #expect(record["BREEZE_DIGEST_CITIES"] as? String == "1")
        #expect(record["MESSAGE_ID"] as? String == "0d70120c25b54a32a61cefd15bf98786")
        #expect(record["PRIORITY"] as? String == "6")
        #expect((record["BREEZE_ALERT_ID"] as? String)?.hasPrefix("digest-machines-") == true)
        #expect(try webhook.requests(to: "/json").count == 1)
        #expect(try webhook.requests(to: "/am").isEmpty)

        let (again, second) = try PrivateJournal.run([Binaries.breezed.path, "--config", path, "--once", "--log", "journal"])
        #expect(again.status == 0)
        #expect(PrivateJournal.breezedRecords(second).filter { $0["BREEZE_EVENT"] as? String == "digest" }.isEmpty)
        #expect(!PrivateJournal.breezedRecords(second).isEmpty)
        #expect(try webhook.requests(to: "/json").count == 1)
    }
}

extension DigestDaemonTests {
    /// A digest missed while breezed was down (`Digest=00:00`) goes at the start, once the
    /// first cycle and the first pollen and climate fetch are done: it shows them.
    @Test func aMissedDigestGoesAtTheStartWithTheExtras() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-digest-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = try configuration(server, webhook: webhook, folder: folder, at: "00:00")
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(webhook.waitFor(seconds: 60) { $0.contains { $0.id.hasPrefix("digest-machines-") } })
        let log = daemon.log
        let fetched = try #require(log.range(of: "status page extras: pollen and UV for 1 city"))
        let written = try #require(log.range(of: "daily digest for machines"))
        #expect(fetched.lowerBound < written.lowerBound)
        let data = try #require((try webhook.requests(to: "/json").first?["json"] as? [String: Any])?["data"] as? [String: Any])
        let city = try #require((data["cities"] as? [[String: Any]])?.first)
        #expect((city["pollen"] as? [String: String])?.isEmpty == false, "\(city)")
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
        #expect(try webhook.requests(to: "/json").count == 1)
    }
}

/// Tests/Fixtures/mail_checker.py over `files`: Python's `email` package, policy.strict.
enum MailCheck {
    static func run(_ files: [String]) throws -> [[String: Any]] {
        let result = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/mail_checker.py").path] + files)
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]] ?? []
    }
}

