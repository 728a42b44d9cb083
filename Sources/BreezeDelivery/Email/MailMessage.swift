import BreezeAlerts
import BreezeConfig
import BreezeModel
import FoundationEssentials
import BreezeVocabulary

/// Who an email receiver's messages are from and to, and what their subjects start with.
struct MailAddressing: Sendable {
    let from: String
    let to: [String]
    let subjectPrefix: String
}

/// One alert as an RFC 5322 message: plain UTF-8 text, quoted-printable, lines ending in `\n`
/// (the local convention of Maildir files and of `sendmail` on standard input).
struct MailMessage {
    let event: AlertEvent
    let addressing: MailAddressing
    /// The receiver's `TimeZone=`, if any.
    let timeZone: String?
    let hostname: String
    /// When the message is written: its `Date:`.
    let now: Instant
    /// The receiver's `Audience=`: whose advice the body carries.
    var audience: Audience = .general

    /// `<event-id@hostname>`: the same for every copy of one event, so duplicates show.
    var messageID: String { messageID(ofEvent: event.id) }

    /// The Message-ID of the message about the event `id`: `<id@hostname>`.
    func messageID(ofEvent id: String) -> String {
        "<\(HeaderText.messageIDPart(id))@\(HeaderText.messageIDPart(hostname))>"
    }

    /// The whole message.
    var whole: String {
        let headers = [
            HeaderText.field("Date", date),
            HeaderText.addressList("From", [addressing.from]),
            HeaderText.addressList("To", addressing.to),
            HeaderText.field("Subject", subject),
            HeaderText.field("Message-ID", messageID),
        ] + MailThreading.headers(event, messageID: messageID(ofEvent:)) + [
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "Auto-Submitted: auto-generated",
            HeaderText.field("X-Breeze-Event", "\(event.kind.rawValue) \(HeaderText.messageIDPart(event.id))"),
        ]
        return headers.joined(separator: "\n") + "\n\n" + QuotedPrintable.encode(body) + "\n"
    }

    /// What people read, made for this attempt: local times, the late note.
    var text: AlertText { AlertText(event, now: now, receiverTimeZone: timeZone) }

    /// `SubjectPrefix` and the message (with its late note when late).
    var subject: String {
        let message = text.message
        return addressing.subjectPrefix.isEmpty ? message : addressing.subjectPrefix + " " + message
    }

    /// RFC 5322 date in the receiver's `TimeZone=`, else the system's.
    var date: String {
        TimeText.rfc5322(now, in: CivilCalendar.zone([timeZone]))
    }

    /// For people: what changed, the reading, the pollutant table, the tips, when observed
    /// (in the city's zone, else the receiver's, else the system's).
    var body: String {
        if let digest = digestBody { return digest }
        let text = self.text
        if let lines = ExposureText.mailBody(text, hostname: hostname) {
            return lines.map { VisibleText.escaped($0) }.joined(separator: "\n")
        }
        var lines = [text.message, "", change(text), ""]
        if let note = text.exampleReadingNote { lines += [note, ""] }
        lines.append("City: \(text.place) (\(event.city.latitude), \(event.city.longitude))")
        lines.append("AQI: " + (event.aqi.map(String.init) ?? "no data")
            + (event.band.map { ", \($0.label) \($0.emoji)" } ?? "") + (text.source.map { " (\($0))" } ?? ""))
        if let model = text.modelLine { lines.append(model) }
        if let openMeteo = text.openMeteoLine { lines.append(openMeteo) }
        if let dominant = event.dominantPollutant { lines.append("Dominant: \(dominant.label)") }
        if let forecast = event.forecast {
            lines.append("Day: \(text.forecastDay) (forecast peak)")
            lines.append("Hours: \(forecast.hoursAboveThreshold) at or above AQI \(forecast.threshold)")
        }
        lines.append("Observed: \(text.observed)")
        if let note = text.lateNote { lines.append("Sent late: \(note)") }
        let rows = AlertData.pollutantRows(event)
        if !rows.isEmpty {
            // A list, not aligned columns: phones show mail in a proportional font.
            lines += ["", "Pollutants:"] + rows.map { "• " + $0.line }
        }
        if let advice = AdviceText.statement(event, audience: audience) { lines += ["", advice] }
        if !event.tips.isEmpty {
            lines += ["", "What to do:"] + event.tips.map { "- " + $0 }
        }
        lines += ["", "-- ", "Breeze on \(hostname), event \(event.id)"]
        return lines.map { VisibleText.escaped($0) }.joined(separator: "\n")
    }

    private func change(_ text: AlertText) -> String {
        let now = event.band?.label ?? "no AQI"
        let before = event.previousBand?.label
        if let episode = text.episode {
            return "An alert came and went before it could be sent: the air was "
                + (episode.band?.label ?? "alerting") + " \(text.episodeSpan(episode)) and is back to \(now)."
        }
        switch event.kind {
        case .firing:
            return "An alert started" + (before.map { ": the air went from \($0) to \(now)." } ?? ": the air is \(now).")
        case .escalated:
            return "The alert escalated" + (before.map { ": from \($0) to \(now)." } ?? ": now \(now).")
        case .reminder:
            return "A reminder: the alert" + (before.map { " (announced as \($0))" } ?? "") + " is still on; the air is \(now)."
        case .resolved:
            return "The alert is over" + (before.map { ": the air is back to \(now) from \($0)." } ?? ": the air is \(now).")
        case .test:
            return "This is a test alert sent by breezectl test-alert; no alert is active because of it."
        case .forecast:
            return "A forecast alert for \(text.forecastDay): the air is expected to reach \(now)"
                + (before.map { " (announced as \($0) before)." } ?? ".")
        case .forecastCleared:
            return "The forecast alert for \(text.forecastDay) is over: the air is no longer "
                + "expected to reach the threshold (peak \(now))."
        case .digest:
            return "The daily air quality digest for \(event.digest.map { TimeText.weekdayAndDate(named: $0.day) } ?? "today")."
        }
    }

}
