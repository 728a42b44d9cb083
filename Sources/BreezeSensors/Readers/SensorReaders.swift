import BreezeModel
import BreezeVocabulary

/// The reader of each kind's body.
public enum SensorReaders {
    /// `body` read as `kind` answers, received at `receivedAt` from a sensor asked every
    /// `pollInterval`.
    public static func read(
        _ body: [UInt8], kind: SensorKind, receivedAt: Instant, pollInterval: Duration
    ) -> Result<SensorAnswer, SensorFailure> {
        switch kind {
        case .purpleAir: PurpleAirReader.read(body, receivedAt: receivedAt, pollInterval: pollInterval)
        case .airGradient: AirGradientReader.read(body, receivedAt: receivedAt, pollInterval: pollInterval)
        case .sensorCommunity: SensorCommunityReader.read(body, receivedAt: receivedAt, pollInterval: pollInterval)
        case .airNow: AirNowReader.read(body, receivedAt: receivedAt, pollInterval: pollInterval)
        }
    }
}
