import BreezeVocabulary

/// Why a delivery stage gave an entry up, held it, or changed it: one human sentence each.
/// A give-up's sentence is the entry's reason in `dead/` and the text of its journal record.
public enum DeliveryReason: Sendable, Equatable, CustomStringConvertible {
    /// The receiver answered 410 Gone earlier in this process: it takes nothing more.
    case receiverDisabled(String)
    /// The receiver is not configured, and the entry waited for it as long as entries wait.
    case receiverNotConfigured(receiver: String, waited: Duration)
    /// `MaxAge=` passed (counted from creation or the end of a hold) before it was delivered.
    case expired(maxAge: Duration, lastError: String?)
    /// The receiver refused it for good (another 4xx, a malformed signing secret).
    case refused(String)
    /// Written while the clock ran ahead (created, due or held implausibly far in the future):
    /// counted from now instead.
    case clockRanAhead
    /// The receiver's quiet hours hold it until the given time.
    case quietHours(until: Instant)
    /// An earlier entry of its city is held until the given time: it waits with it.
    case waitsWithItsCity(until: Instant)
    /// A more urgent event of its city goes during quiet hours and takes it along, in order.
    case holdWaived

    /// Whether an entry given up for this reason is logged on its own. Not when its receiver
    /// is disabled: the 410 was logged once for all of them.
    var isLoggedForEachEntry: Bool {
        if case .receiverDisabled = self { return false }
        return true
    }

    /// The sentence, as logged and as written to `dead/`.
    public var description: String {
        switch self {
        case .receiverDisabled(let reason):
            "receiver disabled: \(reason)"
        case .receiverNotConfigured(let receiver, let waited):
            "receiver \"\(receiver)\" is not configured; waited " + Self.describe(waited)
        case .expired(let maxAge, let lastError):
            "not delivered within MaxAge " + Self.describe(maxAge) + (lastError.map { "; last error: \($0)" } ?? "")
        case .refused(let reason):
            reason
        case .clockRanAhead:
            "written while the clock ran ahead; counted from now"
        case .quietHours(let until):
            "held by quiet hours until " + TimeText.rfc3339(until)
        case .waitsWithItsCity(let until):
            "waits with a held entry of its city until " + TimeText.rfc3339(until)
        case .holdWaived:
            "quiet hours waived: a more urgent event of its city goes now"
        }
    }

    /// `24h`, `90s`, `90min` (`DurationText.exactUnit`).
    static func describe(_ span: Duration) -> String { DurationText.exactUnit(span) }
}
