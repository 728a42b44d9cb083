import BreezeHTTP
import BreezeModel
import FoundationEssentials
import BreezeVocabulary

/// A place found by Open-Meteo's geocoder: the city and what helps a person pick the right one.
public struct GeocodedPlace: Sendable, Equatable, Codable {
    public var city: City
    /// GeoNames id, when given.
    public var identifier: Int?
    /// ISO 3166-1 alpha-2 country code, when given.
    public var countryCode: String?
    public var population: Int?
    /// GeoNames feature code: `PPLC` a capital, `PPLA` a region's seat, `PPL` a populated place.
    public var featureCode: String?
    /// Metres above sea level, when given.
    public var elevation: Double?

    public init(
        city: City, identifier: Int? = nil, countryCode: String? = nil, population: Int? = nil,
        featureCode: String? = nil, elevation: Double? = nil
    ) {
        self.city = city
        self.identifier = identifier
        self.countryCode = countryCode
        self.population = population
        self.featureCode = featureCode
        self.elevation = elevation
    }
}

/// Looks places up by name with Open-Meteo's geocoding API (`GET <GeocodingURL>/v1/search`).
public struct GeocodingClient: OpenMeteoClient {
    private let core: OpenMeteoClientCore

    public init(core: OpenMeteoClientCore) { self.core = core }

    /// Up to `count` (1…100) places matching `name`, best first, names in English; empty when
    /// nothing matches. `count` is asked of the server and applied to its answer: a server that
    /// sends 20,000 results gives `count`. Results without a name or coordinates are skipped.
    /// Sends the API key, when one is configured, as `apikey=`.
    public func search(
        name: String, count: Int = 10, deadline: Deadline
    ) throws(FetchError) -> [GeocodedPlace] {
        let count = min(max(count, 1), 100)
        // A commercial key lifts the free tier's limits for geocoding too.
        let query = core.withKey([
            ("name", name), ("count", String(count)), ("language", "en"),
            ("format", "json"),
        ])
        let request = HTTPRequest.get(core.endpoints.geocodingEndpoint, query: query)
        return try core.sender.send(request, deadline: deadline) { response throws(FetchError) in
            do {
                let decoded = try JSONDecoder().decode(SearchResponse.self, from: Data(response.body))
                return Array((decoded.results ?? []).lazy.compactMap(\.place).prefix(count))
            } catch {
                throw .unparsableBody(describe(error))
            }
        }
    }

    private struct SearchResponse: Decodable {
        var results: [Result]?
    }

    private struct Result: Decodable {
        var id: Int?
        var name: String?
        var latitude: Double?
        var longitude: Double?
        var elevation: Double?
        var featureCode: String?
        var countryCode: String?
        var timezone: String?
        var population: Int?
        var country: String?
        var admin1: String?

        enum CodingKeys: String, CodingKey {
            case id, name, latitude, longitude, elevation, timezone, population, country, admin1
            case featureCode = "feature_code"
            case countryCode = "country_code"
        }

        var place: GeocodedPlace? {
            // A place off the globe (a server's 1e300) is skipped like one without coordinates.
            guard let name, let latitude, let longitude, (-90...90).contains(latitude),
                (-180...180).contains(longitude)
            else { return nil }
            return GeocodedPlace(
                city: City(
                    name: name, country: country, admin1: admin1, latitude: latitude,
                    longitude: longitude, timeZone: timezone),
                identifier: id, countryCode: countryCode, population: population,
                featureCode: featureCode, elevation: elevation)
        }
    }
}
