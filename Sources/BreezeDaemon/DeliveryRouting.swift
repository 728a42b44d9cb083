import BreezeAlerts
import BreezeConfig
import BreezeDelivery
import BreezeModel
import BreezeState
import BreezeVocabulary

/// Where each city's alerts go: the receivers in its `Notify=` that are configured, enabled
/// and built. (`Notify=` never set means every receiver; an empty `Notify=` means none —
/// the configuration has already resolved that.)
public struct DeliveryRouting: Sendable {
    /// Receiver names per configured city name, in `Notify=` order.
    public var receiversByCity: [String: [String]]
    /// Receivers that forget an alert unless it is re-sent while firing (Alertmanager).
    public var refreshing: Set<String>
    /// The receivers, each with its retry schedule (`RetryInitialDelay=`).
    public var targets: [DeliveryTarget]

    /// The routing of `configuration` over the receivers built for it; disabled receivers
    /// (`Enabled=no`) are left out.
    public init(configuration: Configuration, receivers: [any Receiver]) {
        var delays: [String: Duration] = [:]
        for (name, delivery) in configuration.receiverDeliverySettings where delivery.enabled {
            delays[name] = delivery.retryInitialDelay
        }
        let active = receivers.filter { delays[$0.name] != nil }
        targets = active.map { receiver in
            DeliveryTarget(
                receiver: receiver,
                schedule: DeliverySchedule(initialDelay: delays[receiver.name]?.seconds ?? 5))
        }
        let names = Set(active.map(\.name))
        refreshing = Set(active.filter(\.refreshesWhileFiring).map(\.name))
        receiversByCity = Dictionary(
            configuration.cities.map { city in (city.city.name, city.alert.notify.filter(names.contains)) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The deliveries of one cycle: each event for each receiver of its city, then a refresh
    /// for every city still firing, for each receiver that needs one (`refreshEvent`).
    public func requests(events: [AlertEvent], state: DaemonState, now: Instant) -> [DeliveryRequest] {
        var requests: [DeliveryRequest] = []
        for event in events {
            for receiver in receiversByCity[event.city.name] ?? [] {
                requests.append(DeliveryRequest(event: event, receiver: receiver))
            }
        }
        guard !refreshing.isEmpty else { return requests }
        // A forecast says nothing about the current alert: it still needs its refresh.
        let announced = Set(events.filter { !$0.kind.isForecast }.map(\.city.name))
        for name in state.cities.keys.sorted() where !announced.contains(name) {
            guard let record = state.cities[name], let refresh = Self.refreshEvent(record, now: now) else { continue }
            for receiver in receiversByCity[name] ?? [] where refreshing.contains(receiver) {
                requests.append(DeliveryRequest(event: refresh, receiver: receiver, isRefresh: true))
            }
        }
        return requests
    }

    /// A synthetic `reminder` that re-asserts a firing alert: id `<city>-<episode>-refresh-<now>`
    /// (the episode as in the alert's own ids), the last reading's values. Not a reminder of
    /// the state machine: not logged as one, never held by quiet hours. Nil when not firing.
    public static func refreshEvent(_ record: CityRecord, now: Instant) -> AlertEvent? {
        guard record.alert.firing else { return nil }
        let reading = record.lastReading
        var event = AlertEvent(
            id: EventIdentifier.refresh(
                city: record.city.name, episode: record.alert.episodeStartedAt ?? now,
                now: now),
            kind: .reminder,
            city: record.city, aqi: reading?.usAQI, band: record.alert.notifiedBand ?? record.band,
            previousBand: nil, dominantPollutant: reading?.dominantPollutant,
            concentrations: reading?.concentrations ?? [:], pollutantsOverLimit: [],
            observedAt: reading?.time ?? "", createdAt: now)
        event.averages = record.alerting.flatMap { $0.averages.isEmpty ? nil : $0.averages }
        return event
    }
}
