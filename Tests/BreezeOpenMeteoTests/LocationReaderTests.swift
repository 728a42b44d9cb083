import Foundation
import Testing

@testable import BreezeOpenMeteo

/// The one-pass reader of air-quality bodies: the same results as Foundation's decoder on
/// good and odd elements, and a whole-body failure on anything that is not JSON.
struct LocationReaderTests {
    static let mu = "\u{03BC}g/m\u{00B3}"
    static let element = #"""
        {"latitude":52.5,"longitude":13.400002,"generationtime_ms":0.4,"utc_offset_seconds":0,
         "timezone":"GMT","elevation":38.0,
         "current_units":{"time":"iso8601","interval":"seconds","us_aqi":"USAQI","pm10":"μg/m³"},
         "current":{"time":"2026-08-20T14:00","interval":3600,"us_aqi":42,"pm10":9.8}}
        """#

    /// Bodies whose elements are usable, odd, or unusable, but all JSON.
    static let agreeing: [String] = [
        element,
        "[\(element),\(element)]",
        "[]",
        #"{"latitude":"52.5","longitude":null,"current":null,"current_units":[1,2]}"#,
        #"{"current":{"time":7,"pm10":"high","ozone":null,"no2":true,"so2":-0.0,"co":1e400,"x":[1]}}"#,
        #"{"current":{"time":"t","pm2_5":1.5e2,"pm10":0.1,"ozone":12345678901234567890,"co":-3.25E-2}}"#,
        #"[{"current":"later"},{"current":{"time":"t"}},"text",null,7,{"hourly":[]}]"#,
        #"{"hourly":{"time":["a","b"],"pm10":[1,null],"ozone":[1,"x"],"no2":null,"so2":[]},"hourly_units":{"pm10":"μg/m³","ozone":3}}"#,
        #"{"hourly":{"time":["a",1],"pm10":[1,2]}}"#,
        #"{"hourly":{"time":null}}"#,
        #"{"current":{"time":1787234400,"us_aqi":42},"hourly":{"time":[1787234400,1787238000],"pm10":[1,null]}}"#,
        #"{"hourly":{"time":[1787234400,"2026-08-20T15:00"],"pm10":[1,2]}}"#,
        #"{"hourly":{"time":[1787234400,null],"pm10":[1,2]}}"#,
        #"{"hourly":{"time":[],"pm10":[]}}"#,
        #"[{"current_units":{"pm10":"a"},"hourly_units":{"pm10":"b"}},{"current_units":{"pm10":"a"},"hourly_units":{"pm10":"b"}},{"current_units":{"pm10":"b"},"hourly_units":{"pm10":"a"}},{"current_units":{"pm10":"c"},"hourly_units":{"pm10":"d"},"daily_units":{"x":"e"}},{"current_units":{"pm10":"a"},"hourly_units":{"pm10":"b"},"daily_units":{"x":"e"}},{"current_units":{"pm10":"a"},"hourly_units":{"pm10":"b","x":1}}]"#,
        #"{"hourly":{"time":[1787234400,1787238000,1787241600],"pm10":[1e400,2,3],"ozone":[null,-0,1e5],"so2":[12.30000000000000001,-5.5,1234567890123456789]}}"#,
        #"{"hourly":{"time":[1787234400.5,1.7872380e9,-0],"pm10":[null,null,null],"co":[1,[2],3],"no2":{"a":1}}}"#,
        #"{"hourly":{"time":["a","b"],"pm10":[0.1,0.2]},"daily":{"time":[1787234400],"uv_index_max":[7.25]}}"#,
        #"{"daily":{"time":["2026-08-20"],"temperature_2m_max":[21.5]},"daily_units":{"temperature_2m_max":"°C"}}"#,
        #"{"current_units":{"pm10":"\u03bcg/m\u00b3","a\"b":"\ud83d\ude00"},"current":{"time":"\/","pm10":1}}"#,
        #"[{"current_units":{"pm10":"ppm"},"current":{"time":"t","pm10":1}},{"current_units":{"pm10":"μg/m³"},"current":{"time":"t","pm10":2}}]"#,
        #"  {"nested":{"a":[{"b":[true,false,null,{}]}]},"current":{"time":"t"}}  "#,
        "\"just a string\"",
        "42",
    ]

    @Test(arguments: agreeing)
    func agreesWithFoundation(body: String) throws {
        let bytes = Array(body.utf8)
        let reference = try #require(ReferenceDecoding.decode(bytes), "the reference must parse \(body)")
        let read = try LocationElements.decode(bytes)
        #expect(read.count == reference.count)
        for (fast, slow) in zip(read, reference) {
            switch (fast, slow) {
            case (.success(let payload), .some(let expected)):
                #expect(payload.latitude == expected.latitude)
                #expect(payload.longitude == expected.longitude)
                #expect(payload.currentUnits == expected.currentUnits)
                #expect(payload.current?.time == expected.current?.time)
                #expect(payload.current?.unixTime == expected.current?.unixTime)
                #expect(payload.hourly?.unixTimes == expected.hourly?.unixTimes)
                #expect(payload.current?.values == expected.current?.values)
                #expect(payload.current?.malformed.sorted() == expected.current?.malformed.sorted())
                #expect(payload.hourly?.time == expected.hourly?.time)
                #expect(payload.hourly?.columns == expected.hourly?.columns)
                #expect(payload.hourly?.malformed.sorted() == expected.hourly?.malformed.sorted())
                #expect(payload.daily == expected.daily)
                #expect(payload.hourlyUnits == expected.hourlyUnits)
                #expect(payload.dailyUnits == expected.dailyUnits)
            case (.failure(.invalidLocation), .none): break
            default: Issue.record("reader \(fast), Foundation \(String(describing: slow)) for \(body)")
            }
        }
    }

    /// Not JSON anywhere: the whole body fails, as a transient error, whatever came before.
    static let broken: [String] = [
        "", "   ", "[", "[\(element)", "\(element) and more", "<html>oops</html>",
        #"{"latitude":52.5,"current":{"#, #"{"a" 1}"#, #"{a:1}"#, "[1 2]", #"{"a":.5}"#,
        #"{"a":+1}"#, #"{"a":tru}"#, #"{"a":nul}"#, #"{"a":"\u12"}"#, #"{"a":"unterminated}"#,
        "[NaN]", "[Infinity]", String(repeating: "[", count: 600) + String(repeating: "]", count: 600),
    ]

    /// Not JSON either (RFC 8259), though Foundation's decoder lets them pass where it never
    /// converts the value: trailing commas, lax numbers and escapes, raw control characters.
    /// The reader refuses them all; Open-Meteo never sends them.
    static let laxInFoundation: [String] = [
        "[\(element),]", #"{"a":1,}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#, #"{"a":1e}"#,
        #"{"a":"\x"}"#, #"{"a":"\ud800"}"#, "{\"a\":\"line\nbreak\"}",
    ]

    @Test(arguments: broken)
    func notJSONFailsTheWholeBody(body: String) {
        #expect(ReferenceDecoding.decode(Array(body.utf8)) == nil, "the reference must refuse \(body)")
        expectUnparsable(body)
    }

    @Test(arguments: laxInFoundation)
    func whatOnlyFoundationLetsPassFailsTheWholeBody(body: String) {
        expectUnparsable(body)
    }

    private func expectUnparsable(_ body: String) {
        #expect {
            try LocationElements.decode(Array(body.utf8))
        } throws: { error in
            guard case .unparsableBody = error as? FetchError else { return false }
            return (error as! FetchError).isTransient
        }
    }

    @Test func invalidUTF8FailsTheWholeBody() {
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x7B, 0x22, 0xC3, 0x22, 0x3A, 0x31, 0x7D]] {
            #expect(throws: FetchError.self) { try LocationElements.decode(bytes) }
        }
    }

    @Test(arguments: [
        "0", "-0", "9.8", "6.1", "180.0", "71", "0.1", "1e22", "1e23", "123456789012345678", "2.2250738585072014e-308",
        "4.9e-324", "1.7976931348623157e308", "0.30000000000000004", "123.456e-7", "-17.25", "1E+2",
    ])
    func numbersAreTheNearestDouble(text: String) throws {
        let body = Array(#"{"latitude":\#(text)}"#.utf8)
        let payload = try LocationElements.decode(body)[0].get()
        #expect(payload.latitude == Double(text))
        #expect(payload.latitude?.sign == Double(text)?.sign)
    }

    @Test func eachElementKeepsItsOwnUnits() throws {
        let body = #"""
            [{"current_units":{"pm10":"ppm"},"current":{"time":"t","pm10":1}},
             {"current_units":{"pm10":"ppm"},"current":{"time":"t","pm10":2}},
             {"current_units":{"pm10":"μg/m³"},"current":{"time":"t","pm10":3}}]
            """#
        let units = try LocationElements.decode(Array(body.utf8)).map { try $0.get().currentUnits["pm10"] }
        #expect(units == ["ppm", "ppm", Self.mu])
    }
}
