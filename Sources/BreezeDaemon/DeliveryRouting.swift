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
    /// Which receivers read for people at risk, and the cities with a sensitive machine.
    public var audiences: AudienceRouting

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
        audiences = AudienceRouting(configuration: configuration, receiversByCity: receiversByCity)
    }

    /// The deliveries of one cycle: each event for each receiver of its city, then a refresh
    /// for every city still firing, for each receiver that needs one (`refreshEvent`).
    public func requests(events: [AlertEvent], state: DaemonState, now: Instant) -> [DeliveryRequest] {
        var requests: [DeliveryRequest] = []
        for event in events {
            for receiver in receivers(for: event) {
                requests.append(DeliveryRequest(event: event, receiver: receiver))
            }
        }
        guard !refreshing.isEmpty else { return requests }
        requests += sensitiveRefreshes(events: events, state: state, now: now)
        // A forecast says nothing about the current alert: it still needs its refresh.
        let announced = Set(events.filter { !$0.kind.isForecast && $0.audience != .sensitive }.map(\.city.name))
        for name in state.cities.keys.sorted() where !announced.contains(name) {
            guard let record = state.cities[name], let refresh = Self.refreshEvent(record, now: now) else { continue }
            let receivers = audiences.receivers(receiversByCity[name] ?? [], city: name, audience: .general)
            for receiver in receivers where refreshing.contains(receiver) {
                requests.append(DeliveryRequest(event: refresh, receiver: receiver, isRefresh: true))
            }
        }
        return requests
    }

    /// Each of `events` for each receiver of its city (no refreshes): the pollen and UV alerts'.
    public func eventRequests(_ events: [AlertEvent]) -> [DeliveryRequest] {
        events.flatMap { event in
            (receiversByCity[event.city.name] ?? []).map { DeliveryRequest(event: event, receiver: $0) }
        }
    }

    /// A synthetic `reminder` that re-asserts a firing alert: id `<city>-<episode>-refresh-<now>`
    /// (the episode as in the alert's own ids), the last reading's values. Not a reminder of
    /// the state machine: not logged as one, never held by quiet hours. Nil when not firing.
    public static func refreshEvent(_ record: CityRecord, now: Instant) -> AlertEvent? {
        refreshEvent(record, alert: record.alert, audience: nil, now: now)
    }
}
