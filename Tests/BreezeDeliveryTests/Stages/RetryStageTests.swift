import BreezeAlerts
@testable import BreezeDelivery
import BreezeOutboxValues
import BreezeVocabulary
import Testing

/// `Retry`: what an attempt's outcome makes of its entry.
struct RetryStageTests {
    let schedule = DeliverySchedule()

    @Test func deliveredCountsTheAttempt() {
        #expect(Retry.verdict(entry(1), outcome: .delivered, schedule: schedule, now: 1000, randomUnit: 0)
            == .delivered({ var counted = entry(1); counted.attempts = 1; return counted }()))
    }

    @Test func aRetryIsScheduledAndANewErrorSaysSo() {
        var failed = entry(1)
        failed.attempts = 2
        failed.lastError = "HTTP 503"
        let same = Retry.verdict(
            failed, outcome: .retry(reason: "HTTP 503", retryAfter: nil), schedule: schedule, now: 1000, randomUnit: 0)
        guard case .retry(let entry, let error, let newError) = same else {
            Issue.record("\(same)")
            return
        }
        #expect(entry.attempts == 3 && entry.nextAttemptAt == 1020 && error == "HTTP 503" && !newError)
        let other = Retry.verdict(
            failed, outcome: .retry(reason: "refused", retryAfter: .seconds(100)), schedule: schedule, now: 1000,
            randomUnit: 0)
        guard case .retry(let later, _, true) = other else {
            Issue.record("\(other)")
            return
        }
        #expect(later.nextAttemptAt == 1100 && later.lastError == "refused")
    }

    @Test func permanentGivesUpWithTheReceiversWordsAndGoneDisables() {
        let refused = Retry.verdict(entry(1), outcome: .permanent(reason: "HTTP 400"), schedule: schedule, now: 1000, randomUnit: 0)
        guard case .giveUp(let decision) = refused else {
            Issue.record("\(refused)")
            return
        }
        #expect(decision.reason == .refused("HTTP 400") && decision.reason.description == "HTTP 400")
        #expect(decision.entry.lastError == "HTTP 400" && decision.entry.attempts == 1)
        #expect(Retry.verdict(entry(1), outcome: .gone(reason: "HTTP 410"), schedule: schedule, now: 1000, randomUnit: 0)
            == .disableReceiver(reason: "HTTP 410"))
    }

    @Test func attemptsNeverOverflow() {
        var worn = entry(1)
        worn.attempts = OutboxEntry.mostAttempts
        let verdict = Retry.verdict(worn, outcome: .delivered, schedule: schedule, now: 1000, randomUnit: 0)
        guard case .delivered(let counted) = verdict else {
            Issue.record("\(verdict)")
            return
        }
        #expect(counted.attempts == OutboxEntry.mostAttempts)
    }
}
