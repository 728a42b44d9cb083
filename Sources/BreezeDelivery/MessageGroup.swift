import BreezeAlerts
import BreezeModel
import BreezeOutboxValues
import BreezeVocabulary

/// Several due events of one receiver delivered as one message (`Group=`): one line per city,
/// the worst news first. Its id is the same for the same members, so a retry of the same
/// group is recognisable (email Message-ID, the Maildir's duplicate check).
public struct MessageGroup: Sendable, Equatable {
    /// `group-<receiver slug>-<16 hex digits of SHA-256 of the member event ids>`.
    public var id: String
    /// The members in the order people read them: `MessageGroup.readingOrder`.
    public var events: [AlertEvent]

    /// The group of `events` (in any order) for the receiver named `receiver`.
    public init(receiver: String, events: [AlertEvent]) {
        id = Self.identifier(receiver: receiver, eventIDs: events.map(\.id))
        self.events = Self.readingOrder(events)
    }

    /// The most members one message lists; the rest go in the next group.
    public static let mostMembers = 50

    /// The id of a group of `eventIDs` for `receiver`: independent of the members' order.
    public static func identifier(receiver: String, eventIDs: [String]) -> String {
        let joined = eventIDs.sorted().joined(separator: "\n")
        let hash = LibCrypto.hex(LibCrypto.sha256(Array(joined.utf8))).prefix(16)
        return "group-\(Slug.of(receiver))-\(hash)"
    }

    /// Whether an entry may go in a group: alerts, resolves (folded ones too), forecasts,
    /// pollen and UV events — never test alerts, digests or Alertmanager refreshes.
    public static func accepts(_ entry: OutboxEntry) -> Bool {
        guard !entry.isRefresh else { return false }
        switch entry.event.kind {
        case .firing, .escalated, .reminder, .resolved, .forecast, .forecastCleared: return true
        case .test, .digest: return false
        }
    }

    /// The worst news first: an alert about the air now, then a forecast, then the all-clears;
    /// within each the highest band first; then the order given (the configuration's, as a
    /// cycle writes its events in it). Stable.
    public static func readingOrder(_ events: [AlertEvent]) -> [AlertEvent] {
        events.enumerated().sorted { left, right in
            let a = left.element, b = right.element
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            let bandA = a.band?.rawValue ?? -1, bandB = b.band?.rawValue ?? -1
            if bandA != bandB { return bandA > bandB }
            return left.offset < right.offset
        }.map(\.element)
    }

    private static func rank(_ event: AlertEvent) -> Int {
        switch event.kind {
        case .firing, .escalated, .reminder: return 0
        case .forecast: return 1
        case .test, .digest: return 2
        case .resolved, .forecastCleared: return 3
        }
    }
}
