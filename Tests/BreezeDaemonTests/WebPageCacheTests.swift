import BreezeModel
import BreezeState
import BreezeVocabulary
import BreezeWeb
import Dispatch
import Synchronization
import Testing

@testable import BreezeDaemon

/// `/`, `/city/<slug>` and `/metrics` are rendered once per published snapshot, counted
/// through an injected renderer; the API per request; a new snapshot renders anew.
struct WebPageCacheTests {
    /// A renderer that counts its renders by path and answers `WebRoutes.page`.
    final class CountingRenderer: Sendable {
        let renders = Mutex<[String: Int]>([:])
        func count(_ path: String) -> Int { renders.withLock { $0[path, default: 0] } }
        var render: WebPageCache.Renderer {
            { path, snapshot in
                self.renders.withLock { $0[path, default: 0] += 1 }
                return WebRoutes.page(path: path, snapshot: snapshot)
            }
        }
    }

    static func snapshot(_ names: [String], takenAt: Double = 1_796_000_000) -> WebSnapshot {
        var state = DaemonState()
        for name in names { state.cities[name] = CityRecord(city: City(name: name, latitude: 1, longitude: 2)) }
        return WebSnapshot(
            takenAt: Instant(unixSeconds: takenAt), version: "test", pollInterval: .seconds(900), state: state,
            cities: WebPublisher.cities(names, state: state), receivers: [])
    }

    @Test func twoRequestsOfOneSnapshotRenderOnceAndANewSnapshotRendersAnew() throws {
        let counter = CountingRenderer()
        let publisher = WebPublisher(pages: WebPageCache(render: counter.render))
        #expect(publisher.page(path: "/", servedAt: Instant(unixSeconds: 0)) == nil, "nothing before the first snapshot")
        publisher.store(Self.snapshot(["Paris", "Berlin"]))
        let city = "/city/" + Slug.of("Paris")
        for path in ["/", "/metrics", city] {
            let first = try #require(publisher.page(path: path, servedAt: Instant(unixSeconds: 1_796_000_010)))
            let second = try #require(publisher.page(path: path, servedAt: Instant(unixSeconds: 1_796_000_020)))
            #expect(first == second)
            #expect(first.status == 200, "\(path)")
            #expect(counter.count(path) == 1, "\(path) rendered \(counter.count(path)) times for one snapshot")
        }
        // The API counts ages to each request's arrival: rendered every time.
        _ = publisher.page(path: "/api/v1/status", servedAt: Instant(unixSeconds: 1_796_000_010))
        _ = publisher.page(path: "/api/v1/status", servedAt: Instant(unixSeconds: 1_796_000_020))
        #expect(counter.count("/api/v1/status") == 2)

        publisher.store(Self.snapshot(["Paris", "Berlin", "Oslo"]))
        let page = try #require(publisher.page(path: "/", servedAt: Instant(unixSeconds: 1_796_000_030)))
        #expect(counter.count("/") == 2, "a new snapshot renders anew")
        #expect(String(decoding: page.body, as: UTF8.self).contains("data-city=\"Oslo\""))
        _ = publisher.page(path: "/metrics", servedAt: Instant(unixSeconds: 1_796_000_030))
        #expect(counter.count("/metrics") == 2)
    }

    @Test func concurrentRequestsForOnePageRenderItOnce() {
        let counter = CountingRenderer()
        let cache = WebPageCache(render: counter.render)
        let snapshot = Self.snapshot((0..<200).map { "City \($0)" })
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            #expect(cache.page(path: "/metrics", snapshot: snapshot, generation: 1).status == 200)
        }
        #expect(counter.count("/metrics") == 1)
    }

    @Test func cityPagesBeyondTheCapAndUnknownSlugsAreRenderedUncached() {
        let counter = CountingRenderer()
        let cache = WebPageCache(cityPageLimit: 2, render: counter.render)
        let names = ["Paris", "Berlin", "Oslo"]
        let snapshot = Self.snapshot(names)
        for _ in 0..<2 {
            for name in names { #expect(cache.page(path: "/city/" + Slug.of(name), snapshot: snapshot, generation: 1).status == 200) }
            #expect(cache.page(path: "/city/nowhere", snapshot: snapshot, generation: 1).status == 404)
        }
        #expect(counter.count("/city/" + Slug.of("Paris")) == 1)
        #expect(counter.count("/city/" + Slug.of("Berlin")) == 1)
        #expect(counter.count("/city/" + Slug.of("Oslo")) == 2, "the third city page is past the cap of 2")
        #expect(counter.count("/city/nowhere") == 2, "a 404 is not kept")
    }

    @Test func aRequestHoldingAnOlderSnapshotIsRenderedButDoesNotReplaceTheNewer() {
        let counter = CountingRenderer()
        let cache = WebPageCache(render: counter.render)
        let new = Self.snapshot(["Paris", "Oslo"])
        let old = Self.snapshot(["Paris"])
        _ = cache.page(path: "/", snapshot: new, generation: 2)
        let stale = cache.page(path: "/", snapshot: old, generation: 1)
        #expect(!String(decoding: stale.body, as: UTF8.self).contains("Oslo"))
        let fresh = cache.page(path: "/", snapshot: new, generation: 2)
        #expect(String(decoding: fresh.body, as: UTF8.self).contains("data-city=\"Oslo\""))
        #expect(counter.count("/") == 2)
    }
}
