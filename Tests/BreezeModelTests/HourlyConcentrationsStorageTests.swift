import Testing

@testable import BreezeModel

/// `HourlyConcentrations` keeps 8 bytes an hour (NaN for a missing one): whatever it is made
/// from, it reads back as the optionals it was given once checked, compares and hashes by
/// them, and a checked copy taken as it is equals the one checked again.
struct HourlyConcentrationsStorageTests {
    static let hostile: [Double?] = [12.5, nil, -0.0, 0, .nan, -3, .infinity, 1e9, 1e9.nextUp, 4.9e-324, 57_700]

    @Test func readsBackWhatWasCheckedAndCountsTheRest() {
        let series = HourlyConcentrations([.pm2_5: Self.hostile, .co: [nil, nil], .o3: []])
        let expected: [Double?] = [12.5, nil, -0.0, 0, nil, nil, nil, 1e9, nil, 4.9e-324, 57_700]
        #expect(series.columns[.pm2_5]?.map { $0?.bitPattern } == expected.map { $0?.bitPattern })
        #expect(series.columns[.co] == [nil, nil])
        #expect(series.columns[.o3] == [])
        #expect(series.columns[.no2] == nil)
        #expect(series.implausibleHours == 4)
        #expect(series.hourCount == 11)
        #expect(series.value(.pm2_5, at: 2)?.sign == .minus)
        #expect(series.value(.pm2_5, at: 4) == nil && series.value(.pm2_5, at: 11) == nil && series.value(.pm2_5, at: -1) == nil)
        #expect(series.hours(.pm2_5, endingAt: 3, count: 5) == [0, -0.0, nil, 12.5, nil])
        #expect(series.hours(.pm2_5, startingAt: 8, count: 4) == [nil, 4.9e-324, 57_700, nil])
        #expect(series.hasAnyValue(.co, in: 0..<Int.max) == false)
        #expect(series.hasAnyValue(.pm2_5, in: 4..<7) == false && series.hasAnyValue(.pm2_5, in: 4..<8))
        #expect(series.hasColumn(.co) && !series.hasColumn(.no2))
        #expect(series.lastHourWithValue(.pm2_5) == 10 && series.lastHourWithValue(.co) == nil)
        #expect(series.column(.pm2_5).map(Array.init) == expected)
        #expect(series.column(.so2) == nil)
        let empty: ConcentrationColumn = []
        #expect(empty.isEmpty)
    }

    @Test func checkedColumnsTakenAsTheyAreEqualTheCheckedOnes() {
        let checked = HourlyConcentrations([.pm2_5: Self.hostile, .co: [nil, 3]])
        let trusted = HourlyConcentrations(
            checked: [.pm2_5: checked.storedValues(.pm2_5)!, .co: [.nan, 3]], implausibleHours: 4)
        #expect(trusted == checked)
        #expect(trusted.hashValue == checked.hashValue)
        // Checked again, nothing is refused, so the count is 0; the hours are the same.
        #expect(checked.checkedAgain == HourlyConcentrations(checked.columns))
        #expect(checked.checkedAgain != checked)
        #expect(HourlyConcentrations([.pm2_5: [0]]) == HourlyConcentrations([.pm2_5: [-0.0]]))
        #expect(HourlyConcentrations([.pm2_5: [0]]).hashValue == HourlyConcentrations([.pm2_5: [-0.0]]).hashValue)
        #expect(HourlyConcentrations([.pm2_5: [nil]]) != HourlyConcentrations([.pm2_5: [0]]))
        #expect(HourlyConcentrations([.pm2_5: [nil]]) != HourlyConcentrations([.pm10: [nil]]))
        #expect(HourlyConcentrations([.pm2_5: [1]]) != HourlyConcentrations([.pm2_5: [1, nil]]))
    }
}
