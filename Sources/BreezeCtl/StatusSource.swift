import BreezeAlerts
import BreezeControlSocket
import BreezeVocabulary

/// Where `breezectl status` got what it shows: the running daemon over its control socket,
/// or the state file when the daemon does not answer.
enum StatusSource {
    case daemon(DaemonDescription, socket: String)
    /// The state file at `path`; `why` says why the daemon was not asked or did not answer.
    case stateFile(path: String, why: String)

    /// The last line of the text output.
    var line: String {
        switch self {
        case .daemon(let daemon, let socket):
            "From breezed (pid \(daemon.processID)) on \(socket)"
                + (daemon.nextPollAt.map { "; next poll \(TimeText.clock($0, in: TimeText.zone()))" } ?? "")
                + (daemon.cycleRunning ? "; a poll cycle is running" : "")
        case .stateFile(let path, let why):
            "From the state file \(path) (\(why))"
        }
    }

    /// The `source` member of `--json`.
    var json: JSONOutput {
        switch self {
        case .daemon(let daemon, let socket):
            .object([
                "kind": .string("daemon"), "socket": .string(socket), "processID": .integer(Int(daemon.processID)),
                "configuration": .string(daemon.configuration), "cycleRunning": .bool(daemon.cycleRunning),
                "nextPollAt": .text(daemon.nextPollAt.map(TimeText.rfc3339)),
            ])
        case .stateFile(let path, let why):
            .object(["kind": .string("stateFile"), "path": .string(path), "reason": .string(why)])
        }
    }
}
