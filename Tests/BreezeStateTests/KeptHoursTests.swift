import BreezeModel
import BreezeVocabulary
import Testing

/// `KeptHours`: values back exactly as received, a ring whose slots know their own hour.
struct KeptHoursTests {
    /// 2026-08-20T14:00Z as a unix hour.
    static let hour = 1_787_234_400 / 3600

    static func row(_ values: [Pollutant: Double?]) -> (Pollutant) -> Double? {
        { values[$0] ?? nil }
    }

    @Test func valuesComeBackAsTheDoubleReceived() {
        // Tenths, values with more decimals or too large for tenths (kept apart), and edges.
        let values: [Double] = [12.3, 0.1, 0, 1e5, 1.234, 6553.3, 6553.4, 6553.5, 65535, 0.05, 1e9, 2.675, 120.7, 1e-7]
        var kept = KeptHours(latitude: 1, longitude: 2)
        for (offset, value) in values.enumerated() {
            kept.setRow(hour: Self.hour - offset) { $0 == .so2 ? value : nil }
        }
        for (offset, value) in values.enumerated() {
            let back = kept.value(.so2, hour: Self.hour - offset)
            #expect(back == value, "\(value) came back as \(String(describing: back))")
            #expect(back?.bitPattern == value.bitPattern)
            #expect(kept.value(.pm2_5, hour: Self.hour - offset) == nil)
        }
        // Only what tenths cannot hold is kept apart.
        #expect(kept.exceptionCount == 9)
    }

    @Test func hostileValuesNeverTrapAndNothingIsMadeUp() {
        var kept = KeptHours(latitude: 1, longitude: 2)
        kept.setRow(hour: Self.hour) { pollutant in
            switch pollutant {
            case .pm2_5: .nan
            case .pm10: .infinity
            case .no2: -3.2
            case .so2: 1e300
            case .o3: -0.0
            case .co: nil
            }
        }
        #expect(kept.holds(hour: Self.hour))
        #expect(kept.value(.pm2_5, hour: Self.hour) == nil)
        #expect(kept.value(.pm10, hour: Self.hour) == nil)
        #expect(kept.value(.no2, hour: Self.hour) == -3.2)
        #expect(kept.value(.so2, hour: Self.hour) == 1e300)
        #expect(kept.value(.o3, hour: Self.hour)?.sign == .minus)
        #expect(kept.value(.co, hour: Self.hour) == nil)
        // A row replaced drops its old exceptions.
        kept.setRow(hour: Self.hour) { _ in 1.5 }
        #expect(kept.exceptionCount == 0)
        #expect(Pollutant.allCases.allSatisfy { kept.value($0, hour: Self.hour) == 1.5 })
    }

    @Test func theRingWrapsAndOldHoursFallOut() {
        var kept = KeptHours(latitude: 1, longitude: 2)
        for step in 0..<200 {
            let hour = Self.hour + step
            kept.setRow(hour: hour) { _ in Double(step) / 10 }
        }
        let newest = Self.hour + 199
        #expect(kept.newestHour == newest)
        for back in 0..<KeptHours.slotCount {
            #expect(kept.value(.pm2_5, hour: newest - back) == Double(199 - back) / 10)
        }
        #expect(!kept.holds(hour: newest - KeptHours.slotCount))
        #expect(kept.value(.pm2_5, hour: newest - KeptHours.slotCount) == nil)
        #expect(!kept.holds(hour: newest + 1))
        // An hour too old for the ring is not kept, and moves nothing.
        kept.setRow(hour: newest - 100) { _ in 99 }
        #expect(kept.newestHour == newest && !kept.holds(hour: newest - 100))
    }

    @Test func aStaleSlotIsNeverReadAsANewerHour() {
        var kept = KeptHours(latitude: 1, longitude: 2)
        kept.setRow(hour: Self.hour) { _ in 42 }
        // 78 hours later: the window reaches back over the hour whose slot still holds 42.
        kept.setRow(hour: Self.hour + 78) { _ in 7 }
        let sameSlot = Self.hour + KeptHours.slotCount
        #expect(sameSlot > kept.newestHour! - KeptHours.slotCount)
        #expect(!kept.holds(hour: sameSlot))
        #expect(kept.value(.pm2_5, hour: sameSlot) == nil)
        #expect(!kept.holds(hour: Self.hour))
        // The hours between were never received: no row, not a row of nulls.
        #expect(!kept.holds(hour: Self.hour + 77))
        #expect(kept.value(.pm2_5, hour: Self.hour + 78) == 7)
    }

    @Test func aPollNeedsOnlyTheRecentHoursWhenTheKeptOnesReachThePreviousHour() {
        var kept = KeptHours(latitude: 48.85, longitude: 2.35)
        let now = Instant(unixSeconds: Double(Self.hour) * 3600 + 600)
        #expect(!kept.reachesRecent(at: now))
        kept.setRow(hour: Self.hour - 2) { _ in 1 }
        #expect(!kept.reachesRecent(at: now))
        kept.setRow(hour: Self.hour - 1) { _ in 1 }
        #expect(kept.reachesRecent(at: now))
        kept.setRow(hour: Self.hour) { _ in 1 }
        #expect(kept.reachesRecent(at: now))
        // A clock set back: the kept hours lie ahead of it.
        kept.setRow(hour: Self.hour + 1) { _ in 1 }
        #expect(!kept.reachesRecent(at: now))
        #expect(kept.isFor(latitude: 48.85, longitude: 2.35) && !kept.isFor(latitude: 48.85, longitude: 2.36))
        #expect(!kept.reachesRecent(at: Instant(unixSeconds: .nan)))
    }

    @Test func aPollsGridIsKeptUpToItsCurrentHour() throws {
        let first = Instant(unixSeconds: Double(Self.hour - 72) * 3600)
        let current = Instant(unixSeconds: Double(Self.hour) * 3600)
        var columns: [Pollutant: [Double?]] = [:]
        for pollutant in Pollutant.allCases {
            columns[pollutant] = (0..<(72 + 5)).map { $0 == 10 ? nil : Double($0) + 0.1 }
        }
        let kept = try #require(
            KeptHours(
                latitude: 1, longitude: 2, firstHour: first, currentHour: current,
                concentrations: HourlyConcentrations(columns)))
        #expect(kept.newestHour == Self.hour)
        #expect(kept.value(.co, hour: Self.hour) == 72.1)
        #expect(kept.value(.co, hour: Self.hour - 72) == 0.1)
        #expect(kept.holds(hour: Self.hour - 62) && kept.value(.co, hour: Self.hour - 62) == nil)
        #expect(!kept.holds(hour: Self.hour + 1))
        // Nothing to keep: no kept hours.
        let empty = HourlyConcentrations([.pm2_5: Array(repeating: nil, count: 73)])
        #expect(KeptHours(latitude: 1, longitude: 2, firstHour: first, currentHour: current, concentrations: empty) == nil)
        // Hours that are not whole.
        #expect(
            KeptHours(
                latitude: 1, longitude: 2, firstHour: first + .seconds(1), currentHour: current,
                concentrations: HourlyConcentrations(columns)) == nil)
    }

    /// The fixed part of a city's kept hours, in memory (the buffer's payload).
    @Test func aCityTakesAboutAKilobyte() {
        #expect(KeptHours.wordCount * MemoryLayout<UInt16>.size == 1022)
        #expect(MemoryLayout<KeptHours>.size <= 64)
    }
}
