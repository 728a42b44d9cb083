import BreezeAlerts
import BreezeModel
import BreezeVocabulary
import Synchronization

/// Each city's status-page extras (`PolledPage`) from the cycle before, with a fingerprint of
/// what they were made from. The extras are a pure function of a city's series, zone and
/// threshold (`PolledExtras.page`), and rating every hour of 48 past and 120 forecast ones was
/// some 40 % of a cycle's CPU; between two polls of one hour the series seldom changes (the
/// kept forecast stands, the recent hours come back the same), so a cycle whose fingerprint
/// matches takes the extras as they were. Held by the poll service across cycles; `--once`
/// has none.
///
/// The fingerprint is the columns' bytes hashed (64 bits, `Hasher`'s random seed): two series
/// alike in value but not in bytes (0 and -0) only miss, and two that differ hash alike about
/// once in 2⁶⁴ — for a page's figures, never for an alert (`ForecastOutlook` is always made).
final class PolledPageMemo: Sendable {
    private let pages = Mutex<[String: (fingerprint: Int, page: PolledPage)]>([:])

    /// `city`'s extras from `series`: the ones kept when the fingerprint matches, else made and kept.
    func page(for city: String, _ series: ForecastSeries, zone: CivilZone, threshold: Int) -> PolledPage {
        let fingerprint = Self.fingerprint(series, zone: zone, threshold: threshold)
        if let kept = pages.withLock({ $0[city] }), kept.fingerprint == fingerprint { return kept.page }
        let page = PolledExtras.page(series, zone: zone, threshold: threshold)
        pages.withLock { $0[city] = (fingerprint, page) }
        return page
    }

    /// Forgets the cities not among `configured` (removed or renamed in a reload). Looked at
    /// only when more are kept than configured, as the cycle does its records: a city renamed
    /// gets its new entry first, and is forgotten by the cycle after.
    func keep(only configured: [String]) {
        pages.withLock { pages in
            guard pages.count > configured.count else { return }
            let names = Set(configured)
            pages = pages.filter { names.contains($0.key) }
        }
    }

    /// How many cities' extras are kept.
    var count: Int { pages.withLock { $0.count } }

    static func fingerprint(_ series: ForecastSeries, zone: CivilZone, threshold: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(series.firstHour)
        hasher.combine(series.currentHour)
        hasher.combine(zone)
        hasher.combine(threshold)
        hasher.combine(series.concentrations.implausibleHours)
        for pollutant in Pollutant.allCases {
            guard let column = series.concentrations.storedValues(pollutant) else {
                hasher.combine(-1)
                continue
            }
            hasher.combine(column.count)
            column.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        return hasher.finalize()
    }
}
