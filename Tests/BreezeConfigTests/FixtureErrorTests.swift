import Foundation
import Testing

@testable import BreezeConfig

/// One fixture and the exact errors it must produce, as `LINE: message`.
struct ErrorCase: CustomTestStringConvertible, Sendable {
    var fixture: String
    var errors: [String]
    var testDescription: String { fixture }
}

/// Every error case of the issue, one fixture each: exact message, exact line.
struct FixtureErrorTests {
    static let cases: [ErrorCase] = [
        ErrorCase(fixture: "unknown-section", errors: ["2: unknown section [Breez]; did you mean [Breeze]?"]),
        ErrorCase(
            fixture: "unknown-key",
            errors: [
                "3: unknown key \"PolInterval\" in [Breeze]; did you mean \"PollInterval\"?",
                "4: unknown key \"Colour\" in [Breeze]",
            ]),
        ErrorCase(
            fixture: "key-outside-section",
            errors: ["2: PollInterval= is outside any section; put it under a [Section] header"]),
        ErrorCase(
            fixture: "missing-equals",
            errors: [
                "3: missing \"=\" after PollInterval",
                "4: missing \"=\": expected Key=value or a [Section] header",
                "5: invalid key name before \"=\"; keys are letters, digits, \"_\" and \"-\"",
            ]),
        ErrorCase(
            fixture: "unterminated-quote", errors: ["4: unterminated quote in the value of SubjectPrefix="]),
        ErrorCase(
            fixture: "unterminated-continuation",
            errors: ["3: unterminated continuation: the file ends after a trailing \"\\\""]),
        ErrorCase(
            fixture: "bad-duration",
            errors: [
                "3: PollInterval=15 minutes please: invalid duration; use e.g. 90s, 15min, 1h 30min",
                "4: Jitter=-5s: invalid duration; use e.g. 90s, 15min, 1h 30min",
                "5: Timeout=0: must be longer than 0",
            ]),
        ErrorCase(
            fixture: "bad-boolean",
            errors: ["3: SendResolved=maybe: invalid boolean; use yes, no, true, false, on, off, 1 or 0"]),
        ErrorCase(
            fixture: "bad-number",
            errors: [
                "3: Latitude=north: invalid number",
                "5: Hysteresis=ten: must be a whole number of 0 or more",
                "6: ConfirmAfter=0: must be a whole number of 1 or more",
            ]),
        ErrorCase(
            fixture: "coordinates-out-of-range",
            errors: ["3: Latitude=91: out of range -90 to 90", "4: Longitude=-180.5: out of range -180 to 180"]),
        ErrorCase(
            fixture: "duplicate-city",
            errors: [
                "6: duplicate city \"Paris\" (first defined at line 2)",
                "10: duplicate city \"PARIS\" (first defined as \"Paris\" at line 2)",
            ]),
        ErrorCase(
            fixture: "notify-undefined",
            errors: [
                "6: Notify=opz: undefined receiver; did you mean ops?",
                "6: Notify=pager: undefined receiver; defined receivers: ops",
                "11: Notify=family: undefined receiver; defined receivers: ops",
            ]),
        ErrorCase(
            fixture: "unknown-band",
            errors: [
                "3: Threshold=unhealty: unknown band (did you mean unhealthy?); use an AQI number 0 to 500 "
                    + "or one of excellent, good, moderate, slightly-high, unhealthy-for-sensitive-groups, "
                    + "unhealthy, very-unhealthy, hazardous",
                "8: Threshold=501: AQI out of range 0 to 500",
            ]),
        ErrorCase(
            fixture: "missing-required-keys",
            errors: [
                "2: [Webhook \"ops\"] needs URL=", "5: [Email \"family\"] needs To=",
                "8: [City \"Paris\"] needs Longitude=",
            ]),
        ErrorCase(
            fixture: "non-http-url",
            errors: [
                "3: ApiURL=ftp://air-quality-api.open-meteo.com: must be an http or https URL",
                "6: URL= must start with http:// or https://",
            ]),
        ErrorCase(
            fixture: "malformed-address",
            errors: [
                "3: To=bob@: malformed email address",
                "3: To=Carol <carol@example.com>: malformed email address",
                "4: From=breezed: malformed email address",
            ]),
        ErrorCase(
            fixture: "secret-and-secret-file", errors: ["5: both Secret= and SecretFile= are set; keep one"]),
        ErrorCase(
            fixture: "api-key-and-api-key-file", errors: ["4: both ApiKey= and ApiKeyFile= are set; keep one"]),
        ErrorCase(
            fixture: "unreadable-secret-file",
            errors: [
                "3: cannot read ApiKeyFile=/nonexistent/api-key: No such file or directory",
                "7: cannot read SecretFile=missing-secret: No such file or directory",
            ]),
        ErrorCase(
            fixture: "header-line-break",
            errors: ["4: Header= must not contain a line break", "5: Header= must look like \"Name: value\""]),
        ErrorCase(
            fixture: "bad-signing-secret",
            errors: [
                "4: Secret= starts with whsec_ but the rest is not base64",
                "8: Secret= starts with whsec_ but the rest is not base64",
            ]),
        ErrorCase(
            fixture: "reserved-headers",
            errors: [
                "4: Header=Content-Length: breezed sets this header itself (it frames the request or the connection); remove it",
                "5: Header=Host: breezed sets this header itself (it frames the request or the connection); remove it",
                "6: Header=transfer-encoding: breezed sets this header itself (it frames the request or the connection); remove it",
                "7: Header=Connection: breezed sets this header itself (it frames the request or the connection); remove it",
                "8: Header=Expect: breezed sets this header itself (it frames the request or the connection); remove it",
                "9: Header=TE: breezed sets this header itself (it frames the request or the connection); remove it",
                "10: Header=Upgrade: breezed sets this header itself (it frames the request or the connection); remove it",
                "11: Header=Content-Type: breezed sets this header itself (it frames the request or the connection); remove it",
                "12: Header=webhook-id: Format=json sets this header itself (Standard Webhooks); remove it",
            ]),
        ErrorCase(
            fixture: "duplicate-receiver", errors: ["5: duplicate receiver \"ops\" (first defined at line 2)"]),
        ErrorCase(
            fixture: "section-headers",
            errors: [
                "2: section [City] needs a name, like [City \"name\"]",
                "4: section [Breeze] takes no name",
                "5: invalid section header [City Paris]; put the name in double quotes, like [City \"name\"]",
                "7: empty name in section header [Email \"\"]",
                "8: invalid section header: missing \"]\"",
            ]),
        ErrorCase(
            fixture: "bad-receiver-values",
            errors: [
                "4: Format=xml: use json, slack, discord, ntfy or alertmanager",
                "5: QuietHours=22-7: use HH:MM-HH:MM, like 22:00-07:00",
                "6: TimeZone=Mars/Olympus_Mons: unknown time zone",
                "7: MaxAge=0: must be longer than 0",
                "11: Spool=mail: must be an absolute path",
                "12: QuietHours=22:00-22:00: start and end are the same",
                "13: RetryInitialDelay=soon: invalid duration; use e.g. 90s, 15min, 1h 30min",
            ]),
        ErrorCase(
            fixture: "bad-pollutant-limits",
            errors: [
                "3: PollutantLimits=pm3=5: unknown pollutant \"pm3\"; use pm2_5, pm10, no2, so2, o3 or co",
                "3: PollutantLimits=pm2_5: expected POLLUTANT=LIMIT, like pm2_5=35.4",
                "3: PollutantLimits=no2=-1: the limit must be a positive number of µg/m³",
            ]),
        // Several problems in one file: all of them, in reading order, not just the first.
        ErrorCase(
            fixture: "several-errors",
            errors: [
                "3: PollInterval=soon: invalid duration; use e.g. 90s, 15min, 1h 30min",
                "4: TemperatureUnit=kelvin: use celsius or fahrenheit",
                "6: unknown section [Alerts]; did you mean [Alert]?",
                "11: Longitude=200: out of range -180 to 180",
                "12: Enabled=perhaps: invalid boolean; use yes, no, true, false, on, off, 1 or 0",
                "15: URL= must be an http or https URL",
            ]),
    ]

    @Test(arguments: cases)
    func fixtureReportsExactErrors(_ errorCase: ErrorCase) throws {
        let name = errorCase.fixture + ".conf"
        let outcome = try Load.fixture(name)
        #expect(outcome.configuration == nil)
        #expect(!outcome.errors.joined().contains("hunter2"))
        #expect(outcome.errors == errorCase.errors.map { "\(name):\($0)" })
        #expect(outcome.warnings.isEmpty)
    }

    @Test func everyErrorFixtureIsCovered() throws {
        let covered = Set(Self.cases.map { $0.fixture + ".conf" })
        let warningsAndValid: Set = [
            "secret-readable.conf", "short-poll-interval.conf", "over-free-tier.conf", "valid-full.conf",
        ]
        let files = try FileManager.default.contentsOfDirectory(atPath: Load.fixtures.path)
            .filter { $0.hasSuffix(".conf") }
        #expect(Set(files).subtracting(warningsAndValid) == covered)
    }
}
