import BreezeTestSupport
import Foundation
import Testing

/// `breezectl check-config`, `breezed --check` and `breezectl add`, run as real processes.
struct ConfigCommandTests {
    static let example = Fixtures.repositoryRoot.appendingPathComponent("etc/breeze/breezed.conf").path
    static let exampleSummary = "configuration OK: 2 cities, 0 receivers, ~192 API calls/day\n"
        + "web: listening on 127.0.0.1:8247 (or on the sockets breezed.socket passes)\n"
        // The page is configured, so the extras are on (StatusPageExtras=auto) and cost calls.
        + "status page: +16 API calls/day for pollen and UV (every 3h), +12 for the climate trend (once a day)\n"

    /// A copy of the shipped example in a fresh directory, mode 600.
    static func copyOfExample() throws -> (directory: String, configuration: String) {
        let directory = NSTemporaryDirectory() + "breeze-config-commands-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let configuration = directory + "/breezed.conf"
        try FileManager.default.copyItem(atPath: example, toPath: configuration)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: configuration)
        return (directory, configuration)
    }

    @Test func checkConfigAcceptsTheShippedExample() throws {
        let result = try Binaries.run(Binaries.breezectl, ["check-config", "--config", Self.example])
        #expect(result.status == 0)
        // breezectl also lists the cities, named with their Region= and Country=.
        #expect(
            result.standardOutput == Self.exampleSummary
                + "  Paris, Île-de-France, France  48.8566, 2.3522  Europe/Paris\n"
                + "  Berlin, Germany               52.52, 13.405    Europe/Berlin\n")
        #expect(result.standardError == "")
    }

    @Test func breezedCheckAcceptsTheShippedExample() throws {
        let result = try Binaries.run(Binaries.breezed, ["--check", "--config", Self.example])
        #expect(result.status == 0)
        #expect(result.standardOutput == Self.exampleSummary)
        #expect(result.standardError == "")
    }

    @Test(arguments: [["breezectl", "check-config"], ["breezed", "--check"]])
    func everyErrorIsPrintedAndTheStatusIs78(command: [String]) throws {
        let fixture = Binaries.fixture("config/several-errors.conf").path
        let binary = command[0] == "breezed" ? Binaries.breezed : Binaries.breezectl
        let result = try Binaries.run(binary, Array(command.dropFirst()) + ["--config", fixture])
        #expect(result.status == 78)
        #expect(result.standardOutput == "")
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "\(fixture):3: PollInterval=soon: invalid duration; use e.g. 90s, 15min, 1h 30min",
                "\(fixture):4: TemperatureUnit=kelvin: use celsius or fahrenheit",
                "\(fixture):6: unknown section [Alerts]; did you mean [Alert]?",
                "\(fixture):11: Longitude=200: out of range -180 to 180",
                "\(fixture):12: Enabled=perhaps: invalid boolean; use yes, no, true, false, on, off, 1 or 0",
                "\(fixture):15: URL= must be an http or https URL",
            ])
    }

    @Test func aMissingFileIsAnErrorNamingIt() throws {
        let result = try Binaries.run(Binaries.breezectl, ["check-config", "--config", "/nonexistent/breezed.conf"])
        #expect(result.status == 78)
        #expect(result.standardError == "/nonexistent/breezed.conf: cannot read the configuration: No such file or directory\n")
    }

    @Test func warningsGoToStandardErrorOnSuccess() throws {
        let fixture = Binaries.fixture("config/short-poll-interval.conf").path
        let result = try Binaries.run(Binaries.breezectl, ["check-config", "--config", fixture])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("configuration OK: 1 city, 0 receivers, ~288 API calls/day\n"))
        #expect(
            result.standardError
                == "warning: \(fixture):3: PollInterval=5min: shorter than 15min; Open-Meteo's data changes "
                + "hourly, so faster polling only spends API calls\n")
    }

    @Test func secretsNeverReachTheOutput() throws {
        let (directory, configuration) = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(
            atPath: directory + "/breezed.conf.d", withIntermediateDirectories: true)
        let dropIn = directory + "/breezed.conf.d/secrets.conf"
        try """
            [Breeze]
            ApiKey=hunter2-api-key
            [Webhook "ops"]
            Secret=hunter2-secret
            SecretFile=/nonexistent
            Header=Authorization: Bearer hunter2-header
            Header="X-Bad: hunter2\\r\\nX-Evil: 1"
            Secret="hunter2-unterminated
            """.write(toFile: dropIn, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: dropIn)
        for (binary, arguments) in [
            (Binaries.breezectl, ["check-config", "--config", configuration]),
            (Binaries.breezed, ["--check", "--config", configuration]),
            (Binaries.breezectl, ["add", "--name", "Oslo", "--latitude", "59.9", "--longitude", "10.7", "--config", configuration]),
        ] {
            let result = try Binaries.run(binary, arguments)
            #expect(result.status == 78)
            #expect(result.standardError.contains("\(dropIn):5: both Secret= and SecretFile= are set; keep one"))
            #expect(result.standardError.contains("\(dropIn):7: Header= must not contain a line break"))
            #expect(result.standardError.contains("\(dropIn):8: unterminated quote in the value of Secret="))
            #expect(!(result.standardOutput + result.standardError).contains("hunter2"))
        }
    }

    @Test func addWritesAValidatedDropInAndCheckConfigSeesIt() throws {
        let (directory, configuration) = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let arguments = ["add", "--name", "São Paulo", "--latitude", "-23.5505", "--longitude", "-46.6333", "--config", configuration]
        let result = try Binaries.run(Binaries.breezectl, arguments)
        let dropIn = directory + "/breezed.conf.d/sao-paulo-78cf17494fdfd5ee.conf"
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "added São Paulo (-23.5505, -46.6333) in \(dropIn)\nrun 'sudo breezectl reload' to start watching it\n")
        #expect(result.standardError == "")
        let text = try String(contentsOfFile: dropIn, encoding: .utf8)
        #expect(text == "# Added by breezectl add.\n[City \"São Paulo\"]\nLatitude=-23.5505\nLongitude=-46.6333\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory + "/breezed.conf.d")
        #expect(leftovers == ["sao-paulo-78cf17494fdfd5ee.conf"])

        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", configuration])
        #expect(check.standardOutput.hasPrefix("configuration OK: 3 cities, 0 receivers, ~288 API calls/day\n"))
        #expect(check.standardOutput.range(of: "\n  São Paulo +-23.5505, -46.6333\n", options: .regularExpression) != nil)

        // The same file again: refused, nothing touched.
        let again = try Binaries.run(Binaries.breezectl, arguments)
        #expect(again.status == 1)
        #expect(again.standardError.contains("already configured"))
        #expect(try String(contentsOfFile: dropIn, encoding: .utf8) == text)
    }

    @Test func addLeavesTheConfigurationsOwnWarningsToCheckConfig() throws {
        let directory = NSTemporaryDirectory() + "breeze-config-commands-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = directory + "/breezed.conf"
        try FileManager.default.copyItem(atPath: Binaries.fixture("config/short-poll-interval.conf").path, toPath: configuration)
        let result = try Binaries.run(
            Binaries.breezectl, ["add", "--name", "Oslo", "--latitude", "59.91", "--longitude", "10.75", "--config", configuration])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasSuffix("run 'sudo breezectl reload' to start watching it\n"))
        let check = try Binaries.run(Binaries.breezectl, ["check-config", "--config", configuration])
        #expect(check.standardError.contains("PollInterval=5min: shorter than 15min"))
    }

    /// With no LANG or LC_* at all (`env -i`), wide, combined and emoji names still align:
    /// breezectl counts columns in a UTF-8 locale of its own.
    @Test func checkConfigAlignsNamesInEveryScriptWithoutALocale() throws {
        let directory = NSTemporaryDirectory() + "breeze-config-commands-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let configuration = directory + "/breezed.conf"
        try "[City \"東京\"]\nLatitude=35.68\nLongitude=139.69\n[City \"Cafe\u{301} Paris\"]\nLatitude=48.85\nLongitude=2.35\n[City \"😀 Town\"]\nLatitude=1\nLongitude=2\n"
            .write(toFile: configuration, atomically: false, encoding: .utf8)
        let result = try Binaries.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["-i", Binaries.breezectl.path, "check-config", "--config", configuration])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasSuffix(
            "  東京        35.68, 139.69\n  Cafe\u{301} Paris  48.85, 2.35\n  😀 Town     1, 2\n"))
    }

    @Test func addRefusesACityAlreadyInTheMainFile() throws {
        let (directory, configuration) = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Binaries.run(
            Binaries.breezectl, ["add", "--name", "paris", "--latitude", "48.85", "--longitude", "2.35", "--config", configuration])
        #expect(result.status == 1)
        #expect(result.standardError == "breezectl add: a city named \"Paris\" is already configured. Nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/breezed.conf.d"))
    }

    @Test func addRefusesToOverwriteAnExistingDropIn() throws {
        let (directory, configuration) = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/breezed.conf.d", withIntermediateDirectories: true)
        let existing = directory + "/breezed.conf.d/oslo-187d4ec05e49bc0a.conf"
        try "# someone else's file\n".write(toFile: existing, atomically: false, encoding: .utf8)
        let result = try Binaries.run(
            Binaries.breezectl, ["add", "--name", "Oslo", "--latitude", "59.91", "--longitude", "10.75", "--config", configuration])
        #expect(result.status == 1)
        #expect(result.standardError == "breezectl add: \(existing) already exists. Nothing was written.\n")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "# someone else's file\n")
    }

    @Test func addValidatesTheWholeResultBeforeWriting() throws {
        let (directory, configuration) = try Self.copyOfExample()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Binaries.run(
            Binaries.breezectl, ["add", "--name", "Atlantis", "--latitude", "95", "--longitude", "-30", "--config", configuration])
        #expect(result.status == 78)
        #expect(
            result.standardError == "\(directory)/breezed.conf.d/atlantis-e9c6cb5ebe16925d.conf:3: Latitude=95: out of range -90 to 90\n"
                + "breezectl add: the city would make the configuration invalid. Nothing was written.\n")
        #expect(!FileManager.default.fileExists(atPath: directory + "/breezed.conf.d/atlantis-e9c6cb5ebe16925d.conf"))
    }

    @Test func addRefusesWhenTheConfigurationIsAlreadyInvalid() throws {
        let fixture = Binaries.fixture("config/several-errors.conf").path
        let result = try Binaries.run(
            Binaries.breezectl, ["add", "--name", "Oslo", "--latitude", "59.91", "--longitude", "10.75", "--config", fixture])
        #expect(result.status == 78)
        #expect(result.standardError.hasSuffix("breezectl add: the configuration has errors; fix them first. Nothing was written.\n"))
    }

    @Test(arguments: [
        (["--name", "Oslo"], "breezectl add: missing --latitude, --longitude; try 'breezectl add --help'\n"),
        (["--name", "Oslo", "--latitude", "north", "--longitude", "1"], "breezectl add: --latitude needs a number, not 'north'\n"),
    ])
    func addReportsUsageErrors(arguments: [String], message: String) throws {
        let result = try Binaries.run(Binaries.breezectl, ["add"] + arguments + ["--config", Self.example])
        #expect(result.status == 64)
        #expect(result.standardError == message)
    }
}
