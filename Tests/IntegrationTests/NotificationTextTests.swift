import BreezeTestSupport
import Foundation
import Testing

/// What the real `breezed` sends people: the city with its region and country, the
/// observation time in the city's zone with its abbreviation, as received by the webhook
/// fixture.
struct NotificationTextTests {
    @Test func anNtfyNotificationNamesRegionAndCountryAndLocalTime() throws {
        let server = try OpenMeteoServer()
        defer { server.stop() }
        try server.control(
            "readings", #"{"locations":[{"latitude":48.8566,"longitude":2.3522,"current":{"us_aqi":170,"pm2_5":93,"us_aqi_pm2_5":170}}]}"#)
        let webhook = try WebhookReceiverServer()
        defer { webhook.stop() }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-texts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let path = try server.configuration(
            cities: [],
            extra: """
                StateDirectory=\(state)
                [Alert]
                ConfirmAfter=1
                AQISource=open-meteo
                [City "Paris"]
                Latitude=48.8566
                Longitude=2.3522
                TimeZone=Europe/Paris
                Country="France"
                Region="Île-de-France"
                [Webhook "phone"]
                URL=\(webhook.url)
                Format=ntfy
                """)
        let result = try Binaries.run(Binaries.breezed, ["--config", path, "--once", "--log", "stderr"])
        #expect(result.status == 0, "\(result.standardError)")
        let requests = try webhook.requests()
        #expect(requests.count == 1)
        let body = try #require(requests.first?["body"] as? String)
        #expect(body.hasPrefix("Air quality in Paris, Île-de-France, France: AQI 170, Unhealthy 😨"))
        let observed = try #require(body.split(separator: "\n").last.map(String.init))
        #expect(observed.hasPrefix("Observed "))
        // The observation line says which AQI the alert is on (here Open-Meteo's, as configured).
        #expect(observed.hasSuffix(":00 CET, Open-Meteo's us_aqi") || observed.hasSuffix(":00 CEST, Open-Meteo's us_aqi"), "\(observed)")
        // The journal line names the place in full too.
        #expect(result.standardError.contains("Air quality in Paris, Île-de-France, France: AQI 170"))
    }
}
