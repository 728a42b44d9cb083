import BreezeWeb
import Testing

@Suite struct DurationHistogramTests {
    @Test func observationsLandInTheirBucketAndHostileOnesInInfinity() {
        var histogram = DurationHistogram()
        for seconds in [0.01, 0.05, 0.051, 3, 1e300, -1, .nan, .infinity] { histogram.observe(seconds: seconds) }
        #expect(histogram.count == 8)
        #expect(histogram.counts[0] == 2)  // 0.01 and exactly 0.05
        #expect(histogram.counts[1] == 1)  // 0.051
        #expect(histogram.counts[6] == 1)  // 3 s, in le=5
        #expect(histogram.counts[DurationHistogram.bounds.count] == 4)
        #expect(histogram.sum == 0.01 + 0.05 + 0.051 + 3 + 1e300)
    }

    @Test func unknownPathsAreNotFound() {
        let snapshot = WebSnapshot(takenAt: .init(unixSeconds: 0), version: "test", pollInterval: .seconds(900))
        #expect(WebRoutes.page(path: "/../etc/passwd", snapshot: snapshot).status == 404)
    }
}
