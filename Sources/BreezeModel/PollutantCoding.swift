// Dictionaries keyed by pollutant encode as JSON objects ({"pm2_5": 6.1}) rather than as
// alternating key/value arrays.
extension Pollutant: CodingKeyRepresentable {}
