import BreezeVocabulary

/// One city's recent hours as the daemon keeps them between polls: the `slotCount` hours up to
/// the newest one received, six pollutants each, in fixed slots. A poll whose city has them up
/// to the previous hour asks only for the hours since (`PollRequestShape.recent`), and its
/// answer is laid over them (`PollHoursReader`), so every step after reads the same grid as
/// after a poll of the whole window.
///
/// A ring indexed by the unix hour modulo `slotCount`; each slot carries a tag of its own hour
/// (the lap), so a slot left from an older lap is never read as a newer hour, and a slot with
/// no row is told from a row whose values were all null. Values are kept as tenths of µg/m³
/// in a `UInt16` (Open-Meteo sends one decimal) when that gives back exactly the `Double`
/// received; any other value (more decimals, 6553.4 µg/m³ or more) goes to a small table of
/// exceptions, kept exact. One buffer of 511 `UInt16`s a city: about 1.3 kB of memory with its
/// name and table entry, 1.06 kB in `hours.bin`.
public struct KeptHours: Sendable, Equatable {
    /// The hours kept: the 72 before the current one (`PollRequestShape.standard`'s past
    /// hours) and the current one.
    public static let slotCount = 73
    /// The pollutants of a slot, in this order.
    public static let pollutants = Pollutant.allCases
    /// Where the city was asked for: a city moved by a reload starts over.
    public let latitude: Double
    public let longitude: Double
    /// The newest hour received (unix seconds / 3600), nil before any.
    public private(set) var newestHour: Int?
    // `slotCount × 6` values (slot-major), then `slotCount` tags; see `Stored`.
    private var words: [UInt16]
    // Values that do not round-trip as tenths, by value index, in the order set.
    private var exceptions: [Exception]

    /// One value kept exactly.
    public struct Exception: Sendable, Equatable {
        public var index: UInt16
        public var value: Double
        public init(index: UInt16, value: Double) {
            self.index = index
            self.value = value
        }
    }

    enum Stored {
        static let none: UInt16 = 0xFFFF
        static let exception: UInt16 = 0xFFFE
        static let largestTenths: UInt16 = 0xFFFD
        /// Tag 0: a slot never filled.
        static let empty: UInt16 = 0
    }

    static let valueCount = slotCount * 6
    /// Words of the buffer: the values, then one tag per slot.
    public static let wordCount = valueCount + slotCount

    /// No hours yet, for a city at these coordinates.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        newestHour = nil
        // One allocation of exactly `wordCount` (a concatenation would reserve twice that).
        var words = [UInt16](repeating: Stored.none, count: Self.wordCount)
        for slot in 0..<Self.slotCount { words[Self.valueCount + slot] = Stored.empty }
        self.words = words
        exceptions = []
    }

    /// The hours of a poll's grid (`concentrations`, hour `i` at `firstHour + i` hours) up to
    /// and including `currentHour`, at most `slotCount` of them, each hour a row; nil when the
    /// grid has no value in them at all (nothing worth keeping) or its hours are not whole.
    public init?(
        latitude: Double, longitude: Double, firstHour: Instant, currentHour: Instant,
        concentrations: HourlyConcentrations
    ) {
        guard let first = Self.unixHour(firstHour), let current = Self.unixHour(currentHour),
            firstHour.unixSeconds == Double(first) * 3600, currentHour.unixSeconds == Double(current) * 3600,
            current >= first, current - first < 1_000_000
        else { return nil }
        self.init(latitude: latitude, longitude: longitude)
        let start = max(first, current - Self.slotCount + 1)
        // Every slot written once, in order (at most `slotCount` hours: no slot twice), so no
        // exception is there to replace: `setRow`'s work without its checks, for every poll.
        let columns = Self.pollutants.map { concentrations.storedValues($0) }
        var any = false
        for hour in start...current {
            let index = hour - first
            let slot = Self.slot(hour)
            words[Self.valueCount + slot] = Self.tag(hour)
            for (position, column) in columns.enumerated() {
                guard let column, index < column.count, column[index].isFinite else { continue }
                words[slot * 6 + position] = store(column[index], index: slot * 6 + position)
                any = true
            }
        }
        newestHour = current
        guard any else { return nil }
    }

    /// The kept hours as stored (`KeptHoursStore`): nil when `words` is not `wordCount` long or
    /// an exception's index is outside the values.
    public init?(latitude: Double, longitude: Double, newestHour: Int?, words: [UInt16], exceptions: [Exception]) {
        guard words.count == Self.wordCount, exceptions.allSatisfy({ Int($0.index) < Self.valueCount }) else { return nil }
        self.latitude = latitude
        self.longitude = longitude
        self.newestHour = newestHour
        self.words = words
        self.exceptions = exceptions
    }

    /// The stored buffer and exceptions, for `KeptHoursStore`.
    public var storedWords: [UInt16] { words }
    public var storedExceptions: [Exception] { exceptions }

    /// The unix hour of `instant` (whole hours since 1970), nil for a time no ring holds.
    public static func unixHour(_ instant: Instant) -> Int? {
        let hours = (instant.unixSeconds / 3600).rounded(.down)
        guard hours.isFinite, abs(hours) < 1e12 else { return nil }
        return Int(hours)
    }

    /// Whether these are kept for `latitude`, `longitude`.
    public func isFor(latitude: Double, longitude: Double) -> Bool {
        self.latitude == latitude && self.longitude == longitude
    }

    /// Whether a poll at `now` needs only the hours since: the newest hour kept is the current
    /// hour or the one before (a poll every 15 minutes to an hour). Not when it lies ahead of
    /// `now` (a clock set back).
    public func reachesRecent(at now: Instant) -> Bool {
        guard let newestHour, let current = Self.unixHour(now) else { return false }
        return newestHour >= current - 1 && newestHour <= current
    }

    /// Whether the ring holds a row for `hour` (its values may all be nil).
    public func holds(hour: Int) -> Bool { slot(of: hour) != nil }

    /// `pollutant`'s value at `hour`, nil when the row or the value is missing.
    public func value(_ pollutant: Pollutant, hour: Int) -> Double? {
        guard let slot = slot(of: hour) else { return nil }
        return value(at: slot * 6 + pollutant.position)
    }

    /// Keeps the row of `hour` (replacing what the ring had for it), its values by pollutant
    /// (nil: none). An hour `slotCount` or more before the newest is not kept; a newer one
    /// moves the newest hour on. A value that is not finite is kept as none.
    public mutating func setRow(hour: Int, _ values: (Pollutant) -> Double?) {
        if let newestHour {
            guard hour > newestHour - Self.slotCount else { return }
            if hour > newestHour { self.newestHour = hour }
        } else {
            newestHour = hour
        }
        let slot = Self.slot(hour)
        let base = slot * 6
        if !exceptions.isEmpty {
            exceptions.removeAll { Int($0.index) >= base && Int($0.index) < base + 6 }
        }
        words[Self.valueCount + slot] = Self.tag(hour)
        for pollutant in Self.pollutants {
            let index = base + pollutant.position
            words[index] = store(values(pollutant), index: index)
        }
    }

    /// How many values are kept outside the tenths (for tests and measures).
    public var exceptionCount: Int { exceptions.count }

    private func slot(of hour: Int) -> Int? {
        guard let newestHour, hour <= newestHour, hour > newestHour - Self.slotCount else { return nil }
        let slot = Self.slot(hour)
        return words[Self.valueCount + slot] == Self.tag(hour) ? slot : nil
    }

    private func value(at index: Int) -> Double? {
        let word = words[index]
        switch word {
        case Stored.none: return nil
        case Stored.exception: return exceptions.last { Int($0.index) == index }?.value
        default: return Double(word) / 10
        }
    }

    private mutating func store(_ value: Double?, index: Int) -> UInt16 {
        guard let value, value.isFinite else { return Stored.none }
        // Division is correctly rounded, so t / 10 is the nearest Double to the decimal t/10:
        // the very Double a one-decimal text reads as.
        let tenths = (value * 10).rounded()
        if tenths >= 0, tenths <= Double(Stored.largestTenths), Double(UInt16(tenths)) / 10 == value,
            value.sign == .plus
        {
            return UInt16(tenths)
        }
        exceptions.append(Exception(index: UInt16(index), value: value))
        return Stored.exception
    }

    private static func slot(_ hour: Int) -> Int {
        let remainder = hour % slotCount
        return remainder < 0 ? remainder + slotCount : remainder
    }

    /// A slot's tag for `hour`: its lap (hour / slotCount) folded into 1…65535, never `empty`.
    static func tag(_ hour: Int) -> UInt16 {
        let lap = hour >= 0 ? hour / slotCount : (hour - slotCount + 1) / slotCount
        let folded = lap % 65535
        return UInt16(folded < 0 ? folded + 65535 : folded) + 1
    }
}
