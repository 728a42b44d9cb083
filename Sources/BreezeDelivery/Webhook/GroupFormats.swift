import BreezeAlerts
import BreezeConfig
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// The grouped message of each webhook format people read (`Group=`), and how many lines
/// fit in one. json and Alertmanager receivers are never given a group (their `Group=` is a
/// configuration error); should one be, it gets nothing.
enum GroupFormats {
    /// The request for `group` in `format`; nil for json and Alertmanager.
    static func request(_ format: WebhookFormat, group: MessageGroup, context: FormatContext) -> HTTPRequest? {
        let text = GroupText(group, now: context.now, receiverTimeZone: context.timeZone)
        switch format {
        case .slack: return SlackGroupFormat.request(text, context: context)
        case .discord: return DiscordGroupFormat.request(text, context: context)
        case .ntfy: return NtfyGroupFormat.request(text, context: context)
        case .json, .alertmanager: return nil
        }
    }

    /// How many of `events` fit in one message of `format`.
    static func capacity(_ format: WebhookFormat, _ events: [AlertEvent], now: Instant, timeZone: String?) -> Int {
        switch format {
        case .discord:
            // The embed's description, a line (as escaped) and its `• ` and line break each.
            return GroupText.capacity(
                events, now: now, receiverTimeZone: timeZone, budget: DiscordGroupFormat.descriptionBudget,
                extra: 3, measure: { DiscordFormat.escape($0).utf16.count })
        case .ntfy:
            return GroupText.capacity(
                events, now: now, receiverTimeZone: timeZone, budget: NtfyGroupFormat.bodyBudget, extra: 1,
                measure: { $0.utf8.count })
        case .slack, .json, .alertmanager:
            // Slack: lines are split over sections of at most 3000 characters; 50 lines of
            // 200 characters take four of the 50 blocks a message may have.
            return min(events.count, MessageGroup.mostMembers)
        }
    }
}
