import BreezeAlerts
import BreezeVocabulary

extension MailMessage {
    /// The most bytes of city blocks a digest's body holds; the rest are counted in one line.
    static let digestBodyBytes = 1 << 20

    /// A digest's body: the headline, then each city as its name and a list of its facts
    /// (`- Now: AQI 42, Good 😊`), which reads the same in a phone's proportional font as in a
    /// terminal; nil for other events. The subject is the digest's title (`event.message`).
    var digestBody: String? {
        guard let digest = event.digest else { return nil }
        let text = DigestText(digest)
        let (blocks, rest) = text.fitted(budget: Self.digestBodyBytes) { city in
            ([text.heading(city)] + text.facts(city).map { "- " + $0 }).joined(separator: "\n")
        }
        // Each block's lines are free of controls already (`DigestText`).
        var lines = [text.headline, ""]
        for block in blocks { lines += [block, ""] }
        if let rest { lines += [rest, ""] }
        lines += ["-- ", VisibleText.escaped("Breeze on \(hostname), daily digest \(event.id)")]
        return lines.joined(separator: "\n")
    }
}
