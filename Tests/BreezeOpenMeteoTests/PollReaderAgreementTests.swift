import BreezeConfig
import BreezeModel
import BreezeVocabulary
import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The poll's hourly reader (stored values, the exact grid in one pass, each value checked
/// once) against the reader it replaced (`ReferencePollHoursReader`), on good, odd and hostile
/// bodies written as text: the same readings, hours, problems and current drops, to the bit.
struct PollReaderAgreementTests {
    static let mu = "\u{03BC}g/m\u{00B3}"
    /// 2026-08-20T14:00Z.
    static let now = 1_787_234_400
    static let shape = PollRequestShape.standard
    static let variables = Pollutant.allCases.map(\.openMeteoVariable)
    static let requested = Coordinate(latitude: 52.52, longitude: 13.41)

    /// One poll element as text: `hourly.time` from `times`, each column's values as written.
    struct Element {
        var currentTime = "\(PollReaderAgreementTests.now)"
        var times: [String] = (-72..<120).map { "\(PollReaderAgreementTests.now + 3600 * $0)" }
        var columns: [(String, String)] = PollReaderAgreementTests.variables.map { variable in
            (variable, "[" + (0..<192).map { "\(Double($0 % 37) + 0.5)" }.joined(separator: ",") + "]")
        }
        var units: [String: String] = Dictionary(
            uniqueKeysWithValues: PollReaderAgreementTests.variables.map { ($0, PollReaderAgreementTests.mu) })
        var timeColumn: String?

        static func list(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }

        mutating func set(_ variable: String, _ values: [String]) {
            columns = columns.map { $0.0 == variable ? (variable, Self.list(values)) : $0 }
        }

        var text: String {
            let unitText = units.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value)\"" }.joined(separator: ",")
            let columnText = columns.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
            return #"{"latitude":52.5,"longitude":13.4,"current_units":{"time":"unixtime","us_aqi":"USAQI","us_aqi_pm2_5":"USAQI"},"#
                + #""current":{"time":\#(currentTime),"interval":3600,"us_aqi":60,"us_aqi_pm2_5":55},"#
                + #""hourly_units":{"time":"unixtime",\#(unitText)},"#
                + #""hourly":{"time":\#(timeColumn ?? Self.list(times)),\#(columnText)}}"#
        }
    }

    /// Both readers on every element of `body`; returns how many elements were usable.
    @discardableResult
    static func expectAgreement(_ body: String, _ comment: String) throws -> Int {
        let bytes = Array(body.utf8)
        let elements = try LocationElements.decode(bytes)
        var usable = 0
        for element in elements {
            let payload: LocationPayload
            switch element {
            case .success(let read): payload = read
            case .failure: continue
            }
            let fast = Result { () throws(FetchError) in try PollConditions(payload, requested: requested, shape: shape) }
            let reference = Result { () throws(FetchError) in
                try referencePollConditions(payload, requested: requested, shape: shape)
            }
            #expect(fast == reference, "\(comment)")
            if case .success(let new) = fast, case .success(let old) = reference {
                usable += 1
                #expect(new.hourly.problems == old.hourly.problems, "\(comment)")
                #expect(new.current.rejectedValues == old.current.rejectedValues, "\(comment)")
                #expect(new.hourly.currentWindowProblem == old.hourly.currentWindowProblem, "\(comment)")
                #expect(new.hourly.lastHourReceived == old.hourly.lastHourReceived, "\(comment)")
                #expect(new.hourly.concentrations.implausibleHours == old.hourly.concentrations.implausibleHours, "\(comment)")
                // To the bit: -0 stays -0.
                let bits = { (series: PollHours) in series.concentrations.columns.mapValues { $0.map { $0?.bitPattern } } }
                #expect(bits(new.hourly) == bits(old.hourly), "\(comment)")
                for pollutant in Pollutant.allCases {
                    #expect(
                        new.current.reading.concentrations[pollutant]?.bitPattern
                            == old.current.reading.concentrations[pollutant]?.bitPattern, "\(comment)")
                }
                #expect(new.hourlyCurrentAQI == old.hourlyCurrentAQI, "\(comment)")
            }
        }
        return usable
    }

    static let odd: [(String, @Sendable (inout Element) -> Void)] = [
        ("as asked", { _ in }),
        ("nulls amid values", { $0.set("pm2_5", (0..<192).map { (60...65).contains($0) || $0 == 3 ? "null" : "12.3" }) }),
        ("nulls at the horizon", { $0.set("ozone", (0..<192).map { $0 > 150 ? "null" : "40" }) }),
        ("nulls in the current window", { $0.set("pm10", (0..<192).map { $0 == 70 ? "null" : "8" }) }),
        ("all null", { $0.set("carbon_monoxide", Array(repeating: "null", count: 192)) }),
        ("hostile numbers", {
            $0.set("pm2_5", (0..<192).map { ["1e300", "-5", "-0", "0", "1e5", "12.30000000000000001", "123456789012345678901", "2e9", "1000000000", "1000000000.0000001", "-0.0", "0.000001", "1E-7", "5e+1"][$0 % 14] })
        }),
        ("too large in the current window", { $0.set("nitrogen_dioxide", (0..<192).map { $0 == 72 || $0 == 60 ? "3e9" : "20" }) }),
        ("negative at the current hour", { $0.set("sulphur_dioxide", (0..<192).map { $0 == 72 ? "-1.5" : "2" }) }),
        ("infinite", { $0.set("ozone", (0..<192).map { $0 == 9 ? "1e400" : "40" }) }),
        ("a string amid numbers", { $0.set("ozone", (0..<192).map { $0 == 9 ? "\"high\"" : "40" }) }),
        ("a column not a list", { $0.columns[0].1 = "\"none\"" }),
        ("a null column", { $0.columns[1].1 = "null" }),
        ("a column left out", { $0.columns.remove(at: 2) }),
        ("a column twice", { $0.columns.append(("pm2_5", Element.list(Array(repeating: "99", count: 192)))) }),
        ("a good then a bad column", { $0.columns.append(("pm2_5", "[1,\"x\"]")) }),
        ("short column", { $0.set("pm10", Array(repeating: "1", count: 191)) }),
        ("long column", { $0.set("pm10", Array(repeating: "1", count: 193)) }),
        ("wrong unit", { $0.units["ozone"] = "ppm" }),
        ("no unit", { $0.units["carbon_monoxide"] = nil }),
        ("rows missing", { element in
            element.times.removeSubrange(10..<14)
            element.columns = element.columns.map { ($0.0, Element.list(Array(repeating: "7", count: 188))) }
        }),
        ("rows missing in the current window", { element in
            element.times.remove(at: 70)
            element.columns = element.columns.map { ($0.0, Element.list(Array(repeating: "7", count: 191))) }
        }),
        ("the current row missing", { element in
            element.times.remove(at: 72)
            element.columns = element.columns.map { ($0.0, Element.list(Array(repeating: "7", count: 191))) }
        }),
        ("out of order", { $0.times.swapAt(5, 100) }),
        ("reversed", { $0.times.reverse() }),
        ("duplicated", { $0.times[7] = $0.times[6] }),
        ("duplicated three times", { $0.times[8] = $0.times[6]; $0.times[7] = $0.times[6] }),
        ("off the grid", { $0.times[30] = "\(now - 3600 * 42 + 1800)" }),
        ("outside the window", { $0.times[191] = "\(now + 3600 * 500)" }),
        ("fractional seconds", { $0.times[3] = "\(now - 3600 * 69).5" }),
        ("time as exponent", { $0.times[0] = "1.7869752e9" }),
        ("forecast short", { element in
            element.times.removeLast(20)
            element.columns = element.columns.map { ($0.0, Element.list(Array(repeating: "3", count: 172))) }
        }),
        ("history short", { element in
            element.times.removeFirst(20)
            element.columns = element.columns.map { ($0.0, Element.list(Array(repeating: "3", count: 172))) }
        }),
        ("a quarter-hour current time", { $0.currentTime = "\(now + 900)" }),
        ("current an hour later", { $0.currentTime = "\(now + 3600)" }),
        ("a huge current time", { $0.currentTime = "1e20" }),
        ("time as strings", { $0.timeColumn = Element.list((0..<192).map { _ in "\"2026-08-20T14:00\"" }) }),
        ("time mixed", { $0.timeColumn = "[1787234400,\"x\"]" }),
        ("time empty", { $0.timeColumn = "[]" }),
        ("time null", { $0.timeColumn = "null" }),
        ("no hours", { element in
            element.timeColumn = "[]"
            element.columns = element.columns.map { ($0.0, "[]") }
        }),
    ]

    @Test(arguments: odd.indices)
    func agreesOnOddElements(index: Int) throws {
        var element = Element()
        Self.odd[index].1(&element)
        try Self.expectAgreement(element.text, Self.odd[index].0)
    }

    @Test func agreesWhenHourlyIsMissingOrNotAnObject() throws {
        let base = Element().text
        let withoutHourly = base.replacingOccurrences(
            of: #","hourly":{"#, with: #","other":{"#)
        for body in [withoutHourly, base.replacingOccurrences(of: #""hourly":{"time""#, with: #""hourly":7,"x":{"time""#)] {
            try Self.expectAgreement(body, body.prefix(80) + "…")
        }
    }

    /// Random mixes of everything above, many elements a body, from a fixed seed.
    @Test func agreesOnRandomElements() throws {
        var random = SplitMix(seed: 17)
        let values = ["0", "1", "12.3", "-0.5", "-0", "null", "1e5", "2e9", "1e300", "0.1", "99.99", "123456.789012345678",
                      "7", "1000000000", "4.9e-324", "null", "null", "35.5"]
        var bodies: [String] = []
        for _ in 0..<40 {
            var elements: [String] = []
            for _ in 0..<5 {
                var element = Element()
                var times = element.times
                switch random.next() % 6 {
                case 0: times.swapAt(Int(random.next() % 192), Int(random.next() % 192))
                case 1: times[Int(random.next() % 192)] = times[Int(random.next() % 192)]
                case 2: times.remove(at: Int(random.next() % 192))
                case 3: times[Int(random.next() % 192)] = "\(Self.now + Int(random.next() % 400_000) - 200_000)"
                default: break
                }
                element.times = times
                for variable in Self.variables {
                    let count = random.next() % 20 == 0 ? times.count + 1 : times.count
                    element.set(variable, (0..<count).map { _ in
                        random.next() % 3 == 0 ? values[Int(random.next() % UInt64(values.count))] : "\(Double(random.next() % 5000) / 10)"
                    })
                }
                if random.next() % 10 == 0 { element.units[Self.variables[Int(random.next() % 6)]] = "ppm" }
                elements.append(element.text)
            }
            bodies.append("[" + elements.joined(separator: ",") + "]")
        }
        var usable = 0
        for (index, body) in bodies.enumerated() { usable += try Self.expectAgreement(body, "random body \(index)") }
        #expect(usable == 200)
    }
}

/// A small seeded generator (SplitMix64), so a failing random case comes back the same.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
