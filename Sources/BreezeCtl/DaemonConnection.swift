import BreezeConfig
import BreezeControlSocket

/// How `breezectl` reaches the running daemon: its control socket, found by
/// `$BREEZE_CONTROL_SOCKET`, else the configuration's `ControlSocket=` (whose default is
/// `$RUNTIME_DIRECTORY/control`, else `/run/breeze/control`).
struct DaemonConnection {
    /// The environment variable that names the socket, before anything else.
    static let environmentVariable = "BREEZE_CONTROL_SOCKET"

    /// The help text's paragraph on finding the daemon.
    static let helpText = """
        The daemon is asked over its control socket: $\(environmentVariable) when set, else
        ControlSocket= of the configuration (default $RUNTIME_DIRECTORY/control, else
        /run/breeze/control).
        """

    /// The help text's "Environment:" block of every command that asks the daemon.
    static let environmentHelp = """
        Environment:
          \(environmentVariable)   the daemon's control socket
        """

    let socket: String

    /// The socket for `environment`, else the configuration at `configurationPath` (the
    /// default file when nil) names (`ControlSocketSetting`: its cities are not read).
    init(environment: [String: String], configurationPath: String?) {
        if let named = environment[Self.environmentVariable], !named.isEmpty {
            socket = named
        } else {
            socket = ControlSocketSetting.socket(
                configurationPath: configurationPath ?? DefaultPaths.configuration, environment: environment)
        }
    }

    /// The daemon's answer, or why there is none ("… does not answer: …").
    func ask(_ request: ControlRequest) -> Result<ControlResponse, Unreachable> {
        switch ControlClient.send(request, to: socket) {
        case .success(let response): return .success(response)
        case .failure(let error):
            return .failure(
                Unreachable(
                    text: "breezed does not answer on \(socket): \(error.reason)", notRunning: error.meansNotRunning,
                    busy: error.meansBusy))
        }
    }

    /// Why the daemon did not answer.
    struct Unreachable: Error {
        var text: String
        /// Nothing listens there (no socket, or a stale one): the daemon is not running.
        var notRunning: Bool
        /// It runs but took no connection in time: trying again later may work.
        var busy: Bool
    }
}

/// The configuration, loaded without opening any secret file and without printing anything:
/// for commands that ask the daemon first and need the file only to fall back (so only then).
func quietConfiguration(path: String?, context: CommandContext) -> Result<Configuration, ConfigurationFailure> {
    Result { () throws(ConfigurationFailure) in
        try ConfigurationLoader.load(
            path: path ?? DefaultPaths.configuration, environment: context.environment, secretFiles: .none
        ).configuration
    }
}
