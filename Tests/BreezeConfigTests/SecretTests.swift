import Testing

@testable import BreezeConfig

/// Secrets never appear in errors, warnings or descriptions (like Alertmanager's
/// `TestHideConfigSecrets`).
struct SecretTests {
    /// Every fixture's secrets contain "hunter2"; no message may.
    @Test(arguments: [
        "secret-and-secret-file.conf", "api-key-and-api-key-file.conf", "header-line-break.conf",
        "secret-readable.conf",
    ])
    func fixturesNeverEchoSecrets(fixture: String) throws {
        let outcome = try Load.fixture(fixture, permissions: 0o644)
        let everything = (outcome.errors + outcome.warnings).joined(separator: "\n")
        #expect(!everything.isEmpty)
        #expect(!everything.contains("hunter2"))
    }

    @Test func badSecretValuesAreNotEchoed() {
        let outcome = Load.text(
            """
            [Webhook "ops"]
            URL=https://hooks.slack.com/services/hunter2-token
            Header=hunter2 no colon
            Header="X-Token: hunter2\\nX-Evil: yes"
            Secret="hunter2
            [Webhook "chat"]
            URL=hunter2://hooks.example.com
            hunter2-pasted-alone
            ApiKey hunter2
            """)
        #expect(outcome.errors.count == 6)
        for line in outcome.errors + outcome.warnings {
            #expect(!line.contains("hunter2"), "leaked: \(line)")
        }
    }

    @Test func secretsDescribeThemselvesAsRedacted() throws {
        let secret = Secret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        var dumped = ""
        dump(secret, to: &dumped)
        #expect(!dumped.contains("hunter2"))
        let configuration = try #require(
            Load.text("[Breeze]\nApiKey=hunter2\n[Webhook \"ops\"]\nURL=https://a.example\nHeader=Authorization: Bearer hunter2\n")
                .configuration)
        var whole = ""
        dump(configuration, to: &whole)
        #expect(!whole.contains("hunter2"))
        #expect(configuration.webhooks.first?.headers.first?.value.value == "Bearer hunter2")
    }
}
