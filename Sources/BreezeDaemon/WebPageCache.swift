import BreezeModel
import BreezeVocabulary
import BreezeWeb
import Synchronization

/// The pages that depend on the snapshot alone (`/`, `/city/<slug>`, `/metrics`), each
/// rendered at most once per published snapshot: at 10,000 cities `/` is tens of MB and
/// `/metrics` about 13 MB, too dear to render per request. Keyed by the snapshot's generation
/// (`WebPublisher`); a newer one drops every page of the older. `/api/v1/…` counts ages to the
/// request's arrival (`WebSnapshot.servedAt`), so it is rendered per request.
///
/// Thread-safe (libmicrohttpd calls from its own threads): a page's first request renders it
/// while later ones for the same page wait for that render rather than repeat it. Memory stays
/// bounded: the latest snapshot's pages only, and at most `cityPageLimit` city pages (those
/// beyond it, and every non-200 answer such as an unknown slug's 404, are rendered uncached).
final class WebPageCache: Sendable {
    /// Renders a page; `WebRoutes.page` but in tests.
    typealias Renderer = @Sendable (_ path: String, _ snapshot: WebSnapshot) -> WebResponse

    /// One page's render, done once; its own lock so requests for other pages do not wait.
    private final class Slot: Sendable {
        let page = Mutex<WebResponse?>(nil)
    }

    private struct Table {
        var generation: UInt64 = 0
        var slots: [String: Slot] = [:]
        var cityPages = 0
    }

    private let render: Renderer
    private let cityPageLimit: Int
    private let table = Mutex(Table())

    init(cityPageLimit: Int = 256, render: @escaping Renderer = { WebRoutes.page(path: $0, snapshot: $1) }) {
        self.cityPageLimit = cityPageLimit
        self.render = render
    }

    /// The page for `path` of `snapshot`, published as `generation`.
    func page(path: String, snapshot: WebSnapshot, generation: UInt64) -> WebResponse {
        guard let slot = slot(path: path, generation: generation) else { return render(path, snapshot) }
        return slot.page.withLock { page in
            if let page { return page }
            let rendered = render(path, snapshot)
            // A 404 for a made-up slug is not kept: it would spend the cap on nonsense.
            if rendered.status == 200 { page = rendered }
            return rendered
        }
    }

    /// The slot of `path` for `generation`; nil for a page not cached (the API, a city page
    /// beyond the cap, a request still holding an older snapshot than the table's).
    private func slot(path: String, generation: UInt64) -> Slot? {
        let isCity = path.hasPrefix("/city/")
        guard path == "/" || path == "/metrics" || isCity else { return nil }
        return table.withLock { table in
            if generation > table.generation { table = Table(generation: generation) }
            guard generation == table.generation else { return nil }
            if let slot = table.slots[path] { return slot }
            if isCity {
                guard table.cityPages < cityPageLimit else { return nil }
                table.cityPages += 1
            }
            let slot = Slot()
            table.slots[path] = slot
            return slot
        }
    }
}
