/// The state as `state.json` holds it, for whoever carries a state elsewhere (the control
/// socket): the same writer and reader as the file, so there is one format and one home.
public enum StateDocument {
    /// Compact JSON, keys sorted; throws for a number JSON cannot hold.
    public static func encode(_ state: DaemonState) throws -> [UInt8] {
        try StateJSONWriter.encode(state)
    }

    /// The state in `bytes`; throws a syntax error naming the byte. `expectedCities`, when
    /// the reader knows it (the daemon's answer names its configured cities), sizes the
    /// cities' table once: guessed from the bytes alone it was regrown for a status excerpt,
    /// whose cities are a third the size of a state file's.
    public static func decode(_ bytes: [UInt8], expectedCities: Int = 0) throws -> DaemonState {
        try StateJSONReader.decode(bytes, expectedCities: expectedCities)
    }

    /// The same for a part of a larger text, read where it lies (not copied out first).
    public static func decode(_ bytes: ArraySlice<UInt8>, expectedCities: Int = 0) throws -> DaemonState {
        try StateJSONReader.decode(bytes, expectedCities: expectedCities)
    }
}
