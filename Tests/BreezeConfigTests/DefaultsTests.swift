import BreezeModel
import Foundation
import Testing

@testable import BreezeConfig

/// Defaults, a configuration that sets every key, and the shipped example.
struct DefaultsTests {
    @Test func anEmptyConfigurationHasTheDocumentedDefaults() throws {
        let configuration = try #require(Load.text("").configuration)
        let breeze = configuration.breeze
        #expect(breeze.pollInterval == .seconds(900))
        #expect(breeze.jitter == .seconds(30))
        #expect(breeze.timeout == .seconds(20))
        #expect(breeze.apiURL == "https://air-quality-api.open-meteo.com")
        #expect(breeze.geocodingURL == "https://geocoding-api.open-meteo.com")
        #expect(breeze.archiveURL == "https://archive-api.open-meteo.com")
        #expect(breeze.apiKey == nil)
        #expect(breeze.stateDirectory == "/var/lib/breeze")
        #expect(breeze.temperatureUnit == .celsius)
        let alert = configuration.alertDefaults
        #expect(alert.threshold == .band(.unhealthyForSensitiveGroups))
        #expect(alert.threshold.aqi == 101)
        #expect(alert.hysteresis == 10)
        #expect(alert.confirmAfter == 2)
        #expect(alert.repeatEvery == nil)
        #expect(alert.sendResolved)
        #expect(alert.pollutantLimits.isEmpty)
        #expect(alert.notify.isEmpty)
    }

    @Test func stateDirectoryComesFromSystemdThenTheDefault() throws {
        let context = LoadContext(environment: ["STATE_DIRECTORY": "/var/lib/breeze-a:/var/lib/other"])
        let fromSystemd = try #require(Load.text("[Email \"e\"]\nTo=a@b.example\n", context: context).configuration)
        #expect(fromSystemd.breeze.stateDirectory == "/var/lib/breeze-a")
        #expect(fromSystemd.emails.first?.destination == .maildir(path: "/var/lib/breeze-a/mail", chosen: false))
        let explicit = try #require(
            Load.text("[Breeze]\nStateDirectory=/srv/air\n[Email \"e\"]\nTo=a@b.example\n", context: context)
                .configuration)
        #expect(explicit.breeze.stateDirectory == "/srv/air")
        #expect(explicit.emails.first?.destination == .maildir(path: "/srv/air/mail", chosen: false))
    }

    @Test func receiverDefaults() throws {
        let context = LoadContext(hostname: "air.example.net")
        let configuration = try #require(
            Load.text("[Webhook \"ops\"]\nURL=https://a.example\n[Email \"family\"]\nTo=a@b.example\n", context: context)
                .configuration)
        let webhook = try #require(configuration.webhooks.first)
        #expect(webhook.format == .json)
        #expect(webhook.timeout == .seconds(10))
        #expect(webhook.delivery.maxAge == .seconds(86_400))
        #expect(webhook.delivery.retryInitialDelay == .seconds(5))
        #expect(webhook.delivery.enabled && webhook.secret == nil && webhook.headers.isEmpty)
        let email = try #require(configuration.emails.first)
        #expect(email.from == "breezed@air.example.net")
        #expect(email.subjectPrefix == "[Breeze]")
        #expect(email.destination == .maildir(path: "/var/lib/breeze/mail", chosen: false))
        #expect(email.timeout == .seconds(60))
        #expect(email.delivery.maxAge == .seconds(86_400))
        #expect(email.delivery.retryInitialDelay == .seconds(5))
        // Notify never set: every receiver.
        #expect(configuration.alertDefaults.notify == ["ops", "family"])
    }

    @Test func everyKeyIsReadFromTheFullFixture() throws {
        let outcome = try Load.fixture("valid-full.conf")
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
        let configuration = try #require(outcome.configuration)
        let breeze = configuration.breeze
        #expect(breeze.pollInterval == .seconds(5400))
        #expect(breeze.jitter == .seconds(45))
        #expect(breeze.timeout == .milliseconds(500))
        #expect(breeze.apiURL == "http://127.0.0.1:8080")
        #expect(breeze.geocodingURL == "http://127.0.0.1:8081/")
        #expect(breeze.archiveURL == "https://archive.example.com")
        #expect(breeze.stateDirectory == "/srv/breeze")
        #expect(breeze.temperatureUnit == .fahrenheit)

        let defaults = configuration.alertDefaults
        #expect(defaults.threshold == .band(.unhealthy))
        #expect(defaults.hysteresis == 15 && defaults.confirmAfter == 3)
        #expect(defaults.repeatEvery == .seconds(7200))
        #expect(!defaults.sendResolved)
        #expect(defaults.pollutantLimits == [.pm2_5: 35.4, .no2: 200])
        #expect(defaults.notify == ["ops"])

        #expect(configuration.cities.count == 1)
        #expect(configuration.disabledCities.map(\.city.name) == ["Quiet Town"])
        let paris = try #require(configuration.cities.first)
        #expect(
            paris.city
                == City(
                    name: "Paris", country: "France", admin1: "Île-de-France", latitude: 48.8566,
                    longitude: 2.3522, timeZone: "Europe/Paris"))
        #expect(paris.alert.threshold == .aqi(120))
        #expect(paris.alert.hysteresis == 15)
        #expect(paris.alert.notify == ["ops", "family"])

        let webhook = try #require(configuration.webhooks.first)
        #expect(webhook.url == "https://hooks.example.com/breeze?team=air")
        #expect(webhook.format == .ntfy)
        #expect(webhook.headers.map(\.name) == ["X-Team", "X-Other"])
        #expect(webhook.headers.map(\.value.value) == ["air", "1"])
        #expect(webhook.timeout == .seconds(5))
        #expect(webhook.delivery.quietHours == QuietHours(start: 22 * 60, end: 7 * 60))
        #expect(webhook.delivery.timeZone == "Europe/Paris")
        #expect(webhook.delivery.maxAge == .seconds(172_800))
        #expect(webhook.delivery.retryInitialDelay == .milliseconds(500))

        let email = try #require(configuration.emails.first)
        #expect(email.to == ["alice@example.com", "bob@example.org"])
        #expect(email.from == "air@example.com")
        #expect(email.destination == .sendmail(program: "/usr/sbin/sendmail"))
        #expect(email.timeout == .seconds(20))
        #expect(email.subjectPrefix == "[Air, Paris]")
        #expect(email.delivery.quietHours == QuietHours(start: 23 * 60 + 30, end: 6 * 60))
        #expect(email.delivery.maxAge == .seconds(43_200))
        #expect(email.delivery.enabled)
    }

    @Test func anEmptyNotifyMeansNobody() throws {
        let configuration = try #require(
            Load.text("[Webhook \"ops\"]\nURL=https://a.example\n[Alert]\nNotify=\n").configuration)
        #expect(configuration.alertDefaults.notify.isEmpty)
    }

    @Test func theShippedExampleLoadsWithoutErrorsOrWarnings() throws {
        let path = Load.repositoryRoot.appendingPathComponent("etc/breeze/breezed.conf").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let outcome = Load.sources([ConfigurationSource(path: path, text: text, permissions: 0o644)])
        #expect(outcome.errors.isEmpty)
        #expect(outcome.warnings.isEmpty)
        let configuration = try #require(outcome.configuration)
        // A household's start: two cities, no receiver until one is uncommented.
        #expect(configuration.cities.map(\.city.name) == ["Paris", "Berlin"])
        #expect(configuration.cities.first?.city.country == "France")
        #expect(configuration.cities.first?.city.admin1 == "Île-de-France")
        #expect(configuration.cities.last?.city.longitude == 13.405)
        #expect(configuration.webhooks.isEmpty && configuration.emails.isEmpty)
        #expect(ConfigurationCheck.summary(configuration) == "configuration OK: 2 cities, 0 receivers, ~192 API calls/day")
    }

    @Test func theAppCitiesDropInExampleAddsTheTenCities() throws {
        let main = Load.repositoryRoot.appendingPathComponent("etc/breeze/breezed.conf").path
        let dropIn = Load.repositoryRoot.appendingPathComponent("etc/breeze/examples/app-cities.conf").path
        let outcome = Load.sources([
            ConfigurationSource(path: main, text: try String(contentsOfFile: main, encoding: .utf8), permissions: 0o644),
            ConfigurationSource(path: dropIn, text: try String(contentsOfFile: dropIn, encoding: .utf8), permissions: 0o644),
        ])
        #expect(outcome.errors.isEmpty && outcome.warnings.isEmpty)
        let configuration = try #require(outcome.configuration)
        #expect(
            Set(configuration.cities.map(\.city.name)) == [
                "New York", "Los Angeles", "Chicago", "London", "Paris", "Tokyo", "Berlin", "Toronto",
                "Sydney", "Dubai",
            ])
        #expect(configuration.cities.first { $0.city.name == "Dubai" }?.alert.threshold != configuration.alertDefaults.threshold)
    }

    /// Every key of the schema is documented in the shipped example.
    @Test(arguments: Schema.sections.map(\.kind))
    func theShippedExampleDocumentsEveryKey(kind: String) throws {
        let section = try #require(Schema.section(kind))
        let path = Load.repositoryRoot.appendingPathComponent("etc/breeze/breezed.conf").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        for key in section.keys where !Schema.alertKeys.contains(key) || section.kind == "Alert" {
            #expect(text.contains("\(key)="), "\(section.kind) \(key) undocumented")
        }
    }
}
