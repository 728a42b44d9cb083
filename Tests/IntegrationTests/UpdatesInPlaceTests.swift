import BreezeTestSupport
import Foundation
import Testing

/// Updates in place through the real `breezed`: an episode (firing, escalation, resolve) is one
/// ntfy notification (sequence id), one Discord message edited twice, and one email
/// conversation (the 2nd and 3rd messages reply to the 1st), as the fixtures report.
struct UpdatesInPlaceTests {
    static let token = "s3cr3t-webhook-token-Qz"

    /// A folder under the temporary directory, removed by the caller.
    static func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("breeze-\(name)-\(UUID().uuidString)").path
    }

    func configuration(
        _ server: OpenMeteoServer, _ updates: UpdateReceiverServer, state: String, spool: String,
        extra: String = ""
    ) throws -> String {
        try server.alertingConfiguration(
            cities: [DaemonTests.paris], state: state,
            receivers: """
                AQISource=open-meteo
                [Webhook "phone"]
                URL=\(updates.ntfyURL(topic: "breeze-alerts"))
                Format=ntfy
                RetryInitialDelay=200ms
                [Webhook "chat"]
                URL=\(updates.discordURL(token: Self.token, query: "thread_id=9"))
                Format=discord
                RetryInitialDelay=200ms
                [Email "family"]
                From=breeze@example.org
                To=family@example.org
                Spool=\(spool)
                \(extra)
                """)
    }

    func setAQI(_ server: OpenMeteoServer, _ aqi: Int) throws {
        let (_, latitude, longitude) = DaemonTests.paris
        try server.control(
            "readings",
            #"{"locations":[{"latitude":\#(latitude),"longitude":\#(longitude),"current":{"us_aqi":\#(aqi),"pm2_5":\#(Double(aqi) / 2),"us_aqi_pm2_5":\#(aqi)}}]}"#)
    }

    /// One `breezed --once` cycle (a process of its own: every run is a restart).
    func once(_ path: String) throws -> ProcessResult {
        let result = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardError.contains(Self.token))
        return result
    }

    /// The Maildir's messages as Python's email package reads them (Tests/Fixtures/mail_threads.py).
    func mailThreads(_ spool: String) throws -> [[String: Any]] {
        let result = try Processes.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", Fixtures.path("mail_threads.py").path, spool])
        #expect(result.status == 0, "\(result.standardOutput) \(result.standardError)")
        return try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]] ?? []
    }

    static func count(_ state: [String: Any], topic: String) -> [[String: Any]] {
        ((state["ntfy"] as? [String: Any])?[topic] as? [[String: Any]]) ?? []
    }

    static func edits(_ state: [String: Any]) -> [Int] {
        (state["discord"] as? [[String: Any]] ?? []).map { $0["edits"] as? Int ?? -1 }
    }

    @Test func anEpisodeIsOneNotificationOneEditedMessageAndOneMailThread() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let updates = try UpdateReceiverServer()
        defer { updates.stop() }
        let state = Self.temporary("inplace-state")
        let spool = Self.temporary("inplace-mail")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: spool)
        }
        let path = try configuration(server, updates, state: state, spool: spool)
        try setAQI(server, 170)
        let daemon = try DaemonProcess(arguments: ["--config", path, "--log", "stderr"], environment: [:])
        #expect(updates.waitFor { (Self.count($0, topic: "breeze-alerts").first?["revisions"] as? Int) == 1 && Self.edits($0) == [0] })
        try setAQI(server, 260)
        daemon.signal(SIGUSR1)
        #expect(updates.waitFor { (Self.count($0, topic: "breeze-alerts").first?["revisions"] as? Int) == 2 && Self.edits($0) == [1] })
        try setAQI(server, 20)
        daemon.signal(SIGUSR1)
        #expect(updates.waitFor { (Self.count($0, topic: "breeze-alerts").first?["revisions"] as? Int) == 3 && Self.edits($0) == [2] })
        #expect(daemon.waitForLog("BREEZE_EVENT=resolved"))

        let final = try updates.state()
        // ntfy: three publishes, one notification, now the resolve's (low priority).
        #expect(final["ntfy_publishes"] as? Int == 3)
        let notifications = Self.count(final, topic: "breeze-alerts")
        #expect(notifications.count == 1)
        let sequence = try #require(notifications.first?["sequence_id"] as? String)
        #expect(sequence.hasPrefix("paris-"))
        let resolved = try #require(notifications.first?["message"] as? String)
        #expect(resolved.contains("is back to") && resolved.contains("AQI 20"), "\(resolved)")
        #expect(notifications.first?["priority"] as? String == "2")
        // Discord: one message, posted with wait=true and the URL's own query, edited twice.
        let messages = try #require(final["discord"] as? [[String: Any]])
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message["deleted"] as? Bool == false)
        #expect((message["query"] as? [String]) == ["thread_id=9", "wait=true"])
        let content = try #require(message["content"] as? String)
        #expect(content.contains("is back to") && content.contains("AQI 20"), "\(content)")
        let id = try #require(message["id"] as? String)
        let discord = (final["requests"] as? [[String: Any]] ?? []).filter { ($0["path"] as? String)?.hasPrefix("/discord/") == true }
        #expect(discord.map { $0["method"] as? String ?? "" } == ["POST", "PATCH", "PATCH"])
        #expect(discord.dropFirst().allSatisfy {
            $0["path"] as? String == "/discord/1100220033/\(Self.token)/messages/\(id)?thread_id=9" && $0["status"] as? Int == 200
        })
        // The receipt names the message, and says the episode is over.
        let receipts = state + "/receipts"
        let folders = try FileManager.default.contentsOfDirectory(atPath: receipts)
        #expect(folders.count == 1 && folders[0].hasPrefix("chat-"))
        let files = try FileManager.default.contentsOfDirectory(atPath: receipts + "/" + folders[0])
        #expect(files == [sequence])
        let receipt = try String(contentsOfFile: receipts + "/" + folders[0] + "/" + files[0], encoding: .utf8)
        #expect(receipt.hasPrefix(id + " ") && receipt.hasSuffix(" resolved\n"))

        // Email: three messages, the 2nd and 3rd replying to the 1st.
        let mails = try eventuallyFound(every: 0.1) { () -> [[String: Any]]? in
            let mails = try mailThreads(spool)
            return mails.count >= 3 ? mails : nil
        } ?? mailThreads(spool)
        #expect(mails.count == 3)
        let kinds = mails.map { ($0["event"] as? String ?? "").split(separator: " ").first.map(String.init) ?? "" }
        #expect(Set(kinds) == ["firing", "escalated", "resolved"])
        let first = try #require(mails.first { ($0["event"] as? String)?.hasPrefix("firing ") == true })
        let root = try #require(first["message_id"] as? String)
        #expect(first["in_reply_to"] is NSNull)
        #expect((first["references"] as? [String]) == [])
        for mail in mails where mail["message_id"] as? String != root {
            #expect(mail["in_reply_to"] as? String == root)
            #expect((mail["references"] as? [String]) == [root])
            #expect((mail["errors"] as? [String]) == [])
        }
        #expect(!daemon.log.contains(Self.token))
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit() == 0)
    }

    @Test func aRestartBetweenFiringAndResolveEditsTheSameMessage() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let updates = try UpdateReceiverServer()
        defer { updates.stop() }
        // An ntfy before 2.16 ignores the sequence id: each message is a notification of its own.
        let old = try UpdateReceiverServer(beforeSequences: true)
        defer { old.stop() }
        let state = Self.temporary("inplace-restart")
        let spool = Self.temporary("inplace-restart-mail")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: spool)
        }
        let path = try configuration(
            server, updates, state: state, spool: spool,
            extra: "[Webhook \"old-phone\"]\nURL=\(old.ntfyURL(topic: "old"))\nFormat=ntfy\n")
        try setAQI(server, 170)
        _ = try once(path)
        #expect(Self.edits(try updates.state()) == [0])
        try setAQI(server, 20)
        _ = try once(path)
        let final = try updates.state()
        #expect(Self.edits(final) == [1])
        #expect(((final["discord"] as? [[String: Any]])?.first?["content"] as? String)?.contains("is back to") == true)
        #expect(Self.count(final, topic: "breeze-alerts").count == 1)
        let oldState = try old.state()
        #expect(Self.count(oldState, topic: "old").count == 2)
        #expect(oldState["ntfy_publishes"] as? Int == 2)
    }

    @Test func aDeletedMessageIsPostedAgainAndLaterEditsGoToTheNewOne() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let updates = try UpdateReceiverServer()
        defer { updates.stop() }
        let state = Self.temporary("inplace-deleted")
        let spool = Self.temporary("inplace-deleted-mail")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: spool)
        }
        let path = try configuration(server, updates, state: state, spool: spool)
        try setAQI(server, 170)
        _ = try once(path)
        let firstID = try #require((try updates.discordMessages()).first?["id"] as? String)
        try updates.deleteDiscordMessage(firstID)
        try setAQI(server, 260)
        _ = try once(path)
        try setAQI(server, 20)
        _ = try once(path)
        let messages = try updates.discordMessages()
        #expect(messages.count == 2)
        #expect(messages.map { $0["deleted"] as? Bool } == [true, false])
        #expect(Self.edits(try updates.state()) == [0, 1])
        #expect((messages.last?["content"] as? String)?.contains("is back to") == true)
        let secondID = try #require(messages.last?["id"] as? String)
        let discord = try updates.requests().filter { ($0["path"] as? String)?.hasPrefix("/discord/") == true }
        let summary = discord.map { "\($0["method"] as? String ?? "") \($0["status"] as? Int ?? 0)" }
        try #require(summary == ["POST 200", "PATCH 404", "POST 200", "PATCH 200"])
        #expect((discord[1]["path"] as? String)?.contains("/messages/\(firstID)?") == true)
        #expect((discord[3]["path"] as? String)?.contains("/messages/\(secondID)?") == true)
    }

    @Test func aHostileMessageIDIsNeitherStoredNorUsed() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        let updates = try UpdateReceiverServer()
        defer { updates.stop() }
        let state = Self.temporary("inplace-hostile")
        let spool = Self.temporary("inplace-hostile-mail")
        defer {
            try? FileManager.default.removeItem(atPath: state)
            try? FileManager.default.removeItem(atPath: spool)
        }
        let path = try configuration(server, updates, state: state, spool: spool)
        try updates.answerNextDiscordMessage(withID: "../../../\(Self.token)/x")
        try setAQI(server, 170)
        _ = try once(path)
        let folder = state + "/receipts"
        let stored = (try? FileManager.default.subpathsOfDirectory(atPath: folder)) ?? []
        #expect(stored.allSatisfy { !$0.contains("..") })
        #expect(stored.filter { $0.contains("/") }.isEmpty, "\(stored)")
        try setAQI(server, 20)
        _ = try once(path)
        // Without a usable id the resolve is a message of its own: never a PATCH to a made-up path.
        let methods = try updates.requests().filter { ($0["path"] as? String)?.hasPrefix("/discord/") == true }
            .map { $0["method"] as? String ?? "" }
        #expect(methods == ["POST", "POST"])
    }
}
