import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// A grouped message (`Group=`) as an RFC 5322 message, like `MailMessage`: the subject
/// `[Breeze] 4 cities: Paris Unhealthy 😨, Lyon …`, a body listing a line per city (a list
/// that reads in a phone's proportional font), its Message-ID from the group's id.
struct MailGroupMessage {
    /// The most characters of the subject's summary (after `SubjectPrefix=`).
    static let subjectLimit = 150

    let group: MessageGroup
    let addressing: MailAddressing
    let timeZone: String?
    let hostname: String
    let now: Instant
    /// The receiver's `Audience=`: whom the advice line is written for.
    var audience: Audience = .general

    private var single: MailMessage? {
        group.events.first.map {
            MailMessage(event: $0, addressing: addressing, timeZone: timeZone, hostname: hostname, now: now)
        }
    }

    /// `<group-…@hostname>`: the same for every attempt at the same members.
    var messageID: String {
        "<\(HeaderText.messageIDPart(group.id))@\(HeaderText.messageIDPart(hostname))>"
    }

    var text: GroupText { GroupText(group, now: now, receiverTimeZone: timeZone) }

    var subject: String {
        let summary = text.summary(limit: Self.subjectLimit)
        return addressing.subjectPrefix.isEmpty ? summary : addressing.subjectPrefix + " " + summary
    }

    var whole: String {
        let headers = [
            HeaderText.field("Date", single?.date ?? ""),
            HeaderText.addressList("From", [addressing.from]),
            HeaderText.addressList("To", addressing.to),
            HeaderText.field("Subject", subject),
            HeaderText.field("Message-ID", messageID),
            "MIME-Version: 1.0",
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: quoted-printable",
            "Auto-Submitted: auto-generated",
            HeaderText.field("X-Breeze-Event", "group \(HeaderText.messageIDPart(group.id))"),
        ]
        return headers.joined(separator: "\n") + "\n\n" + QuotedPrintable.encode(body) + "\n"
    }

    /// `Air quality: 4 cities changed:`, then `- ` and a line per city, the worst first.
    var body: String {
        let text = self.text
        var lines = [text.title + ":", ""]
        lines += text.lines.map { "- " + $0 }
        if let advice = text.advice(audience: audience) { lines += ["", advice] }
        lines += ["", "-- ", "Breeze on \(hostname), \(group.events.count) alerts in one message:"]
        lines += group.events.map { "  \($0.id)" }
        return lines.map { VisibleText.escaped($0) }.joined(separator: "\n")
    }
}
