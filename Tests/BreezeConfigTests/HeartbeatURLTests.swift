import Testing

@testable import BreezeConfig

/// `HeartbeatURL=` in `[Breeze]`: an http(s) URL whose path is a token, so it is a secret:
/// never echoed in an error, named by its host alone in the summary.
struct HeartbeatURLTests {
    static let token = "5f1c3e0a-hunter2-4b7e-9d2a-0c6b8e1f2a3b"

    @Test func aValidURLIsKeptAsASecret() throws {
        let outcome = Load.text("[Breeze]\nHeartbeatURL=https://hc-ping.com/\(Self.token)?rid=1\n")
        #expect(outcome.errors == [])
        let url = try #require(outcome.configuration?.breeze.heartbeatURL)
        #expect(url.value == "https://hc-ping.com/\(Self.token)?rid=1")
        #expect("\(url)" == "<redacted>")
    }

    @Test func unsetOrEmptiedIsNone() {
        #expect(Load.text("[Breeze]\n").configuration?.breeze.heartbeatURL == nil)
        #expect(Load.text("[Breeze]\nHeartbeatURL=https://a.example/x\nHeartbeatURL=\n").configuration?.breeze.heartbeatURL == nil)
    }

    @Test(arguments: [
        ("ftp://hc-ping.com/TOKEN", "must be an http or https URL"),
        ("hc-ping.com/TOKEN", "must start with http:// or https://"),
        ("https:///TOKEN", "has no host name"),
        ("https://hc-ping.com/TOKEN#top", "must not contain a #fragment"),
        ("https://hc-ping.com/TOKEN\u{7}", "must not contain control or invisible characters"),
        ("\"https://hc-ping.com/\\u{202E}TOKEN\"", "must not contain control or invisible characters"),
    ])
    func badValuesAreRefusedAtTheirLineWithoutTheURL(value: String, problem: String) {
        let text = "[Breeze]\nPollInterval=15min\nHeartbeatURL=\(value.replacingOccurrences(of: "TOKEN", with: Self.token))\n"
        let outcome = Load.text(text)
        #expect(outcome.configuration == nil)
        #expect(outcome.errors.count == 1)
        let error = outcome.errors.first ?? ""
        #expect(error.contains("breezed.conf:3"))
        #expect(error.contains("HeartbeatURL= \(problem)"))
        #expect(!error.contains("hunter2"), "leaked: \(error)")
    }

    @Test func theSummaryNamesTheHostOnly() throws {
        let configuration = try #require(
            Load.text("[Breeze]\nHeartbeatURL=https://user:hunter2@hc-ping.com:8443/\(Self.token)\n").configuration)
        let summary = ConfigurationCheck.summary(configuration)
        #expect(summary == "configuration OK: 0 cities, 0 receivers, heartbeat to hc-ping.com:8443, ~0 API calls/day")
        #expect(!summary.contains("hunter2"))
    }

    @Test func theRedactorRemovesTheURLItsTokenAndItsEncodings() {
        let url = "https://kuma.example/api/push/\(Self.token)?status=up&msg=OK"
        let redactor = Redactor(url: url)
        for echoed in [
            url, Self.token, "/api/push/\(Self.token)", "%2Fapi%2Fpush%2F\(Self.token)",
            "https:\\/\\/kuma.example\\/api\\/push\\/\(Self.token)",
        ] {
            let redacted = redactor.redact("server said: \(echoed) <- there")
            #expect(!redacted.contains("hunter2"), "leaked: \(redacted)")
            #expect(redacted.hasPrefix("server said: "))
        }
    }
}
