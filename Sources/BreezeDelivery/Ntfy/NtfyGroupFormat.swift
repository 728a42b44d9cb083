import BreezeAlerts
import BreezeHTTP

/// `Format=ntfy`, grouped: title `Air quality: 4 cities changed`, a line per city, the
/// highest priority of the members, the worst member's tags.
enum NtfyGroupFormat {
    /// What the lines may take of ntfy's 4096-byte message limit (beyond it ntfy makes the
    /// message an attachment, or refuses it), leaving room for the advice line.
    static let bodyBudget = 3200

    static func request(_ text: GroupText, context: FormatContext) -> HTTPRequest {
        let events = text.group.events
        let priority = events.map(NtfyFormat.priority).max() ?? 3
        let worst = events[0]
        let tags = [NtfyFormat.shortcode(worst)] + (worst.band.map { [$0.slug] } ?? [])
        return .post(
            context.url,
            body: Array(NtfyFormat.bodyText(text.lines + (text.advice(audience: context.audience).map { ["", $0] } ?? [])).utf8),
            contentType: "text/plain; charset=utf-8",
            headers: [
                ("Title", NtfyFormat.headerText(text.title)),
                ("Priority", String(priority)),
                ("Tags", tags.joined(separator: ",")),
            ])
    }
}
