import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// Each pollutant in its own EPA category, in every format, and the email as a list read in a
/// phone's proportional font (issue 16).
struct PollutantWordsTests {
    // MARK: Pollutants in the bands' words

    @Test func jsonStatusIsTheCategorySlugWithItsLabel() throws {
        let body = try #require(try SampleEvents.json(try MessageWords.request(.json, MessageWords.sensitiveEvent()).body) as? [String: Any])
        let pollutants = try #require((body["data"] as? [String: Any])?["pollutants"] as? [String: [String: Any]])
        #expect(pollutants["pm2_5"]?["status"] as? String == "unhealthy-for-sensitive-groups")
        #expect(pollutants["pm2_5"]?["category"] as? String == "Unhealthy for Sensitive Groups")
        #expect(pollutants["pm2_5"]?["subIndex"] as? Int == 106)
        #expect(pollutants["pm2_5"]?["ratedOn"] as? String == "hour")
        #expect(pollutants["pm2_5"]?["ratedValue"] as? Double == 37.6)
        #expect(pollutants["pm2_5"]?["value"] as? Double == 37.6)
        #expect(pollutants["no2"]?["status"] as? String == "good")
        #expect(pollutants["no2"]?["category"] as? String == "Good")
    }

    @Test func everyHumanFormatSaysTheCategory() throws {
        let event = MessageWords.sensitiveEvent()
        let line = "PM2.5: 37.6 µg/m³ — Unhealthy for Sensitive Groups"
        #expect(try MessageWords.text(.slack, event).contains(line))
        #expect(try MessageWords.text(.ntfy, event).contains(line))
        #expect(try MessageWords.text(.ntfy, event).contains("NO₂: 20 µg/m³ — Good"))
        #expect(try MessageWords.text(.discord, event).contains(#""value":"37.6 µg/m³ — Unhealthy for Sensitive Groups""#))
        let mail = try MessageWords.mail(event)
        #expect(mail.body.contains("Pollutants:\n• " + line + "\n• NO₂: 20 µg/m³ — Good\n"))
        for format in [WebhookFormat.slack, .ntfy, .discord] {
            #expect(try !MessageWords.text(format, event).contains("(unhealthy)"))
        }
        #expect(!mail.body.contains("unhealthy\n"))
    }

    @Test func theCategoryIsRatedOnTheAlertingAverageWhenTheEventHasIt() throws {
        // The hour fell to 30 µg/m³ (Moderate) while NowCast, which the AQI of 106 reads, is 37.6.
        var event = MessageWords.sensitiveEvent()
        event.concentrations = [.pm2_5: 30, .o3: 80]
        event.averages = [.pm2_5: 37.6, .o3: 80]
        let ntfy = try MessageWords.text(.ntfy, event)
        // The value the category comes from first, the hour after it: one number per statement.
        #expect(ntfy.contains("PM2.5: 37.6 µg/m³ NowCast — Unhealthy for Sensitive Groups (this hour 30)"))
        #expect(!ntfy.contains("30 µg/m³ —"))
        // The average equal to the hour: the hour is not repeated.
        #expect(ntfy.contains("O₃: 80 µg/m³ 8-hour — Good\n"))
        #expect(try MessageWords.text(.discord, event).contains(
            #""value":"37.6 µg/m³ NowCast — Unhealthy for Sensitive Groups (this hour 30)""#))
        #expect(try MessageWords.mail(event).body.contains(
            "• PM2.5: 37.6 µg/m³ NowCast — Unhealthy for Sensitive Groups (this hour 30)\n"))
        let body = try #require(try SampleEvents.json(try MessageWords.request(.json, event).body) as? [String: Any])
        let pm = try #require(((body["data"] as? [String: Any])?["pollutants"] as? [String: [String: Any]])?["pm2_5"])
        #expect(pm["value"] as? Double == 30)
        #expect(pm["ratedValue"] as? Double == 37.6)
        #expect(pm["ratedOn"] as? String == "nowcast")
        #expect(pm["status"] as? String == "unhealthy-for-sensitive-groups")
    }

    /// The issue's own case: an hour of 5 µg/m³ under a NowCast of 20.9 is Moderate, and the
    /// line never calls 5 µg/m³ Moderate.
    @Test func aLowHourUnderAHigherNowCastReadsAsTheNowCast() throws {
        var event = MessageWords.sensitiveEvent()
        event.concentrations = [.pm2_5: 5, .no2: 20]
        event.averages = [.pm2_5: 20.9, .no2: 20]
        let ntfy = try MessageWords.text(.ntfy, event)
        #expect(ntfy.contains("PM2.5: 20.9 µg/m³ NowCast — Moderate (this hour 5)\n"))
        // NO₂'s alerting value is the hour's: no method named, nothing repeated.
        #expect(ntfy.contains("NO₂: 20 µg/m³ — Good\n"))
        #expect(!ntfy.contains("5 µg/m³ — Moderate"))
    }

    // MARK: Open-Meteo's AQI beside the alerting one

    @Test func everyJSONFormatCarriesOpenMeteosAQI() throws {
        var event = MessageWords.sensitiveEvent()
        event.aqiSource = .nowcast
        event.openMeteoAQI = 57
        let standard = try #require(try SampleEvents.json(try MessageWords.request(.json, event).body) as? [String: Any])
        #expect((standard["data"] as? [String: Any])?["openMeteoAQI"] as? Int == 57)
        let alerts = try #require(try SampleEvents.json(try MessageWords.request(.alertmanager, event).body) as? [[String: Any]])
        #expect((alerts.first?["annotations"] as? [String: String])?["open_meteo_aqi"] == "57")
        // Unknown (an event from before): null, never a made-up number.
        event.openMeteoAQI = nil
        let unknown = try #require(try SampleEvents.json(try MessageWords.request(.json, event).body) as? [String: Any])
        let data = try #require(unknown["data"] as? [String: Any])
        #expect(data.keys.contains("openMeteoAQI") && data["openMeteoAQI"] is NSNull)
    }

    @Test func everyTextFormatHasALineForOpenMeteosAQI() throws {
        var event = MessageWords.sensitiveEvent()
        event.aqiSource = .nowcast
        event.openMeteoAQI = 57
        #expect(try MessageWords.text(.ntfy, event).contains("\nOpen-Meteo's AQI: 57\n"))
        #expect(try MessageWords.text(.slack, event).contains("Open-Meteo's AQI: 57"))
        let discord = try #require(try SampleEvents.json(try MessageWords.request(.discord, event).body) as? [String: Any])
        let fields = ((discord["embeds"] as? [[String: Any]])?.first?["fields"] as? [[String: Any]]) ?? []
        #expect(fields.contains { $0["name"] as? String == "Open-Meteo's AQI" && $0["value"] as? String == "57" })
        #expect(try MessageWords.mail(event).body.contains("\nAQI: 106, Unhealthy for Sensitive Groups 😷 (NowCast AQI)\nOpen-Meteo's AQI: 57\n"))
        // When the alerting AQI is Open-Meteo's, the line would say the same number again.
        event.aqiSource = .openMeteo
        #expect(try !MessageWords.text(.ntfy, event).contains("Open-Meteo's AQI"))
    }

    @Test func aValueThatCannotBeRatedSaysSo() throws {
        var event = MessageWords.sensitiveEvent()
        event.concentrations = [.pm2_5: -3]
        #expect(try MessageWords.text(.ntfy, event).contains("PM2.5: -3 µg/m³ — not rated"))
        let body = try MessageWords.text(.json, event)
        #expect(body.contains(#""status":null"#) && body.contains(#""category":null"#))
    }

    // MARK: The email reads in a proportional font

    @Test func theEmailHasNoSpaceAlignedColumns() throws {
        let body = try MessageWords.mail(MessageWords.sensitiveEvent()).body
        #expect(body.contains("\nCity: Paris (48.8566, 2.3522)\n"))
        #expect(body.contains("\nAQI: 106, Unhealthy for Sensitive Groups 😷\n"))
        #expect(body.contains("\nObserved: 16:00 CEST\n"))
        #expect(!body.contains("  "), "no run of spaces lines anything up")
    }
}
