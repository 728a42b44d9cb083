import Testing

@testable import BreezeConfig

/// `DeliverySettings`: one reader for the keys `[Webhook "…"]` and `[Email "…"]` share.
struct DeliverySettingsTests {
    static let keys = "QuietHours=21:30-06:15\nTimeZone=Asia/Tokyo\nMaxAge=2h\nRetryInitialDelay=30s\nEnabled=no\n"

    @Test func bothKindsReadTheSameKeysTheSameWay() throws {
        let outcome = Load.text(
            "[Webhook \"ops\"]\nURL=https://a.example\nFormat=slack\n" + Self.keys + "[Email \"family\"]\nTo=a@b.example\n" + Self.keys)
        #expect(outcome.errors == [])
        let configuration = try #require(outcome.configuration)
        var expected = DeliverySettings(
            quietHours: QuietHours(start: 21 * 60 + 30, end: 6 * 60 + 15), timeZone: "Asia/Tokyo",
            maxAge: .seconds(7200), retryInitialDelay: .seconds(30), enabled: false)
        // Both people's formats: grouping is on by default for each.
        expected.groupAtLeast = 3
        #expect(configuration.webhooks.first?.delivery == expected)
        #expect(configuration.emails.first?.delivery == expected)
        #expect(configuration.receiverDeliverySettings.map(\.name) == ["ops", "family"])
        #expect(configuration.receiverDeliverySettings.map(\.delivery) == [expected, expected])
    }

    @Test func aBadValueIsNamedByFileLineAndKeyInEitherKind() {
        let outcome = Load.text(
            "[Webhook \"ops\"]\nURL=https://a.example\nRetryInitialDelay=soon\n"
                + "[Email \"family\"]\nTo=a@b.example\nRetryInitialDelay=soon\n")
        #expect(outcome.errors.count == 2)
        #expect(outcome.errors.first?.hasPrefix("breezed.conf:3: RetryInitialDelay=soon") == true)
        #expect(outcome.errors.last?.hasPrefix("breezed.conf:6: RetryInitialDelay=soon") == true)
    }

    @Test func whatIsNotGivenIsTheDocumentedDefault() {
        let defaults = DeliverySettings()
        #expect(defaults.quietHours == nil && defaults.timeZone == nil && defaults.enabled)
        #expect(defaults.maxAge == .seconds(86_400) && defaults.retryInitialDelay == .seconds(5))
    }
}
