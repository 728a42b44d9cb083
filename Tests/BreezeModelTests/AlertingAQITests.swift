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

    /// PM2.5 null in the two newest hours of a smoky day, O₃ whole: PM2.5 drops out, the AQI
    /// is O₃'s, and the record can say which pollutant went and why.
    func gap() -> CurrentAirQuality {
        let pm: [Double?] = Array(repeating: 150, count: 22) + [nil, nil]
        return CurrentAirQuality(hour: 23, in: HourlyConcentrations([.pm2_5: pm, .o3: Array(repeating: 60, count: 24)]))
    }

    @Test func aPollutantLeftOutIsNamedAndTheRestRate() throws {
        let current = gap()
        let alerting = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(current))
        #expect(alerting.source == .nowcast)
        #expect(alerting.aqi == current.index.aqi)
        #expect(alerting.dominantPollutant == .o3)
        #expect(alerting.fallbackReason == nil)
        #expect(alerting.leftOut == ["PM2.5 NowCast: 1 of the 3 newest hours present, 2 required"])
        #expect(alerting.mayUnderstate)
        // Configured for Open-Meteo, nothing is left out of the AQI it uses.
        let openMeteo = AlertingAQI(configured: .openMeteo, reading: reading, hourly: .rated(current))
        #expect(openMeteo.leftOut.isEmpty && !openMeteo.mayUnderstate)
    }

    /// Without NowCast and without Open-Meteo's value, one sentence gives both reasons.
    @Test func noAQIAtAllSaysBothReasons() {
        var noUSAQI = reading
        noUSAQI.usAQI = nil
        let tooFew = AlertingAQI(configured: .nowcast, reading: noUSAQI, hourly: .rated(smoke([5, nil, nil])))
        #expect(tooFew.aqi == nil)
        #expect(tooFew.missingReason == "no pollutant has enough hours for NowCast (PM2.5 NowCast: 1 of the 3 newest "
            + "hours present, 2 required), and there is no Open-Meteo us_aqi to fall back on")
        // Nothing fell back: the record says "no AQI reported" and why the value was dropped.
        let openMeteo = AlertingAQI(configured: .openMeteo, reading: noUSAQI, hourly: nil)
        #expect(openMeteo.missingReason == nil)
        #expect(AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(smoke())).missingReason == nil)
    }

    /// A firing alert (clear level 140) holds on rows missing, on gaps that left nothing rated,
    /// and on a lower bound at or below its clear level; a lower bound above it counts, and so
    /// does an AQI with nothing left out, or with only a pollutant never reported left out.
    @Test func whenAFiringAlertHolds() throws {
        let unusable = AlertingAQI(configured: .nowcast, reading: reading, hourly: .unusable("hourly rows missing"))
        #expect(unusable.holdReason(clearLevel: 140) == "no NowCast this poll: hourly series unusable: hourly rows missing")

        let gapped = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(gap()))
        let ozone = try #require(gapped.aqi)
        #expect(ozone <= 140)
        #expect(gapped.holdReason(clearLevel: 140)
            == "NowCast AQI \(ozone) may understate the air, as it leaves out PM2.5 NowCast: 1 of the 3 newest hours present, 2 required")
        #expect(gapped.holdReason(clearLevel: ozone - 1) == nil)

        let allGaps = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(smoke(Array(repeating: 150, count: 22) + [nil, nil])))
        #expect(allGaps.source == .openMeteo)
        #expect(allGaps.holdReason(clearLevel: 140)?.hasPrefix("no NowCast this poll: no pollutant has enough hours") == true)

        #expect(AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(smoke())).holdReason(clearLevel: 140) == nil)
        let neverReported = CurrentAirQuality(
            hour: 23, in: HourlyConcentrations([.o3: Array(repeating: 60, count: 24), .so2: Array(repeating: nil, count: 24)]))
        let withoutSO2 = AlertingAQI(configured: .nowcast, reading: reading, hourly: .rated(neverReported))
        #expect(withoutSO2.leftOut == ["SO₂ 1-hour value: 0 of 1 hour present, 1 required"])
        #expect(withoutSO2.holdReason(clearLevel: 140) == nil)
    }
}
