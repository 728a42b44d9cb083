import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeHTTP
import BreezeModel
import BreezeTestSupport
import Foundation
import BreezeVocabulary
import Testing

/// A test alert's subject names Breeze once; an example reading is marked in its own JSON field
/// and by a line in the human formats (issue 16).
struct TestAlertWordsTests {
    // MARK: Test alerts

    static func testEvent(example: Bool) -> AlertEvent {
        var event = SampleEvents.event(.test, aqi: 42, band: .good, previousBand: nil)
        event.exampleReading = example
        return event
    }

    @Test func aTestAlertsSubjectSaysBreezeOnce() throws {
        let subject = try #require(try MessageWords.mail(Self.testEvent(example: false)).headers["subject"])
        #expect(subject == "[Breeze] Test alert: air quality in Paris: AQI 42, Good 😊")
        #expect(subject.components(separatedBy: "Breeze").count == 2)
        let slack = try #require(try SampleEvents.json(try MessageWords.request(.slack, Self.testEvent(example: false)).body) as? [String: Any])
        let first = try #require(((slack["blocks"] as? [[String: Any]])?.first?["text"] as? [String: Any])?["text"] as? String)
        #expect(first.components(separatedBy: "Breeze").count == 2, "title and message name Breeze once: \(first)")
    }

    @Test func anExampleReadingIsMarkedInItsOwnFieldAndALine() throws {
        let example = Self.testEvent(example: true)
        let json = try #require(try SampleEvents.json(try MessageWords.request(.json, example).body) as? [String: Any])
        let data = try #require(json["data"] as? [String: Any])
        #expect(data["exampleReading"] as? Bool == true)
        #expect((data["city"] as? [String: Any])?["name"] as? String == "Paris")
        let note = "Example reading: no reading of Paris was at hand"
        for format in [WebhookFormat.slack, .ntfy, .discord] {
            #expect(try MessageWords.text(format, example).contains(note), "\(format)")
            #expect(try !MessageWords.text(format, Self.testEvent(example: false)).contains(note), "\(format)")
        }
        #expect(try MessageWords.mail(example).body.contains(note))
        let own = try #require(try SampleEvents.json(try MessageWords.request(.json, Self.testEvent(example: false)).body) as? [String: Any])
        #expect((own["data"] as? [String: Any])?["exampleReading"] as? Bool == false)
        let firing = try #require(try SampleEvents.json(try MessageWords.request(.json, SampleEvents.event()).body) as? [String: Any])
        #expect((firing["data"] as? [String: Any])?["exampleReading"] == nil)
    }
}
