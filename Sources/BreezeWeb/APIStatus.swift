import BreezeJSON
import BreezeState
import BreezeVocabulary

/// `/api/v1/status`'s document: `breezectl status --json`'s (`StatusDocument`) for the
/// snapshot, with ages and staleness as of `servedAt` (when the request arrived), else the
/// snapshot's `takenAt`.
public enum APIStatus {
    /// The document; its `source` says it came from the listener (see `source`).
    public static func document(_ snapshot: WebSnapshot) -> StatusDocument {
        StatusDocument(
            state: snapshot.state, configuredCities: snapshot.cities.map(\.name),
            configuredInterval: snapshot.pollInterval.seconds, now: snapshot.servedAt ?? snapshot.takenAt,
            deliveries: snapshot.deliveries, source: source(snapshot),
            extrasFailures: snapshot.cities.flatMap { city in ExtrasFailure.Kind.allCases.compactMap { city.failures[$0] } })
    }

    /// Where the document came from: `{"kind": "web", "version", "takenAt", "cycleRunning",
    /// "nextPollAt"}`. `breezectl status`'s names the control socket and the process instead
    /// (`kind` "daemon") or the state file (`kind` "stateFile"): this member is the one that
    /// differs between the two.
    public static func source(_ snapshot: WebSnapshot) -> JSONValue {
        .object([
            "kind": .string("web"), "version": .string(snapshot.version),
            "takenAt": .string(TimeText.rfc3339(snapshot.takenAt)), "cycleRunning": .bool(snapshot.cycleRunning),
            "nextPollAt": .optional(snapshot.nextPollAt.map { TimeText.rfc3339($0) }),
        ])
    }
}
