import BreezeModel
import Testing

/// Which AQI the rules act on: NowCast when it rates, Open-Meteo's `us_aqi` otherwise, saying why.
struct AlertingAQITests {
    let reading = Reading(time: "2026-08-20T14:00", usAQI: 70, concentrations: [.pm2_5: 150], subIndices: [.pm2_5: 70])

    /// 5 µg/m³ for 21 hours, then 150 for three: the onset of smoke at the last hour.
    func smoke(_ pm: [Double?] = Array(repeating: 5, count: 21) + [150, 150, 150]) -> CurrentAirQuality {
        CurrentAirQuality(hour: pm.count - 1, in: HourlyConcentrations([.pm2_5: pm]))
    }

    @Test func nowcastRatesFromTheHours() throws {
        let current = smoke()
        let expected = try #require(current.index.aqi)
        let alerting = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(current))
        #expect(alerting.source == .nowcast)
        #expect(alerting.aqi == expected)
        #expect(expected > 150)  // Unhealthy within three hours, while Open-Meteo says 70
        #expect(alerting.openMeteoAQI == 70)
        #expect(alerting.dominantPollutant == .pm2_5)
        #expect(alerting.fallbackReason == nil)
        #expect(alerting.averages[.pm2_5] == current.average(of: .pm2_5)?.concentration?.value.doubleValue)
    }

    @Test func openMeteoWhenConfigured() {
        let alerting = AlertingAQI(configured: .openMeteo, reading: reading, hourly: .rated(smoke()))
        #expect(alerting.source == .openMeteo)
        #expect(alerting.aqi == 70)
        #expect(alerting.fallbackReason == nil)
    }

    @Test func fallsBackSayingWhy() {
        let unusable = AlertingAQI(configured: .nowcast, reading: reading, hourly: .unusable("pm2_5 has no value for 3 hours"))
        #expect(unusable.source == .openMeteo)
        #expect(unusable.aqi == 70)
        #expect(unusable.fallbackReason == "hourly series unusable: pm2_5 has no value for 3 hours")

        let tooFew = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(smoke([5, nil, nil])))
        #expect(tooFew.source == .openMeteo)
        #expect(tooFew.aqi == 70)
        #expect(tooFew.fallbackReason?.hasPrefix("no pollutant has enough hours for NowCast (PM2.5 NowCast: 1 of") == true)

        let none = AlertingAQI(configured: .nowcast, reading: reading, hourly: nil)
        #expect(none.fallbackReason == "no hourly series in the answer")
    }

    @Test func beyondTheAQIIsNeverANumber() {
        let beyond = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(smoke(Array(repeating: 900, count: 12))))
        #expect(beyond.source == .openMeteo)
        #expect(beyond.aqi == 70)
        #expect(beyond.fallbackReason == "NowCast is beyond the AQI (above 500) on PM2.5")
    }
}
