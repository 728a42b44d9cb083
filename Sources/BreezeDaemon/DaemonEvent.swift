/// What a journal record is about: its `BREEZE_EVENT` value and its catalogued `MESSAGE_ID`.
public enum DaemonEvent: String, CaseIterable, Sendable {
    case reading
    case firing
    case escalated
    case reminder
    case resolved
    case stale
    case held
    case fetchFailed = "fetch-failed"
    case delivered
    case spooled
    case deliveryFailed = "delivery-failed"
    case reloaded
    case reloadFailed = "reload-failed"
    case started
    case stopping
    case forecast
    case forecastCleared = "forecast-cleared"
    case digest
    case heartbeatFailed = "heartbeat-failed"
    case pollenFiring = "pollen-firing"
    case pollenEscalated = "pollen-escalated"
    case pollenResolved = "pollen-resolved"
    case pollenNoData = "pollen-no-data"
    case uvFiring = "uv-firing"
    case uvEscalated = "uv-escalated"
    case uvResolved = "uv-resolved"
    /// A `[Sensor]`'s verdict changed: its answers stopped being usable (why), or are again.
    case sensor
    /// A `[Sensor]` gave no valid sample for `StaleAfter=`: alerts use the model.
    case sourceStale = "source-stale"
    /// A stale `[Sensor]` answers again.
    case sourceBack = "source-back"
    /// A CAMS model run is out: the forecasts of its domain's cities are asked for again.
    case modelRun = "model-run"

    /// The fixed 128-bit id of the event kind; `systemd/breezed.catalog` explains each one.
    public var messageID: String {
        switch self {
        case .reading: "ec45ccacc2174107bc714d5c2cceb8a2"
        case .firing: "1ff073dcdb27429db5ecec8b0fc99b1d"
        case .escalated: "6b1193892c674252b10e70e0a0f975c7"
        case .reminder: "fc21c12560ad4a48a4184ee09d898204"
        case .resolved: "63fe925792964300b99de33f890ed7d3"
        case .stale: "9835f7deb0544bdaaf7871c96fe52fbc"
        case .held: "cee74b9a16f94efdb2cb21e16e6da6fc"
        case .fetchFailed: "4208212434aa4c8b823b57adcc705758"
        case .delivered: "dd15454c5fd34df9bba7db3dc769e216"
        case .spooled: "380c6b5a21754a4084bae9011edb0c0c"
        case .deliveryFailed: "c08e14c7f14f4212b5a10d809aec4126"
        case .reloaded: "941a6d4c8f614338ae0942a0734b97bb"
        case .reloadFailed: "3b338e2bf4524ea3a99ce7b03ff644d9"
        case .started: "c0ffb4f5088d4fc793d32f7b388e5ac0"
        case .stopping: "d42530c656d9424280de3f7c576b4bee"
        case .forecast: "33d3a05a232f4a498ea5174a8f6014ed"
        case .forecastCleared: "e9dbb4c395b34ce7b7b335b56cf5d449"
        case .digest: "0d70120c25b54a32a61cefd15bf98786"
        case .heartbeatFailed: "7ca05b9d69f34ef58a5d79e061be2aab"
        case .pollenFiring: "7399a978f70f4fabb311263748326350"
        case .pollenEscalated: "a575a3e784bb4e01ab1b09ff29781d52"
        case .pollenResolved: "e30720363f11451eb2332064f4b34741"
        case .pollenNoData: "32940a099f6843f8920429ce8f9e85a9"
        case .uvFiring: "fd024f202ca6400582a3347b00c35fc3"
        case .uvEscalated: "d7de860f0436457fbf5ec829c28a9a41"
        case .uvResolved: "7fe13cd50e0a4dbcbcd64d51db1e2219"
        case .sensor: "e7285021fad24e9e9f6bfb1de28d992d"
        case .sourceStale: "ad42bf80f6644ec4b5a485c181de804b"
        case .sourceBack: "c06d65a559b44b88bd9806aefb478832"
        case .modelRun: "5b0e3c9a7d2f4e61a8c4f1d26e9b7a30"
        }
    }
}
