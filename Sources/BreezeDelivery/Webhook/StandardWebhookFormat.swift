import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=json`: a Standard Webhooks 1.0 message.
///
/// The body depends on the event only (its `timestamp` is when the event was made), so every
/// retry sends the same bytes; `webhook-timestamp` is the attempt's own time, as the
/// specification asks, so receivers that reject stale timestamps still accept a late retry.
enum StandardWebhookFormat: WebhookPayloadFormat {
    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest {
        let body = JSONValue.object([
            "type": .string(ExposureText.eventType(event)),
            "timestamp": .string(TimeText.rfc3339(event.createdAt)),
            "data": AdviceText.adding(to: AlertData.object(event, timeZone: context.timeZone), event, audience: context.audience),
        ]).bytes
        let timestamp = Int64(context.now.unixSeconds.rounded(.down))
        var headers: [(name: String, value: String)] = [
            ("webhook-id", event.id), ("webhook-timestamp", String(timestamp)),
        ]
        if let key = context.signingKey {
            headers.append(("webhook-signature", key.signature(id: event.id, timestamp: timestamp, body: body)))
        }
        return .post(context.url, body: body, contentType: "application/json", headers: headers)
    }
}
