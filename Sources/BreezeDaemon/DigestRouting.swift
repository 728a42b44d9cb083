import BreezeConfig
import BreezeVocabulary
import FoundationEssentials

extension DigestReceiver {
    /// The receivers due a digest in `configuration`, as `routing` built them (a receiver that
    /// could not be built, or is disabled, gets none), each with the cities that notify it;
    /// a receiver no city notifies gets none.
    static func all(_ configuration: Configuration, routing: DeliveryRouting) -> [DigestReceiver] {
        let built = Set(routing.targets.map(\.receiver.name))
        return configuration.digestReceivers.compactMap { name, delivery in
            guard built.contains(name), let minute = delivery.digestAt else { return nil }
            let cities = configuration.cities.map(\.city.name).filter { routing.receiversByCity[$0]?.contains(name) == true }
            guard !cities.isEmpty else { return nil }
            let zone = CivilCalendar.zone([delivery.timeZone])
            return DigestReceiver(name: name, minute: minute, zone: zone, cities: cities)
        }
    }
}
