import BreezeAlerts
import BreezeModel
import Testing
import BreezeVocabulary

struct AlertMessageTests {
    func event(
        _ kind: AlertEventKind, aqi: Int?, band: Band?, previous: Band?, over: [Pollutant] = []
    ) -> AlertEvent {
        AlertEvent(
            id: "x", kind: kind, city: City(name: "Paris", latitude: 48.8566, longitude: 2.3522),
            aqi: aqi, band: band, previousBand: previous, dominantPollutant: .pm2_5,
            concentrations: [:], pollutantsOverLimit: over, observedAt: "t", createdAt: Instant(unixSeconds: 0))
    }

    @Test func firingSaysWhatItWas() {
        #expect(
            event(.firing, aqi: 162, band: .unhealthy, previous: .moderate).message
                == "Air quality in Paris: AQI 162, Unhealthy 😨 (was Moderate)")
    }

    @Test func otherKinds() {
        #expect(
            event(.escalated, aqi: 230, band: .veryUnhealthy, previous: .unhealthy).message
                == "Air quality in Paris: AQI 230, Very Unhealthy 🚨 (was Unhealthy)")
        #expect(
            event(.reminder, aqi: 162, band: .unhealthy, previous: .unhealthy).message
                == "Air quality in Paris is still AQI 162, Unhealthy 😨")
        #expect(
            event(.resolved, aqi: 40, band: .good, previous: .unhealthy).message
                == "The air in Paris is back to Good 😊 (AQI 40, was Unhealthy): " + Band.good.resolveAdvice)
        #expect(
            event(.firing, aqi: 40, band: .good, previous: nil, over: [.no2, .so2]).message
                == "Air quality in Paris: AQI 40, Good 😊; over the limit: NO₂, SO₂")
        #expect(
            event(.firing, aqi: nil, band: nil, previous: nil, over: [.pm10]).message
                == "Air quality in Paris: no AQI reported; over the limit: PM10")
    }

    @Test func tipsComeFromTheBand() {
        #expect(event(.firing, aqi: 162, band: .unhealthy, previous: nil).tips == Band.unhealthy.healthTips)
        #expect(!Band.unhealthy.healthTips.isEmpty)
    }
}
