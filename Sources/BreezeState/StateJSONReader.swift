import BreezeJSON
import BreezeAlerts
import BreezeModel
import BreezeVocabulary

/// Reads `state.json` in one pass: what `JSONDecoder` accepts as a `DaemonState` (the compact
/// files `StateJSONWriter` writes and the pretty-printed ones earlier versions wrote), with the
/// same rules: required keys must be there, optional ones may be missing or null, unknown keys
/// are ignored, and anything else is an error, so the file is treated as corrupt.
enum StateJSONReader {
    /// Why the state does not read: a syntax error, or a value of the wrong shape (reported
    /// the same way, with the byte where it was found).
    typealias Failure = JSONSyntaxError

    static func decode(_ bytes: [UInt8], expectedCities: Int = 0) throws(Failure) -> DaemonState {
        try decode(bytes[...], expectedCities: expectedCities)
    }

    /// The state in `bytes`, a part of a larger text (a control answer) read where it lies.
    static func decode(_ bytes: ArraySlice<UInt8>, expectedCities: Int = 0) throws(Failure) -> DaemonState {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(Failure) in
                var scanner = JSONScanner(buffer)
                let state = try state(&scanner, expectedCities: expectedCities)
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("unexpected text after the state") }
                return state
            }
        }
        return try outcome.get()
    }

    /// Each record's grid cell with its `city`, for the records that have one; everything
    /// else is stepped over by its brackets, unchecked (`JSONScanner.skipValueUnchecked`):
    /// what `check-config`'s line on grid cells needs of a 100,000-city state (81 MB, whose
    /// whole reading took longer than the rest of the check).
    static func decodeGridCells(_ bytes: [UInt8]) throws(Failure) -> [String: RecordedGridCell] {
        let outcome = bytes.withUnsafeBytes { buffer in
            Result { () throws(Failure) in
                var scanner = JSONScanner(buffer)
                // Sized as the whole reading sizes its records (about 750 bytes a city).
                var recorded = [String: RecordedGridCell](minimumCapacity: scanner.bytes.count / 750)
                try members(&scanner, of: "the state") { scanner, key throws(Failure) in
                    guard key.equals("cities") else { return try scanner.skipValueUnchecked() }
                    try members(&scanner, of: "cities") { scanner, name throws(Failure) in
                        var city: City?
                        var cell: GridCell?
                        try members(&scanner, of: "a city record") { scanner, key throws(Failure) in
                            if key.equals("city") {
                                city = try readCity(&scanner)
                            } else if key.equals("gridCell") {
                                cell = try optional(&scanner, readGridCell)
                            } else {
                                try scanner.skipValueUnchecked()
                            }
                        }
                        let known = try required(scanner, city, "city")
                        if let cell { recorded[name.string] = RecordedGridCell(city: known, cell: cell) }
                    }
                }
                scanner.skipWhitespace()
                guard scanner.isAtEnd else { throw scanner.error("unexpected text after the state") }
                return recorded
            }
        }
        return try outcome.get()
    }

    private static func state(_ scanner: inout JSONScanner, expectedCities: Int) throws(Failure) -> DaemonState {
        var state = DaemonState()
        var version: Int?
        var cities: [String: CityRecord]?
        try members(&scanner, of: "the state") { scanner, key throws(Failure) in
            if key.equals("version") {
                version = try integer(&scanner, "version")
            } else if key.equals("cities") {
                // About 750 bytes per city in a file of a running daemon: sized once rather
                // than regrown a dozen times, and not twice too large (each slot holds a whole
                // record, ~700 bytes, so 500 doubled the table to 24 MB at 10,000 cities).
                var records = [String: CityRecord](minimumCapacity: max(scanner.bytes.count / 750, expectedCities))
                try members(&scanner, of: "cities") { scanner, name throws(Failure) in
                    records[name.string] = try record(&scanner)
                }
                cities = records
            } else if key.equals("digestsSent") {
                state.digestsSent = try optional(&scanner) { scanner throws(Failure) in
                    var sent: [String: String] = [:]
                    try members(&scanner, of: "digestsSent") { scanner, name throws(Failure) in
                        sent[name.string] = try string(&scanner, "digestsSent")
                    }
                    return sent
                } ?? [:]
            } else if key.equals("lastCycleCompletedAt") {
                state.lastCycleCompletedAt = try optionalTime(&scanner, "lastCycleCompletedAt")
            } else if key.equals("lastCycleStartedAt") {
                state.lastCycleStartedAt = try optionalTime(&scanner, "lastCycleStartedAt")
            } else if key.equals("pollIntervalSeconds") {
                state.pollInterval = try optional(&scanner) { scanner throws(Failure) in try number(&scanner, "pollIntervalSeconds", in: 0...TimeText.writable.upperBound) }
                    .map(Duration.init(seconds:))
            } else if key.equals("processID") {
                state.processID = try optional(&scanner) { scanner throws(Failure) in
                    let value = try integer(&scanner, "processID")
                    guard let id = Int32(exactly: value) else { throw scanner.error("'processID' out of range") }
                    return id
                }
            } else {
                try skip(&scanner)
            }
        }
        state.version = try required(scanner, version, "version")
        state.cities = try required(scanner, cities, "cities")
        return state
    }

    private static func record(_ scanner: inout JSONScanner) throws(Failure) -> CityRecord {
        var city: City?
        var alert: CityAlertState?
        var record = CityRecord(city: City(name: "", latitude: 0, longitude: 0))
        try members(&scanner, of: "a city record") { scanner, key throws(Failure) in
            if key.equals("city") {
                city = try readCity(&scanner)
            } else if key.equals("alert") {
                alert = try readAlert(&scanner)
            } else if key.equals("lastReading") {
                record.lastReading = try optional(&scanner, readReading)
            } else if key.equals("alerting") {
                record.alerting = try optional(&scanner, readAlerting)
            } else if key.equals("band") {
                record.band = try optional(&scanner) { scanner throws(Failure) in try band(&scanner) }
            } else if key.equals("bandSince") {
                record.bandSince = try optionalTime(&scanner, "bandSince")
            } else if key.equals("lastPollAt") {
                record.lastPollAt = try optionalTime(&scanner, "lastPollAt")
            } else if key.equals("lastSuccessfulPollAt") {
                record.lastSuccessfulPollAt = try optionalTime(&scanner, "lastSuccessfulPollAt")
            } else if key.equals("forecast") {
                record.forecast = try optional(&scanner, readForecast)
            } else if key.equals("sensitiveAlert") {
                record.sensitiveAlert = try optional(&scanner, readAlert)
            } else if key.equals("pollenAlert") {
                record.pollenAlert = try optional(&scanner, readAlert)
            } else if key.equals("uvAlert") {
                record.uvAlert = try optional(&scanner, readAlert)
            } else if key.equals("ground") {
                record.ground = try optional(&scanner, readGround)
            } else if key.equals("gridCell") {
                record.gridCell = try optional(&scanner, readGridCell)
            } else if key.equals("sourceAlerts") {
                record.sourceAlerts = try optional(&scanner) { scanner throws(Failure) in
                    var alerts: [String: CityAlertState] = [:]
                    try members(&scanner, of: "sourceAlerts") { scanner, name throws(Failure) in
                        alerts[name.string] = try readAlert(&scanner)
                    }
                    return alerts
                } ?? [:]
            } else if key.equals("lastError") {
                record.lastError = try optional(&scanner) { scanner throws(Failure) in try string(&scanner, "lastError") }
            } else {
                try skip(&scanner)
            }
        }
        record.city = try required(scanner, city, "city")
        record.alert = try required(scanner, alert, "alert")
        return record
    }

    private static func readCity(_ scanner: inout JSONScanner) throws(Failure) -> City {
        var name: String?
        var latitude: Double?
        var longitude: Double?
        var country: String?
        var admin1: String?
        var timeZone: String?
        try members(&scanner, of: "a city") { scanner, key throws(Failure) in
            if key.equals("name") {
                name = try string(&scanner, "name")
            } else if key.equals("latitude") {
                latitude = try number(&scanner, "latitude", in: -90...90)
            } else if key.equals("longitude") {
                longitude = try number(&scanner, "longitude", in: -180...180)
            } else if key.equals("country") {
                country = try optional(&scanner) { scanner throws(Failure) in try string(&scanner, "country") }
            } else if key.equals("admin1") {
                admin1 = try optional(&scanner) { scanner throws(Failure) in try string(&scanner, "admin1") }
            } else if key.equals("timeZone") {
                timeZone = try optional(&scanner) { scanner throws(Failure) in try string(&scanner, "timeZone") }
            } else {
                try skip(&scanner)
            }
        }
        return City(
            name: try required(scanner, name, "name"), country: country, admin1: admin1,
            latitude: try required(scanner, latitude, "latitude"), longitude: try required(scanner, longitude, "longitude"),
            timeZone: timeZone)
    }

    private static func readGridCell(_ scanner: inout JSONScanner) throws(Failure) -> GridCell {
        var latitude: Double?
        var longitude: Double?
        try members(&scanner, of: "a grid cell") { scanner, key throws(Failure) in
            if key.equals("latitude") {
                latitude = try number(&scanner, "latitude", in: -90...90)
            } else if key.equals("longitude") {
                longitude = try number(&scanner, "longitude", in: -180...180)
            } else {
                try skip(&scanner)
            }
        }
        return GridCell(
            latitude: try required(scanner, latitude, "latitude"), longitude: try required(scanner, longitude, "longitude"))
    }

    private static func readForecast(_ scanner: inout JSONScanner) throws(Failure) -> CityForecastState {
        var days: [CityForecastState.DayState]?
        try members(&scanner, of: "a forecast state") { scanner, key throws(Failure) in
            guard key.equals("days") else { return try skip(&scanner) }
            guard try peek(&scanner) == .array else { throw scanner.error("'days' is not an array") }
            var read: [CityForecastState.DayState] = []
            try scanner.readArray(depth: 3) { scanner throws(Failure) in
                var day: String?
                var events: Int?
                var band: Band?
                try members(&scanner, of: "a forecast day") { scanner, key throws(Failure) in
                    if key.equals("day") {
                        day = try string(&scanner, "day")
                    } else if key.equals("events") {
                        events = try count(&scanner, "events")
                    } else if key.equals("announcedBand") {
                        band = try optional(&scanner) { scanner throws(Failure) in try Self.band(&scanner) }
                    } else {
                        try skip(&scanner)
                    }
                }
                read.append(
                    CityForecastState.DayState(
                        day: try required(scanner, day, "day"), announcedBand: band,
                        events: try required(scanner, events, "events")))
            }
            days = read
        }
        return CityForecastState(days: try required(scanner, days, "days"))
    }

    private static func readAlert(_ scanner: inout JSONScanner) throws(Failure) -> CityAlertState {
        var alert = CityAlertState()
        var firing: Bool?
        var counters: [Int?] = [nil, nil, nil, nil, nil]
        try members(&scanner, of: "an alert state") { scanner, key throws(Failure) in
            for (index, name) in counterNames.enumerated() where key.equals(name) {
                counters[index] = try count(&scanner, "\(name)")
                return
            }
            if key.equals("firing") {
                guard try peek(&scanner) == .boolean else { throw scanner.error("'firing' is not a boolean") }
                firing = try scanner.readBoolean()
            } else if key.equals("notifiedBand") {
                alert.notifiedBand = try optional(&scanner) { scanner throws(Failure) in try band(&scanner) }
            } else if key.equals("lastCalmBand") {
                alert.lastCalmBand = try optional(&scanner) { scanner throws(Failure) in try band(&scanner) }
            } else if key.equals("notifiedLevel") {
                alert.notifiedLevel = try optional(&scanner) { scanner throws(Failure) in try count(&scanner, "notifiedLevel") }
            } else if key.equals("lastNotifiedAt") {
                alert.lastNotifiedAt = try optionalTime(&scanner, "lastNotifiedAt")
            } else if key.equals("episodeStartedAt") {
                alert.episodeStartedAt = try optionalTime(&scanner, "episodeStartedAt")
            } else {
                try skip(&scanner)
            }
        }
        alert.firing = try required(scanner, firing, "firing")
        alert.breachStreak = try required(scanner, counters[0], "breachStreak")
        alert.clearStreak = try required(scanner, counters[1], "clearStreak")
        alert.escalationStreak = try required(scanner, counters[2], "escalationStreak")
        alert.eventsInEpisode = try required(scanner, counters[3], "eventsInEpisode")
        alert.missingStreak = try required(scanner, counters[4], "missingStreak")
        return alert
    }

    private static let counterNames: [StaticString] = [
        "breachStreak", "clearStreak", "escalationStreak", "eventsInEpisode", "missingStreak",
    ]

    private static func readAlerting(_ scanner: inout JSONScanner) throws(Failure) -> AlertingAQI {
        var source: AQISource?
        var alerting = AlertingAQI(source: .openMeteo, aqi: nil, dominantPollutant: nil, openMeteoAQI: nil)
        var averages: [Pollutant: Double]?
        try members(&scanner, of: "an alerting AQI") { scanner, key throws(Failure) in
            if key.equals("source") {
                let text = try string(&scanner, "source")
                guard let known = AQISource(rawValue: text) else { throw scanner.error("unknown AQI source '\(text)'") }
                source = known
            } else if key.equals("aqi") {
                alerting.aqi = try optional(&scanner) { scanner throws(Failure) in try index(&scanner, "aqi") }
            } else if key.equals("openMeteoAQI") {
                alerting.openMeteoAQI = try optional(&scanner) { scanner throws(Failure) in try index(&scanner, "openMeteoAQI") }
            } else if key.equals("dominantPollutant") {
                alerting.dominantPollutant = try optional(&scanner) { scanner throws(Failure) in
                    let name = try string(&scanner, "dominantPollutant")
                    guard let pollutant = Pollutant(rawValue: name) else { throw scanner.error("unknown pollutant '\(name)'") }
                    return pollutant
                }
            } else if key.equals("fallbackReason") {
                alerting.fallbackReason = try optional(&scanner) { scanner throws(Failure) in try string(&scanner, "fallbackReason") }
            } else if key.equals("leftOut") {
                guard try peek(&scanner) == .array else { throw scanner.error("'leftOut' is not an array") }
                var reasons: [String] = []
                try scanner.readArray(depth: 3) { scanner throws(Failure) in reasons.append(try string(&scanner, "leftOut")) }
                alerting.leftOut = reasons
            } else if key.equals("mayUnderstate") {
                guard try peek(&scanner) == .boolean else { throw scanner.error("'mayUnderstate' is not a boolean") }
                alerting.mayUnderstate = try scanner.readBoolean()
            } else if key.equals("sensor") {
                alerting.sensor = try optional(&scanner, readSensorRating)
            } else if key.equals("averages") {
                var values = [Pollutant: Double](minimumCapacity: Pollutant.allCases.count)
                try members(&scanner, of: "averages") { scanner, name throws(Failure) in
                    values[try pollutant(scanner, name)] = try number(&scanner, "averages", in: 0...Double.greatestFiniteMagnitude)
                }
                averages = values
            } else {
                try skip(&scanner)
            }
        }
        alerting.source = try required(scanner, source, "source")
        alerting.averages = try required(scanner, averages, "averages")
        return alerting
    }

    private static func readReading(_ scanner: inout JSONScanner) throws(Failure) -> Reading {
        var time: String?
        var usAQI: Int?
        var concentrations: [Pollutant: Double]?
        var subIndices: [Pollutant: Int]?
        try members(&scanner, of: "a reading") { scanner, key throws(Failure) in
            if key.equals("time") {
                time = try string(&scanner, "time")
            } else if key.equals("usAQI") {
                usAQI = try optional(&scanner) { scanner throws(Failure) in try index(&scanner, "usAQI") }
            } else if key.equals("concentrations") {
                var values = [Pollutant: Double](minimumCapacity: Pollutant.allCases.count)
                try members(&scanner, of: "concentrations") { scanner, name throws(Failure) in
                    values[try pollutant(scanner, name)] = try number(&scanner, "concentrations", in: 0...Double.greatestFiniteMagnitude)
                }
                concentrations = values
            } else if key.equals("subIndices") {
                var values = [Pollutant: Int](minimumCapacity: Pollutant.allCases.count)
                try members(&scanner, of: "subIndices") { scanner, name throws(Failure) in
                    values[try pollutant(scanner, name)] = try index(&scanner, "subIndices")
                }
                subIndices = values
            } else {
                try skip(&scanner)
            }
        }
        return Reading(
            time: ObservationTime(try required(scanner, time, "time")), usAQI: usAQI,
            concentrations: try required(scanner, concentrations, "concentrations"),
            subIndices: try required(scanner, subIndices, "subIndices"))
    }
}
