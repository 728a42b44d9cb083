import BreezeModel
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeConfig

/// `[Sensor "name"]`: a device on the user's network or AirNow's monitors near a city, read
/// beside the model. Every problem is an error at its file and line; the AirNow key is a
/// secret, never echoed.
struct SensorSectionTests {
    /// Lines 1–10: Paris, San Francisco, Lyon with `Enabled=no`, an empty line.
    static let cities = """
        [City "Paris"]
        Latitude=48.8566
        Longitude=2.3522
        [City "San Francisco"]
        Latitude=37.77
        Longitude=-122.42
        [City "Lyon"]
        Latitude=45.76
        Longitude=4.83
        Enabled=no

        """
    static let key = "airnow-KEY-5f1c3e0a-hunter2"

    /// The sensors of `cities` followed by `text` (its first line is line 11).
    func load(_ text: String, context: LoadContext = LoadContext()) -> LoadOutcome {
        Load.text(Self.cities + text, context: context)
    }

    @Test func aPurpleAirWithTheDefaults() throws {
        let outcome = load("[Sensor \"backyard\"]\nKind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\n")
        #expect(outcome.errors == [])
        #expect(outcome.warnings == [])
        let sensor = try #require(outcome.configuration?.sensors.first)
        #expect(
            sensor
                == SensorSettings(
                    name: "backyard", kind: .purpleAir, url: "http://192.168.1.50/json", city: "Paris",
                    placement: .outdoor, apiKey: nil, staleAfter: .seconds(7200), location: "breezed.conf:11"))
        #expect(sensor.pollInterval == .seconds(120))
        #expect(sensor.requestsPerDay == 720)
    }

    @Test func everyKindItsPollIntervalAndRequestsADay() throws {
        let outcome = load("""
            [Sensor "a"]
            Kind=PurpleAir
            URL=http://10.0.0.2/json
            City=Paris
            [Sensor "b"]
            Kind=airgradient
            URL=http://airgradient_84fce612345.local/measures/current
            City=Paris
            Placement=indoor
            StaleAfter=30min
            [Sensor "c"]
            Kind=sensor-community
            URL=https://[fd00::5]:8443/data.json
            City=Paris
            [Sensor "d"]
            Kind=airnow
            ApiKey=\(Self.key)
            City=San Francisco

            """)
        #expect(outcome.errors == [])
        let sensors = try #require(outcome.configuration?.sensors)
        #expect(sensors.map(\.kind) == [.purpleAir, .airGradient, .sensorCommunity, .airNow])
        #expect(sensors.map(\.requestsPerDay) == [720, 1440, 596, 24])
        #expect(sensors.map(\.placement) == [.outdoor, .indoor, .outdoor, .outdoor])
        #expect(sensors[1].staleAfter == .seconds(1800))
        #expect(sensors[3].url == SensorSettings.airNowURL)
        #expect(sensors[3].apiKey == Secret(Self.key))
        #expect(sensors.map(\.location) == ["breezed.conf:11", "breezed.conf:15", "breezed.conf:21", "breezed.conf:25"])
    }

    @Test func airNowTakesAnotherURLAndItsKeyFromAFileBesideTheConfiguration() throws {
        let context = LoadContext(readFile: { path in
            path == "/etc/breeze/airnow-key" ? .success(Self.key + "\n") : .failure(FileError(path: path, reason: "No such file or directory"))
        })
        let outcome = Load.sources(
            [ConfigurationSource(
                path: "/etc/breeze/breezed.conf",
                text: Self.cities + "[Sensor \"sf\"]\nKind=airnow\nURL=http://127.0.0.1:8080/aq/observation/current/ziplatlong/\n"
                    + "City=San Francisco\nApiKeyFile=airnow-key\n", permissions: 0o644)],
            context: context)
        #expect(outcome.errors == [])
        let sensor = try #require(outcome.configuration?.sensors.first)
        #expect(sensor.url == "http://127.0.0.1:8080/aq/observation/current/ziplatlong/")
        #expect(sensor.apiKey?.value == Self.key)
    }

    @Test(arguments: [
        ("Kind=purpleair\nURL=http://192.168.1.50/json\n", "breezed.conf:11: [Sensor \"s\"] needs City="),
        ("City=Paris\nURL=http://192.168.1.50/json\n", "breezed.conf:11: [Sensor \"s\"] needs Kind="),
        ("Kind=purple\nURL=http://192.168.1.50/json\nCity=Paris\n",
         "breezed.conf:12: Kind=purple: use purpleair, airgradient, sensor-community or airnow"),
        ("Kind=airgradient\nCity=Paris\n",
         "breezed.conf:11: [Sensor \"s\"] needs URL= (Kind=airgradient: the device's address, like http://192.168.1.50/measures/current)"),
        ("Kind=purpleair\nURL=ftp://192.168.1.50/json\nCity=Paris\n", "breezed.conf:13: URL= must be an http or https URL"),
        ("Kind=purpleair\nURL=192.168.1.50/json\nCity=Paris\n", "breezed.conf:13: URL= must start with http:// or https://"),
        ("Kind=purpleair\nURL=http:///json\nCity=Paris\n", "breezed.conf:13: URL= has no host name"),
        ("Kind=purpleair\nURL=\"http://192.168.1.50/json\\u{1B}[2J\"\nCity=Paris\n",
         "breezed.conf:13: URL= must not contain control or invisible characters"),
        ("Kind=purpleair\nURL=\"http://192.168.1.50/\\u{202E}nosj\"\nCity=Paris\n",
         "breezed.conf:13: URL= must not contain control or invisible characters"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Pariss\n",
         "breezed.conf:14: City=Pariss: no [City] of that name; did you mean Paris?"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=paris\n",
         "breezed.conf:14: City=paris: no [City] of that name; did you mean Paris?"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Tokyo\n",
         "breezed.conf:14: City=Tokyo: no [City] of that name; the cities are Paris, San Francisco, Lyon"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\nPlacement=roof\n",
         "breezed.conf:15: Placement=roof: use outdoor or indoor"),
        ("Kind=airnow\nApiKey=\(key)\nCity=Paris\nPlacement=indoor\n",
         "breezed.conf:15: Placement=indoor: AirNow's monitors stand outdoors"),
        ("Kind=airnow\nCity=San Francisco\n",
         "breezed.conf:11: [Sensor \"s\"] needs ApiKey= or ApiKeyFile= (Kind=airnow: an AirNow API key, from docs.airnowapi.org)"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\nApiKey=\(key)\n",
         "breezed.conf:15: ApiKey= applies to Kind=airnow only; Kind=purpleair takes no key"),
        ("Kind=sensor-community\nURL=http://192.168.1.50/data.json\nCity=Paris\nApiKeyFile=/etc/breeze/key\n",
         "breezed.conf:15: ApiKeyFile= applies to Kind=airnow only; Kind=sensor-community takes no key"),
        ("Kind=airnow\nApiKey=\(key)\nApiKeyFile=/etc/breeze/key\nCity=San Francisco\n",
         "breezed.conf:14: both ApiKey= and ApiKeyFile= are set; keep one"),
        ("Kind=airnow\nApiKeyFile=/etc/breeze/nope\nCity=San Francisco\n",
         "breezed.conf:13: cannot read ApiKeyFile=/etc/breeze/nope: No such file or directory"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\nStaleAfter=1min\n",
         "breezed.conf:15: StaleAfter=1min: must be at least 2min, how often Kind=purpleair is asked"),
        ("Kind=airnow\nApiKey=\(key)\nCity=Paris\nStaleAfter=30min\n",
         "breezed.conf:15: StaleAfter=30min: must be at least 1h, how often Kind=airnow is asked"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\nStaleAfter=8d\n",
         "breezed.conf:15: StaleAfter=8d: must be at most 7d"),
        ("Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\nStaleAfter=soon\n",
         "breezed.conf:15: StaleAfter=soon: invalid duration; use e.g. 90s, 15min, 1h 30min"),
        ("Kind=purpleair\nUrl=http://192.168.1.50/json\nURL=http://192.168.1.50/json\nCity=Paris\n",
         "breezed.conf:13: unknown key \"Url\" in [Sensor \"s\"]; did you mean \"URL\"?"),
    ])
    func eachProblemIsOneErrorAtItsLine(section: String, error: String) {
        let outcome = load("[Sensor \"s\"]\n" + section)
        #expect(outcome.configuration == nil)
        #expect(outcome.errors == [error])
        for text in outcome.errors + outcome.warnings {
            #expect(!text.contains("hunter2"), "leaked: \(text)")
        }
    }

    @Test func aCityWithEnabledNoIsAWarningAndItsSensorIsNotPolled() throws {
        let outcome = load("[Sensor \"balcony\"]\nKind=purpleair\nURL=http://192.168.1.51/json\nCity=Lyon\n")
        #expect(outcome.errors == [])
        #expect(outcome.warnings == ["breezed.conf:14: City=Lyon: the city has Enabled=no, so this sensor is not polled"])
        let configuration = try #require(outcome.configuration)
        #expect(configuration.sensors == [])
        #expect(configuration.sensorsOfDisabledCities.map(\.name) == ["balcony"])
    }

    @Test func aURLNamingNoPathIsWarnedOfWithTheKindsPath() {
        let outcome = load("[Sensor \"s\"]\nKind=purpleair\nURL=http://user:hunter2@192.168.1.50/\nCity=Paris\n")
        #expect(outcome.errors == [])
        #expect(outcome.warnings == ["breezed.conf:13: URL= names no path: Kind=purpleair answers at http://192.168.1.50/json"])
        #expect(load("[Sensor \"s\"]\nKind=airgradient\nURL=http://192.168.1.50:8080\nCity=Paris\n").warnings
            == ["breezed.conf:13: URL= names no path: Kind=airgradient answers at http://192.168.1.50:8080/measures/current"])
    }

    @Test func namesMayBeAnyTextUpToTwoHundredCharacters() throws {
        for name in ["東京", String(repeating: "s", count: 200), String(repeating: "東", count: 200), "Say \"hi\", #1"] {
            let text = "[City \"東京\"]\nLatitude=35.68\nLongitude=139.69\n"
                + "[Sensor \(QuotedText.quote(name))]\nKind=sensor-community\nURL=http://192.168.1.9/data.json\nCity=東京\n"
            let outcome = Load.text(text)
            #expect(outcome.errors == [])
            #expect(outcome.configuration?.sensors.map(\.name) == [name])
            #expect(outcome.configuration?.sensors.first?.city == "東京")
        }
        let long = Load.text(Self.cities + "[Sensor \"\(String(repeating: "s", count: 201))\"]\nKind=purpleair\n")
        #expect(long.errors == ["breezed.conf:11: the name of this [Sensor] section is 201 characters long; at most 200"])
    }

    @Test func aNameTwiceInOneFileOrDifferingOnlyInCaseIsAnError() {
        let sensor = "Kind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\n"
        let twice = load("[Sensor \"backyard\"]\n" + sensor + "[Sensor \"backyard\"]\n" + sensor)
        #expect(twice.errors == ["breezed.conf:15: duplicate sensor \"backyard\" (first defined at line 11)"])
        let cased = load("[Sensor \"backyard\"]\n" + sensor + "[Sensor \"Backyard\"]\n" + sensor)
        #expect(cased.errors == ["breezed.conf:15: duplicate sensor \"Backyard\" (first defined as \"backyard\" at line 11)"])
        // A sensor may share its name with a city or a receiver.
        let shared = load("[Sensor \"Paris\"]\n" + sensor + "[Webhook \"Paris\"]\nURL=https://example.com/hook\n")
        #expect(shared.errors == [])
    }

    @Test func aDropInAddsSensorsAndChangesOnesOfTheMainFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write(
            "breezed.conf",
            Self.cities + "[Sensor \"backyard\"]\nKind=purpleair\nURL=http://192.168.1.50/json\nCity=Paris\n")
        try directory.write(
            "breezed.conf.d/sensors.conf",
            """
            [Sensor "backyard"]
            StaleAfter=3h
            [Sensor "sf"]
            Kind=airnow
            ApiKeyFile=airnow-key
            City=San Francisco
            """)
        try directory.write("breezed.conf.d/airnow-key", Self.key + "\n")
        let loaded = try ConfigurationLoader.load(path: main, environment: [:])
        let sensors = loaded.configuration.sensors
        #expect(sensors.map(\.name) == ["backyard", "sf"])
        #expect(sensors.first?.staleAfter == .seconds(3 * 3600))
        #expect(sensors.last?.apiKey?.value == Self.key)
        #expect(sensors.map(\.location) == [main + ":11", directory.path + "/breezed.conf.d/sensors.conf:3"])

        try directory.write("breezed.conf.d/typo.conf", "[Sensor \"garden\"]\nKind=airgradient\nURL=http://192.168.1.52/measures/current\nCity=San Fransisco\n")
        #expect(throws: ConfigurationFailure.self) { try ConfigurationLoader.load(path: main, environment: [:]) }
        do {
            _ = try ConfigurationLoader.load(path: main, environment: [:])
        } catch {
            #expect(error.errors.map(\.description) == [
                directory.path + "/breezed.conf.d/typo.conf:4: City=San Fransisco: no [City] of that name; did you mean San Francisco?",
            ])
        }
    }

    @Test func onlyTheCommandsThatReadEveryFileOpenTheAirNowKeyFile() throws {
        let text = Self.cities + "[Sensor \"sf\"]\nKind=airnow\nApiKeyFile=/etc/breeze/airnow-key\nCity=San Francisco\n"
        for reading in [SecretFileReading.none, .apiKeyOnly] {
            var context = LoadContext(readFile: { path in
                Issue.record("opened \(path)")
                return .failure(FileError(path: path, reason: "Permission denied"))
            })
            context.secretFiles = reading
            let outcome = Load.text(text, context: context)
            #expect(outcome.errors == [])
            #expect(outcome.configuration?.sensors.first?.apiKey == nil)
        }
        var context = LoadContext(readFile: { _ in .success(Self.key) })
        context.secretFiles = .all
        #expect(try #require(Load.text(text, context: context).configuration).sensors.first?.apiKey?.value == Self.key)
    }

    @Test func anInlineKeyInAFileOthersCanReadIsWarnedOfWithoutTheKey() {
        let outcome = Load.sources([ConfigurationSource(
            path: "breezed.conf",
            text: Self.cities + "[Sensor \"sf\"]\nKind=airnow\nApiKey=\(Self.key)\nCity=San Francisco\n", permissions: 0o644)])
        #expect(outcome.errors == [])
        #expect(outcome.warnings == [
            "breezed.conf:13: ApiKey= is in a file that group or others can read (mode 644); move it to ApiKeyFile= "
                + "in a file only breezed can read, or chmod 600 this file",
        ])
    }

    @Test func anAQISourceOfSensorIsNotAChoice() {
        let outcome = Load.text(Self.cities + "AQISource=sensor\n")
        #expect(outcome.errors == ["breezed.conf:11: AQISource=sensor: use nowcast or open-meteo"])
    }

    @Test func noSensorIsTheDefault() throws {
        let configuration = try #require(Load.text(Self.cities).configuration)
        #expect(configuration.sensors == [])
        #expect(configuration.sensorsOfDisabledCities == [])
        #expect(ConfigurationCheck.sensorSummary(configuration) == nil)
    }
}

/// What `check-config` and `breezed --check` say of the sensors: how many, each one's kind,
/// city and requests a day beside the Open-Meteo estimate, its host and never its key.
struct SensorSummaryTests {
    static let text = SensorSectionTests.cities + """
        [Sensor "backyard"]
        Kind=purpleair
        URL=http://admin:hunter2@192.168.1.50/json
        City=Paris
        [Sensor "kitchen"]
        Kind=airgradient
        URL=http://192.168.1.60/measures/current
        City=Paris
        Placement=indoor
        [Sensor "airnow-sf"]
        Kind=airnow
        ApiKey=\(SensorSectionTests.key)
        City=San Francisco
        [Sensor "balcony"]
        Kind=sensor-community
        URL=http://192.168.1.70:8080/data.json
        City=Lyon

        """

    static let expected: String = [
        "4 sensors (2184 requests a day, none to Open-Meteo): backyard (PurpleAir, Paris, 720 requests a day to 192.168.1.50)",
        "kitchen (AirGradient, Paris, indoor, 1440 requests a day to 192.168.1.60)",
        "airnow-sf (AirNow, San Francisco, 24 requests a day to www.airnowapi.org)",
        "balcony (sensor.community, Lyon, not polled: Lyon has Enabled=no)",
    ].joined(separator: ", ")

    @Test func itCountsEachSensorsRequestsBesideTheOpenMeteoEstimate() throws {
        let configuration = try #require(Load.text(Self.text).configuration)
        #expect(configuration.sensors.map(\.name) == ["backyard", "kitchen", "airnow-sf"])
        #expect(ConfigurationCheck.sensorSummary(configuration) == Self.expected)
        // The Open-Meteo estimate is the cities' alone.
        #expect(ConfigurationCheck.summary(configuration) == "configuration OK: 2 cities, 0 receivers, ~192 API calls/day")
    }

    @Test func oneSensorIsCountedInTheSingular() throws {
        let configuration = try #require(
            Load.text(SensorSectionTests.cities + "[Sensor \"sf\"]\nKind=airnow\nApiKey=k\nCity=San Francisco\n").configuration)
        #expect(
            ConfigurationCheck.sensorSummary(configuration)
                == "1 sensor (24 requests a day, none to Open-Meteo): sf (AirNow, San Francisco, 24 requests a day to www.airnowapi.org)")
    }

    @Test func theCheckPrintsItAfterTheSummaryAndNeverTheKeyOrThePassword() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let main = try directory.write("breezed.conf", "[Web]\nListen=\n" + Self.text)
        let outcome = ConfigurationCheck.run(path: main, environment: [:])
        #expect(outcome.succeeded)
        #expect(Array(outcome.output.prefix(2)) == ["configuration OK: 2 cities, 0 receivers, ~192 API calls/day", Self.expected])
        #expect(outcome.errors == ["warning: \(main):29: City=Lyon: the city has Enabled=no, so this sensor is not polled"])
        for line in outcome.output + outcome.errors {
            #expect(!line.contains("hunter2"), "leaked: \(line)")
        }
        // A bad key's errors name the key, never its value.
        try directory.write("breezed.conf.d/bad.conf", "[Sensor \"backyard\"]\nApiKey=\(SensorSectionTests.key)\n")
        let failed = ConfigurationCheck.run(path: main, environment: [:])
        #expect(!failed.succeeded)
        #expect(failed.errors.first == directory.path + "/breezed.conf.d/bad.conf:2: ApiKey= applies to Kind=airnow only; Kind=purpleair takes no key")
        for line in failed.output + failed.errors {
            #expect(!line.contains("hunter2"), "leaked: \(line)")
        }
    }
}

/// `Redactor(sensor:)`: AirNow's key and a device URL's password in every form they come back
/// in; a device's address and path stay readable.
struct SensorRedactorTests {
    @Test func theRedactorRemovesTheAirNowKeyAndTheURLsPasswordButNotTheAddress() throws {
        let configuration = try #require(Load.text(SensorSummaryTests.text).configuration)
        let airNow = try #require(configuration.sensors.first { $0.kind == .airNow })
        let key = SensorSectionTests.key
        let redactor = Redactor(sensor: airNow)
        for echoed in [
            "https://www.airnowapi.org/aq/observation/current/ziplatlong/?latitude=37.77&API_KEY=\(key)",
            "{\"Message\":\"Invalid API key \(key)\"}",
            "Authorization: Bearer " + Data(key.utf8).base64EncodedString(),
        ] {
            let redacted = redactor.redact(echoed)
            #expect(!redacted.contains("hunter2"), "leaked: \(redacted)")
            #expect(redacted.contains("<redacted>"))
        }
        let backyard = try #require(configuration.sensors.first)
        let device = Redactor(sensor: backyard)
        let basic = Data("admin:hunter2".utf8).base64EncodedString()
        #expect(device.redact("GET /json from 192.168.1.50: Authorization: Basic \(basic), password hunter2")
            == "GET /json from 192.168.1.50: Authorization: Basic <redacted>, password <redacted>")
    }
}
