// Bands are stored and exchanged by slug ("unhealthy"), never by their position in the
// ordering, which would silently change meaning if a band were ever added.
extension Band {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let slug = try container.decode(String.self)
        guard let band = Band(slug: slug) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown band '\(slug)'")
        }
        self = band
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(slug)
    }
}
