import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import Testing

/// A resolve says what it means for people, per band (issue 16).
struct ResolveMessageTests {
    private func resolve(aqi: Int?, band: Band?, previous: Band? = .unhealthy) -> AlertEvent {
        AlertEvent(
            id: "paris-1-2-resolved", kind: .resolved, city: City(name: "Paris", latitude: 48.85, longitude: 2.35),
            aqi: aqi, band: band, previousBand: previous, dominantPollutant: .pm2_5, concentrations: [:],
            pollutantsOverLimit: [], observedAt: "2026-08-20T14:00", createdAt: Instant(unixSeconds: 1_787_234_700))
    }

    @Test func backToModerateIsFineToOpenTheWindows() {
        #expect(resolve(aqi: 62, band: .moderate).message
            == "The air in Paris is back to Moderate 😐 (AQI 62, was Unhealthy): fine to open the windows and go out as usual")
        #expect(resolve(aqi: 62, band: .moderate).resolveAdviceClause == Band.moderate.resolveAdvice)
    }

    @Test func aResolveStillUnhealthySaysBetterButNotYetGood() {
        let event = resolve(aqi: 120, band: .unhealthyForSensitiveGroups, previous: .veryUnhealthy)
        #expect(event.message.hasPrefix(
            "The air in Paris is better, Unhealthy for Sensitive Groups 😷 (AQI 120, was Very Unhealthy), but not yet good: "))
        #expect(event.message.hasSuffix(Band.unhealthyForSensitiveGroups.resolveAdvice))
        #expect(event.resolveAdviceClause?.hasPrefix("better, but not yet good: ") == true)
    }

    @Test func withoutAnAQIThereIsNoAdvice() {
        let event = resolve(aqi: nil, band: nil)
        #expect(event.message == "The air in Paris is back below the alert threshold (no AQI reported, was Unhealthy)")
        #expect(event.resolveAdviceClause == nil)
    }

    @Test func onlyResolvesCarryAdvice() {
        var event = resolve(aqi: 40, band: .good)
        event.kind = .firing
        #expect(event.resolveAdviceClause == nil)
    }
}
