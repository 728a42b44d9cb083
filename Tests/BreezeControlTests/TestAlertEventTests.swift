import BreezeVocabulary
import Testing

@testable import BreezeControl

/// `breezectl test-alert` names its event as every other id is named (`EventIdentifier.test`).
struct TestAlertEventTests {
    @Test func theTestEventIdIsTheCitySlugAndTheSecondsOfNow() {
        let event = TestAlertEvent.make(configuration: .init(), now: 1_787_238_000.5)
        // No city configured: the example city's slug ("example-" and its 16-digit digest).
        let parts = event.id.split(separator: "-")
        #expect(parts.count == 4)
        #expect(parts.first == "test")
        #expect(parts[1] == "example")
        #expect(parts[2].count == 16)
        #expect(parts.last == "1787238000")
    }
}
