import BreezeModel
import Testing

/// Pollen and UV values as the page and pollen alerts take them.
struct PollenReadingTests {
    @Test func noCountsIsNoPollenDataNotNone() {
        #expect(PollenReading(uvIndex: 3).pollen == nil)
        #expect(PollenReading(counts: [.grass: 0]).pollen == [.grass: 0])
        #expect(PollenReading(counts: [.grass: 0]).levels == [.grass: PollenLevel.none])
    }

    @Test func hostileCountsAreDroppedWithANamedReason() {
        #expect(PollenReading.checkedCount(12, .birch) == .success(12))
        #expect(PollenReading.checkedCount(-3, .birch) == .failure(DroppedValue("birch_pollen -3 is negative")))
        #expect(PollenReading.checkedCount(.nan, .grass) == .failure(DroppedValue("grass_pollen is not a number")))
        #expect(PollenReading.checkedCount(1e300, .olive) == .failure(DroppedValue("olive_pollen 1e+300 is beyond any pollen count")))
        #expect(PollenReading.checkedUVIndex(1e300) == .failure(DroppedValue("uv_index 1e+300 is beyond any UV index")))
        #expect(PollenReading.checkedUVIndex(-1) == .failure(DroppedValue("uv_index -1 is negative")))
        #expect(PollenReading.checkedUVIndex(11.5) == .success(11.5))
    }

    @Test func levelsFollowEachTypesGroup() {
        let reading = PollenReading(counts: [.birch: 100, .grass: 100, .ragweed: 5])
        #expect(reading.levels == [.birch: .high, .grass: .high, .ragweed: .low])
    }
}
