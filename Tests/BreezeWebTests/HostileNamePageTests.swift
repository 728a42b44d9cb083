import BreezeModel
@testable import BreezeOutboxValues
import BreezeTestSupport
import BreezeVocabulary
@testable import BreezeWeb
import Foundation
import Testing

/// The hostile names' table on the status page: each name is text in its own `<bdi>`, so a
/// right-to-left override or an isolate in it reorders only the name, never the page around
/// it; the window title, plain text, shows the escapes; 東京 is itself.
struct HostileNamePageTests {
    /// `body` with every `<bdi>…</bdi>` and every attribute value taken out: what is left is
    /// the text a name's scalars could reorder.
    static func outsideIsolates(_ body: String) throws -> String {
        let isolates = try Regex(#"<bdi>[^<]*</bdi>"#)
        let attributes = try Regex(#"="[^"]*""#)
        return body.replacing(isolates, with: "").replacing(attributes, with: "=\"\"")
    }

    @Test(arguments: HostileName.all)
    func eachNameIsIsolatedOnBothPages(_ row: HostileName) throws {
        let cities = [DashboardFixtures.city(row.name, aqi: 160, firing: true), DashboardFixtures.city("Paris", aqi: 40)]
        let snapshot = DashboardFixtures.snapshot(cities: cities)
        for path in ["/", "/city/" + cities[0].slug] {
            let page = WebRoutes.page(path: path, snapshot: snapshot)
            #expect(page.status == 200)
            let body = String(decoding: page.body, as: UTF8.self)
            #expect(try PageChecker.check(page).errors == [], "\(path)")
            #expect(body.contains("<bdi>" + HTMLWriter.escape(row.name) + "</bdi>"), "\(path)")
            let outside = try Self.outsideIsolates(body)
            #expect(!outside.unicodeScalars.contains { VisibleText.isUnsafe($0) && $0 != "\n" }, "\(path)")
        }
        let page = String(decoding: WebRoutes.page(path: "/city/" + cities[0].slug, snapshot: snapshot).body, as: UTF8.self)
        #expect(page.contains("<title>" + HTMLWriter.escape("Breeze: " + row.visible) + "</title>"))
    }

    @Test func aReceiversNameIsIsolatedInTheHeader() throws {
        var snapshot = DashboardFixtures.snapshot()
        let rlo = "ops\u{202E}kcatta"
        snapshot.deliveries?.receivers = [
            .init(name: rlo, pending: 2, oldestCreatedAt: DashboardFixtures.now, held: 0, lastError: nil),
            .init(name: "東京", pending: 1, oldestCreatedAt: DashboardFixtures.now, held: 1, lastError: nil),
        ]
        let body = String(decoding: WebRoutes.page(path: "/", snapshot: snapshot).body, as: UTF8.self)
        #expect(body.contains("Outbox: 3 pending (<bdi>\(rlo)</bdi> 2, <bdi>東京</bdi> 1), 1 held by quiet hours"))
        #expect(!(try Self.outsideIsolates(body)).contains("\u{202E}"))
    }
}
