import BreezeAlerts

/// Email threading for an episode (`AlertEvent.thread`): every message after the episode's
/// first carries `In-Reply-To` and `References` naming the first message's Message-ID, so
/// mail readers show the firing, its escalations and reminders and the resolve as one
/// conversation. Nothing is stored: the first message's Message-ID is derived from the thread.
///
/// The first event of a thread is its event number 1 (`EventIdentifier`: an AQI episode's
/// `<thread>-1-firing`, a forecast day's `<thread>-1-forecast`), whose message has the
/// Message-ID `<that id@host>`, as every message has `<event id@host>`.
enum MailThreading {
    /// The id of the first event of `event`'s thread; nil without a thread (tests, digests)
    /// or when `event` is that first event.
    static func rootEventID(of event: AlertEvent) -> String? {
        guard let thread = event.thread, !thread.isEmpty else { return nil }
        // A resolve that stands for a whole episode whose firing never went out is the
        // episode's only message: there is nothing to reply to.
        guard event.unannounced == nil else { return nil }
        let first = thread + "-1-" + (event.kind.isForecast ? AlertEventKind.forecast : .firing).rawValue
        return event.id == first ? nil : first
    }

    /// The `In-Reply-To` and `References` header lines of `event`'s message (none for the
    /// first message of a thread, a test or a digest); `messageID` makes a Message-ID from
    /// an event id, as the message's own is made.
    static func headers(_ event: AlertEvent, messageID: (String) -> String) -> [String] {
        guard let root = rootEventID(of: event) else { return [] }
        let parent = messageID(root)
        return [HeaderText.field("In-Reply-To", parent), HeaderText.field("References", parent)]
    }
}
