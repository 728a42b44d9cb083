import BreezeModel
@testable import BreezeWeb
import Foundation
import Testing

/// Writes the fixture snapshot's pages (and a city a sensor rates, last) as files, with what
/// each card should show — for the sensor's city its AQI and the model's side by side — for
/// `Tests/Fixtures/dashboard_browser.py --pages` to load in Chromium: into
/// `BREEZE_DASHBOARD_PAGES` when it is set, else into a temporary folder it then removes.
@Suite struct DashboardPageFilesTests {
    @Test func pagesAreWrittenWithTheirExpectations() throws {
        let snapshot = DashboardFixtures.snapshot(
            cities: DashboardFixtures.snapshot().cities + [SensorSnapshots.paris(name: "Smoke at the door")])
        let given = ProcessInfo.processInfo.environment["BREEZE_DASHBOARD_PAGES"].flatMap { $0.isEmpty ? nil : $0 }
        let folder = URL(fileURLWithPath: given ?? NSTemporaryDirectory() + "breeze-pages-\(getpid())")
        defer { if given == nil { try? FileManager.default.removeItem(at: folder) } }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("city"), withIntermediateDirectories: true)
        var paths = ["/"]
        // At the addresses the cards link to (`/city/Paris`, `/city/%E6%9D%B1%E4%BA%AC`), which
        // the browser check follows.
        for city in snapshot.cities { paths.append(city.address) }
        for path in paths {
            let page = WebRoutes.page(path: path, snapshot: snapshot)
            #expect(page.status == 200)
            try Data(page.body).write(to: file(for: path, in: folder))
        }
        let expectations = snapshot.cities.map { city -> [String: Any] in
            let aqi = city.record?.alerting?.aqi ?? -1
            var expected: [String: Any] = [
                "name": city.name, "slug": city.slug, "aqi": String(aqi), "band": Band(aqi: aqi)?.slug ?? "",
                "label": Band(aqi: aqi)?.label ?? "",
            ]
            if let rating = city.record?.alerting?.sensor { expected["pair"] = ["\(aqi) · " + rating.label, "Model (NowCast): 60"] }
            return expected
        }
        #expect(expectations.last?["pair"] as? [String] == ["157 · sensor backyard", "Model (NowCast): 60"])
        try JSONSerialization.data(withJSONObject: expectations, options: [.sortedKeys])
            .write(to: folder.appendingPathComponent("expected.json"))
        let first = try Data(contentsOf: file(for: paths[1], in: folder))
        #expect(first == Data(WebRoutes.page(path: paths[1], snapshot: snapshot).body))
    }

    /// `index.html` for `/`, `city/<address>.html` for a city's page (its name percent-encoded,
    /// as the request's path has it).
    func file(for path: String, in folder: URL) -> URL {
        path == "/" ? folder.appendingPathComponent("index.html")
            : folder.appendingPathComponent(String(path.dropFirst()) + ".html")
    }
}
