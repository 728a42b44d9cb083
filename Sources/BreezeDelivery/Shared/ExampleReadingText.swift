import BreezeAlerts

extension AlertText {
    /// On a test alert sent with Breeze's example reading (`AlertEvent.exampleReading`): the
    /// line every human format shows, so nobody takes the values for the city's air. Nil on
    /// every other event.
    var exampleReadingNote: String? {
        guard event.kind == .test, event.exampleReading == true else { return nil }
        return "Example reading: no reading of \(place) was at hand, so these values are made up for the test."
    }
}
