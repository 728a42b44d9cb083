import BreezeJSON
import BreezeVocabulary

/// `/api/v1/status` and `/api/v1/cities/<slug>`: JSON read from a `WebSnapshot`, in the
/// layout of `breezectl … --json` (keys sorted, two spaces of indent, one final line break),
/// served as `application/json`. Never a secret: receivers by name only.
public enum APIRoutes {
    /// The prefix of one city's document; the rest of the path is the city's slug.
    public static let cityPrefix = "/api/v1/cities/"

    /// `/api/v1/status`: the `StatusDocument` of the snapshot (`APIStatus`).
    public static func status(_ snapshot: WebSnapshot) -> WebResponse {
        json(APIStatus.document(snapshot).value)
    }

    /// `/api/v1/cities/<slug>` for a path starting with `cityPrefix`: the city's document
    /// (`APICity`), or 404 with a JSON error when no configured city has that slug (or, as on
    /// the page, that percent-encoded name: `WebSnapshot.city(address:)`).
    public static func city(path: String, snapshot: WebSnapshot) -> WebResponse {
        let component = String(path.dropFirst(cityPrefix.count))
        guard path.hasPrefix(cityPrefix), let city = snapshot.city(address: component) else {
            return json(.object(["error": .string("no configured city has this slug")]), status: 404)
        }
        return json(APICity.document(city, snapshot: snapshot))
    }

    /// `value` as the indented JSON `breezectl` prints, with a final line break.
    static func json(_ value: JSONValue, status: Int = 200) -> WebResponse {
        WebResponse(status: status, contentType: "application/json", body: value.bytes(.indented) + [UInt8(ascii: "\n")])
    }
}
