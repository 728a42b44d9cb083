import BreezeAlerts
import BreezeHTTP
import BreezeJSON
import BreezeVocabulary

/// `Format=discord` for an event of an episode: one Discord message per episode, edited in
/// place by its escalations, reminders and resolve ("Edit Webhook Message").
///
/// The episode's first message is POSTed with `?wait=true` (added to the URL's own query),
/// whose answer is the message object; its `id` is kept in the receiver's `ReceiptStore`
/// under the thread. A later event PATCHes `<URL path>/messages/<id>` (the query kept, so a
/// `thread_id=` still names the forum thread) with the new content and embed. When the edit
/// answers 404 (someone deleted the message) or no usable id is kept, the event is POSTed as
/// a new message and its id kept instead.
///
/// Retries: an edit is idempotent, so one retried after a timeout changes nothing twice. A
/// POST whose answer was lost cannot be told from one that never arrived: its retry may post
/// a second message (as without edits); the later events then edit the second one.
struct DiscordEdits {
    let receipts: ReceiptStore
    let transport: any HTTPTransport
    let description: ReceiverDescription

    /// The longest answer read for the message id (Discord's message objects are a few KiB).
    static let maximumAnswerSize = 64 << 10

    /// Delivers `event` (which has a thread): an edit of the thread's message when one is
    /// known, else `post` (the format's request, with `Header=` lines and timeout) with
    /// `?wait=true`. `edit` is the body of an edit.
    func deliver(_ event: AlertEvent, thread: String, post: HTTPRequest, edit: [UInt8], now: Instant) -> DeliveryOutcome {
        let closes = event.kind == .resolved || event.kind == .forecastCleared
        if let receipt = receipts.receipt(thread: thread) {
            var patch = post
            patch.method = .patch
            patch.url = Self.messageURL(post.url, id: receipt.messageID)
            patch.body = edit
            switch send(patch, now: now) {
            case .answered(let response) where response.status == 404:
                // The message is gone: the event becomes a new message below.
                receipts.forget(thread: thread)
            case .answered(let response):
                let outcome = classify(response, request: patch, now: now)
                if outcome == .delivered {
                    try? receipts.record(.init(messageID: receipt.messageID, updatedAt: now, resolved: closes), thread: thread)
                }
                return outcome
            case .failed(let outcome):
                return outcome
            }
        }
        var create = post
        create.url = Self.waitURL(post.url)
        switch send(create, now: now) {
        case .answered(let response):
            let outcome = classify(response, request: create, now: now)
            if outcome == .delivered, let id = Self.messageID(in: response) {
                // A receipt that cannot be written costs only the edit: the next event posts anew.
                try? receipts.record(.init(messageID: id, updatedAt: now, resolved: closes), thread: thread)
                receipts.prune(now: now)
            }
            return outcome
        case .failed(let outcome):
            return outcome
        }
    }

    private enum Exchange {
        case answered(HTTPResponse)
        case failed(DeliveryOutcome)
    }

    private func send(_ request: HTTPRequest, now: Instant) -> Exchange {
        do {
            return .answered(try transport.send(request))
        } catch {
            return .failed(ResponseClassification.outcome(error, to: description.place, redact: description.redact))
        }
    }

    private func classify(_ response: HTTPResponse, request: HTTPRequest, now: Instant) -> DeliveryOutcome {
        ResponseClassification.outcome(
            response, from: description.place, requestURL: request.url, now: now, redact: description.redact)
    }

    /// The id of the message object `response` holds: digits only, bounded; nil for an answer
    /// that is cut, too long, not an object, or whose `id` is anything else.
    static func messageID(in response: HTTPResponse) -> String? {
        guard !response.bodyTruncated, response.body.count <= maximumAnswerSize,
            let id = JSONObjectMember.string("id", in: response.body), ReceiptStore.isValidMessageID(id)
        else { return nil }
        return id
    }

    /// `url` with `wait=true` added to its query.
    static func waitURL(_ url: String) -> String {
        let (path, query) = split(url)
        return path + "?" + (query.map { $0.isEmpty ? "" : $0 + "&" } ?? "") + "wait=true"
    }

    /// `<url's path>/messages/<id>`, then the url's query, if any.
    static func messageURL(_ url: String, id: String) -> String {
        let (path, query) = split(url)
        let base = path.hasSuffix("/") ? String(path.dropLast()) : path
        return base + "/messages/" + id + (query.map { "?" + $0 } ?? "")
    }

    /// The URL before its `?`, and the query after it (nil without one); a fragment is dropped.
    private static func split(_ url: String) -> (path: String, query: String?) {
        let withoutFragment = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        guard let mark = withoutFragment.firstIndex(of: "?") else { return (withoutFragment, nil) }
        return (String(withoutFragment[..<mark]), String(withoutFragment[withoutFragment.index(after: mark)...]))
    }
}
