import Testing

@testable import BreezeConfig

/// Warnings: reported, yet the configuration loads.
struct FixtureWarningTests {
    @Test func inlineSecretsInAReadableFileWarn() throws {
        let outcome = try Load.fixture("secret-readable.conf", permissions: 0o644)
        #expect(outcome.errors.isEmpty)
        #expect(outcome.configuration != nil)
        #expect(
            outcome.warnings == [
                "secret-readable.conf:3: ApiKey= is in a file that group or others can read (mode 644); "
                    + "move it to ApiKeyFile= in a file only breezed can read, or chmod 600 this file",
                "secret-readable.conf:7: Secret= is in a file that group or others can read (mode 644); "
                    + "move it to SecretFile= in a file only breezed can read, or chmod 600 this file",
            ])
    }

    @Test(arguments: [0o640, 0o604] as [UInt32])
    func groupOrOthersReadingIsEnoughToWarn(permissions: UInt32) throws {
        let outcome = try Load.fixture("secret-readable.conf", permissions: permissions)
        #expect(outcome.warnings.count == 2)
    }

    @Test func inlineSecretsInAPrivateFileDoNotWarn() throws {
        let outcome = try Load.fixture("secret-readable.conf", permissions: 0o600)
        #expect(outcome.warnings.isEmpty)
        #expect(outcome.configuration?.breeze.apiKey == Secret("hunter2-api-key"))
    }

    @Test func shortPollIntervalWarns() throws {
        let outcome = try Load.fixture("short-poll-interval.conf")
        #expect(outcome.errors.isEmpty)
        #expect(
            outcome.warnings == [
                "short-poll-interval.conf:3: PollInterval=5min: shorter than 15min; Open-Meteo's data "
                    + "changes hourly, so faster polling only spends API calls"
            ])
        #expect(outcome.configuration?.breeze.pollInterval == .seconds(300))
    }

    @Test func costOverTheDailyFreeTierWarns() throws {
        let outcome = try Load.fixture("over-free-tier.conf")
        #expect(outcome.errors.isEmpty)
        #expect(
            outcome.warnings.last
                == "over-free-tier.conf: ~10080 API calls/day exceed Open-Meteo's free tier of 10,000 a day; "
                + "poll less often, watch fewer cities, or set ApiKey= for a commercial plan")
        #expect(outcome.warnings.count == 2)
    }

    @Test func costOverThePerMinuteAndHourlyFreeTierWarns() {
        var text = "[Breeze]\nPollInterval=1h\n"
        for index in 0..<601 {
            text += "[City \"C\(index)\"]\nLatitude=0\nLongitude=0\n"
        }
        let outcome = Load.text(text)
        #expect(outcome.errors.isEmpty)
        #expect(
            outcome.warnings == [
                "breezed.conf: ~14424 API calls/day exceed Open-Meteo's free tier of 10,000 a day; "
                    + "poll less often, watch fewer cities, or set ApiKey= for a commercial plan",
                "breezed.conf: 601 API calls per poll exceed Open-Meteo's free tier of 600 a minute; "
                    + "poll less often, watch fewer cities, or set ApiKey= for a commercial plan",
            ])
    }

    @Test func anApiKeySilencesFreeTierWarnings() throws {
        let text = try Load.fixtureText("over-free-tier.conf") + "[Breeze]\nApiKey=hunter2-api-key\n"
        let outcome = Load.text(text)
        #expect(outcome.warnings.count == 1)
        #expect(outcome.warnings.first?.contains("PollInterval=1min") == true)
    }

    @Test func warningsComeWithErrorsToo() {
        let outcome = Load.text("[Breeze]\nPollInterval=1min\nJitter=nope\n")
        #expect(outcome.errors.count == 1)
        #expect(outcome.warnings.count == 1)
    }
}
