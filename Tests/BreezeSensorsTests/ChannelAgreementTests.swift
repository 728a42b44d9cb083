import BreezeSensors
import Testing

/// EPA's A/B rule: invalid only when the channels differ by more than 5 µg/m³ and by more than
/// 70 % of their mean, both strictly.
@Suite struct ChannelAgreementTests {
    @Test(arguments: [
        // Exactly 5 apart keeps, however far apart relatively (200 % of the mean here).
        (5.0, 0.0),
        (0.0, 5.0),
        // 5.1 apart, but only 29 % of the mean (17.45).
        (20.0, 14.9),
        // 14 apart is exactly 70 % of the mean 20: not more than 70 %.
        (27.0, 13.0),
        (13.0, 27.0),
        // Both channels at zero.
        (0.0, 0.0),
        // Smoke: far apart in µg/m³, close in percent.
        (400.0, 300.0),
    ])
    func channelsWithinEitherBoundAgree(a: Double, b: Double) {
        #expect(ChannelAgreement.disagreement(a: a, b: b) == nil)
    }

    @Test(arguments: [
        (40.0, 12.0, "channels A and B disagree: 40.0 and 12.0 µg/m³"),
        // 5.1 apart and 200 % of the mean.
        (5.1, 0.0, "channels A and B disagree: 5.1 and 0.0 µg/m³"),
        // Just past 70 %: 14.1 apart, 14.1 / 20.05 = 70.3 %.
        (27.1, 13.0, "channels A and B disagree: 27.1 and 13.0 µg/m³"),
        // One channel dark.
        (0.0, 6.0, "channels A and B disagree: 0.0 and 6.0 µg/m³"),
    ])
    func channelsBeyondBothBoundsDisagree(a: Double, b: Double, message: String) {
        #expect(ChannelAgreement.disagreement(a: a, b: b) == message)
    }

    @Test func theBoundsAreEPAs() {
        #expect(ChannelAgreement.absoluteLimit == 5)
        #expect(ChannelAgreement.relativeLimit == 0.7)
        // The rule is symmetric in its channels.
        for (a, b) in [(40.0, 12.0), (27.0, 13.0), (5.1, 0.0), (9.0, 3.0)] {
            let forward = ChannelAgreement.disagreement(a: a, b: b) == nil
            let backward = ChannelAgreement.disagreement(a: b, b: a) == nil
            #expect(forward == backward)
        }
    }
}
