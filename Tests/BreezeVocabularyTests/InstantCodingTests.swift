import BreezeVocabulary
import Foundation
import Testing

/// An instant is written as its unix seconds, the plain number files held before `Instant`.
struct InstantCodingTests {
    @Test func anInstantIsItsUnixSecondsInJSON() throws {
        let encoded = try JSONEncoder().encode(["at": Instant(unixSeconds: 1_787_234_400.5)])
        #expect(String(decoding: encoded, as: UTF8.self) == #"{"at":1787234400.5}"#)
        let decoded = try JSONDecoder().decode([String: Instant].self, from: Data(#"{"at":1787234400}"#.utf8))
        #expect(decoded["at"] == Instant(unixSeconds: 1_787_234_400))
    }

    @Test func aTextIsNoInstant() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([String: Instant].self, from: Data(#"{"at":"2026-08-20T14:00"}"#.utf8))
        }
    }
}
