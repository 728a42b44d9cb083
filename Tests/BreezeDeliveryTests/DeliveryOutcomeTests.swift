import BreezeDelivery
import BreezeVocabulary
import Testing

struct DeliveryOutcomeTests {
    @Test func outcomesCompareByReason() {
        #expect(DeliveryOutcome.retry(reason: "HTTP 503", retryAfter: .seconds(2)) != .retry(reason: "HTTP 503", retryAfter: nil))
        #expect(DeliveryOutcome.gone(reason: "HTTP 410") != .permanent(reason: "HTTP 410"))
    }
}
