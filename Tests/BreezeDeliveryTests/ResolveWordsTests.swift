import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// A resolve says what people can do again, in every format (issue 16).
struct ResolveWordsTests {
    // MARK: Resolves

    @Test func aResolveSaysWhatPeopleCanDoAgainInEveryFormat() throws {
        let event = SampleEvents.event(.resolved, aqi: 62, band: .moderate, previousBand: .unhealthy)
        let sentence = "The air in Paris is back to Moderate 😐 (AQI 62, was Unhealthy): fine to open the windows"
        for format in [WebhookFormat.json, .slack, .ntfy, .discord] {
            #expect(try MessageWords.text(format, event).contains(sentence), "\(format)")
        }
        let mail = try MessageWords.mail(event)
        #expect(mail.body.hasPrefix(sentence))
        #expect(mail.headers["subject"]?.hasPrefix("[Breeze] " + sentence) == true)
    }

    @Test func aResolveStillUnhealthyIsBetterButNotGood() throws {
        let event = SampleEvents.event(.resolved, aqi: 120, band: .unhealthyForSensitiveGroups, previousBand: .veryUnhealthy)
        let ntfy = try MessageWords.request(.ntfy, event)
        #expect(String(decoding: ntfy.body ?? [], as: UTF8.self).contains("is better, Unhealthy for Sensitive Groups 😷 (AQI 120, was Very Unhealthy), but not yet good: "))
        let discord = try #require(try SampleEvents.json(try MessageWords.request(.discord, event).body) as? [String: Any])
        #expect(((discord["embeds"] as? [[String: Any]])?.first?["title"] as? String) == "Paris: better, Unhealthy for Sensitive Groups 😷 (AQI 120)")
    }

    @Test func anEpisodeOverBeforeDeliveryEndsWithTheAdvice() throws {
        var event = SampleEvents.event(.resolved, aqi: 40, band: .good, previousBand: .unhealthy)
        event.unannounced = UnannouncedEpisode(startedAt: SampleEvents.createdAt - .seconds(2520), band: .unhealthy)
        #expect(try MessageWords.text(.ntfy, event).contains("now resolved: AQI 40, Good 😊 — " + Band.good.resolveAdvice))
    }
}
