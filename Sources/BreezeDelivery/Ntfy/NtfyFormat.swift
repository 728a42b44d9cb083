import BreezeAlerts
import BreezeHTTP
import BreezeModel
import BreezeVocabulary

/// `Format=ntfy`: the message as plain text POSTed to the topic URL, with `Title`, `Priority`
/// and `Tags` headers.
///
/// Priorities: `resolved` 2 (low), also when it stands for an episode that was over before
/// its alerts went out; `test` 3 (default); otherwise by band: up to Slightly High 3,
/// Unhealthy for Sensitive Groups 4 (high), Unhealthy and worse 5 (urgent, which ntfy lets
/// break through Do Not Disturb); a pollen or UV alert 4 from Very High, else 3. Tags: an emoji shortcode ntfy shows as an icon, then the
/// band's slug. Header values are ASCII: a non-ASCII title (an emoji, "Zürich") is sent as
/// RFC 2047 encoded-words, which ntfy decodes. An event of an episode carries its
/// `X-Sequence-ID` (`NtfySequence`), so it replaces the episode's earlier notification.
/// The body is plain text (no `Markdown:` header); in it and in `Title`, unsafe scalars
/// (controls, bidirectional and invisible format characters) are shown as their escapes
/// (`VisibleText`).
enum NtfyFormat: WebhookPayloadFormat {
    static func request(for event: AlertEvent, context: FormatContext) -> HTTPRequest {
        if let digest = event.digest { return NtfyDigestFormat.request(digest, event: event, context: context) }
        let text = context.text(event)
        var lines = [text.message]
        if let advice = context.advice(event) { lines += ["", advice] }

        if let note = text.exampleReadingNote { lines += ["", note] }
        if !event.tips.isEmpty { lines += [""] + event.tips.map { "• " + $0 } }
        let rows = AlertData.pollutantRows(event)
        if !rows.isEmpty { lines += [""] + rows.map(\.line) }
        let beside = [text.modelLine, text.openMeteoLine].compactMap { $0 }
        if !beside.isEmpty { lines += (rows.isEmpty ? [""] : []) + beside }
        lines += ["", "Observed \(text.observedWithSource)"]
        let tags = [shortcode(event)] + (ExposureText.tags(event) ?? event.band.map { [$0.slug] } ?? [])
        let sequence = NtfySequence.identifier(event).map { [(name: NtfySequence.header, value: $0)] } ?? []
        return .post(
            context.url, body: Array(bodyText(lines).utf8),
            contentType: "text/plain; charset=utf-8",
            headers: [
                ("Title", headerText(text.title)),
                ("Priority", String(priority(event))),
                ("Tags", tags.joined(separator: ",")),
            ] + sequence)
    }

    /// ntfy's priority, 1 (min) to 5 (urgent).
    static func priority(_ event: AlertEvent) -> Int {
        if let exposure = ExposureText.ntfyPriority(event) { return exposure }
        switch event.kind {
        case .resolved, .forecastCleared: return 2
        case .test, .forecast: return 3
        // Low when all is clear: the daily sign of life needs no sound.
        case .digest: return event.digest?.allClear == false ? 3 : 2
        case .firing, .escalated, .reminder:
            guard let band = event.band else { return 3 }
            if band >= .unhealthy { return 5 }
            return band == .unhealthyForSensitiveGroups ? 4 : 3
        }
    }

    /// An emoji shortcode from ntfy's list for the event.
    static func shortcode(_ event: AlertEvent) -> String {
        if let code = ExposureText.shortcode(event) { return code }
        switch event.kind {
        case .resolved, .forecastCleared: return "white_check_mark"
        case .test: return "test_tube"
        case .forecast: return "calendar"
        case .digest: return "newspaper"
        case .firing, .escalated, .reminder:
            switch event.band {
            case nil: return "warning"
            case .excellent: return "sparkles"
            case .good: return "blush"
            case .moderate: return "neutral_face"
            case .slightlyHigh: return "confused"
            case .unhealthyForSensitiveGroups: return "mask"
            case .unhealthy: return "fearful"
            case .veryUnhealthy: return "rotating_light"
            case .hazardous: return "skull_and_crossbones"
            }
        }
    }

    /// `lines` (each one line: a sentence, a tip, a pollutant) as the body: each with its
    /// unsafe scalars escaped (`VisibleText`, so a line break in a name is `\n`, never a new
    /// line), one per line.
    static func bodyText(_ lines: [String]) -> String {
        lines.map { VisibleText.escaped($0) }.joined(separator: "\n")
    }

    /// `text` with its unsafe scalars escaped (`VisibleText`: a line break as `\n`, a
    /// bidirectional override as `\u{202E}`, so none can end the header or reorder the
    /// title), as encoded-words when it is not plain ASCII.
    static func headerText(_ text: String) -> String {
        let clean = VisibleText.escaped(text)
        return EncodedWord.isPlainHeaderText(clean) ? clean : EncodedWord.words(clean).joined(separator: " ")
    }
}
