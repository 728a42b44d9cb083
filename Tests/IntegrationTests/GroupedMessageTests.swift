import BreezeTestSupport
import Foundation
import Testing

/// `Group=` through the real `breezed`: five cities crossing in one cycle reach a Slack, an
/// ntfy and an email receiver as one message each, listing the five, while a json receiver
/// in the same configuration gets five events.
struct GroupedMessageTests {
    static let cities: [(String, Double, Double)] = [
        ("Paris", 48.8566, 2.3522), ("Lyon", 45.764, 4.8357), ("東京", 35.6762, 139.6503),
        ("Lille", 50.6292, 3.0573), ("Brest <&>", 48.3904, -4.4861),
    ]

    func setAQI(_ server: OpenMeteoServer, _ values: [Int]) throws {
        let locations = zip(Self.cities, values).map { city, aqi in
            #"{"latitude":\#(city.1),"longitude":\#(city.2),"current":{"us_aqi":\#(aqi),"pm2_5":\#(Double(aqi) / 2),"us_aqi_pm2_5":\#(aqi)}}"#
        }
        try server.control("readings", #"{"locations":[\#(locations.joined(separator: ","))]}"#)
    }

    func files(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map { folder + "/" + $0 }
    }

    /// Every file pending in the outbox, all receivers.
    func pending(_ state: String) -> [String] {
        ["slack", "phone", "hook", "mail"].flatMap { files(state + "/outbox/" + $0) }.filter { $0.hasSuffix(".json") }
    }

    @Test func fiveCitiesCrossingInOneCycleGoAsOneMessageToPeopleAndFiveEventsToJSON() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-group-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let state = folder + "/state"
        let path = try server.configuration(
            cities: Self.cities,
            extra: """
                PollInterval=15min
                Jitter=0
                StateDirectory=\(state)
                [Alert]
                ConfirmAfter=1
                ForecastThreshold=off
                AQISource=open-meteo
                [Webhook "slack"]
                URL=\(webhook.baseURL)/slack
                Format=slack
                [Webhook "phone"]
                URL=\(webhook.baseURL)/ntfy
                Format=ntfy
                [Webhook "hook"]
                URL=\(webhook.baseURL)/hook
                [Email "mail"]
                From=breeze@example.com
                To=ops@example.com
                Spool=\(folder)/mail
                """)
        try setAQI(server, [170, 160, 210, 155, 305])
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
        }
        // Bounded: the json receiver's five events and one message at each of the others.
        let arrived = webhook.waitFor { _ in
            let hook = (try? webhook.requests(to: "/hook").count) ?? 0
            let slack = (try? webhook.requests(to: "/slack").count) ?? 0
            let ntfy = (try? webhook.requests(to: "/ntfy").count) ?? 0
            return hook >= 5 && slack >= 1 && ntfy >= 1
        }
        #expect(arrived, "\(daemon.log)")
        // Everything delivered: nothing more can come until the next poll.
        #expect(daemon.waitForLog("in a message of 5"))
        #expect(eventually(every: 0.1) { pending(state).isEmpty && !files(folder + "/mail/new").isEmpty }, "\(pending(state))")

        #expect(try webhook.requests(to: "/hook").count == 5)

        let slack = try webhook.requests(to: "/slack")
        #expect(slack.count == 1)
        let slackJSON = try #require(slack.first?["json"] as? [String: Any])
        let fallback = try #require(slackJSON["text"] as? String)
        #expect(fallback.hasPrefix("5 cities: Brest &lt;&amp;&gt; Hazardous"), "\(fallback)")
        let blocks = try #require(slackJSON["blocks"] as? [[String: Any]])
        let listed = blocks.compactMap { ($0["text"] as? [String: Any])?["text"] as? String }.joined(separator: "\n")
        for name in ["Paris", "Lyon", "東京", "Lille", "Brest &lt;&amp;&gt;"] {
            #expect(listed.components(separatedBy: "• \(name):").count == 2, "\(name) in \(listed)")
        }
        #expect(!listed.contains("<&>"))

        let ntfy = try webhook.requests(to: "/ntfy")
        #expect(ntfy.count == 1)
        let headers = try #require(ntfy.first?["headers"] as? [String: String])
        #expect(headers["title"] == "Air quality: 5 cities changed")
        #expect(headers["priority"] == "5")
        #expect(headers["tags"] == "skull_and_crossbones,hazardous")
        let body = try #require(ntfy.first?["body"] as? String)
        // The city lines, then after a blank line the worst city's advice.
        let parts = body.components(separatedBy: "\n\n")
        let lines = parts[0].split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(parts.count == 2 && !parts[1].isEmpty, "\(body)")
        // The worst first: Hazardous, Very Unhealthy, then Unhealthy in configuration order.
        #expect(lines.map { $0.components(separatedBy: ":")[0] } == ["Brest <&>", "東京", "Paris", "Lyon", "Lille"])
        #expect(lines[0].hasPrefix("Brest <&>: Hazardous"))

        let mails = files(folder + "/mail/new")
        #expect(mails.count == 1)
        let report = try #require(try checkMail(mails).first)
        #expect(report["ok"] as? Bool == true, "\(report)")
        let mailHeaders = try #require(report["headers"] as? [String: String])
        let subject = try #require(mailHeaders["subject"])
        #expect(subject.hasPrefix("[Breeze] 5 cities: Brest <&> Hazardous"), "\(subject)")
        #expect(mailHeaders["message-id"]?.hasPrefix("<group-mail-") == true)
        let mailBody = try #require(report["body"] as? String)
        #expect(mailBody.hasPrefix("Air quality: 5 cities changed:\n\n- Brest <&>: Hazardous"), "\(mailBody)")
        #expect(mailBody.contains("\n- 東京: Very Unhealthy"))

        // Each delivered entry is in the journal once, with its group.
        let grouped = daemon.log.components(separatedBy: "in a message of 5").count - 1
        #expect(grouped == 15, "\(daemon.log)")
        #expect(daemon.log.contains("BREEZE_GROUP=group-phone-"))
    }

    /// `HH:MM-HH:MM` in UTC from this minute to the end of the next one (two when this one
    /// is nearly over): a window that holds what fires now and ends within two minutes.
    func quietWindowEndingSoon() -> (window: String, end: Date) {
        let now = Date()
        let minute = floor(now.timeIntervalSince1970 / 60) * 60
        let end = Date(timeIntervalSince1970: minute + (now.timeIntervalSince1970 - minute > 45 ? 120 : 60))
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HH:mm"
        return (formatter.string(from: Date(timeIntervalSince1970: minute)) + "-" + formatter.string(from: end), end)
    }

    @Test func alertsHeldByQuietHoursAreReleasedTogetherAsOneMessage() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-group-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let (window, end) = quietWindowEndingSoon()
        let path = try server.configuration(
            cities: Array(Self.cities.prefix(4)),
            extra: """
                PollInterval=15min
                Jitter=0
                StateDirectory=\(folder)/state
                [Alert]
                ConfirmAfter=1
                ForecastThreshold=off
                AQISource=open-meteo
                [Webhook "phone"]
                URL=\(webhook.baseURL)/ntfy
                Format=ntfy
                QuietHours=\(window)
                TimeZone=UTC
                """)
        // Unhealthy: quiet hours hold it (Very Unhealthy and worse would go at once).
        try setAQI(server, [170, 160, 190, 155])
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        defer {
            daemon.signal(SIGTERM)
            _ = daemon.waitForExit()
        }
        #expect(daemon.waitForLog("BREEZE_EVENT=firing"))
        #expect(daemon.waitForLog("held by quiet hours until"))
        let released = webhook.waitFor(seconds: end.timeIntervalSinceNow + 30) { _ in
            ((try? webhook.requests(to: "/ntfy").count) ?? 0) >= 1
        }
        #expect(released, "\(daemon.log)")
        #expect(daemon.waitForLog("in a message of 4"))
        let requests = try webhook.requests(to: "/ntfy")
        #expect(requests.count == 1)
        // Not before the window ended.
        let time = try #require(requests.first?["time"] as? Double)
        #expect(time >= end.timeIntervalSince1970 - 1)
        let body = try #require(requests.first?["body"] as? String)
        #expect(body.components(separatedBy: "\n\n")[0].split(separator: "\n").count == 4, "\(body)")
        #expect(daemon.log.components(separatedBy: "held by quiet hours until").count - 1 == 4)
    }

    func checkMail(_ files: [String]) throws -> [[String: Any]] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Fixtures.path("mail_checker.py").path] + files
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }
}
