import BreezeSensors
import Testing

/// The correction's two ends, so the target has a test from its first commit; the tables live
/// in `EPACorrectionTests`.
@Suite struct EPACorrectionSmokeTests {
    @Test func lowBranchIsBarkjohn2021() {
        #expect(abs(EPACorrection.purpleAir(atm: 10, humidity: 50) - (5.24 - 4.31 + 5.75)) < 1e-9)
    }

    @Test func cleanHumidAirClampsAtZero() {
        #expect(EPACorrection.purpleAir(atm: 0, humidity: 100) == 0)
    }
}
