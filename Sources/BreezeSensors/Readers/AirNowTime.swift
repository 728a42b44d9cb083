import BreezeVocabulary

/// The hour an AirNow observation starts: `dateObserved` ("2026-07-29", perhaps with a trailing
/// space) and `hourObserved` ("14:00"; the retired service wrote 14) on the wall clock of
/// `localTimeZone`, a US zone abbreviation. AirNow names no IANA zone, so the abbreviations
/// are read here by their fixed offsets; one it does not list gives no hour.
enum AirNowTime {
    /// Hours east of UTC of the abbreviations AirNow's US, Puerto Rico and Pacific sites use.
    static let offsets: [String: Int] = [
        "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
        "AKST": -9, "AKDT": -8, "HST": -10, "AST": -4, "CHST": 10, "SST": -11, "UTC": 0, "GMT": 0,
    ]

    /// The instant of the hour's start; nil when any part is missing or unreadable.
    static func hourStart(date: String?, hour: SensorBody?, zone: String?) -> Instant? {
        guard let date = date?.trimmingASCIISpaces, date.utf8.count == 10,
            let zone = zone?.trimmingASCIISpaces.uppercased(), let offset = offsets[zone],
            let hour = hour.flatMap(hourOfDay)
        else { return nil }
        guard let local = SampleTime.utcSeconds(date + "T" + CivilCalendar.twoDigits(hour) + ":00") else {
            return nil
        }
        return Instant(unixSeconds: local - Double(offset * 3600))
    }

    /// 0…23 from "14:00", "14" or 14.
    private static func hourOfDay(_ value: SensorBody) -> Int? {
        let hour: Int?
        switch value {
        case .number(let number): hour = number == number.rounded() && abs(number) < 100 ? Int(number) : nil
        case .text(let text):
            let trimmed = text.trimmingASCIISpaces
            let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
            guard (1...2).contains(parts.count), parts.count == 1 || parts[1] == "00" else { return nil }
            hour = Int(parts[0])
        default: hour = nil
        }
        return hour.flatMap { (0...23).contains($0) ? $0 : nil }
    }
}
